/**
 * FAKE Stripe API, for tests only: the state and answers of a Stripe-compatible server for one API key (a
 * "world", so that test files running at once never see each other's customers or intents). server.ts
 * serves it over HTTP on 127.0.0.1 for the real stripe SDK (23) that the `stripe` provider builds with
 * STRIPE_API_HOST/PORT/PROTOCOL. It answers only the endpoints the provider calls, in Stripe's JSON shapes
 * and form-encoded requests.
 *
 * Test cards are payment methods made by `createCard(kind)`; `clientConfirm` plays Stripe.js confirming an
 * intent in the browser (confirmCardPayment). Idempotency-Key is honoured, as Stripe does. As at Stripe, an
 * intent is charged at most once (confirming one that is no longer waiting for a card is refused with
 * payment_intent_unexpected_state), a succeeded intent cannot be canceled, refunds never exceed the charge,
 * and a card attached to another customer is refused.
 */

export type Behaviour = "success" | "decline" | "insufficient_funds" | "authentication" | "processing";

interface FakeCard {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  behaviour: Behaviour;
  setUp: boolean;
}

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  client_secret: string;
  status: string;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  setup_future_usage: string | null;
  livemode: false;
}

const CARDS: Record<Behaviour, { last4: string }> = {
  success: { last4: "4242" },
  decline: { last4: "0002" },
  insufficient_funds: { last4: "9995" },
  authentication: { last4: "3155" },
  // Settles later, through a webhook (as asynchronous payment methods do).
  processing: { last4: "0077" },
};

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: "succeeded";
}

const PAYABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);

function invalid(message: string, code: string, param?: string) {
  return {
    status: 400,
    body: { error: { type: "invalid_request_error", code, message, ...(param ? { param } : {}) } },
  };
}

export interface FakeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}

