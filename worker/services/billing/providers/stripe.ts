import Stripe from "stripe";
import {
  type Card,
  type ChargeInput,
  INTENT_STATUSES,
  type Intent,
  type IntentStatus,
  PaymentMethodError,
  type PaymentProvider,
  type ProviderEvent,
  type Refund,
  WebhookSignatureError,
} from "./types";

export interface StripeProviderConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** Tests only: a local Stripe-compatible fake instead of api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

const KNOWN: readonly IntentStatus[] = INTENT_STATUSES;

/** What is charged and to whom: the same for an intent the payment page confirms and an off-session renewal. */
function chargeParams(input: ChargeInput) {
  return {
    amount: input.amountMinor,
    currency: input.currency.toLowerCase(),
    customer: input.customerId,
    description: input.description,
    metadata: input.metadata,
    automatic_payment_methods: { enabled: true, allow_redirects: "never" as const },
  };
}

/** Stripe may add statuses; anything unknown (e.g. requires_capture, never used here) counts as processing. */
function intentStatus(status: string): IntentStatus {
  return KNOWN.find((k) => k === status) ?? "processing";
}

function toIntent(pi: Stripe.PaymentIntent): Intent {
  const err = pi.last_payment_error;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? "",
    status: intentStatus(pi.status),
    amountMinor: pi.amount,
    currency: pi.currency.toUpperCase(),
    customerId: typeof pi.customer === "string" ? pi.customer : (pi.customer?.id ?? null),
    paymentMethodId:
      typeof pi.payment_method === "string" ? pi.payment_method : (pi.payment_method?.id ?? null),
    metadata: { ...pi.metadata },
    lastError: err
      ? { type: err.type, code: err.code ?? null, message: err.message ?? "Your card was declined." }
      : null,
  };
}

/** A declined confirmation throws a card error carrying the intent; the ledger wants the intent. */
function intentFromError(e: unknown): Intent | null {
  if (!(e instanceof Stripe.errors.StripeError)) return null;
  if (e.type !== "StripeCardError" || !e.payment_intent) return null;
  const intent = toIntent(e.payment_intent);
  return { ...intent, lastError: { type: "card_error", code: e.code ?? null, message: e.message } };
}

/** A request Stripe refused because the object is in the wrong state (e.g. canceling a paid intent). */
function unexpectedState(e: unknown): boolean {
  return e instanceof Stripe.errors.StripeError && e.type === "StripeInvalidRequestError";
}

/** A card id unknown to Stripe, or another customer's, answers like a missing one. */
function missingCard(e: unknown): boolean {
  return (
    e instanceof Stripe.errors.StripeError &&
    e.type === "StripeInvalidRequestError" &&
    (e.code === "resource_missing" || e.param === "payment_method")
  );
}

function refundStatus(status: string | null): Refund["status"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    telemetry: false,
    maxNetworkRetries: 1,
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
  });
  const crypto = Stripe.createSubtleCryptoProvider();

  return {
    name: "stripe",
    isTest: config.secretKey.startsWith("sk_test_"),
    publicKey: config.publishableKey,

    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },

    async createPaymentIntent(input: ChargeInput) {
      const pi = await stripe.paymentIntents.create(
        {
          ...chargeParams(input),
          // Cards paid on the payment page are kept for renewals (off-session charges).
          setup_future_usage: "off_session",
        },
        { idempotencyKey: `pi-${input.idempotencyKey}` },
      );
      return toIntent(pi);
    },

    async retrievePaymentIntent(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    },

    async confirmPaymentIntent(id, paymentMethodId, idempotencyKey) {
      try {
        return toIntent(
          await stripe.paymentIntents.confirm(
            id,
            { payment_method: paymentMethodId },
            { idempotencyKey: `confirm-${idempotencyKey}` },
          ),
        );
      } catch (e) {
        const intent = intentFromError(e);
        if (intent) return intent;
        if (missingCard(e)) throw new PaymentMethodError(e instanceof Error ? e.message : "no such card");
        // Already paid, canceled or settling: the ledger reads the intent's own state.
        if (unexpectedState(e)) return toIntent(await stripe.paymentIntents.retrieve(id));
        throw e;
      }
    },

    async cancelPaymentIntent(id, idempotencyKey) {
      try {
        return toIntent(
          await stripe.paymentIntents.cancel(
            id,
            { cancellation_reason: "duplicate" },
            { idempotencyKey: `cancel-${idempotencyKey}` },
          ),
        );
      } catch (e) {
        // A succeeded or processing intent cannot be canceled: answered as it is, for the caller to refund.
        if (unexpectedState(e)) return toIntent(await stripe.paymentIntents.retrieve(id));
        throw e;
      }
    },

    async refund(input) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountMinor,
          reason: "duplicate",
          metadata: { ...input.metadata, reason: input.reason },
        },
        { idempotencyKey: `refund-${input.idempotencyKey}` },
      );
      return {
        id: refund.id,
        paymentIntentId: input.paymentIntentId,
        amountMinor: refund.amount,
        currency: refund.currency.toUpperCase(),
        status: refundStatus(refund.status),
      };
    },

    async chargeOffSession(input) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            ...chargeParams(input),
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
          },
          { idempotencyKey: `offsession-${input.idempotencyKey}` },
        );
        return toIntent(pi);
      } catch (e) {
        const intent = intentFromError(e);
        if (intent) return intent;
        throw e;
      }
    },

    async createSetupIntent(customerId) {
      const si = await stripe.setupIntents.create({
        customer: customerId,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        usage: "off_session",
      });
      return { id: si.id, clientSecret: si.client_secret ?? "" };
    },

    async attachPaymentMethod(customerId, paymentMethodId): Promise<Card> {
      let pm: Stripe.PaymentMethod;
      try {
        pm = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = typeof pm.customer === "string" ? pm.customer : (pm.customer?.id ?? null);
        if (owner !== null && owner !== customerId) throw new PaymentMethodError("card of another customer");
        if (owner === null)
          pm = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      } catch (e) {
        const missing =
          e instanceof Stripe.errors.StripeError && (e.statusCode === 404 || e.code === "resource_missing");
        if (missing) throw new PaymentMethodError(e.message);
        throw e;
      }
      if (!pm.card) throw new PaymentMethodError("not a card");
      return {
        id: pm.id,
        brand: pm.card.brand,
        last4: pm.card.last4,
        expMonth: pm.card.exp_month,
        expYear: pm.card.exp_year,
      };
    },

    async detachPaymentMethod(paymentMethodId) {
      await stripe.paymentMethods.detach(paymentMethodId);
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
    },

    async parseWebhook(payload, signature): Promise<ProviderEvent> {
      if (!config.webhookSecret || !signature) throw new WebhookSignatureError("missing secret or signature");
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          payload,
          signature,
          config.webhookSecret,
          undefined,
          crypto,
        );
      } catch (e) {
        throw new WebhookSignatureError(e instanceof Error ? e.message : "bad signature");
      }
      switch (event.type) {
        case "payment_intent.succeeded":
          return { id: event.id, type: "payment_succeeded", intent: toIntent(event.data.object) };
        case "payment_intent.payment_failed":
          return { id: event.id, type: "payment_failed", intent: toIntent(event.data.object) };
        default:
          return { id: event.id, type: "ignored", providerType: event.type };
      }
    },
  };
}
