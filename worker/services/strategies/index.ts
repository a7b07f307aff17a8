import type { z } from "zod";
import { log } from "../../log";
import { createMonteCarlo } from "./backtest-monte-carlo";
import { createBacktests } from "./backtests";
import { createChat } from "./chat";
import { createCode } from "./code";
import { createStrategyCrud, type newStrategySchema } from "./crud";
import type { StrategyDeps } from "./deps";
import { createOptimisations } from "./optimisations";
import { createWalkForward } from "./optimise-walk-forward";
import { createShares } from "./shares";
import { createSpecEdit } from "./spec-edit";

/** The strategy pipeline's services (DESIGN D4-D7), called by the Hono API and by Remix alike. */
export function createStrategies(deps: StrategyDeps) {
  const crud = createStrategyCrud(deps);
  const chat = createChat(deps);

  /**
   * "New strategy" as both faces offer it (spec 2 s2, DESIGN D1): the strategy is created, then its
   * description is the first chat turn, so it opens with a spec, the assistant's reply and the outline.
   */
  async function start(userId: string, input: z.infer<typeof newStrategySchema>) {
    const created = await crud.create(userId, input);
    try {
      await chat.update(userId, Number(created.strId), input.description);
    } catch (e) {
      // The strategy exists; the user can send the description again from its chat.
      log.error("strategy.first_turn_failed", e, { userId, strId: created.strId });
    }
    return created;
  }

  const backtests = createBacktests(deps);
  return {
    ...crud,
    start,
    chat,
    /** The trade rules form's saves (issue 14). */
    spec: createSpecEdit(deps),
    code: createCode(deps),
    backtests,
    /** Monte Carlo on a completed backtest's trades (issue 17 Robustness). */
    monteCarlo: createMonteCarlo(backtests),
    shares: createShares(deps, backtests),
    optimisations: createOptimisations(deps),
    /** Walk-forward analysis over the optimisation's request (issue 17 Robustness), run in the request. */
    walkForward: createWalkForward(deps),
  };
}

export type Strategies = ReturnType<typeof createStrategies>;
export type { StrategyDeps };
