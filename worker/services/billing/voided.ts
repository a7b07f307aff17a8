import { log } from "../../log";
import type { Invoices } from "./invoices";
import type { PaymentProvider } from "./providers/types";
import type { Refunds } from "./refunds";

export interface VoidedDeps {
  provider: PaymentProvider;
  invoices: Invoices;
  refunds: Refunds;
}

/**
 * What happens at the provider to attempts the ledger voided (a plan payment superseded them, or their price
 * moved): their intents are canceled, so another tab, a stale link or Stripe.js can no longer pay them. One
 * the customer paid meanwhile cannot be canceled: it is refunded (a refunds row, the invoice Refunded with a
 * note) and logged (issue 11). Whatever fulfilled the winning payment (a confirm, a webhook, the renewal job)
 * calls this, so no path leaves a voided intent payable.
 */
export function createVoided({ provider, invoices, refunds }: VoidedDeps) {
  async function cancelOne(userId: string, invoiceId: string) {
    const row = await invoices.get(userId, invoiceId);
    if (!row.providerPaymentId || row.status !== "void") return;
    const intent = await provider.cancelPaymentIntent(row.providerPaymentId, `void-${row.id}`);
    if (intent.status !== "succeeded" || intent.amountMinor !== row.amountMinor) return;
    log.warn("billing.payment_refunded", {
      intentId: intent.id,
      invoiceId: row.id,
      kind: row.kind,
      status: row.status,
    });
    await refunds.refund(row, intent);
  }

  /**
   * A provider failure here is logged, not the user's: the payment that won stands, and the refund path
   * catches a voided attempt's payment when it is confirmed or its webhook comes.
   */
  async function cancel(userId: string, invoiceIds: readonly string[]) {
    for (const id of invoiceIds) {
      try {
        await cancelOne(userId, id);
      } catch (e) {
        log.error("billing.void_cancel_failed", e, { invoiceId: id });
      }
    }
  }

  return { cancel };
}

export type Voided = ReturnType<typeof createVoided>;
