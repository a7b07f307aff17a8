import { z } from "zod";
import { addonStatusAt, isNever, UNLIMITED_CREDITS } from "../../billing";
import { billingErrors } from "./errors";
import { addonGrantOf } from "./grant-row";
import type { Plans } from "./plans";
import { addonProductView, type Products } from "./products";
import { rowPid } from "./subscription-row";

const addonRow = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  used: z.number().int(),
  granted_at: z.number().int(),
  expires_at: z.number().int(),
  status: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
});

/** Spec 3 s9: the far-future expiry 9999-12-31 23:59:59 is shown as Never; the ISO string carries it. */
function expiryIso(at: number): string {
  return isNever(at) ? "9999-12-31T23:59:59.000Z" : new Date(at).toISOString();
}

/**
 * Who may buy an add-on: an active subscription (spec 3 s5) on a plan with a credit limit. An unlimited plan
 * (credits -1, Quant) spends no credits, so a pack would be paid for and never used: refused.
 */
export async function requireAddonBuyer(plans: Plans, products: Products, userId: string) {
  const sub = await plans.requireActive(userId);
  const plan = await products.require(rowPid(sub));
  if (plan.credits === UNLIMITED_CREDITS) throw billingErrors.unlimitedPlanNoAddons();
  return sub;
}

export function createAddons(d1: D1Database, products: Products, plans: Plans, now: () => number) {
  /** addon/list: packs in the subscription's currency, for those who may buy them (requireAddonBuyer). */
  async function list(userId: string) {
    const sub = await requireAddonBuyer(plans, products, userId);
    const packs = await products.active("addon");
    return packs.filter((p) => p.currency === sub.currency).map(addonProductView);
  }

  /** user/addons: every pack bought, newest first (the add-ons tab sorts by purchase date). */
  async function owned(userId: string) {
    const { results } = await d1
      .prepare(
        `SELECT id, name, credits, used, granted_at, expires_at, status, amount_minor, currency FROM credit_grants
         WHERE user_id = ?1 AND kind = 'addon' ORDER BY granted_at DESC`,
      )
      .bind(userId)
      .all();
    const t = now();
    return results.map((raw) => {
      const r = addonRow.parse(raw);
      const status = addonStatusAt(addonGrantOf(r), t);
      return {
        userProductId: r.id,
        name: r.name,
        credits: r.credits,
        creditsUsage: r.used,
        createdAt: new Date(r.granted_at).toISOString(),
        creditsExpiresAt: expiryIso(r.expires_at),
        status,
        isExpired: status === "expired",
        currency: r.currency,
        amount: r.amount_minor / 100,
        amountMinor: r.amount_minor,
      };
    });
  }

  return { list, owned };
}