export function createFakeStripeWorld() {
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++seq).toString(36)}`;
  const customers = new Map<
    string,
    { id: string; object: "customer"; email: string | null; default_pm: string | null }
  >();
  const cards = new Map<string, FakeCard>();
  const intents = new Map<string, FakeIntent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const refunds: FakeRefund[] = [];
  const requests: FakeRequest[] = [];

  function metadataOf(params: URLSearchParams): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of params) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) out[m[1]] = v;
    }
    return out;
  }

  /** Charges `intent` with `card`: Stripe's documented outcomes of the test cards. */
  function charge(
    intent: FakeIntent,
    card: FakeCard,
    offSession: boolean,
  ): { status: number; body: unknown } {
    intent.payment_method = card.id;
    const decline = (code: string, message: string, decline_code?: string) => {
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        type: "card_error",
        code,
        message,
        ...(decline_code ? { decline_code } : {}),
      };
      return {
        status: 402,
        body: { error: { ...intent.last_payment_error, payment_intent: { ...intent } } },
      };
    };
    if (card.behaviour === "decline")
      return decline("card_declined", "Your card was declined.", "generic_decline");
    if (card.behaviour === "insufficient_funds") {
      return decline("card_declined", "Your card has insufficient funds.", "insufficient_funds");
    }
    if (card.behaviour === "authentication" && !(offSession && card.setUp)) {
      if (offSession)
        return decline(
          "authentication_required",
          "Your card was declined. This transaction requires authentication.",
        );
      intent.status = "requires_action";
      intent.last_payment_error = null;
      return { status: 200, body: { ...intent } };
    }
    intent.status = card.behaviour === "processing" ? "processing" : "succeeded";
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer) {
      card.customer = intent.customer;
      card.setUp = true;
    }
    return { status: 200, body: { ...intent } };
  }

  function route(method: string, path: string, params: URLSearchParams): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/customers") {
      const c = {
        id: nextId("cus"),
        object: "customer" as const,
        email: params.get("email"),
        default_pm: null,
      };
      customers.set(c.id, c);
      return { status: 200, body: { ...c, invoice_settings: { default_payment_method: null } } };
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === "POST" && customerPath) {
      const m = customerPath;
      const c = customers.get(m[1] ?? "");
      if (!c)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", message: "No such customer" } },
        };
      c.default_pm = params.get("invoice_settings[default_payment_method]") ?? c.default_pm;
      return { status: 200, body: { ...c, invoice_settings: { default_payment_method: c.default_pm } } };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const id = nextId("pi");
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: Number(params.get("amount")),
        currency: params.get("currency") ?? "usd",
        customer: params.get("customer"),
        description: params.get("description"),
        client_secret: `${id}_secret_${nextId("s")}`,
        status: "requires_payment_method",
        payment_method: null,
        metadata: metadataOf(params),
        last_payment_error: null,
        setup_future_usage: params.get("setup_future_usage"),
        livemode: false,
      };
      intents.set(id, intent);
      if (params.get("confirm") === "true") {
        const card = cards.get(params.get("payment_method") ?? "");
        if (!card)
          return {
            status: 400,
            body: { error: { type: "invalid_request_error", message: "No such PaymentMethod" } },
          };
        return charge(intent, card, params.get("off_session") === "true");
      }
      return { status: 200, body: { ...intent } };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path);
    if (intentPath) {
      const m = intentPath;
      const intent = intents.get(m[1] ?? "");
      if (!intent)
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", message: "No such payment_intent" } },
        };
      if (method === "GET") return { status: 200, body: { ...intent } };
      if (m[2] === "/cancel") {
        if (!PAYABLE.has(intent.status)) {
          return invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            "payment_intent_unexpected_state",
          );
        }
        intent.status = "canceled";
        return { status: 200, body: { ...intent } };
      }
      if (m[2] === "/confirm") {
        if (!PAYABLE.has(intent.status)) {
          return invalid(
            `This PaymentIntent's status is ${intent.status}; it cannot be confirmed.`,
            "payment_intent_unexpected_state",
          );
        }
        const card = cards.get(params.get("payment_method") ?? intent.payment_method ?? "");
        if (!card || (card.customer !== null && card.customer !== intent.customer))
          return invalid("No such PaymentMethod", "resource_missing", "payment_method");
        return charge(intent, card, false);
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(params.get("payment_intent") ?? "");
      if (!intent) return invalid("No such payment_intent", "resource_missing", "payment_intent");
      if (intent.status !== "succeeded") {
        return invalid(
          `PaymentIntent ${intent.id} does not have a successful charge to refund.`,
          "charge_not_refundable",
        );
      }
      const done = refunds.filter((r) => r.payment_intent === intent.id).reduce((n, r) => n + r.amount, 0);
      const amount = params.has("amount") ? Number(params.get("amount")) : intent.amount - done;
      if (!(amount > 0) || amount > intent.amount - done) {
        return invalid(`Charge for ${intent.id} has already been refunded.`, "charge_already_refunded");
      }
      const refund: FakeRefund = {
        id: nextId("re"),
        object: "refund",
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        reason: params.get("reason"),
        metadata: metadataOf(params),
        status: "succeeded",
      };
      refunds.push(refund);
      return { status: 200, body: { ...refund } };
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      const id = nextId("seti");
      return {
        status: 200,
        body: {
          id,
          object: "setup_intent",
          client_secret: `${id}_secret_x`,
          customer: params.get("customer"),
          status: "requires_payment_method",
        },
      };
    }
    const pmPath = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path);
    if (pmPath) {
      const m = pmPath;
      const card = cards.get(m[1] ?? "");
      if (!card)
        return {
          status: 404,
          body: {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: "No such PaymentMethod",
            },
          },
        };
      if (m[2] === "/attach") card.customer = params.get("customer");
      if (m[2] === "/detach") card.customer = null;
      const { behaviour: _b, setUp: _s, ...pm } = card;
      return { status: 200, body: pm };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `fake stripe: no route ${method} ${path}` } },
    };
  }

  /** One API request: `headers` are the request's (Authorization, Idempotency-Key). */
  function handle(method: string, path: string, params: URLSearchParams, headers: Headers) {
    requests.push({ method, path, params, idempotencyKey: headers.get("idempotency-key") });
    if (!headers.get("authorization")?.startsWith("Bearer sk_test_")) {
      return {
        status: 401,
        body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } },
      };
    }
    const key = headers.get("idempotency-key");
    const known = key ? idempotent.get(key) : undefined;
    if (known) return known;
    const answer = route(method, path, params);
    if (key && method === "POST") idempotent.set(key, answer);
    return answer;
  }

  return {
    handle,
    requests,
    intents,
    refunds,
    /** A test card as Stripe.js would create it in the browser (not attached to anyone). */
    createCard(behaviour: Behaviour = "success"): string {
      const id = nextId("pm");
      cards.set(id, {
        id,
        object: "payment_method",
        type: "card",
        customer: null,
        card: { brand: "visa", last4: CARDS[behaviour].last4, exp_month: 12, exp_year: 2099 },
        behaviour,
        setUp: false,
      });
      return id;
    },
    /** Stripe.js's confirmCardPayment in the browser. */
    clientConfirm(intentId: string, paymentMethodId: string): FakeIntent {
      const intent = intents.get(intentId);
      const card = cards.get(paymentMethodId);
      if (!intent || !card) throw new Error("fake stripe: unknown intent or card");
      // Stripe.js cannot pay an intent that was canceled or already paid: it stays as it is.
      if (PAYABLE.has(intent.status)) charge(intent, card, false);
      return { ...intent };
    },
  };
}

export type FakeStripeWorld = ReturnType<typeof createFakeStripeWorld>;
