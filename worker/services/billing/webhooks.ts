import { billingErrors } from "./errors";
import type { Payments } from "./payments";
import { type PaymentProvider, WebhookSignatureError } from "./providers/types";

/**
 * POST /webhooks/stripe: verified with the SDK, processed once per event id. The ledger work itself is
 * idempotent too (fulfilment claims the invoice), so a replay racing the first delivery still grants once.
 */
export function createWebhooks(
  d1: D1Database,
  provider: PaymentProvider,
  payments: Payments,
  now: () => number,
) {
  async function seen(id: string): Promise<boolean> {
    const row = await d1.prepare("SELECT id FROM webhook_events WHERE id = ?1").bind(id).first();
    return row !== null;
  }

  async function handle(payload: string, signature: string | null) {
    if (provider.name !== "stripe") throw billingErrors.webhookNotConfigured();
    let event: Awaited<ReturnType<PaymentProvider["parseWebhook"]>>;
    try {
      event = await provider.parseWebhook(payload, signature);
    } catch (e) {
      if (e instanceof WebhookSignatureError) throw billingErrors.webhookSignature();
      throw e;
    }
    if (await seen(event.id)) return { received: true, duplicate: true, result: "duplicate" };
    let result: string = "ignored";
    if (event.type === "payment_succeeded" || event.type === "payment_failed") {
      result = await payments.settleFromProvider(event.intent);
    }
    await d1
      .prepare(
        "INSERT OR IGNORE INTO webhook_events (id, provider, type, processed_at) VALUES (?1, ?2, ?3, ?4)",
      )
      .bind(event.id, provider.name, event.type === "ignored" ? event.providerType : event.type, now())
      .run();
    return { received: true, duplicate: false, result };
  }

  return { handle };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
