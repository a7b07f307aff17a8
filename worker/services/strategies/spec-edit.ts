import { and, eq } from "drizzle-orm";
import { strategies, strategySpecs } from "../../db/schema";
import { AppError } from "../../http/errors";
import { renderOutline } from "../../strategy/outline";
import type { StrategySpec } from "../../strategy/spec";
import { activeStrategy } from "./access";
import type { StrategyDeps } from "./deps";
import { strategyErrors } from "./errors";
import { idText } from "./ids";

/** The spec the form was opened on is no longer the current one (a chat turn or another tab changed it). */
export const specChanged = () =>
  new AppError(
    "STRATEGY_SPEC_CHANGED",
    409,
    "The strategy changed since this form was opened. Nothing was saved: check the rules below and save again.",
  );

/**
 * A spec edited on the strategy screens (issue 14: the trade rules form), stored as the next version the
 * way a chat turn stores one (chat.ts): the version the form was opened on must still be the current one,
 * so an edit never overwrites a change it did not see; the code is cleared (spec 2 s4: code belongs to one
 * spec) and the new outline is sent to the strategy's open pages. The spec was validated by the caller.
 */
export function createSpecEdit(deps: StrategyDeps) {
  const { db, now, events } = deps;

  async function save(userId: string, id: number, baseVersion: number, spec: StrategySpec) {
    const row = await activeStrategy(db, userId, id);
    if (row.specVersion === 0) throw strategyErrors.noSpec();
    if (row.specVersion !== baseVersion) throw specChanged();
    const version = baseVersion + 1;
    const t = now();
    // Two saves of one form at once aim at the same version: the primary key lets one through.
    const stored = await db
      .insert(strategySpecs)
      .values({ strategyId: id, userId, version, spec: JSON.stringify(spec), createdAt: t })
      .onConflictDoNothing()
      .returning({ version: strategySpecs.version });
    if (stored.length !== 1) throw specChanged();
    const moved = await db
      .update(strategies)
      .set({ specVersion: version, codeId: null, updatedAt: t })
      .where(
        and(eq(strategies.id, id), eq(strategies.userId, userId), eq(strategies.specVersion, baseVersion)),
      )
      .returning({ id: strategies.id });
    if (moved.length !== 1) throw specChanged();
    const strId = idText(id);
    const outline = renderOutline(spec);
    await events.publish(userId, { type: "strategy-outline", strId, outline, stream: false });
    await events.publish(userId, { type: "strategy-code", strId, code: null, state: null });
    return { strId, specVersion: version, outline };
  }

  return { save };
}
