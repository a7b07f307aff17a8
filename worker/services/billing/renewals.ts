import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS, type Product } from "../../billing";
import type { Db } from "../../db/client";
import { invoices as invoiceTable, subscriptions, users } from "../../db/schema";
import { log } from "../../log";
import type { SponsorEligibility } from "../sponsor";
import type { Customers } from "./customers";
import { createFulfilment } from "./fulfil";
import { createInvoices, type InvoiceRow, invoiceNumber } from "./invoices";
import { insertGuardedMovement, insertPlanGrant, isGuardFailure } from "./ledger-sql";
import type { PaymentMethods } from "./payment-methods";
import { fallbackPid, planPeriodAt } from "./plan-period";
import type { Products } from "./products";
import type { PaymentProvider } from "./providers/types";
import { createRefunds } from "./refunds";
import { rowPid, type SubscriptionRow } from "./subscription-row";
import { createVoided } from "./voided";

/** A failed renewal stays payable this long before the invoice is overdue and the plan falls back to Free. */
export const RENEWAL_GRACE_MS = 3 * DAY_MS;

/** Subscriptions handled per run; the cron runs every 15 minutes and picks up the rest. */
const BATCH = 200;

export interface RenewalDeps {
  db: Db;
  d1: D1Database;
  products: Products;
  provider: PaymentProvider;
  customers: Customers;
  paymentMethods: PaymentMethods;
  sponsor: SponsorEligibility;
  newId: () => string;
}

export interface RenewalReport {
  renewed: number;
  charged: number;
  failed: number;
  /** Renewal invoices left open because the bank asked the customer to authenticate. */
  awaiting: number;
  overdue: number;
  downgraded: number;
  sponsorUnverified: number;
  addonsExpired: number;
}

/**
 * The renewal job (DESIGN D8), idempotent: every write is guarded by the period it moves from
 * (`WHERE period_end = :old`) or by the one-renewal-invoice-per-period unique index, so two runs at the same
 * `at`, or a run repeated after a crash, change nothing the second time.
 */
