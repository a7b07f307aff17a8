/**
 * Which action a plan card offers on the change-plan page (spec 3 section 2: current, upgrade,
 * downgrade) and which plans the page lists. Upgrades are charged now with proration
 * (proration.ts); downgrades take effect at period end and can be reverted before (DESIGN D8).
 */
import type { BillingCycle, Product } from "./catalogue";

export type PlanAction = "current" | "upgrade" | "downgrade";

type Comparable = Pick<Product, "pid" | "priceMinor" | "sortOrder" | "billingCycle">;

/**
 * Higher price is an upgrade; at equal price the catalogue order decides (sponsor-sm vs free). A paid yearly
 * plan to a paid monthly one is a downgrade whatever the tiers: the year is paid for, so the change takes
 * effect at its end, when the monthly plan's first month is charged (DESIGN D8: downgrades at period end).
 */
export function planAction(current: Comparable, target: Comparable): PlanAction {
  if (current.pid === target.pid) return "current";
  if (current.billingCycle === "yearly" && target.billingCycle === "monthly" && target.priceMinor > 0)
    return "downgrade";
  if (target.priceMinor !== current.priceMinor)
    return target.priceMinor > current.priceMinor ? "upgrade" : "downgrade";
  return target.sortOrder > current.sortOrder ? "upgrade" : "downgrade";
}

/**
 * The change-plan list: active paid plans of the chosen cycle in the current plan's currency,
 * sorted by price (then catalogue order), each with its action.
 */
export function changePlanOptions(
  products: readonly Product[],
  current: Product,
  cycle: BillingCycle,
): { readonly product: Product; readonly action: PlanAction }[] {
  return products
    .filter(
      (p) =>
        p.kind === "plan" &&
        p.active &&
        p.priceMinor > 0 &&
        p.billingCycle === cycle &&
        p.currency === current.currency,
    )
    .sort((a, b) => a.priceMinor - b.priceMinor || a.sortOrder - b.sortOrder)
    .map((product) => ({ product, action: planAction(current, product) }));
}

/** Spec 3 section 2: the billing toggle shows only if both monthly and yearly paid plans exist. */
export function showBillingToggle(products: readonly Product[], currency: string): boolean {
  const paid = products.filter(
    (p) => p.kind === "plan" && p.active && p.priceMinor > 0 && p.currency === currency,
  );
  return paid.some((p) => p.billingCycle === "monthly") && paid.some((p) => p.billingCycle === "yearly");
}
