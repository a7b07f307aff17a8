import { z } from "zod";
import { CARD_MESSAGES, type CardBehaviour, lookupTestCard } from "./sandbox-cards";
import {
  type Card,
  type ChargeInput,
  INTENT_STATUSES,
  type Intent,
  PaymentMethodError,
  type PaymentProvider,
  type Refund,
  WebhookSignatureError,
} from "./types";

/**
 * The embedded card processor (DESIGN D8), used when no STRIPE_SECRET_KEY is configured. It keeps its
 * objects in D1 (sandbox_objects) the way Stripe keeps them on its side, and its "client" operations (what
 * Stripe.js does in the browser: create a card, confirm a payment or a setup, 3-D Secure) are exposed as
 * extra methods that the app's own card form reaches through /api/sandbox/*. Everything is test mode.
 *
 * 3-D Secure: card 4000002500003155 answers requires_action when confirmed on session. The app shows a
 * sandbox challenge with Complete and Fail buttons, which call `authenticate(clientSecret, outcome)`;
 * Complete makes the intent succeed, Fail makes it requires_payment_method with Stripe's authentication
 * error. Off session, a card that was set up for future use (saved through a SetupIntent or a payment)
 * succeeds, as Stripe documents for this number; one that was not is declined with authentication_required.
 *
 * Money moves once, as at Stripe: every charge and refund is a `charge` / `refund` object; an intent changes
 * state with a compare-and-swap of its stored JSON, so two confirms of one intent charge it once; an
 * idempotency key is claimed with an INSERT that only one request wins, and a key seen before answers the
 * first answer. A card saved by another customer is refused like a missing one.
 */

const cardSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  behaviour: z.enum(["success", "decline", "insufficient_funds", "authentication", "authentication_always"]),
  setUp: z.boolean(),
});
type SandboxCard = z.infer<typeof cardSchema>;

/** What the ledger is told of a card: never its owner or its test behaviour, as from Stripe. */
function publicCard(card: SandboxCard): Card {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}

const intentSchema = z.object({
  id: z.string(),
  clientSecret: z.string(),
  status: z.enum(INTENT_STATUSES),
  amountMinor: z.number().int(),
  currency: z.string(),
  customerId: z.string().nullable(),
  paymentMethodId: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  lastError: z.object({ type: z.string(), code: z.string().nullable(), message: z.string() }).nullable(),
});

const setupSchema = z.object({
  id: z.string(),
  clientSecret: z.string(),
  customerId: z.string(),
  status: z.enum(["requires_payment_method", "succeeded"]),
  paymentMethodId: z.string().nullable(),
});
type SandboxSetup = z.infer<typeof setupSchema>;

export interface NewCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export class SandboxCardError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function randomId(prefix: string): string {
  return `${prefix}_sbx_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
}

export function createSandboxProvider(d1: D1Database, now: () => number) {
  async function put(kind: string, id: string, customerId: string | null, data: unknown): Promise<void> {
    const t = now();
    await d1
      .prepare(
        `INSERT INTO sandbox_objects (id, kind, customer_id, data, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
         ON CONFLICT(id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
      )
      .bind(id, kind, customerId, JSON.stringify(data), t)
      .run();
  }

  async function get<S extends z.ZodType>(kind: string, id: string, schema: S): Promise<z.output<S> | null> {
    const row = await d1
      .prepare("SELECT data FROM sandbox_objects WHERE id = ?1 AND kind = ?2")
      .bind(id, kind)
      .first();
    const parsed = z.object({ data: z.string() }).safeParse(row);
    if (!parsed.success) return null;
    return schema.parse(JSON.parse(parsed.data.data));
  }

  /** Writes `next` only if the stored intent is still `prev` (byte for byte); false when another request won. */
  async function swapIntent(prev: Intent, next: Intent): Promise<boolean> {
    const res = await d1
      .prepare(
        "UPDATE sandbox_objects SET data = ?3, updated_at = ?4 WHERE id = ?1 AND kind = 'payment_intent' AND data = ?2",
      )
      .bind(prev.id, JSON.stringify(prev), JSON.stringify(next), now())
      .run();
    return res.meta.changes === 1;
  }

