import type { Product } from "../billing";
import type { Db } from "../db/client";
import type { Credits } from "./billing/credits";
import { billingErrors } from "./billing/errors";
import { insertMovement, insertPlanGrant } from "./billing/ledger-sql";
import { planPeriodAt } from "./billing/plan-period";
import type { Products } from "./billing/products";
import { liveSubscription, rowPid } from "./billing/subscription-row";
import type { Clocked } from "./clock";
import { type SponsorEligibility, SWITCH_MARKETS_SPONSOR } from "./sponsor";

/** The subscription as the session and the account screens see it (spec 3 s3). Money in major units. */
export interface SubscriptionView {
  userProductId: string;
  pid: string;
  slug: string;
  name: string;
  status: string;
  billingCycle: string;
  amount: number;
  amountMinor: number;
  currency: string;
  createdAt: string;
  /** End of the current period: the renewal date ("renews at", "credits renew at" on Free). */
  expiresAt: string;
  creditsExpiresAt: string;
  /** Plan credits of the period; -1 = unlimited. */
  credits: number;
  creditsUsage: number;
  addonCreditsTotal: number;
  addonCreditsUsage: number;
  cancelationRequested: boolean;
  /** A change scheduled for period end (downgrade or cancellation to Free). */
  action: { targetProductName: string; targetPid: string } | null;
  sponsor: string | null;
  /** Spec 3: 2 = sponsor eligibility needs verification; 1 otherwise. */
  state: number;
}

export interface SubscriptionDeps extends Clocked {
  db: Db;
  d1: D1Database;
  products: Products;
  credits: Credits;
  sponsor: SponsorEligibility;
}

export function createSubscriptions({ db, d1, now, newId, products, credits, sponsor }: SubscriptionDeps) {
  async function current(userId: string): Promise<SubscriptionView | null> {
    const row = await liveSubscription(db, userId);
    if (!row) return null;
    const pid = rowPid(row);
    const product = await products.find(pid);
    const target = row.targetPid ? await products.find(row.targetPid) : undefined;
    const b = await credits.balance(userId);
    return {
      userProductId: row.id,
      pid,
      slug: row.planSlug,
      name: product?.name ?? row.planSlug,
      status: row.status,
      billingCycle: row.billingCycle,
      amount: row.amountMinor / 100,
      amountMinor: row.amountMinor,
      currency: row.currency,
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: new Date(row.periodEnd).toISOString(),
      creditsExpiresAt: new Date(row.periodEnd).toISOString(),
      credits: b.unlimited ? -1 : b.planTotal,
      creditsUsage: b.planUsed,
      addonCreditsTotal: b.addonTotal,
      addonCreditsUsage: b.addonUsed,
      cancelationRequested: row.cancelRequestedAt !== null,
      action: target ? { targetProductName: target.name, targetPid: target.pid } : null,
      sponsor: row.sponsor,
      state: row.state,
    };
  }

  /** Statements that start a plan without a charge: the subscription row, its first credit grant, the movement. */
  function startStatements(userId: string, product: Product, sponsor: string | null, t: number) {
    const id = newId();
    const period = planPeriodAt(product, t, t);
    const grantId = newId();
    return [
      d1
        .prepare(
          `INSERT INTO subscriptions (id, user_id, plan_slug, status, state, billing_cycle, currency, amount_minor,
             sponsor, created_at, period_start, period_end, product_pid, anchor_at, updated_at)
           VALUES (?1, ?2, ?3, 'active', 1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?8, ?8)`,
        )
        .bind(
          id,
          userId,
          product.slug,
          product.billingCycle,
          product.currency,
          product.priceMinor,
          sponsor,
          t,
          period.start,
          period.end,
          product.pid,
        ),
      insertPlanGrant(d1, {
        id: grantId,
        userId,
        subscriptionId: id,
        product,
        grantedAt: period.start,
        expiresAt: period.end,
        invoiceId: null,
        createdAt: t,
      }),
      insertMovement(d1, {
        id: newId(),
        userId,
        grantId,
        kind: "grant",
        amount: product.credits,
        reason: `plan ${product.slug} period start`,
        operationId: id,
        createdAt: t,
      }),
    ];
  }

  /**
   * Starts a zero-priced subscription (Free, or the partner plan) for a user who has none, in the currency of
   * the plan chosen (add-ons and plan changes follow the subscription's currency).
   */
  async function startFree(
    userId: string,
    slug: "free" | "sponsor-sm",
    sponsorId: string | null = null,
    currency = "USD",
  ) {
    if (await current(userId)) throw billingErrors.subscriptionExists();
    const product = await products.planPid(slug, currency, "monthly");
    if (!product) throw billingErrors.productNotFound();
    try {
      await d1.batch(startStatements(userId, product, sponsorId, now()));
    } catch (e) {
      // subscriptions_live_unique: a concurrent request started one first.
      if (e instanceof Error && /UNIQUE constraint failed/i.test(e.message))
        throw billingErrors.subscriptionExists();
      throw e;
    }
  }

  /**
   * subscribe/initiate for a plan without a charge, as both faces call it: the partner plan only for users
   * its eligibility rule accepts (SPONSOR_ELIGIBILITY_ERROR with its message otherwise), Free for anyone.
   */
  async function startZeroPriced(user: { id: string; email: string }, product: Product) {
    if (product.slug === "sponsor-sm") {
      const check = await sponsor.check(SWITCH_MARKETS_SPONSOR, user.email);
      if (!check.eligible) throw billingErrors.sponsorIneligible(check.userMessage);
      await startFree(user.id, "sponsor-sm", SWITCH_MARKETS_SPONSOR, product.currency);
    } else {
      await startFree(user.id, "free", null, product.currency);
    }
  }

  return { current, startFree, startZeroPriced };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
