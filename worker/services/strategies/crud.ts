import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { backtests, strategies, strategyCodes } from "../../db/schema";
import { renderOutline } from "../../strategy/outline";
import { activeStrategy, findStrategy, messageList, specAt } from "./access";
import { settleCode } from "./code-liveness";
import type { StrategyDeps } from "./deps";
import { strategyErrors } from "./errors";
import { idText, iso } from "./ids";
import { insertWithinLimits, limitRefusal, restoreWithinLimit } from "./plan-limits";
import { headline, processingStatus } from "./wire";

/** The longest free-text field a form sends; app/utils/form.server.ts sizes its body limit from it. */
export const DESCRIPTION_MAX_CHARS = 20_000;

export const newStrategySchema = z.object({
  title: z.string().trim().min(1, "Title is required.").max(255, "Title must be at most 255 characters."),
  description: z
    .string()
    .trim()
    .min(1, "Description is required.")
    .max(
      DESCRIPTION_MAX_CHARS,
      `Description must be at most ${DESCRIPTION_MAX_CHARS.toLocaleString("en-US")} characters.`,
    ),
});
export const renameSchema = z.object({
  title: z.string().trim().min(1, "Title is required.").max(70, "Title must be at most 70 characters."),
});

const DAY_MS = 86_400_000;

/** Strategies: create, list, archive, restore, rename, get (spec 2 s3, s4, s9). */
export function createStrategyCrud(deps: StrategyDeps) {
  const { db, now } = deps;

  async function create(userId: string, input: z.infer<typeof newStrategySchema>) {
    const limits = await deps.credits.limits(userId);
    const t = now();
    const id = await insertWithinLimits(
      deps.d1,
      { userId, title: input.title, description: input.description, at: t },
      limits,
    );
    if (id === null) throw await limitRefusal(deps.d1, userId, limits);
    return { strId: idText(id) };
  }

  /** The latest backtest of each strategy, for the list's headline columns. */
  async function latestBacktests(userId: string, ids: number[]) {
    const out = new Map<number, typeof backtests.$inferSelect>();
    if (ids.length === 0) return out;
    const rows = await db
      .select()
      .from(backtests)
      .where(and(eq(backtests.userId, userId), inArray(backtests.strategyId, ids)))
      .orderBy(asc(backtests.id));
    for (const r of rows) out.set(r.strategyId, r);
    return out;
  }

  async function list(userId: string, status: "active" | "archived") {
    const rows = await db
      .select()
      .from(strategies)
      .where(and(eq(strategies.userId, userId), eq(strategies.status, status)))
      .orderBy(desc(strategies.updatedAt), desc(strategies.id));
    const latest = await latestBacktests(
      userId,
      rows.map((r) => r.id),
    );
    const t = now();
    return rows.map((r) => {
      const bt = latest.get(r.id);
      return {
        strId: idText(r.id),
        title: r.title,
        updated: iso(r.updatedAt),
        ...(status === "archived" && r.archivedAt !== null
          ? { daysElapsed: Math.floor((t - r.archivedAt) / DAY_MS) }
          : {}),
        backtest: bt
          ? {
              backtestId: idText(bt.id),
              processing: bt.processing,
              status: processingStatus(bt.processing),
              results: bt.processing === 100 ? headline(bt) : null,
            }
          : null,
      };
    });
  }

  async function setStatus(userId: string, id: number, status: "active" | "archived") {
    await findStrategy(db, userId, id);
    const t = now();
    await db
      .update(strategies)
      .set({ status, archivedAt: status === "archived" ? t : null, updatedAt: t })
      .where(and(eq(strategies.id, id), eq(strategies.userId, userId)));
    return { strId: idText(id) };
  }

  async function restore(userId: string, id: number) {
    const row = await findStrategy(db, userId, id);
    if (row.status === "active") return { strId: idText(id) };
    // Restoring counts against the active limit like creating does (it was saved all along).
    const { maxStrategies } = await deps.credits.limits(userId);
    if (await restoreWithinLimit(deps.d1, userId, id, maxStrategies, now())) return { strId: idText(id) };
    // Not restored: another request restored this same strategy first (done), or the limit is reached.
    if ((await findStrategy(db, userId, id)).status === "active") return { strId: idText(id) };
    throw strategyErrors.limitReached({ maxStrategies, maxSaves: null });
  }

  async function rename(userId: string, id: number, input: z.infer<typeof renameSchema>) {
    await activeStrategy(db, userId, id);
    await db
      .update(strategies)
      .set({ title: input.title, updatedAt: now() })
      .where(and(eq(strategies.id, id), eq(strategies.userId, userId)));
    return { strId: idText(id), title: input.title };
  }

  function messages(userId: string, id: number) {
    return messageList(db, userId, id);
  }

  async function get(userId: string, id: number) {
    const row = await activeStrategy(db, userId, id);
    const spec = await specAt(db, userId, id, row.specVersion);
    const [bt] = await db
      .select()
      .from(backtests)
      .where(and(eq(backtests.strategyId, id), eq(backtests.userId, userId)))
      .orderBy(desc(backtests.id))
      .limit(1);
    const stored =
      row.codeId === null
        ? undefined
        : await db
            .select()
            .from(strategyCodes)
            .where(and(eq(strategyCodes.id, row.codeId), eq(strategyCodes.userId, userId)))
            .get();
    // A generation whose worker died shows as the error it is (with Retry), not as running forever.
    const code = stored ? await settleCode(deps, stored) : null;
    return {
      strId: idText(row.id),
      title: row.title,
      description: row.description,
      updated: iso(row.updatedAt),
      main: { type: 1 },
      specVersion: row.specVersion,
      backtest: bt
        ? { backtestId: idText(bt.id), processing: bt.processing, status: processingStatus(bt.processing) }
        : null,
      messages: await messages(userId, id),
      outline: spec ? renderOutline(spec) : "",
      code: { hasCode: code !== null && code !== undefined, state: code?.state ?? null },
    };
  }

  /** `strategy/details`: `main` with type 1, the current StrategySpec and its version (DESIGN D4). */
  async function details(userId: string, id: number) {
    const row = await activeStrategy(db, userId, id);
    const spec = await specAt(db, userId, id, row.specVersion);
    return { strId: idText(row.id), main: { type: 1, spec, version: row.specVersion } };
  }

  return {
    create,
    list: (userId: string) => list(userId, "active"),
    listDeleted: (userId: string) => list(userId, "archived"),
    archive: (userId: string, id: number) => setStatus(userId, id, "archived"),
    restore,
    rename,
    get,
    details,
    messages,
  };
}
