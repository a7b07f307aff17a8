import type { Db } from "../../db/client";
import type { Checker } from "../../mql5";
import type { MarketData } from "../market-data";
import type { AssistantPort, CreditsPort, EventsPort, OptimiserPort, RunnerPort } from "./ports";

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
  /** The optimisation coordinator (issue 17); without it an optimisation is refused as not started. */
  optimiser?: OptimiserPort;
  /** Worker Durable Objects per optimisation (OPTIMISE_WORKERS); 1 when absent. */
  optimiseWorkers?: number;
  /** The MQL5 checker (default: the real one). Tests give a stricter one to drive the rebuild path (D5). */
  checkCode?: Checker;
}
