import type { InvoiceRow } from "./invoices";
import { planPeriodAt } from "./plan-period";
import type { Products } from "./products";

/**
 * A checkout whose payment is still processing at the provider (spec 3 s8 SUBSCRIPTION_PENDING): the
 * subscription exists in state pending, with the id the paid invoice will give it, until the provider's
 * webhook settles it (fulfilment replaces the row) or fails it (the row ends as canceled). No credits.
 */
export function createPendingSubscriptions(d1: D1Database, products: Products) {
  async function markPending(invoice: InvoiceRow, at: number) {
    const product = await products.find(invoice.productPid);
    if (!product || !invoice.subscriptionId) return;
    const period = planPeriodAt(product, at, at);
    // OR IGNORE: a second confirm, or a live subscription the user already has (subscriptions_live_unique).
    await d1
      .prepare(
        `INSERT OR IGNORE INTO subscriptions (id, user_id, plan_slug, status, state, billing_cycle, currency, amount_minor,
           sponsor, created_at, period_start, period_end, product_pid, anchor_at, updated_at)
         VALUES (?1, ?2, ?3, 'pending', 1, ?4, ?5, ?6, NULL, ?7, ?8, ?9, ?10, ?7, ?7)`,
      )
      .bind(
        invoice.subscriptionId,
        invoice.userId,
        product.slug,
        product.billingCycle,
        product.currency,
        product.priceMinor,
        at,
        period.start,
        period.end,
        product.pid,
      )
      .run();
  }

  async function dropPending(invoice: InvoiceRow, at: number) {
    if (!invoice.subscriptionId) return;
    await d1
      .prepare(
        "UPDATE subscriptions SET status = 'canceled', updated_at = ?3 WHERE id = ?1 AND user_id = ?2 AND status = 'pending'",
      )
      .bind(invoice.subscriptionId, invoice.userId, at)
      .run();
  }

  return { markPending, dropPending };
}
