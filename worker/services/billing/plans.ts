import { and, eq } from "drizzle-orm";
import { changePlanOptions, planAction, showBillingToggle } from "../../billing";
import type { Db } from "../../db/client";
import { subscriptions } from "../../db/schema";
import type { Clocked } from "../clock";
import type { SponsorEligibility } from "../sponsor";
import { billingErrors } from "./errors";
import { insertGuardedMovement, insertPlanGrant, isGuardFailure } from "./ledger-sql";
import { fallbackPid, planPeriodAt } from "./plan-period";
import { type Products, planProductView } from "./products";
import { liveSubscription, rowPid, type SubscriptionRow } from "./subscription-row";

export interface PlanDeps extends Clocked {
  db: Db;
  d1: D1Database;
  products: Products;
  sponsor: SponsorEligibility;
}

/**
 * Plan changes that need no payment (spec 3 s2, s4; DESIGN D8): cancel and downgrade take effect at period
 * end (target_pid) and can be reverted before; while a cancellation is pending, plan changes are refused.
 */
export function createPlans({ db, d1, products, sponsor, now, newId }: PlanDeps) {
  /** The live subscription, refusing a pending one (its payment is still processing). */
  async function requireActive(userId: string): Promise<SubscriptionRow> {
    const row = await liveSubscription(db, userId);
    if (!row) throw billingErrors.noActiveSubscription();
    if (row.status === "pending") throw billingErrors.subscriptionPending();
    return row;
  }

  /** subscription/list: every plan on sale, with its action relative to the current plan (if any). */
  async function list(userId: string) {
    const row = await liveSubscription(db, userId);
    const current = row ? await products.find(rowPid(row)) : undefined;
    const plans = await products.active("plan");
    return plans.map((p) => ({ ...planProductView(p), action: current ? planAction(current, p) : null }));
  }

  /** subscription/change/list (spec 3 s2): paid plans of each cycle in the current currency, sorted by price. */
  async function changeList(userId: string) {
    const row = await requireActive(userId);
    if (row.cancelRequestedAt !== null) throw billingErrors.cancelationPending();
    const current = await products.require(rowPid(row));
    const all = await products.active("plan");
    const cycles = ["monthly", "yearly"] as const;
    const products_ = cycles.flatMap((cycle) =>
      changePlanOptions(all, current, cycle).map((o) => ({
        ...planProductView(o.product),
        action: o.action,
      })),
    );
    return {
      products: products_,
      currentPid: current.pid,
      billingCycle: current.billingCycle === "yearly" ? "yearly" : "monthly",
      showBillingToggle: showBillingToggle(all, current.currency),
    };
  }

  async function setSchedule(
    row: SubscriptionRow,
    fields: { cancelRequestedAt: number | null; targetPid: string | null },
  ) {
    await db
      .update(subscriptions)
      .set({ ...fields, updatedAt: now() })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.userId, row.userId)));
  }

  /** subscription/cancel: Free cannot cancel; others fall back to Free at period end. */
  async function cancel(userId: string) {
    const row = await requireActive(userId);
    const current = await products.require(rowPid(row));
    if (current.slug === "free") throw billingErrors.freePlanCannotCancel();
    if (row.cancelRequestedAt !== null) throw billingErrors.cancelationPending();
    await setSchedule(row, { cancelRequestedAt: now(), targetPid: fallbackPid(current.currency) });
  }

  /** subscription/cancel/revert: drops the scheduled cancellation or downgrade; the plan renews as before. */
  async function revert(userId: string) {
    const row = await requireActive(userId);
    await setSchedule(row, { cancelRequestedAt: null, targetPid: null });
  }

  /**
   * subscription/downgrade: a cheaper plan from the next period on (same currency if paid; the same cycle, or
   * yearly to monthly: the renewal at the year's end charges the monthly plan and starts monthly periods).
   */
  async function downgrade(userId: string, pid: string) {
    const row = await requireActive(userId);
    if (row.cancelRequestedAt !== null) throw billingErrors.cancelationPending();
    const current = await products.require(rowPid(row));
    const target = await products.find(pid);
    if (target?.kind !== "plan" || !target.active) throw billingErrors.productNotFound();
    if (planAction(current, target) !== "downgrade")
      throw billingErrors.productChangeNotAllowed("not a downgrade");
    if (target.priceMinor > 0 && target.currency !== current.currency) {
      throw billingErrors.productChangeNotAllowed("currency");
    }
    const yearlyToMonthly = current.billingCycle === "yearly" && target.billingCycle === "monthly";
    if (target.priceMinor > 0 && target.billingCycle !== current.billingCycle && !yearlyToMonthly) {
      throw billingErrors.productChangeNotAllowed("billing_cycle");
    }
    if (target.slug === "sponsor-sm") throw billingErrors.productChangeNotAllowed("sponsor plan");
    await setSchedule(row, { cancelRequestedAt: null, targetPid: target.pid });
  }

  /**
   * subscription/retry/sponsor: re-checks a sponsored subscription in state 2. Eligible: state 1 and the
   * credits of the current period (withheld while unverified). Not eligible: SPONSOR_ELIGIBILITY_ERROR.
   */
  async function retrySponsor(userId: string, email: string, userProductId: string) {
    const row = await liveSubscription(db, userId);
    if (!row || row.id !== userProductId || row.planSlug !== "sponsor-sm") {
      throw billingErrors.sponsorIneligible();
    }
    const result = await sponsor.check(row.sponsor ?? "", email);
    if (!result.eligible) throw billingErrors.sponsorIneligible(result.userMessage);
    if (row.state !== 2) return;
    const product = await products.require(rowPid(row));
    const t = now();
    const period = planPeriodAt(product, row.anchorAt ?? row.periodStart, t);
    const grantId = newId();
    // The guarded movement right after the state 2 -> 1 update: two concurrent retries grant once.
    try {
      await d1.batch([
        d1
          .prepare(
            "UPDATE subscriptions SET state = 1, period_start = ?3, period_end = ?4, updated_at = ?5 WHERE id = ?1 AND user_id = ?2 AND state = 2",
          )
          .bind(row.id, userId, period.start, period.end, t),
        insertGuardedMovement(d1, {
          id: newId(),
          userId,
          grantId,
          kind: "grant",
          amount: product.credits,
          reason: "plan sponsor-sm eligibility verified",
          operationId: row.id,
          createdAt: t,
        }),
        insertPlanGrant(d1, {
          id: grantId,
          userId,
          subscriptionId: row.id,
          product,
          grantedAt: t,
          expiresAt: period.end,
          invoiceId: null,
          createdAt: t,
        }),
      ]);
    } catch (e) {
      if (!isGuardFailure(e)) throw e;
    }
  }

  return { requireActive, list, changeList, cancel, revert, downgrade, retrySponsor };
}

export type Plans = ReturnType<typeof createPlans>;
