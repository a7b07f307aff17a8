import { z } from "zod";
import { strategyErrors } from "./errors";

/**
 * The plan's strategy limits (spec 3 s1), enforced by the statement that writes (issue 11): a count read
 * first and a write after it let ten concurrent clicks all pass the check. D1 runs each statement atomically,
 * so the count inside the INSERT or UPDATE sees every row written before it; -1 = unlimited.
 *
 * - maxStrategies: active strategies (the ones the user works on).
 * - maxSaves: strategies kept in the account, archived ones included ("20 saved strategies" on the plan
 *   cards): the archive keeps them restorable, so they stay saved. Archiving frees an active place, not a save.
 */
export interface StrategyLimits {
  maxStrategies: number;
  maxSaves: number;
}

const ACTIVE = "SELECT COUNT(*) FROM strategies WHERE user_id = ?1 AND status = 'active'";
const SAVED = "SELECT COUNT(*) FROM strategies WHERE user_id = ?1";

const inserted = z.object({ id: z.number().int() });
const counts = z.object({ active: z.number().int(), saved: z.number().int() });

/** Inserts an active strategy if both limits still leave room; null when either is reached. */
export async function insertWithinLimits(
  d1: D1Database,
  row: { userId: string; title: string; description: string; at: number },
  limits: StrategyLimits,
): Promise<number | null> {
  const created = await d1
    .prepare(
      `INSERT INTO strategies (user_id, title, description, status, spec_version, created_at, updated_at)
       SELECT ?1, ?2, ?3, 'active', 0, ?4, ?4
       WHERE (?5 < 0 OR (${ACTIVE}) < ?5) AND (?6 < 0 OR (${SAVED}) < ?6)
       RETURNING id`,
    )
    .bind(row.userId, row.title, row.description, row.at, limits.maxStrategies, limits.maxSaves)
    .first();
  return created === null ? null : inserted.parse(created).id;
}

/** Makes an archived strategy active again if the active limit leaves room; false when it did not change. */
export async function restoreWithinLimit(
  d1: D1Database,
  userId: string,
  id: number,
  maxStrategies: number,
  at: number,
): Promise<boolean> {
  const res = await d1
    .prepare(
      `UPDATE strategies SET status = 'active', archived_at = NULL, updated_at = ?3
       WHERE id = ?2 AND user_id = ?1 AND status = 'archived' AND (?4 < 0 OR (${ACTIVE}) < ?4)`,
    )
    .bind(userId, id, at, maxStrategies)
    .run();
  return res.meta.changes === 1;
}

/** The refusal for a create that found no room, naming the limit(s) that stopped it. */
export async function limitRefusal(d1: D1Database, userId: string, limits: StrategyLimits) {
  const row = counts.parse(
    await d1.prepare(`SELECT (${ACTIVE}) AS active, (${SAVED}) AS saved`).bind(userId).first(),
  );
  const full = (max: number, n: number) => max >= 0 && n >= max;
  const savesFull = full(limits.maxSaves, row.saved);
  // A strategy archived since the insert frees an active place: the active limit is still what refused it.
  const activeFull = full(limits.maxStrategies, row.active) || !savesFull;
  return strategyErrors.limitReached({
    maxStrategies: activeFull ? limits.maxStrategies : null,
    maxSaves: savesFull ? limits.maxSaves : null,
  });
}
