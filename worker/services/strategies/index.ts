import { createBacktests } from "./backtests";
import { createChat } from "./chat";
import { createCode } from "./code";
import { createStrategyCrud } from "./crud";
import type { StrategyDeps } from "./deps";

/** The strategy pipeline's services (DESIGN D4-D7), called by the Hono API and by Remix alike. */
export function createStrategies(deps: StrategyDeps) {
  return {
    ...createStrategyCrud(deps),
    chat: createChat(deps),
    code: createCode(deps),
    backtests: createBacktests(deps),
  };
}

export type Strategies = ReturnType<typeof createStrategies>;
export type { StrategyDeps };
