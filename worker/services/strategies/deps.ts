import type { Db } from "../../db/client";
import type { MarketData } from "../market-data";
import type { AssistantPort, CreditsPort, EventsPort, RunnerPort } from "./ports";

/** Everything the strategy services use, passed in (DESIGN D1) so tests can give their own. */
export interface StrategyDeps {
  db: Db;
  d1: D1Database;
  bucket: R2Bucket;
  now: () => number;
  credits: CreditsPort;
  events: EventsPort;
  assistant: AssistantPort;
  runner: RunnerPort;
  market: MarketData;
}
