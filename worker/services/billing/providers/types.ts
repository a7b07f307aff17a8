/**
 * One interface for card processors (DESIGN D8): `stripe` (the real SDK) and `sandbox` (embedded default,
 * Stripe's documented test cards, everything flagged isTest). The ledger never depends on which one runs.
 */

/** Stripe's payment-intent statuses that both providers answer with (the sandbox stores them as they are). */
export const INTENT_STATUSES = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "succeeded",
  "canceled",
] as const;

export type IntentStatus = (typeof INTENT_STATUSES)[number];

export interface PaymentError {
  /** card_error and validation_error messages are shown to the user as they are (spec 3 s5). */
  type: string;
  code: string | null;
  message: string;
}

export interface Intent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountMinor: number;
  currency: string;
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
  lastError: PaymentError | null;
}

export interface Card {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeInput {
  customerId: string;
  amountMinor: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** Derived from the attempt (invoice and attempt number): a retried request never charges twice. */
  idempotencyKey: string;
}

export interface RefundInput {
  paymentIntentId: string;
  amountMinor: number;
  /** Why, in our words (kept in the refund's metadata and in the ledger). */
  reason: string;
  metadata: Record<string, string>;
  /** Derived from the invoice: asking twice refunds once. */
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  paymentIntentId: string;
  amountMinor: number;
  currency: string;
  status: "succeeded" | "pending" | "failed";
}

/** A verified provider event, reduced to what the ledger acts on. */
export type ProviderEvent =
  | { id: string; type: "payment_succeeded"; intent: Intent }
  | { id: string; type: "payment_failed"; intent: Intent }
  | { id: string; type: "ignored"; providerType: string };

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  readonly isTest: boolean;
  readonly publicKey: string;
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** A PaymentIntent the browser confirms with a card (client secret). */
  createPaymentIntent(input: ChargeInput): Promise<Intent>;
  retrievePaymentIntent(id: string): Promise<Intent>;
  /**
   * Confirms an intent with a card, the customer present (may answer requires_action for 3-D Secure). A
   * card saved by another customer is refused like a missing one (PaymentMethodError). The key is the
   * attempt's: the same key answers the first answer, never a second charge.
   */
  confirmPaymentIntent(id: string, paymentMethodId: string, idempotencyKey: string): Promise<Intent>;
  /**
   * Makes an intent unpayable. One that already succeeded (or is processing) cannot be canceled: it is
   * answered as it is, and the caller refunds it.
   */
  cancelPaymentIntent(id: string, idempotencyKey: string): Promise<Intent>;
  /** Gives back (part of) a succeeded payment. */
  refund(input: RefundInput): Promise<Refund>;
  /** Renewals: charges a saved card with the customer absent. */
  chargeOffSession(input: ChargeInput & { paymentMethodId: string }): Promise<Intent>;
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  /** Attaches a card to the customer and answers its details; throws PaymentMethodError if unknown. */
  attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<Card>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  /** Verifies a webhook signature and reduces the event; throws WebhookSignatureError when invalid. */
  parseWebhook(payload: string, signature: string | null): Promise<ProviderEvent>;
}

export class WebhookSignatureError extends Error {}
export class PaymentMethodError extends Error {}