export function createRenewals(deps: RenewalDeps) {
  const { db, d1, products, provider, customers, paymentMethods, sponsor, newId } = deps;

  async function run(at: number, pageSize = BATCH): Promise<RenewalReport> {
    const report: RenewalReport = {
      renewed: 0,
      charged: 0,
      failed: 0,
      awaiting: 0,
      overdue: 0,
      downgraded: 0,
      sponsorUnverified: 0,
      addonsExpired: 0,
    };
    const expired = await d1
      .prepare(
        "UPDATE credit_grants SET status = 'expired' WHERE kind = 'addon' AND status = 'active' AND expires_at <= ?1",
      )
      .bind(at)
      .run();
    report.addonsExpired = expired.meta.changes ?? 0;

    const invoices = createInvoices(db);
    // A renewal paid off session supersedes unpaid plan attempts too: their intents are canceled likewise.
    const refunds = createRefunds({ d1, provider, now: () => at, newId });
    const voided = createVoided({ provider, invoices, refunds });
    const fulfilment = createFulfilment({ d1, products, now: () => at, newId, onVoided: voided.cancel });
    // Every due subscription is visited once per run, a page at a time in (period_end, id) order: rows that
    // stay due (a failed charge in its grace period, one awaiting 3-D Secure, one whose renewal throws) keep
    // their period_end, and re-reading only the first page would let them starve every newer renewal.
    let after: { end: number; id: string } = { end: -1, id: "" };
    for (;;) {
      const { results } = await d1
        .prepare(
          `SELECT id, period_end FROM subscriptions
           WHERE status = 'active' AND period_end <= ?1 AND (period_end > ?2 OR (period_end = ?2 AND id > ?3))
           ORDER BY period_end, id LIMIT ?4`,
        )
        .bind(at, after.end, after.id, pageSize)
        .all();
      for (const r of results) {
        const page = z.object({ id: z.string(), period_end: z.number() }).safeParse(r);
        if (!page.success) continue;
        after = { end: page.data.period_end, id: page.data.id };
        const row = await loadRow(page.data.id);
        if (!row || row.periodEnd > at) continue;
        try {
          await renewOne(row, at, report, fulfilment, invoices);
        } catch (e) {
          // One subscription's failure must not stop the others; the next run retries it.
          log.error("renewal.failed", e, { job: "renewals", subscriptionId: row.id });
        }
      }
      if (results.length < pageSize) break;
    }
    return report;
  }

  async function loadRow(id: string): Promise<SubscriptionRow | null> {
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
    return rows[0] ?? null;
  }

  async function renewOne(
    row: SubscriptionRow,
    at: number,
    report: RenewalReport,
    fulfilment: ReturnType<typeof createFulfilment>,
    invoices: ReturnType<typeof createInvoices>,
  ) {
    const currentPid = rowPid(row);
    const next = await products.find(row.targetPid ?? currentPid);
    if (!next) throw new Error(`renewal to unknown product ${row.targetPid ?? currentPid}`);
    // Periods count from the old anchor while the plan stays; a plan that changes at period end starts there.
    const anchor = next.pid === currentPid ? (row.anchorAt ?? row.periodStart) : row.periodEnd;
    if (next.priceMinor === 0) {
      const eligible = next.slug !== "sponsor-sm" || (await sponsorEligible(row));
      await switchWithoutCharge(row, next, anchor, at, eligible);
      if (!eligible) report.sponsorUnverified++;
      else if (next.pid !== currentPid) report.downgraded++;
      else report.renewed++;
      return;
    }
    const existing = await renewalInvoice(row);
    if (!existing) {
      const outcome = await chargeRenewal(row, next, anchor, at, fulfilment, invoices);
      if (outcome === "paid") report.charged++;
      if (outcome === "failed") report.failed++;
      if (outcome === "awaiting") report.awaiting++;
      return;
    }
    // Opened but never charged (the provider was unreachable): charge now; the invoice id is the idempotency key.
    if (
      existing.status === "open" &&
      existing.providerPaymentId === null &&
      at < existing.dueAt + RENEWAL_GRACE_MS
    ) {
      const outcome = await chargeInvoice(existing, at, fulfilment, invoices);
      if (outcome === "paid") report.charged++;
      if (outcome === "failed") report.failed++;
      if (outcome === "awaiting") report.awaiting++;
      return;
    }
    const unpaid = existing.status === "failed" || existing.status === "open";
    if (unpaid && at >= existing.dueAt + RENEWAL_GRACE_MS) {
      const fallback = await products.find(fallbackPid(row.currency));
      if (!fallback) throw new Error("no fallback plan");
      await d1
        .prepare(
          "UPDATE invoices SET status = 'overdue', updated_at = ?2 WHERE id = ?1 AND status IN ('failed', 'open')",
        )
        .bind(existing.id, at)
        .run();
      await switchWithoutCharge(row, fallback, at, at, true);
      report.overdue++;
      report.downgraded++;
    }
  }

  async function sponsorEligible(row: SubscriptionRow): Promise<boolean> {
    const user = (
      await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1)
    )[0];
    if (!user) return false;
    return (await sponsor.check(row.sponsor ?? "", user.email)).eligible;
  }

  /**
   * Moves a subscription to `product` (no charge) for the period containing `at`, granting its credits. An
   * unverified sponsor plan moves on without credits in state 2 until subscription/retry/sponsor.
   */
  async function switchWithoutCharge(
    row: SubscriptionRow,
    product: Product,
    anchor: number,
    at: number,
    grantCredits: boolean,
  ) {
    const period = planPeriodAt(product, anchor, at);
    const grantId = newId();
    const update = d1
      .prepare(
        `UPDATE subscriptions SET product_pid = ?3, plan_slug = ?4, billing_cycle = ?5, currency = ?6, amount_minor = ?7,
           period_start = ?8, period_end = ?9, anchor_at = ?10, state = ?11, cancel_requested_at = NULL,
           target_pid = NULL, updated_at = ?12
         WHERE id = ?1 AND period_end = ?2 AND status = 'active'`,
      )
      .bind(
        row.id,
        row.periodEnd,
        product.pid,
        product.slug,
        product.billingCycle,
        product.currency,
        product.priceMinor,
        period.start,
        period.end,
        anchor,
        grantCredits ? 1 : 2,
        at,
      );
    const statements = grantCredits
      ? [
          update,
          insertGuardedMovement(d1, {
            id: newId(),
            userId: row.userId,
            grantId,
            kind: "grant",
            amount: product.credits,
            reason: `plan ${product.slug} renewal`,
            operationId: `${row.id}:${period.start}`,
            createdAt: at,
          }),
          insertPlanGrant(d1, {
            id: grantId,
            userId: row.userId,
            subscriptionId: row.id,
            product,
            grantedAt: period.start,
            expiresAt: period.end,
            invoiceId: null,
            createdAt: at,
          }),
        ]
      : [update];
    try {
      await d1.batch(statements);
    } catch (e) {
      // Another run moved this period first.
      if (!isGuardFailure(e)) throw e;
    }
  }

  async function renewalInvoice(row: SubscriptionRow): Promise<InvoiceRow | null> {
    const rows = await db
      .select()
      .from(invoiceTable)
      .where(
        and(
          eq(invoiceTable.subscriptionId, row.id),
          eq(invoiceTable.periodStart, row.periodEnd),
          eq(invoiceTable.kind, "renewal"),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /** Opens the period's invoice (once, by the unique index) and charges the saved card off session. */
  async function chargeRenewal(
    row: SubscriptionRow,
    product: Product,
    anchor: number,
    at: number,
    fulfilment: ReturnType<typeof createFulfilment>,
    invoices: ReturnType<typeof createInvoices>,
  ): Promise<"paid" | "failed" | "awaiting" | "skipped"> {
    const period = planPeriodAt(product, anchor, row.periodEnd);
    const id = newId();
    const inserted = await d1
      .prepare(
        `INSERT OR IGNORE INTO invoices (id, user_id, number, kind, product_pid, subscription_id, description, amount_minor,
           currency, status, is_subscription, period_start, period_end, provider, created_at, due_at, updated_at)
         VALUES (?1, ?2, ?3, 'renewal', ?4, ?5, ?6, ?7, ?8, 'open', 1, ?9, ?10, ?11, ?12, ?13, ?12)`,
      )
      .bind(
        id,
        row.userId,
        invoiceNumber(at),
        product.pid,
        row.id,
        `${product.name} plan (${product.billingCycle}) renewal`,
        product.priceMinor,
        product.currency,
        row.periodEnd,
        period.end,
        provider.name,
        at,
        row.periodEnd,
      )
      .run();
    if ((inserted.meta.changes ?? 0) === 0) return "skipped";
    return chargeInvoice(await invoices.get(row.userId, id), at, fulfilment, invoices);
  }

  async function chargeInvoice(
    invoice: InvoiceRow,
    at: number,
    fulfilment: ReturnType<typeof createFulfilment>,
    invoices: ReturnType<typeof createInvoices>,
  ): Promise<"paid" | "failed" | "awaiting" | "skipped"> {
    const userId = invoice.userId;
    const card = await paymentMethods.forRenewal(userId);
    const customerId = await customers.find(userId);
    if (!card || !customerId) {
      await invoices.markFailed(userId, invoice.id, "No saved card to charge.", at);
      return "failed";
    }
    const intent = await provider.chargeOffSession({
      customerId,
      paymentMethodId: card.id,
      amountMinor: invoice.amountMinor,
      currency: invoice.currency,
      description: invoice.description,
      metadata: { invoiceId: invoice.id, userId: userId, kind: "renewal" },
      idempotencyKey: invoice.id,
    });
    await invoices.setPayment(userId, invoice.id, invoice.providerPaymentId, intent.id, at);
    if (intent.status === "succeeded") {
      await fulfilment.fulfil(invoice);
      return "paid";
    }
    // Still settling at the provider: the invoice stays open and the webhook (or the grace check) decides.
    if (intent.status === "processing") return "skipped";
    // The bank wants the customer to authenticate: as with Stripe invoices, it stays open (Pending) for them
    // to pay on session with Pay Now until the grace period makes it overdue.
    if (intent.lastError?.code === "authentication_required") return "awaiting";
    await invoices.markFailed(
      userId,
      invoice.id,
      intent.lastError?.message ?? "The renewal payment failed.",
      at,
    );
    return "failed";
  }

  return { run };
}

export type Renewals = ReturnType<typeof createRenewals>;
