import { z } from "zod";
import { addonExpiresAt, type Product } from "../../billing";
import type { Clocked } from "../clock";
import { billingErrors } from "./errors";
import type { InvoiceRow } from "./invoices";
import { insertGrant, insertGuardedMovement, insertPlanGrant, isGuardFailure } from "./ledger-sql";
import { planPeriodAt } from "./plan-period";
import type { Products } from "./products";

export interface FulfilDeps extends Clocked {
  d1: D1Database;
  products: Products;
  /** Told the attempts a plan payment voided, after it is applied (voided.ts cancels their intents). */
  onVoided?: (userId: string, invoiceIds: string[]) => Promise<void>;
}

/**
 * What a paid invoice does, applied exactly once. The batch starts with the claim (draft/open/failed/overdue
 * -> paid) followed by a guarded movement: if another request or a replayed webhook claimed the invoice
 * first, the batch fails as a whole and nothing is granted twice (ledger-sql.ts). Answers false then.
 */
export function createFulfilment({ d1, products, now, newId, onVoided }: FulfilDeps) {
  function claim(invoice: InvoiceRow, t: number) {
    return d1
      .prepare(
        `UPDATE invoices SET status = 'paid', paid_at = ?3, updated_at = ?3
         WHERE id = ?1 AND user_id = ?2 AND status IN ('draft', 'open', 'failed', 'overdue')`,
      )
      .bind(invoice.id, invoice.userId, t);
  }

  function planGrant(
    invoice: InvoiceRow,
    subscriptionId: string,
    product: Product,
    start: number,
    end: number,
  ) {
    const grantId = newId();
    return {
      grantId,
      statement: insertPlanGrant(d1, {
        id: grantId,
        userId: invoice.userId,
        subscriptionId,
        product,
        grantedAt: start,
        expiresAt: end,
        invoiceId: invoice.id,
        createdAt: now(),
      }),
    };
  }

  function movement(invoice: InvoiceRow, grantId: string, product: Product, reason: string, t: number) {
    return insertGuardedMovement(d1, {
      id: newId(),
      userId: invoice.userId,
      grantId,
      kind: "grant",
      amount: product.credits,
      reason,
      operationId: invoice.id,
      createdAt: t,
    });
  }

  /** Sets the subscription to `product` for [start, end). */
  function switchPlan(
    invoice: InvoiceRow,
    subscriptionId: string,
    product: Product,
    p: { start: number; end: number; anchor: number | null },
    t: number,
  ) {
    return d1
      .prepare(
        `UPDATE subscriptions SET product_pid = ?3, plan_slug = ?4, billing_cycle = ?5, currency = ?6, amount_minor = ?7,
           period_start = ?8, period_end = ?9, anchor_at = COALESCE(?10, anchor_at), status = 'active',
           cancel_requested_at = NULL, target_pid = NULL, updated_at = ?11
         WHERE id = ?1 AND user_id = ?2`,
      )
      .bind(
        subscriptionId,
        invoice.userId,
        product.pid,
        product.slug,
        product.billingCycle,
        product.currency,
        product.priceMinor,
        p.start,
        p.end,
        p.anchor,
        t,
      );
  }

  /** Plan grants still running at `at` end there: the new grant replaces them (no double plan credits). */
  function endAllPlanGrants(userId: string, at: number) {
    return d1
      .prepare(
        `UPDATE credit_grants SET expires_at = ?2
         WHERE user_id = ?1 AND kind = 'plan' AND expires_at > ?2 AND granted_at <= ?2`,
      )
      .bind(userId, at);
  }

  async function subscriptionPid(userId: string, subscriptionId: string): Promise<string | null> {
    const row = await d1
      .prepare("SELECT product_pid FROM subscriptions WHERE id = ?1 AND user_id = ?2")
      .bind(subscriptionId, userId)
      .first();
    const parsed = z.object({ product_pid: z.string().nullable() }).safeParse(row);
    return parsed.success ? parsed.data.product_pid : null;
  }

  /**
   * A plan payment that succeeds supersedes the user's other unpaid plan attempts (a declined checkout or
   * upgrade, an overdue renewal): they priced an account that no longer exists, so they are voided (shown as
   * Cancelled) instead of staying payable. Open ones are left alone: their payment may still be in flight.
   * RETURNING names exactly the rows this batch voided; fulfil() hands them to onVoided, which cancels their
   * intents at the provider (refunding one paid meanwhile), whichever path paid the winner.
   */
  function voidSuperseded(invoice: InvoiceRow, t: number) {
    return d1
      .prepare(
        `UPDATE invoices SET status = 'void', updated_at = ?3
         WHERE user_id = ?1 AND id <> ?2 AND kind IN ('subscribe', 'upgrade', 'renewal')
           AND status IN ('draft', 'failed', 'overdue')
         RETURNING id`,
      )
      .bind(invoice.userId, invoice.id, t);
  }

  async function statements(
    invoice: InvoiceRow,
    product: Product,
    t: number,
  ): Promise<D1PreparedStatement[]> {
    const plan = await planStatements(invoice, product, t);
    return invoice.kind === "addon" ? plan : [...plan, voidSuperseded(invoice, t)];
  }

  async function planStatements(
    invoice: InvoiceRow,
    product: Product,
    t: number,
  ): Promise<D1PreparedStatement[]> {
    switch (invoice.kind) {
      case "addon": {
        const grantId = newId();
        return [
          claim(invoice, t),
          movement(invoice, grantId, product, `addon ${product.slug} purchase`, t),
          insertGrant(d1, {
            id: grantId,
            userId: invoice.userId,
            kind: "addon",
            subscriptionId: null,
            productPid: product.pid,
            name: product.name,
            credits: product.credits,
            used: 0,
            grantedAt: t,
            expiresAt: addonExpiresAt(t, product.creditsDays),
            amountMinor: invoice.amountMinor,
            currency: invoice.currency,
            invoiceId: invoice.id,
            createdAt: t,
          }),
        ];
      }
      case "subscribe": {
        const subscriptionId = invoice.subscriptionId ?? newId();
        const period = planPeriodAt(product, t, t);
        const grant = planGrant(invoice, subscriptionId, product, period.start, period.end);
        return [
          claim(invoice, t),
          movement(invoice, grant.grantId, product, `plan ${product.slug} subscribe`, t),
          // A plan without a charge the user may hold (e.g. Free) ends where the paid one starts.
          d1
            .prepare(
              `UPDATE subscriptions SET status = 'canceled', updated_at = ?2
               WHERE user_id = ?1 AND status IN ('active', 'pending') AND amount_minor = 0`,
            )
            .bind(invoice.userId, t),
          endAllPlanGrants(invoice.userId, t),
          // The pending row of a checkout that was processing becomes the active subscription below.
          d1
            .prepare("DELETE FROM subscriptions WHERE id = ?1 AND user_id = ?2 AND status = 'pending'")
            .bind(subscriptionId, invoice.userId),
          d1
            .prepare(
              `INSERT INTO subscriptions (id, user_id, plan_slug, status, state, billing_cycle, currency, amount_minor,
                 sponsor, created_at, period_start, period_end, product_pid, anchor_at, updated_at)
               VALUES (?1, ?2, ?3, 'active', 1, ?4, ?5, ?6, NULL, ?7, ?8, ?9, ?10, ?7, ?7)`,
            )
            .bind(
              subscriptionId,
              invoice.userId,
              product.slug,
              product.billingCycle,
              product.currency,
              product.priceMinor,
              t,
              period.start,
              period.end,
              product.pid,
            ),
          grant.statement,
        ];
      }
      case "upgrade":
      case "renewal": {
        const subscriptionId = invoice.subscriptionId;
        if (!subscriptionId) throw new Error(`${invoice.kind} invoice without a subscription`);
        const currentPid = await subscriptionPid(invoice.userId, subscriptionId);
        // The invoice carries the period it pays for. None (an upgrade from a plan without a charge) or one
        // already over (an overdue renewal paid late, after the fallback to Free) starts a new period now.
        const fresh = invoice.periodStart === null || invoice.periodEnd === null || invoice.periodEnd <= t;
        const period = fresh
          ? { ...planPeriodAt(product, t, t), anchor: t }
          : {
              start: invoice.periodStart ?? t,
              end: invoice.periodEnd ?? t,
              // Periods keep counting from the old anchor unless the plan (and so its rule) changed.
              anchor:
                invoice.kind === "renewal" && currentPid !== product.pid ? (invoice.periodStart ?? t) : null,
            };
        // An upgrade takes effect now and replaces the running plan grant; a renewal's grant starts the period.
        const grantStart = invoice.kind === "upgrade" || fresh ? t : period.start;
        const grant = planGrant(invoice, subscriptionId, product, grantStart, period.end);
        return [
          claim(invoice, t),
          movement(invoice, grant.grantId, product, `plan ${product.slug} ${invoice.kind}`, t),
          switchPlan(invoice, subscriptionId, product, period, t),
          endAllPlanGrants(invoice.userId, grantStart),
          grant.statement,
        ];
      }
      default:
        throw new Error(`unknown invoice kind ${invoice.kind}`);
    }
  }

  /** Applies a paid invoice; false when it had already been applied. */
  async function fulfil(invoice: InvoiceRow): Promise<boolean> {
    const product = await products.find(invoice.productPid);
    if (!product) throw billingErrors.productNotFound();
    const t = now();
    let results: D1Result[];
    try {
      results = await d1.batch(await statements(invoice, product, t));
    } catch (e) {
      if (isGuardFailure(e)) return false;
      // subscriptions_live_unique: a subscribe invoice paid while the user already holds a subscription.
      if (e instanceof Error && /UNIQUE constraint failed/i.test(e.message))
        throw billingErrors.subscriptionExists();
      throw e;
    }
    if (invoice.kind !== "addon" && onVoided) {
      const voided = z.array(z.object({ id: z.string() })).parse(results.at(-1)?.results ?? []);
      if (voided.length > 0)
        await onVoided(
          invoice.userId,
          voided.map((v) => v.id),
        );
    }
    return true;
  }

  return { fulfil };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
