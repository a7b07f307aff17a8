/**
 * Period arithmetic for renewals and credit periods. Times are UTC epoch milliseconds (DESIGN D2).
 *
 * Every boundary is computed from the anchor (the subscription or grant start) as "anchor + n
 * periods", never from the previous boundary: with a Jan 31 anchor the renewals are Feb 28 (29),
 * Mar 31, Apr 30, ... instead of drifting to the 28th forever after February.
 */

export const DAY_MS = 86_400_000;

/** Spec 3 section 9: the far-future expiry 9999-12-31 23:59:59 (UTC) means never. */
export const NEVER_EXPIRES_AT = Date.UTC(9999, 11, 31, 23, 59, 59);

export function isNever(at: number): boolean {
  return at >= NEVER_EXPIRES_AT;
}

/**
 * How a period repeats: calendar months, calendar years (Feb 29 -> Feb 28 in common years), or a
 * fixed number of days (free plan credits: every 30 days from sign-up).
 */
export type PeriodRule =
  | { readonly unit: "month" }
  | { readonly unit: "year" }
  | { readonly unit: "days"; readonly days: number };

export const MONTHLY: PeriodRule = { unit: "month" };
export const YEARLY: PeriodRule = { unit: "year" };
export const everyDays = (days: number): PeriodRule => {
  if (!Number.isSafeInteger(days) || days <= 0) throw new RangeError(`days must be positive, got ${days}`);
  return { unit: "days", days };
};

/**
 * The credit-period rule of a plan product: paid plans renew credits with their billing cycle;
 * plans without a charge (free, sponsor-sm) every `creditsDays` days.
 */
export function creditPeriodRule(product: {
  readonly priceMinor: number;
  readonly billingCycle: string;
  readonly creditsDays: number;
}): PeriodRule {
  if (product.priceMinor > 0 && product.billingCycle === "monthly") return MONTHLY;
  if (product.priceMinor > 0 && product.billingCycle === "yearly") return YEARLY;
  return everyDays(product.creditsDays);
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** anchor + `months` calendar months, the day clamped to the month's last day, time of day kept. */
export function addCalendarMonths(anchor: number, months: number): number {
  const d = new Date(anchor);
  const total = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(total / 12);
  const month0 = ((total % 12) + 12) % 12;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month0));
  const t = new Date(anchor);
  t.setUTCFullYear(year, month0, day);
  return t.getTime();
}

/** Start of period `index` (0 = the anchor itself). */
export function periodBoundary(anchor: number, rule: PeriodRule, index: number): number {
  if (!Number.isSafeInteger(index)) throw new RangeError(`index must be an integer, got ${index}`);
  switch (rule.unit) {
    case "month":
      return addCalendarMonths(anchor, index);
    case "year":
      return addCalendarMonths(anchor, 12 * index);
    case "days":
      return anchor + index * rule.days * DAY_MS;
  }
}

export interface Period {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The period containing `now` (start <= now < end). Before the anchor it is period 0, so a
 * subscription created "in the future" by clock skew still has a sane first period.
 */
export function periodAt(anchor: number, rule: PeriodRule, now: number): Period {
  let index = 0;
  if (now > anchor) {
    // A close estimate, then corrected: calendar months vary in length.
    const approx =
      rule.unit === "days"
        ? rule.days * DAY_MS
        : rule.unit === "month"
          ? 30.436875 * DAY_MS
          : 365.2425 * DAY_MS;
    index = Math.max(0, Math.floor((now - anchor) / approx));
    while (index > 0 && periodBoundary(anchor, rule, index) > now) index--;
    while (periodBoundary(anchor, rule, index + 1) <= now) index++;
  }
  return { index, start: periodBoundary(anchor, rule, index), end: periodBoundary(anchor, rule, index + 1) };
}

/** The next renewal strictly after `now`. */
export function nextRenewalAt(anchor: number, rule: PeriodRule, now: number): number {
  return periodAt(anchor, rule, now).end;
}

/** Expiry of an add-on pack bought at `purchasedAt`, valid `validDays` days; -1 = never. */
export function addonExpiresAt(purchasedAt: number, validDays: number): number {
  if (validDays === -1) return NEVER_EXPIRES_AT;
  if (!Number.isSafeInteger(validDays) || validDays <= 0) {
    throw new RangeError(`validDays must be positive or -1, got ${validDays}`);
  }
  return Math.min(purchasedAt + validDays * DAY_MS, NEVER_EXPIRES_AT);
}
