import { createExecutionContext, env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createApi } from "../../worker/api";
import { createServices } from "../../worker/services/context";
import { expectError } from "./answers";
import { invoiceListSchema, newUser, subscriptionOf, subscriptionSchema } from "./billing-helpers";
import { count, firstRow } from "./d1";
import { createFakeStripe } from "./fake-stripe";
import { type ApiAnswer, chooseFree, envelope } from "./helpers";

// The `stripe` provider through the real stripe SDK (fetch HTTP client) against the FAKE Stripe API of
// fake-stripe.ts; webhooks signed with the SDK's own test helper.

const WEBHOOK_SECRET = "whsec_test_fake_secret";

function stripeWorld(now?: () => number) {
  const fake = createFakeStripe();
  const stripeEnv = {
    ...env,
    ...fake.env,
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
  const services = createServices(stripeEnv, now ? { now } : {});
  async function call(path: string, body: string, headers: Record<string, string>): Promise<ApiAnswer> {
    const req = new Request(`http://app.test${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    const res = await createApi(services).fetch(req, stripeEnv, createExecutionContext());
    return { status: res.status, body: envelope.parse(await res.json()), cookie: null, headers: res.headers };
  }
  const api = (action: string, body: unknown, cookie: string) =>
    call(`/api/${action}`, JSON.stringify(body), { cookie });
  // Only signs webhooks (no request is sent).
  const sdk = new Stripe(fake.key, { httpClient: Stripe.createFetchHttpClient() });
  async function webhook(event: unknown, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = await sdk.webhooks.generateTestHeaderStringAsync({
      payload,
      secret,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    return call("/webhooks/stripe", payload, { "stripe-signature": signature });
  }
  return { fake, services, api, webhook };
}

function ok(answer: ApiAnswer): unknown {
  if (answer.body.status !== "ok") throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

const checkoutInit = z.object({
  clientSecret: z.string(),
  paymentId: z.string(),
  publicKey: z.string(),
  isTest: z.boolean(),
});

function succeededEvent(id: string, intent: unknown) {
  return {
    id,
    object: "event",
    type: "payment_intent.succeeded",
    api_version: "2025-01-01",
    created: 1,
    livemode: false,
    data: { object: intent },
  };
}

describe("stripe provider (real SDK, fake Stripe API)", () => {
  it("checkout: intent created at Stripe, confirmed by the client, confirmed to us; the card is saved", async () => {
    const w = stripeWorld();
    const u = await newUser();
    const init = checkoutInit.parse(
      ok(await w.api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, u.cookie)),
    );
    expect(init).toMatchObject({ publicKey: "pk_test_fake", isTest: true });
    expect(init.paymentId).toMatch(/^pi_fake/);
    const created = (await w.fake.requests()).find((r) => r.path === "/v1/payment_intents");
    expect(created?.params.get("amount")).toBe("2500");
    expect(created?.params.get("currency")).toBe("usd");
    const card = await w.fake.createCard("success");
    expect((await w.fake.clientConfirm(init.paymentId, card)).status).toBe("succeeded");
    expect(
      ok(await w.api("subscribe/checkout/confirm", { paymentId: init.paymentId }, u.cookie)),
    ).toMatchObject({ status: "succeeded" });
    const sub = subscriptionSchema.parse(ok(await w.api("subscription", {}, u.cookie)));
    expect(sub).toMatchObject({ slug: "builder", credits: 30 });
    const cards = z
      .object({ list: z.array(z.unknown()) })
      .parse(ok(await w.api("payment_methods", {}, u.cookie)));
    expect(cards.list).toEqual([
      { id: card, brand: "visa", last4: "4242", exp_month: 12, exp_year: 2099, is_default: true },
    ]);
  });

  it("a declined card (server-side confirm) grants nothing and marks the invoice failed", async () => {
    const w = stripeWorld();
    const u = await newUser();
    await chooseFree(u.cookie);
    const declined = await w.fake.createCard("decline");
    const res = await w.api(
      "payment/confirm",
      { type: "addon", id: "addon-10-usd", paymentData: { paymentMethodId: declined } },
      u.cookie,
    );
    expectError(res, "PAYMENT_FAILED", "Your card was declined.");
    expect(
      await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'addon'", u.userId),
    ).toBe(0);
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = 'failed'", u.userId),
    ).toBe(1);
    const poor = await w.fake.createCard("insufficient_funds");
    const again = await w.api(
      "payment/confirm",
      { type: "addon", id: "addon-10-usd", paymentData: { paymentMethodId: poor } },
      u.cookie,
    );
    expectError(again, "PAYMENT_FAILED", "Your card has insufficient funds.");
  });

  it("8 add-on confirms at once with a saved card: one PaymentIntent charged, keyed by the attempt", async () => {
    const w = stripeWorld();
    const u = await newUser();
    await chooseFree(u.cookie);
    const card = await w.fake.createCard("success");
    ok(await w.api("payment_method_attach", { payment_method_id: card }, u.cookie));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        w.api(
          "payment/confirm",
          { type: "addon", id: "addon-10-usd", paymentData: { paymentMethodId: card } },
          u.cookie,
        ),
      ),
    );
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = 'paid'", u.userId),
    ).toBe(1);
    for (const a of answers) expect(a.body).toMatchObject({ status: "ok" });
    const invoice = await firstRow(
      z.object({ id: z.string(), provider_payment_id: z.string() }),
      "SELECT id, provider_payment_id FROM invoices WHERE user_id = ?1 AND status = 'paid'",
      u.userId,
    );
    const paidAtStripe = (await w.fake.intents()).filter(
      (i) => i.status === "succeeded" && i.payment_method === card,
    );
    expect(paidAtStripe.map((i) => i.id)).toEqual([invoice.provider_payment_id]);
    // Every confirm Stripe saw carried the attempt's key: a retry of it is answered, never charged again.
    const confirms = (await w.fake.requests()).filter(
      (r) => r.path === `/v1/payment_intents/${invoice.provider_payment_id}/confirm`,
    );
    expect(confirms.length).toBeGreaterThanOrEqual(1);
    for (const r of confirms) expect(r.idempotencyKey).toBe(`confirm-${invoice.id}-attempt-0`);
    expect(
      await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'addon'", u.userId),
    ).toBe(1);
  });

  it("webhook payment_intent.succeeded fulfils once; the same event twice changes nothing; bad signature is 400", async () => {
    const w = stripeWorld();
    const u = await newUser();
    const init = checkoutInit.parse(
      ok(await w.api("subscribe/checkout/initiate", { pid: "pro-monthly-usd" }, u.cookie)),
    );
    const intent = await w.fake.clientConfirm(init.paymentId, await w.fake.createCard("success"));
    const event = succeededEvent(`evt_${u.userId}`, intent);

    const first = await w.webhook(event);
    expect(ok(first)).toMatchObject({ received: true, duplicate: false, result: "fulfilled" });
    const snapshot = async () => ({
      grants: await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId),
      movements: await count("SELECT COUNT(*) AS n FROM credit_movements WHERE user_id = ?1", u.userId),
      subs: await count("SELECT COUNT(*) AS n FROM subscriptions WHERE user_id = ?1", u.userId),
      paid: await count(
        "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = 'paid'",
        u.userId,
      ),
    });
    const after = await snapshot();
    expect(after).toEqual({ grants: 1, movements: 1, subs: 1, paid: 1 });

    expect(ok(await w.webhook(event))).toMatchObject({ duplicate: true });
    expect(await snapshot()).toEqual(after);
    // A second delivery under another event id is still applied once (the invoice is claimed once).
    expect(ok(await w.webhook(succeededEvent(`evt2_${u.userId}`, intent)))).toMatchObject({
      result: "unchanged",
    });
    // The client's confirm after the webhook answers success without granting again.
    expect(
      ok(await w.api("subscribe/checkout/confirm", { paymentId: init.paymentId }, u.cookie)),
    ).toMatchObject({ status: "succeeded" });
    expect(await snapshot()).toEqual(after);

    const forged = await w.webhook(succeededEvent(`evt3_${u.userId}`, intent), "whsec_wrong");
    expect(forged.status).toBe(400);
    expectError(forged, "WEBHOOK_SIGNATURE_INVALID");
    const unsigned = await w.api("../webhooks/stripe", {}, u.cookie);
    expect(unsigned.status).toBe(400);
  });

  it("a second checkout paid in another tab is refunded through Stripe, acknowledged, and grants nothing twice", async () => {
    const w = stripeWorld();
    const u = await newUser();
    const builder = checkoutInit.parse(
      ok(await w.api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, u.cookie)),
    );
    const pro = checkoutInit.parse(
      ok(await w.api("subscribe/checkout/initiate", { pid: "pro-monthly-usd" }, u.cookie)),
    );
    const first = await w.fake.clientConfirm(builder.paymentId, await w.fake.createCard("success"));
    const second = await w.fake.clientConfirm(pro.paymentId, await w.fake.createCard("success"));
    expect(ok(await w.webhook(succeededEvent(`evt_a_${u.userId}`, first)))).toMatchObject({
      result: "fulfilled",
    });
    // Stripe redelivers any answer but 2xx for days: the paid duplicate is answered, and refunded once.
    const late = await w.webhook(succeededEvent(`evt_b_${u.userId}`, second));
    expect(late.status).toBe(200);
    expect(ok(late)).toMatchObject({ received: true, result: "refunded" });
    expect(ok(await w.webhook(succeededEvent(`evt_c_${u.userId}`, second)))).toMatchObject({
      result: "refunded",
    });
    expect(await count("SELECT COUNT(*) AS n FROM subscriptions WHERE user_id = ?1", u.userId)).toBe(1);
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "builder" });
    expect(await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId)).toBe(1);
    // One refund at Stripe, of the whole Pro payment, made with an idempotency key; the ledger records it.
    const refunds = (await w.fake.refunds()).filter((r) => r.payment_intent === second.id);
    expect(refunds).toEqual([expect.objectContaining({ amount: second.amount, reason: "duplicate" })]);
    expect((await w.fake.refunds()).some((r) => r.payment_intent === first.id)).toBe(false);
    const refundCalls = (await w.fake.requests()).filter((r) => r.path === "/v1/refunds");
    expect(refundCalls.length).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM refunds WHERE user_id = ?1 AND status = 'succeeded' AND provider_payment_id = ?2 AND amount_minor = ?3",
        u.userId,
        second.id,
        second.amount,
      ),
    ).toBe(1);
    // The user sees it: the Pro invoice reads Refunded, with the reason.
    const list = invoiceListSchema.parse(ok(await w.api("user/invoices", {}, u.cookie))).list;
    expect(list).toContainEqual(
      expect.objectContaining({
        status: "refunded",
        statusLabel: "Refunded",
        amountMinor: second.amount,
        note: expect.stringMatching(/^Refunded: /),
      }),
    );
    expect(list.filter((i) => i.status === "paid")).toHaveLength(1);
  });

  it("webhook payment_intent.payment_failed marks the invoice failed and grants nothing", async () => {
    const w = stripeWorld();
    const u = await newUser();
    const init = checkoutInit.parse(
      ok(await w.api("subscribe/checkout/initiate", { pid: "builder-yearly-usd" }, u.cookie)),
    );
    // Opening the checkout twice reuses the same draft invoice and intent.
    const again = checkoutInit.parse(
      ok(await w.api("subscribe/checkout/initiate", { pid: "builder-yearly-usd" }, u.cookie)),
    );
    expect(again.paymentId).toBe(init.paymentId);
    const intent = await w.fake.clientConfirm(init.paymentId, await w.fake.createCard("insufficient_funds"));
    const event = { ...succeededEvent(`evtf_${u.userId}`, intent), type: "payment_intent.payment_failed" };
    expect(ok(await w.webhook(event))).toMatchObject({ result: "failed" });
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = 'failed'", u.userId),
    ).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId)).toBe(0);
    expectError(
      await w.api("subscribe/checkout/confirm", { paymentId: init.paymentId }, u.cookie),
      "PAYMENT_FAILED",
      "Your card has insufficient funds.",
    );
  });

  it("a checkout still processing is a pending subscription (SUBSCRIPTION_PENDING) until the webhook settles it", async () => {
    const w = stripeWorld();
    const u = await newUser();
    const init = checkoutInit.parse(
      ok(await w.api("subscribe/checkout/initiate", { pid: "pro-yearly-eur" }, u.cookie)),
    );
    const intent = await w.fake.clientConfirm(init.paymentId, await w.fake.createCard("processing"));
    expect(intent.status).toBe("processing");
    expect(
      ok(await w.api("subscribe/checkout/confirm", { paymentId: init.paymentId }, u.cookie)),
    ).toMatchObject({
      status: "processing",
    });
    const pending = subscriptionSchema.parse(ok(await w.api("subscription", {}, u.cookie)));
    expect(pending).toMatchObject({ status: "pending", slug: "pro", credits: 0 });
    const message = "Subscription is pending. Please check your account to proceed.";
    expectError(await w.api("addon/list", {}, u.cookie), "SUBSCRIPTION_PENDING", message);
    expectError(
      await w.api("subscribe/initiate", { pid: "builder-monthly-eur" }, u.cookie),
      "SUBSCRIPTION_PENDING",
      message,
    );
    expectError(await w.api("subscription/cancel", {}, u.cookie), "SUBSCRIPTION_PENDING", message);

    const settled = { ...intent, status: "succeeded" };
    expect(ok(await w.webhook(succeededEvent(`evtp_${u.userId}`, settled)))).toMatchObject({
      result: "fulfilled",
    });
    const active = subscriptionSchema.parse(ok(await w.api("subscription", {}, u.cookie)));
    expect(active).toMatchObject({
      status: "active",
      slug: "pro",
      credits: 1200,
      userProductId: pending.userProductId,
    });
    expect(await count("SELECT COUNT(*) AS n FROM subscriptions WHERE user_id = ?1", u.userId)).toBe(1);
  });

  it("a renewal paid off session cancels the superseded upgrade's intent at Stripe; one paid meanwhile is refunded and logged", async () => {
    const w = stripeWorld();
    /** A Builder subscriber (card saved by the checkout) who opened the Pro upgrade's payment page. */
    async function upgradePageOpen() {
      const u = await newUser();
      const init = checkoutInit.parse(
        ok(await w.api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, u.cookie)),
      );
      await w.fake.clientConfirm(init.paymentId, await w.fake.createCard("success"));
      ok(await w.api("subscribe/checkout/confirm", { paymentId: init.paymentId }, u.cookie));
      const upgrade = z
        .object({ paymentIntentId: z.string() })
        .parse(ok(await w.api("payment/initiate", { type: "upgrade", id: "pro-monthly-usd" }, u.cookie)));
      const end = Date.parse(
        subscriptionSchema.parse(ok(await w.api("subscription", {}, u.cookie))).expiresAt,
      );
      return { u, intentId: upgrade.paymentIntentId, end };
    }
    const intentStatus = async (id: string) => (await w.fake.intents()).find((i) => i.id === id)?.status;
    const invoiceOf = async (intentId: string) =>
      await firstRow(
        z.object({ status: z.string(), note: z.string().nullable() }),
        "SELECT status, note FROM invoices WHERE provider_payment_id = ?1",
        intentId,
      );

    // Left open: the renewal voids the upgrade and cancels its intent, so the old tab can no longer pay it.
    const open = await upgradePageOpen();
    await w.services.billing.renewals.run(open.end + 60_000);
    expect(await invoiceOf(open.intentId)).toMatchObject({ status: "void" });
    expect(await intentStatus(open.intentId)).toBe("canceled");
    const late = await w.fake.clientConfirm(open.intentId, await w.fake.createCard("success"));
    expect(late.status).toBe("canceled");
    expect(await subscriptionOf(open.u.cookie)).toMatchObject({ slug: "builder" });

    // Paid in the browser but never confirmed to us when the renewal ran: that money goes back, with a log line.
    const paid = await upgradePageOpen();
    const taken = await w.fake.clientConfirm(paid.intentId, await w.fake.createCard("success"));
    expect(taken.status).toBe("succeeded");
    const warned = vi.spyOn(console, "warn");
    try {
      await w.services.billing.renewals.run(paid.end + 60_000);
      expect(warned.mock.calls.map((c) => String(c[0]))).toContainEqual(
        expect.stringMatching(
          new RegExp(`"event":"billing.payment_refunded".*"intentId":"${paid.intentId}"`),
        ),
      );
    } finally {
      warned.mockRestore();
    }
    expect((await w.fake.refunds()).filter((r) => r.payment_intent === paid.intentId)).toEqual([
      expect.objectContaining({ amount: taken.amount }),
    ]);
    expect(await invoiceOf(paid.intentId)).toMatchObject({
      status: "refunded",
      note: "Refunded: your plan had already changed when this payment went through.",
    });
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM refunds WHERE user_id = ?1 AND provider_payment_id = ?2 AND status = 'succeeded'",
        paid.u.userId,
        paid.intentId,
      ),
    ).toBe(1);
    expect(await subscriptionOf(paid.u.cookie)).toMatchObject({ slug: "builder" });
  });

  it("renewal charges the saved card off session once, on a fixed clock; a decline fails, then falls back to Free", async () => {
    const w = stripeWorld();
    const u = await newUser();
    const init = checkoutInit.parse(
      ok(await w.api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, u.cookie)),
    );
    await w.fake.clientConfirm(init.paymentId, await w.fake.createCard("success"));
    ok(await w.api("subscribe/checkout/confirm", { paymentId: init.paymentId }, u.cookie));
    const sub = subscriptionSchema.parse(ok(await w.api("subscription", {}, u.cookie)));
    const end = Date.parse(sub.expiresAt);

    const at = end + 60_000;
    const report = await w.services.billing.renewals.run(at);
    expect(report.charged).toBeGreaterThanOrEqual(1);
    // Storage is shared within the file: other tests' subscriptions are due too, so count this user's charges.
    const charges = async () =>
      (await w.fake.requests()).filter(
        (r) =>
          r.path === "/v1/payment_intents" &&
          r.params.get("off_session") === "true" &&
          r.params.get("metadata[userId]") === u.userId,
      );
    expect(await charges()).toHaveLength(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal' AND status = 'paid'",
        u.userId,
      ),
    ).toBe(1);
    await w.services.billing.renewals.run(at);
    expect(await charges()).toHaveLength(1);

    // Next period with a declining default card.
    const declined = await w.fake.createCard("decline");
    ok(await w.api("payment_method_attach", { payment_method_id: declined }, u.cookie));
    ok(await w.api("payment_method_default", { payment_method_id: declined }, u.cookie));
    const row = await firstRow(
      z.object({ period_end: z.number() }),
      "SELECT period_end FROM subscriptions WHERE user_id = ?1 AND status = 'active'",
      u.userId,
    );
    const at2 = row.period_end + 60_000;
    await w.services.billing.renewals.run(at2);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal' AND status = 'failed'",
        u.userId,
      ),
    ).toBe(1);
    const grantsBefore = await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId);
    await w.services.billing.renewals.run(at2 + 86_400_000);
    expect(await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId)).toBe(
      grantsBefore,
    );
    // After the 3-day grace period: overdue, and the plan falls back to Free.
    await w.services.billing.renewals.run(row.period_end + 3 * 86_400_000 + 60_000);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal' AND status = 'overdue'",
        u.userId,
      ),
    ).toBe(1);
    const fallen = await firstRow(
      z.object({ plan_slug: z.string() }),
      "SELECT plan_slug FROM subscriptions WHERE user_id = ?1 AND status = 'active'",
      u.userId,
    );
    expect(fallen.plan_slug).toBe("free");
  });
});
