import { env } from "cloudflare:test";
import { createDb } from "../../worker/db/client";
import type { LiveEvent } from "../../worker/events";
import { createInterpreterAssistant } from "../../worker/services/assistant/interpreter";
import { createMarketData } from "../../worker/services/market-data";
import { createStrategies, type StrategyDeps } from "../../worker/services/strategies";

/**
 * The strategy services called directly on the real D1 and R2, with the credits ledger a test chooses, the
 * interpreter assistant and a runner that accepts every start; the events they publish are collected.
 */
export function strategyServices(deps: Pick<StrategyDeps, "credits"> & Partial<StrategyDeps>) {
  const events: LiveEvent[] = [];
  const services = createStrategies({
    db: createDb(env.DB),
    d1: env.DB,
    bucket: env.BUCKET,
    now: () => Date.now(),
    events: { publish: async (_u, e) => void events.push(e) },
    assistant: createInterpreterAssistant(),
    runner: { start: async () => true },
    market: createMarketData(env.BUCKET),
    ...deps,
  });
  return { services, events };
}
