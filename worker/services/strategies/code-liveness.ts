import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { strategyCodes } from "../../db/schema";
import { CODE_STATE, type CodeState, isCodeState } from "../../mql5";
import type { StrategyDeps } from "./deps";
import { idText } from "./ids";

export type CodeRow = typeof strategyCodes.$inferSelect;

/** States of a generation still running; a second request waits instead of starting another. */
export const RUNNING: readonly CodeState[] = [
  CODE_STATE.STARTED,
  CODE_STATE.GENERATED,
  CODE_STATE.GENERATED_ERROR,
  CODE_STATE.REBUILDED,
];

/**
 * A running generation writes `updated_at` at every step (its heartbeat; the whole run takes well under a
 * second), so one whose heartbeat is this old died with its worker (issue 11: it used to block Recreate for
 * two minutes). Generous against a slow D1 or R2 step, short enough that the user can retry at once.
 */
export const DEAD_AFTER_MS = 30_000;

/** The failure stored on a generation whose worker died; its state becomes ERROR (spec 2 s4: Retry). */
export const INTERRUPTED = "interrupted: the generation stopped without finishing; nothing was charged";

export function isRunning(row: CodeRow, at: number): boolean {
  return isCodeState(row.state) && RUNNING.includes(row.state) && at - row.updatedAt < DEAD_AFTER_MS;
}

/**
 * The code row as the user may see it: a generation that died (running, heartbeat too old) is marked ERROR
 * by the first request that sees it, announced, and never re-run silently; the user retries. It never took a
 * credit: the charge is one D1 batch with the move to ready (DESIGN D5, D8), which a dead run never reached.
 */
export async function settleCode(
  deps: Pick<StrategyDeps, "db" | "now" | "events">,
  row: CodeRow,
): Promise<CodeRow> {
  const t = deps.now();
  if (!isCodeState(row.state) || !RUNNING.includes(row.state) || isRunning(row, t)) return row;
  const where = and(eq(strategyCodes.id, row.id), eq(strategyCodes.userId, row.userId));
  const marked = await deps.db
    .update(strategyCodes)
    .set({ state: CODE_STATE.ERROR, failure: INTERRUPTED, updatedAt: t })
    .where(
      and(
        where,
        inArray(strategyCodes.state, [...RUNNING]),
        isNull(strategyCodes.creditOperationId),
        // Only while the heartbeat is still that old: a run that beat meanwhile is alive.
        lte(strategyCodes.updatedAt, t - DEAD_AFTER_MS),
      ),
    )
    .run();
  if (marked.meta.changes === 1) {
    await deps.events.publish(row.userId, {
      type: "strategy-code",
      strId: idText(row.strategyId),
      code: null,
      state: CODE_STATE.ERROR,
    });
  }
  return (await deps.db.select().from(strategyCodes).where(where).get()) ?? row;
}
