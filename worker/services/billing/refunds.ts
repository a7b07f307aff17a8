import type { Clocked } from "../clock";
import type { InvoiceRow } from "./invoices";
import { isUniqueFailure } from "./ledger-sql";
import type { Intent, PaymentProvider } from "./providers/types";

export interface RefundDeps extends Clocked {
  d1: D1Database;
  provider: PaymentProvider;
}

/** What the user reads beside a refunded invoice (issue 11), by what could not be honoured. */
export function refundNote(kind: string): string {
  if (kind === "subscribe")
    return "Refunded: your account already had a paid plan when this payment went through.";
  if (kind === "upgrade" || kind === "renewal")
    return "Refunded: your plan had already changed when this payment went through.";
  return "Refunded: this purchase had already been paid.";
}

/**
 * Money the provider took that the ledger cannot honour goes back, exactly once (issue 11: two checkout tabs
 * both paid). The refunds row is the ledger's movement and the claim: its unique invoice_id lets one request
 * in; that one asks the provider with an idempotency key derived from the invoice (so a retry after a crash
 * refunds the same refund), then marks the invoice Refunded with a note the user sees in the invoice list.
 */
export function createRefunds({ d1, provider, now, newId }: RefundDeps) {
  async function claim(invoice: InvoiceRow, intent: Intent, note: string): Promise<string | null> {
    const id = newId();
    const t = now();
    try {
      const res = await d1
        .prepare(
          `INSERT INTO refunds (id, user_id, invoice_id, provider, provider_payment_id, amount_minor, currency,
             reason, status, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', ?9, ?9) ON CONFLICT(invoice_id) DO NOTHING`,
        )
        .bind(
          id,
          invoice.userId,
          invoice.id,
          provider.name,
          intent.id,
          intent.amountMinor,
          intent.currency,
          note,
          t,
        )
        .run();
      return res.meta.changes === 1 ? id : null;
    } catch (e) {
      if (isUniqueFailure(e)) return null;
      throw e;
    }
  }

  /**
   * Refunds `intent` (succeeded) paid for `invoice`. Answers the note shown to the user. When another
   * request holds the claim it answers at once; when the provider fails, the claim is dropped so the next
   * delivery (webhook, confirm) tries again with the same key.
   */
  async function refund(invoice: InvoiceRow, intent: Intent): Promise<string> {
    const note = refundNote(invoice.kind);
    const id = await claim(invoice, intent, note);
    if (id === null) return note;
    let answer: Awaited<ReturnType<PaymentProvider["refund"]>>;
    try {
      answer = await provider.refund({
        paymentIntentId: intent.id,
        amountMinor: intent.amountMinor,
        reason: note,
        metadata: { invoiceId: invoice.id, userId: invoice.userId },
        idempotencyKey: `invoice-${invoice.id}`,
      });
    } catch (e) {
      await d1.prepare("DELETE FROM refunds WHERE id = ?1 AND status = 'pending'").bind(id).run();
      throw e;
    }
    const t = now();
    await d1.batch([
      d1
        .prepare("UPDATE refunds SET status = ?2, provider_refund_id = ?3, updated_at = ?4 WHERE id = ?1")
        .bind(id, answer.status, answer.id, t),
      // Never a paid invoice: that one was honoured with another payment, and stays Paid.
      d1
        .prepare(
          `UPDATE invoices SET status = 'refunded', note = ?3, charging_at = NULL, updated_at = ?4
           WHERE id = ?1 AND user_id = ?2 AND status <> 'paid'`,
        )
        .bind(invoice.id, invoice.userId, note, t),
    ]);
    return note;
  }

  return { refund };
}

export type Refunds = ReturnType<typeof createRefunds>;