  /**
   * Stripe's Idempotency-Key: the first request with a key runs `work`; later ones answer its recorded
   * result (an object id read back with `answer`). The key is claimed by an INSERT only one request wins;
   * one that arrives while the first still runs is refused, as Stripe answers 409 idempotency_error.
   */
  async function once<T extends { id: string }>(
    key: string,
    customerId: string | null,
    work: () => Promise<T>,
    answer: (id: string) => Promise<T>,
  ): Promise<T> {
    const id = `idem_${key}`;
    const t = now();
    const claimed = await d1
      .prepare(
        `INSERT INTO sandbox_objects (id, kind, customer_id, data, created_at, updated_at)
         VALUES (?1, 'idempotency', ?2, '{}', ?3, ?3) ON CONFLICT(id) DO NOTHING`,
      )
      .bind(id, customerId, t)
      .run();
    if (claimed.meta.changes !== 1) {
      const known = await get(
        "idempotency",
        id,
        // intentId: what keys recorded before refunds and cancels were keyed too.
        z.object({ resultId: z.string().optional(), intentId: z.string().optional() }),
      );
      const resultId = known?.resultId ?? known?.intentId;
      if (resultId) return answer(resultId);
      throw new PaymentMethodError(
        "There is currently another in-progress request using this Idempotent Key.",
      );
    }
    try {
      const result = await work();
      await put("idempotency", id, customerId, { resultId: result.id });
      return result;
    } catch (e) {
      // A request that failed before answering frees its key (Stripe keeps only answered requests).
      await d1.prepare("DELETE FROM sandbox_objects WHERE id = ?1 AND kind = 'idempotency'").bind(id).run();
      throw e;
    }
  }

  /** Records the money a succeeded intent took (Stripe's Charge). */
  async function recordCharge(intent: Intent): Promise<void> {
    await put("charge", `ch_for_${intent.id}`, intent.customerId, {
      paymentIntentId: intent.id,
      amountMinor: intent.amountMinor,
      currency: intent.currency,
      paymentMethodId: intent.paymentMethodId,
    });
  }

  /** An intent moves from `prev` to `next` once; a charge is recorded when that move made it succeed. */
  async function moveIntent(prev: Intent, next: Intent): Promise<Intent> {
    if (!(await swapIntent(prev, next))) return getIntent(prev.id);
    if (next.status === "succeeded" && prev.status !== "succeeded") await recordCharge(next);
    return next;
  }

  async function getIntent(id: string): Promise<Intent> {
    const intent = await get("payment_intent", id, intentSchema);
    if (!intent) throw new PaymentMethodError(`No such payment_intent: ${id}`);
    return intent;
  }

  async function getCard(id: string): Promise<SandboxCard> {
    const card = await get("card", id, cardSchema);
    if (!card) throw new PaymentMethodError(`No such payment_method: ${id}`);
    return card;
  }

  /** A card another customer saved answers like a missing one (issue 11: B never pays with A's card). */
  async function cardFor(id: string, customerId: string | null): Promise<SandboxCard> {
    const card = await getCard(id);
    if (card.customerId !== null && card.customerId !== customerId) {
      throw new PaymentMethodError(`No such payment_method: ${id}`);
    }
    return card;
  }

  const REFUNDABLE = z.object({ total: z.number().nullable() });

  /** What was already given back of an intent. */
  async function refunded(intentId: string): Promise<number> {
    const row = await d1
      .prepare(
        `SELECT SUM(json_extract(data, '$.amountMinor')) AS total FROM sandbox_objects
         WHERE kind = 'refund' AND json_extract(data, '$.paymentIntentId') = ?1`,
      )
      .bind(intentId)
      .first();
    return REFUNDABLE.parse(row).total ?? 0;
  }

  const refundSchema = z.object({
    id: z.string(),
    paymentIntentId: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    status: z.enum(["succeeded", "pending", "failed"]),
  });

  async function getRefund(id: string): Promise<Refund> {
    const refund = await get("refund", id, refundSchema);
    if (!refund) throw new PaymentMethodError(`No such refund: ${id}`);
    return refund;
  }

  function declined(intent: Intent, error: { code: string; message: string }): Intent {
    return {
      ...intent,
      status: "requires_payment_method",
      lastError: { type: "card_error", code: error.code, message: error.message },
    };
  }

  /** What charging `card` does, on or off session. */
  function charge(intent: Intent, card: SandboxCard, offSession: boolean): Intent {
    const base: Intent = { ...intent, paymentMethodId: card.id, lastError: null };
    const behaviour: CardBehaviour = card.behaviour;
    if (behaviour === "decline") return declined(base, CARD_MESSAGES.decline);
    if (behaviour === "insufficient_funds") return declined(base, CARD_MESSAGES.insufficient_funds);
    if (behaviour === "authentication") {
      if (offSession) {
        return card.setUp
          ? { ...base, status: "succeeded" }
          : declined(base, CARD_MESSAGES.authenticationRequired);
      }
      return { ...base, status: "requires_action" };
    }
    if (behaviour === "authentication_always") {
      return offSession
        ? declined(base, CARD_MESSAGES.authenticationRequired)
        : { ...base, status: "requires_action" };
    }
    return { ...base, status: "succeeded" };
  }

