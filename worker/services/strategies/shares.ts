import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { backtestShares } from "../../db/schema";
import type { createBacktests } from "./backtests";
import type { StrategyDeps } from "./deps";
import { strategyErrors } from "./errors";

type Backtests = ReturnType<typeof createBacktests>;
type SectionName = Parameters<Backtests["results"]>[3];

/** 16 random bytes, base64url without padding: 22 characters. */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/**
 * Read-only share links to one completed backtest (issue 16 Share). Access rules: only the owner creates,
 * lists or revokes a link; a link opens exactly its own backtest's result (nothing else of the owner's),
 * and a revoked, malformed or unknown token is the same 404 as a missing backtest.
 */
export function createShares(deps: StrategyDeps, backtests: Backtests) {
  const { db, now } = deps;

  /** The backtest's live link, or null. Throws BACKTEST_NOT_FOUND for another user's backtest. */
  async function active(userId: string, strategyId: number, backtestId: number): Promise<string | null> {
    await backtests.get(userId, strategyId, backtestId);
    const row = await db
      .select({ token: backtestShares.token })
      .from(backtestShares)
      .where(
        and(
          eq(backtestShares.userId, userId),
          eq(backtestShares.backtestId, backtestId),
          isNull(backtestShares.revokedAt),
        ),
      )
      .get();
    return row?.token ?? null;
  }

  /** The live link of a completed backtest, made when there is none (one live link per backtest). */
  async function create(userId: string, strategyId: number, backtestId: number): Promise<string> {
    const bt = await backtests.get(userId, strategyId, backtestId);
    if (bt.processingStatus !== "completed") throw strategyErrors.backtestNotCompleted();
    const existing = await active(userId, strategyId, backtestId);
    if (existing) return existing;
    const token = newToken();
    await db.insert(backtestShares).values({ token, userId, strategyId, backtestId, createdAt: now() });
    return token;
  }

  /** Revokes the backtest's live links; their tokens answer 404 from now on. */
  async function revoke(userId: string, strategyId: number, backtestId: number): Promise<void> {
    await backtests.get(userId, strategyId, backtestId);
    await db
      .update(backtestShares)
      .set({ revokedAt: now() })
      .where(
        and(
          eq(backtestShares.userId, userId),
          eq(backtestShares.backtestId, backtestId),
          isNull(backtestShares.revokedAt),
        ),
      );
  }

  /** What a link shows: its backtest and that backtest's sections only, read as the owner stored them. */
  async function open(rawToken: string) {
    const token = shareTokenSchema.safeParse(rawToken);
    if (!token.success) throw strategyErrors.backtestNotFound();
    const row = await db
      .select()
      .from(backtestShares)
      .where(and(eq(backtestShares.token, token.data), isNull(backtestShares.revokedAt)))
      .get();
    if (!row) throw strategyErrors.backtestNotFound();
    const { userId, strategyId, backtestId } = row;
    const bt = await backtests.get(userId, strategyId, backtestId);
    if (bt.processingStatus !== "completed") throw strategyErrors.backtestNotFound();
    return {
      bt,
      section: (name: SectionName) => backtests.results(userId, strategyId, backtestId, name),
      spec: () => backtests.spec(userId, strategyId, backtestId),
    };
  }

  return { active, create, revoke, open };
}
