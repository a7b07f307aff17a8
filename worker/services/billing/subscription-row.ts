import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptions } from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const LIVE = ["active", "pending"];

/** The user's live subscription (active or pending), filtered by user (DESIGN D2). */
export async function liveSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** The pid of a row; rows from before the billing issue are mapped by the seed migration, this is a fallback. */
export function rowPid(row: SubscriptionRow): string {
  return row.productPid ?? `${row.planSlug}-monthly-${row.currency.toLowerCase()}`;
}
