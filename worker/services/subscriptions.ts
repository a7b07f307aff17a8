import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";
import { errors } from "../http/errors";

/** The subscription as the session and the account screens see it (spec 3 s3, the fields the foundation has). */
export interface SubscriptionView {
  userProductId: string;
  slug: string;
  name: string;
  billingCycle: string;
  amount: number;
  currency: string;
  createdAt: string;
  expiresAt: string;
  sponsor: string | null;
  state: number;
}

const PLAN_NAMES: Record<string, string> = {
  free: "Free",
  builder: "Builder",
  pro: "Pro",
  quant: "Quant",
  "sponsor-sm": "Switch Markets Sponsored",
};

const LIVE = ["active", "pending"];
const DAY = 86_400_000;

export interface SubscriptionDeps {
  db: Db;
  now: () => number;
  newId: () => string;
}

export function createSubscriptions({ db, now, newId }: SubscriptionDeps) {
  async function current(userId: string): Promise<SubscriptionView | null> {
    const rows = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    return {
      userProductId: row.id,
      slug: row.planSlug,
      name: PLAN_NAMES[row.planSlug] ?? row.planSlug,
      billingCycle: row.billingCycle,
      amount: row.amountMinor / 100,
      currency: row.currency,
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: new Date(row.periodEnd).toISOString(),
      sponsor: row.sponsor,
      state: row.state,
    };
  }

  /** Starts a zero-priced subscription (Free, or the partner plan) for a user who has none. */
  async function startFree(userId: string, slug: "free" | "sponsor-sm", sponsor: string | null = null) {
    if (await current(userId)) throw errors.subscriptionExists();
    const t = now();
    await db.insert(subscriptions).values({
      id: newId(),
      userId,
      planSlug: slug,
      status: "active",
      state: 1,
      billingCycle: "monthly",
      currency: "USD",
      amountMinor: 0,
      sponsor,
      createdAt: t,
      periodStart: t,
      periodEnd: t + 30 * DAY,
    });
  }

  return { current, startFree };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