  async function saveIntent(intent: Intent): Promise<Intent> {
    await put("payment_intent", intent.id, intent.customerId, intent);
    return intent;
  }

  /** Cards paid with on session are kept for future use (as Stripe's setup_future_usage does). */
  async function markSetUp(card: SandboxCard, customerId: string | null): Promise<void> {
    if (card.setUp && card.customerId) return;
    await put("card", card.id, card.customerId ?? customerId, {
      ...card,
      setUp: true,
      customerId: card.customerId ?? customerId,
    });
  }

  async function newIntent(input: ChargeInput): Promise<Intent> {
    const id = randomId("pi");
    return saveIntent({
      id,
      clientSecret: `${id}_secret_${crypto.randomUUID().replaceAll("-", "")}`,
      status: "requires_payment_method",
      amountMinor: input.amountMinor,
      currency: input.currency,
      customerId: input.customerId,
      paymentMethodId: null,
      metadata: input.metadata,
      lastError: null,
    });
  }

  /** Confirms on session: only an intent still waiting for a card is charged, and only once. */
  async function confirmOnce(intent: Intent, paymentMethodId: string): Promise<Intent> {
    const payable =
      intent.status === "requires_payment_method" ||
      intent.status === "requires_confirmation" ||
      intent.status === "requires_action";
    // Stripe answers payment_intent_unexpected_state; the ledger reads the intent's own status instead.
    if (!payable) return intent;
    const card = await cardFor(paymentMethodId, intent.customerId);
    const result = await moveIntent(intent, charge(intent, card, false));
    if (result.status === "succeeded" && result.paymentMethodId === card.id)
      await markSetUp(card, intent.customerId);
    return result;
  }

  const provider: PaymentProvider = {
    name: "sandbox",
    isTest: true,
    publicKey: "pk_test_sandbox",

    async createCustomer(user) {
      const id = randomId("cus");
      await put("customer", id, id, { id, email: user.email, name: user.name, userId: user.id });
      return id;
    },

    async createPaymentIntent(input: ChargeInput) {
      return once(`pi_${input.idempotencyKey}`, input.customerId, () => newIntent(input), getIntent);
    },

    retrievePaymentIntent: getIntent,

    async confirmPaymentIntent(id, paymentMethodId, idempotencyKey) {
      const intent = await getIntent(id);
      return once(
        `confirm_${idempotencyKey}`,
        intent.customerId,
        () => confirmOnce(intent, paymentMethodId),
        getIntent,
      );
    },

    async cancelPaymentIntent(id, idempotencyKey) {
      const intent = await getIntent(id);
      return once(
        `cancel_${idempotencyKey}`,
        intent.customerId,
        async () => {
          // Stripe refuses to cancel a payment already taken (or settling): the caller refunds it instead.
          if (intent.status === "succeeded" || intent.status === "processing" || intent.status === "canceled")
            return intent;
          return moveIntent(intent, { ...intent, status: "canceled", lastError: null });
        },
        getIntent,
      );
    },

    async refund(input) {
      const intent = await getIntent(input.paymentIntentId);
      return once(
        `refund_${input.idempotencyKey}`,
        intent.customerId,
        async () => {
          if (intent.status !== "succeeded") {
            throw new PaymentMethodError(`PaymentIntent ${intent.id} has no successful charge to refund.`);
          }
          const left = intent.amountMinor - (await refunded(intent.id));
          if (input.amountMinor <= 0 || input.amountMinor > left) {
            throw new PaymentMethodError(`Charge for ${intent.id} has already been refunded.`);
          }
          const refund: Refund = {
            id: randomId("re"),
            paymentIntentId: intent.id,
            amountMinor: input.amountMinor,
            currency: intent.currency,
            status: "succeeded",
          };
          await put("refund", refund.id, intent.customerId, {
            ...refund,
            reason: input.reason,
            metadata: input.metadata,
          });
          return refund;
        },
        getRefund,
      );
    },

    async chargeOffSession(input) {
      // Like Stripe's Idempotency-Key: a retried renewal charge answers the first attempt's intent.
      return once(
        input.idempotencyKey,
        input.customerId,
        async () => {
          const created = await newIntent(input);
          const card = await cardFor(input.paymentMethodId, input.customerId);
          return moveIntent(created, charge(created, card, true));
        },
        getIntent,
      );
    },

    async createSetupIntent(customerId) {
      const id = randomId("seti");
      const setup: SandboxSetup = {
        id,
        clientSecret: `${id}_secret_${crypto.randomUUID().replaceAll("-", "")}`,
        customerId,
        status: "requires_payment_method",
        paymentMethodId: null,
      };
      await put("setup_intent", id, customerId, setup);
      return { id, clientSecret: setup.clientSecret };
    },

    async attachPaymentMethod(customerId, paymentMethodId): Promise<Card> {
      const card = await getCard(paymentMethodId);
      if (card.customerId !== null && card.customerId !== customerId) {
        throw new PaymentMethodError("card of another customer");
      }
      await put("card", card.id, customerId, { ...card, customerId });
      return publicCard(card);
    },

    async detachPaymentMethod(paymentMethodId) {
      const card = await getCard(paymentMethodId);
      await put("card", card.id, null, { ...card, customerId: null });
    },

    async setDefaultPaymentMethod() {
      // The sandbox keeps no default of its own: the ledger's payment_methods.is_default is the one used.
    },

    async parseWebhook() {
      // Sandbox payments settle synchronously; there is no sender to verify.
      throw new WebhookSignatureError("the sandbox provider sends no webhooks");
    },
  };

