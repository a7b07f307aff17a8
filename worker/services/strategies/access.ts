import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { strategies, strategyMessages, strategySpecs } from "../../db/schema";
import type { ChatMessage } from "../../events";
import { parseSpec, type StrategySpec } from "../../strategy/spec";
import { strategyErrors } from "./errors";
import { idText, iso } from "./ids";

export type StrategyRow = typeof strategies.$inferSelect;

/** The user's strategy, active or archived; another user's id is "not found" (DESIGN D2). */
export async function findStrategy(db: Db, userId: string, id: number): Promise<StrategyRow> {
  const row = await db
    .select()
    .from(strategies)
    .where(and(eq(strategies.id, id), eq(strategies.userId, userId)))
    .get();
  if (!row) throw strategyErrors.notFound();
  return row;
}

/** The user's active strategy: an archived one answers STRATEGY_NOT_ACTIVE. */
export async function activeStrategy(db: Db, userId: string, id: number): Promise<StrategyRow> {
  const row = await findStrategy(db, userId, id);
  if (row.status !== "active") throw strategyErrors.notActive();
  return row;
}

/** A stored spec version (null for version 0 = none yet). Stored specs were validated when written. */
export async function specAt(
  db: Db,
  userId: string,
  strategyId: number,
  version: number,
): Promise<StrategySpec | null> {
  if (version <= 0) return null;
  const row = await db
    .select({ spec: strategySpecs.spec })
    .from(strategySpecs)
    .where(
      and(
        eq(strategySpecs.strategyId, strategyId),
        eq(strategySpecs.userId, userId),
        eq(strategySpecs.version, version),
      ),
    )
    .orderBy(desc(strategySpecs.version))
    .get();
  if (!row) return null;
  const parsed = parseSpec(JSON.parse(row.spec));
  return parsed.ok ? parsed.spec : null;
}

/** The chat history in order, as the wire and the `strategy-message-list` event carry it. */
export async function messageList(db: Db, userId: string, strategyId: number) {
  const rows = await db
    .select()
    .from(strategyMessages)
    .where(and(eq(strategyMessages.strategyId, strategyId), eq(strategyMessages.userId, userId)))
    .orderBy(asc(strategyMessages.id));
  return rows.map(chatMessageOf);
}

/** A stored chat message as the wire and every live event carry it (ChatMessage of worker/events/shapes.ts). */
export function chatMessageOf(m: typeof strategyMessages.$inferSelect): ChatMessage {
  return {
    id: idText(m.id),
    role: m.role === "user" ? "user" : "agent",
    text: m.text,
    followUpQuestion: m.followUpQuestion,
    created: iso(m.createdAt),
  };
}
