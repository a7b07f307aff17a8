import { creditPeriodRule, type Period, type Product, periodAt } from "../../billing";

/**
 * The credit (and billing) period of a plan product containing `at`, its periods counted from `anchor`
 * (worker/billing/periods.ts): calendar months or years for paid plans, every creditsDays days otherwise.
 */
export function planPeriodAt(product: Product, anchor: number, at: number): Period {
  return periodAt(anchor, creditPeriodRule(product), at);
}

/** The plan of the same family without a charge that a cancellation or a failed renewal falls back to. */
export function fallbackPid(currency: string): string {
  return `free-monthly-${currency.toLowerCase()}`;
}
