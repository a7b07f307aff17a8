/**
 * Upgrade proration (spec 3 section 9, DESIGN D8): an upgrade takes effect now, keeps the current
 * period's end as the next billing date, and is charged for the remaining days of the period.
 *
 * Rule
 *   periodDays    = ceil((periodEnd - periodStart) / day)          (at least 1)
 *   daysRemaining = ceil((periodEnd - now) / day), clamped to [0, periodDays]
 *                   (the day in progress counts as remaining: it is used on the new plan)
 *   newPlanCharge = newPrice * daysRemaining / periodDays   rounded half up to `unitMinor`
 *   unusedCredit  = oldPrice * daysRemaining / periodDays   rounded half up to `unitMinor`
 *   amountDue     = newPlanCharge - unusedCredit, clamped to [0, newPrice]
 *
 * Each of the two lines is rounded once, on its own, so the invoice lines add up exactly to the
 * amount due. `unitMinor` defaults to 100 (one whole major unit) because spec 1 shows money with 0
 * decimals: charging $12.34 while the Pay button says "$12" would be wrong, so we charge $12.
 *
 * A change between paid plans needs the same currency (spec 3 section 8: PRODUCT_CHANGE_NOT_ALLOWED).
 * From a plan without a charge (free, sponsor-sm) there is nothing to prorate: the new plan is bought
 * at full price and starts a new period now (isProrata false), in any currency and cycle.
 *
 * Monthly to yearly (issue 11; spec 3 section 2 offers it as an upgrade): the yearly plan takes effect
 * now and starts a new yearly period now (the next billing date is a year away), so it is charged in
 * full, less the unused remaining days of the monthly period (the same unusedCredit line as above):
 *   amountDue = yearlyPrice - monthlyPrice * daysRemaining / periodDays, within [0, yearlyPrice].
 * Yearly to monthly is never an upgrade (refused here, billing_cycle): plan-change.ts makes it a downgrade,
 * applied at the end of the paid year by the renewal.
 */
import type { BillingCycle } from "./catalogue";
import { assertNonNegativeInteger, divRoundHalfUp, MINOR_PER_MAJOR } from "./money";
import { DAY_MS } from "./periods";

export interface PricedPlan {
  readonly priceMinor: number;
  readonly currency: string;
  readonly billingCycle: BillingCycle;
}

export interface ProrationInput {
  readonly current: PricedPlan;
  readonly target: PricedPlan;
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly now: number;
  /** Rounding unit in minor units; default 100 (whole major units). */
  readonly unitMinor?: number;
}

export interface ProrationQuote {
  readonly isProrata: boolean;
  /** The target starts a new period now (from a plan without a charge, or monthly to yearly). */
  readonly startsNewPeriod: boolean;
  readonly currency: string;
  readonly periodDays: number;
  readonly daysRemaining: number;
  /** What the new plan costs for the remaining days. */
  readonly newPlanCharge: number;
  /** Credit for the unused remaining days of the current plan. */
  readonly unusedCredit: number;
  /** Pay today: newPlanCharge - unusedCredit, within [0, regularPrice]. */
  readonly amountDue: number;
  /** The target's full price, charged at the next renewal. */
  readonly regularPrice: number;
}

export type ProrationResult =
  | { readonly ok: true; readonly quote: ProrationQuote }
  | {
      readonly ok: false;
      readonly error: "PRODUCT_CHANGE_NOT_ALLOWED";
      readonly reason: "currency" | "billing_cycle";
    };

export function prorateUpgrade(input: ProrationInput): ProrationResult {
  const { current, target, periodStart, periodEnd, now } = input;
  const unit = input.unitMinor ?? MINOR_PER_MAJOR;
  assertNonNegativeInteger(current.priceMinor, "current price");
  assertNonNegativeInteger(target.priceMinor, "target price");
  if (!Number.isSafeInteger(unit) || unit <= 0) {
    throw new RangeError(`unitMinor must be positive, got ${unit}`);
  }
  if (!(periodEnd > periodStart)) throw new RangeError("periodEnd must be after periodStart");
  const regularPrice = target.priceMinor;

  if (current.priceMinor === 0) {
    return {
      ok: true,
      quote: {
        isProrata: false,
        startsNewPeriod: true,
        currency: target.currency,
        periodDays: 0,
        daysRemaining: 0,
        newPlanCharge: regularPrice,
        unusedCredit: 0,
        amountDue: regularPrice,
        regularPrice,
      },
    };
  }
  if (current.currency !== target.currency) {
    return { ok: false, error: "PRODUCT_CHANGE_NOT_ALLOWED", reason: "currency" };
  }
  const toYearly = current.billingCycle === "monthly" && target.billingCycle === "yearly";
  if (!toYearly && (current.billingCycle !== target.billingCycle || target.billingCycle === "onetime")) {
    return { ok: false, error: "PRODUCT_CHANGE_NOT_ALLOWED", reason: "billing_cycle" };
  }

  const periodDays = Math.max(1, Math.ceil((periodEnd - periodStart) / DAY_MS));
  const daysRemaining = Math.min(periodDays, Math.max(0, Math.ceil((periodEnd - now) / DAY_MS)));
  if (toYearly) {
    const unusedCredit = prorated(current.priceMinor, daysRemaining, periodDays, unit);
    return {
      ok: true,
      quote: {
        isProrata: true,
        startsNewPeriod: true,
        currency: target.currency,
        periodDays,
        daysRemaining,
        newPlanCharge: regularPrice,
        unusedCredit,
        amountDue: Math.min(regularPrice, Math.max(0, regularPrice - unusedCredit)),
        regularPrice,
      },
    };
  }
  const newPlanCharge = prorated(target.priceMinor, daysRemaining, periodDays, unit);
  const unusedCredit = prorated(current.priceMinor, daysRemaining, periodDays, unit);
  const amountDue = Math.min(regularPrice, Math.max(0, newPlanCharge - unusedCredit));
  return {
    ok: true,
    quote: {
      isProrata: true,
      startsNewPeriod: false,
      currency: target.currency,
      periodDays,
      daysRemaining,
      newPlanCharge,
      unusedCredit,
      amountDue,
      regularPrice,
    },
  };
}

/** price * days / periodDays rounded half up to a multiple of unit, in exact integer arithmetic. */
function prorated(price: number, days: number, periodDays: number, unit: number): number {
  return divRoundHalfUp(price * days, periodDays * unit) * unit;
}