  /** Stripe.js's createPaymentMethod: a test card becomes a payment method (unattached). */
  async function createCard(input: NewCard, at: number): Promise<Card> {
    const test = lookupTestCard(input.number);
    if (!test) throw new SandboxCardError(CARD_MESSAGES.notTestCard.code, CARD_MESSAGES.notTestCard.message);
    if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
      throw new SandboxCardError(
        CARD_MESSAGES.invalidExpiryMonth.code,
        CARD_MESSAGES.invalidExpiryMonth.message,
      );
    }
    const d = new Date(at);
    const expired =
      input.expYear < d.getUTCFullYear() ||
      (input.expYear === d.getUTCFullYear() && input.expMonth < d.getUTCMonth() + 1);
    if (expired) throw new SandboxCardError(CARD_MESSAGES.expired.code, CARD_MESSAGES.expired.message);
    const digits = input.number.replace(/[\s-]/g, "");
    const card: SandboxCard = {
      id: randomId("pm"),
      customerId: null,
      brand: test.brand,
      last4: digits.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear,
      behaviour: test.behaviour,
      setUp: false,
    };
    await put("card", card.id, null, card);
    return publicCard(card);
  }

  async function intentBySecret(clientSecret: string): Promise<Intent | null> {
    const id = clientSecret.split("_secret_")[0] ?? "";
    const intent = await get("payment_intent", id, intentSchema);
    return intent && intent.clientSecret === clientSecret ? intent : null;
  }

  /** Stripe.js's confirmCardPayment. */
  async function confirmPayment(clientSecret: string, paymentMethodId: string): Promise<Intent | null> {
    const intent = await intentBySecret(clientSecret);
    if (!intent) return null;
    return confirmOnce(intent, paymentMethodId);
  }

  /** The 3-D Secure challenge's answer. */
  async function authenticate(clientSecret: string, outcome: "complete" | "fail"): Promise<Intent | null> {
    const intent = await intentBySecret(clientSecret);
    if (!intent) return null;
    if (intent.status !== "requires_action") return intent;
    if (outcome === "fail") return moveIntent(intent, declined(intent, CARD_MESSAGES.authenticationFailed));
    const result = await moveIntent(intent, { ...intent, status: "succeeded", lastError: null });
    if (result.status === "succeeded" && intent.paymentMethodId)
      await markSetUp(await getCard(intent.paymentMethodId), intent.customerId);
    return result;
  }

  /** Stripe.js's confirmCardSetup: the card is attached to the setup's customer and set up for future use. */
  async function confirmSetup(
    clientSecret: string,
    paymentMethodId: string,
    customerId: string,
  ): Promise<SandboxSetup | null> {
    const id = clientSecret.split("_secret_")[0] ?? "";
    const setup = await get("setup_intent", id, setupSchema);
    if (!setup || setup.clientSecret !== clientSecret || setup.customerId !== customerId) return null;
    const card = await getCard(paymentMethodId);
    if (card.behaviour === "decline" || card.behaviour === "insufficient_funds") {
      // Each test card's own decline (Stripe answers 9995 with insufficient funds, not a generic decline).
      const decline = CARD_MESSAGES[card.behaviour];
      throw new SandboxCardError(decline.code, decline.message);
    }
    await put("card", card.id, setup.customerId, { ...card, customerId: setup.customerId, setUp: true });
    const done: SandboxSetup = { ...setup, status: "succeeded", paymentMethodId: card.id };
    await put("setup_intent", setup.id, setup.customerId, done);
    return done;
  }

  return { provider, createCard, confirmPayment, authenticate, confirmSetup, intentBySecret };
}

export type Sandbox = ReturnType<typeof createSandboxProvider>;
