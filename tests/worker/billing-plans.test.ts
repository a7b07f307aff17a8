import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createServices } from "../../worker/services/context";
import { data, expectError, parsed } from "./answers";
import { newUser, subscriptionOf } from "./billing-helpers";
import { count, firstRow } from "./d1";
import { api, chooseFree, env } from "./helpers";
import { CARDS, checkout, sandboxCard, subscribePaid } from "./sandbox-checkout";

// Credits, plan changes and the error catalogue of spec 3 s8, with the sandbox provider.

describe("credits", () => {
  it("10 concurrent consumes on a 3-credit balance: exactly 3 succeed, the rest are INSUFFICIENT_CREDITS", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const { credits } = createServices(env);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => credits.consume(u.userId, 1, `test generation ${i}`)),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused)
      expect(r.status === "rejected" && r.reason).toMatchObject({ code: "INSUFFICIENT_CREDITS" });
    expect(
      await count("SELECT used AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'plan'", u.userId),
    ).toBe(3);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM credit_movements WHERE user_id = ?1 AND kind = 'consume'",
        u.userId,
      ),
    ).toBe(3);
  });

  it("takes plan credits first, then the add-on that expires soonest, all or nothing", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const t = Date.now();
    const grant = (id: string, credits: number, expiresAt: number) =>
      env.DB.prepare(
        `INSERT INTO credit_grants (id, user_id, kind, product_pid, name, credits, used, granted_at, expires_at, status, amount_minor, currency, created_at)
         VALUES (?1, ?2, 'addon', 'addon-10-usd', '10 Credits', ?3, 0, ?4, ?5, 'active', 500, 'USD', ?4)`,
      )
        .bind(id, u.userId, credits, t - 1000, expiresAt)
        .run();
    await grant(`late-${u.userId}`, 10, t + 90 * 86_400_000);
    await grant(`soon-${u.userId}`, 2, t + 5 * 86_400_000);
    const { credits } = createServices(env);
    const first = await credits.consume(u.userId, 4, "generation");
    expect(first.movements).toEqual([
      { source: "plan", amount: 3 },
      { source: "addon", addonId: `soon-${u.userId}`, amount: 1 },
    ]);
    await expect(credits.consume(u.userId, 12, "too much")).rejects.toMatchObject({
      code: "INSUFFICIENT_CREDITS",
    });
    // Nothing moved by the refused attempt.
    expect((await credits.balance(u.userId)).remaining).toBe(11);
    const reasons = await env.DB.prepare(
      "SELECT reason FROM credit_movements WHERE user_id = ?1 AND kind = 'consume'",
    )
      .bind(u.userId)
      .all();
    expect(reasons.results).toHaveLength(2);
  });

  it("limits(userId) answers the plan's limits for the pipeline", async () => {
    const u = await newUser();
    const { credits } = createServices(env);
    await chooseFree(u.cookie);
    expect(await credits.limits(u.userId)).toMatchObject({
      slug: "free",
      maxStrategies: 1,
      maxCodeLines: 1000,
    });
  });

  it("consume through an unlimited plan never refuses", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "quant-monthly-usd");
    const { credits } = createServices(env);
    await credits.consume(u.userId, 500, "bulk");
    expect(await subscriptionOf(u.cookie)).toMatchObject({ credits: -1, creditsUsage: 500 });
  });
});

describe("plan changes", () => {
  it("Free cannot cancel; a paid plan cancels at period end, blocks changes, and reverts", async () => {
    const free = await newUser();
    await chooseFree(free.cookie);
    expectError(await api("subscription/cancel", {}, { cookie: free.cookie }), "FREE_PLAN_CANNOT_CANCEL");

    const u = await newUser();
    await subscribePaid(u.cookie, "pro-monthly-eur");
    expect(data(await api("subscription/cancel", {}, { cookie: u.cookie }))).toEqual({});
    expect(await subscriptionOf(u.cookie)).toMatchObject({
      slug: "pro",
      cancelationRequested: true,
      action: { targetPid: "free-monthly-eur", targetProductName: "Free" },
    });
    expectError(await api("subscription/cancel", {}, { cookie: u.cookie }), "CANCELATION_PENDING");
    expectError(await api("subscription/change/list", {}, { cookie: u.cookie }), "CANCELATION_PENDING");
    expectError(
      await api("subscription/downgrade", { pid: "builder-monthly-eur" }, { cookie: u.cookie }),
      "CANCELATION_PENDING",
    );
    expectError(
      await api("payment/initiate", { type: "upgrade", id: "quant-monthly-eur" }, { cookie: u.cookie }),
      "CANCELATION_PENDING",
    );
    expect(data(await api("subscription/cancel/revert", {}, { cookie: u.cookie }))).toEqual({});
    expect(await subscriptionOf(u.cookie)).toMatchObject({ cancelationRequested: false, action: null });
  });

  it("change list, downgrade at period end, PRODUCT_CHANGE_NOT_ALLOWED for another currency or cycle", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "pro-monthly-usd");
    const list = parsed(
      await api("subscription/change/list", {}, { cookie: u.cookie }),
      z.object({
        products: z.array(z.object({ pid: z.string(), action: z.string() })),
        showBillingToggle: z.boolean(),
      }),
    );
    expect(list.showBillingToggle).toBe(true);
    expect(list.products.filter((p) => p.pid.includes("monthly"))).toEqual([
      expect.objectContaining({ pid: "builder-monthly-usd", action: "downgrade" }),
      expect.objectContaining({ pid: "pro-monthly-usd", action: "current" }),
      expect.objectContaining({ pid: "quant-monthly-usd", action: "upgrade" }),
    ]);
    const notAllowed = "This plan change is not allowed due to currency or billing cycle restrictions.";
    expectError(
      await api("subscription/downgrade", { pid: "builder-monthly-eur" }, { cookie: u.cookie }),
      "PRODUCT_CHANGE_NOT_ALLOWED",
      notAllowed,
    );
    expectError(
      await api("subscription/downgrade", { pid: "quant-monthly-usd" }, { cookie: u.cookie }),
      "PRODUCT_CHANGE_NOT_ALLOWED",
      notAllowed,
    );
    expectError(
      await api("payment/initiate", { type: "upgrade", id: "quant-yearly-eur" }, { cookie: u.cookie }),
      "PRODUCT_CHANGE_NOT_ALLOWED",
      notAllowed,
    );
    expectError(
      await api("subscription/downgrade", { pid: "nope" }, { cookie: u.cookie }),
      "PRODUCT_NOT_FOUND",
    );
    expect(
      data(await api("subscription/downgrade", { pid: "builder-monthly-usd" }, { cookie: u.cookie })),
    ).toEqual({});
    expect(await subscriptionOf(u.cookie)).toMatchObject({
      slug: "pro",
      action: { targetPid: "builder-monthly-usd" },
    });
  });

  it("an upgrade is prorated and paid with the saved card; the plan changes now", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-usd");
    const init = parsed(
      await api("payment/initiate", { type: "upgrade", id: "pro-monthly-usd" }, { cookie: u.cookie }),
      z.object({
        product: z.object({
          isProrata: z.boolean(),
          daysRemaining: z.number(),
          price: z.number(),
          regularPrice: z.number(),
        }),
        paymentMethods: z.array(z.object({ id: z.string() })),
      }),
    );
    expect(init.product.isProrata).toBe(true);
    expect(init.product.regularPrice).toBe(60);
    // Just subscribed: the whole period remains, so pay today is the price difference (60 - 25).
    expect(init.product.price).toBe(35);
    const card = init.paymentMethods[0];
    if (!card) throw new Error("no saved card");
    const paid = await api(
      "payment/confirm",
      { type: "upgrade", id: "pro-monthly-usd", paymentData: { paymentMethodId: card.id } },
      { cookie: u.cookie },
    );
    expect(data(paid)).toMatchObject({ status: "succeeded" });
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "pro", credits: 100 });
  });
});

describe("superseded payment attempts", () => {
  const statusOf = async (id: string) =>
    (await firstRow(z.object({ status: z.string() }), "SELECT status FROM invoices WHERE id = ?1", id))
      .status;
  const failedInvoice = async (userId: string, kind: string) =>
    (
      await firstRow(
        z.object({ id: z.string() }),
        "SELECT id FROM invoices WHERE user_id = ?1 AND kind = ?2 AND status = 'failed'",
        userId,
        kind,
      )
    ).id;

  it("a declined checkout is cancelled once another card subscribes, and can no longer be paid", async () => {
    const u = await newUser();
    const { init } = await checkout(u.cookie, "pro-monthly-usd", CARDS.declined);
    await api("subscribe/checkout/confirm", { paymentId: init.paymentId }, { cookie: u.cookie });
    const declined = await failedInvoice(u.userId, "subscribe");
    await subscribePaid(u.cookie, "builder-monthly-usd");
    expect(await statusOf(declined)).toBe("void");
    const invoices = parsed(
      await api("user/invoices", {}, { cookie: u.cookie }),
      z.object({ list: z.array(z.object({ invoiceId: z.string(), status: z.string() })) }),
    );
    expect(invoices.list.find((i) => i.invoiceId === declined)?.status).toBe("void");
    expectError(
      await api("payment/initiate", { type: "invoice", id: declined }, { cookie: u.cookie }),
      "INVOICE_STATUS_INVALID",
      "This invoice cannot be paid at this time",
    );
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "builder" });
  });

  it("a declined upgrade cannot be paid again after the upgrade went through with another card", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-usd");
    const poor = await sandboxCard(u.cookie, CARDS.declined);
    const refused = await api(
      "payment/confirm",
      { type: "upgrade", id: "pro-monthly-usd", paymentData: { paymentMethodId: poor } },
      { cookie: u.cookie },
    );
    expect(refused.body.status).toBe("error");
    const declined = await failedInvoice(u.userId, "upgrade");
    // Before the upgrade succeeds the failed attempt is still the user's to pay (Pay Now).
    expect(
      data(await api("payment/initiate", { type: "invoice", id: declined }, { cookie: u.cookie })),
    ).toMatchObject({ product: { type: "invoice" } });
    const good = await sandboxCard(u.cookie, CARDS.visa);
    const paid = await api(
      "payment/confirm",
      { type: "upgrade", id: "pro-monthly-usd", paymentData: { paymentMethodId: good } },
      { cookie: u.cookie },
    );
    expect(data(paid)).toMatchObject({ status: "succeeded" });
    expect(await statusOf(declined)).toBe("void");
    expectError(
      await api("payment/initiate", { type: "invoice", id: declined }, { cookie: u.cookie }),
      "INVOICE_STATUS_INVALID",
    );
    const upgrades = await count(
      "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'upgrade' AND status = 'paid'",
      u.userId,
    );
    expect(upgrades).toBe(1);
  });
});

describe("error catalogue", () => {
  it("invoices: INVOICE_ALREADY_PAID, INVOICE_STATUS_INVALID, and another user's invoice is not found", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-usd");
    const list = parsed(
      await api("user/invoices", {}, { cookie: u.cookie }),
      z.object({ list: z.array(z.object({ invoiceId: z.string() })) }),
    );
    const paidId = list.list[0]?.invoiceId ?? "";
    expectError(
      await api("payment/initiate", { type: "invoice", id: paidId }, { cookie: u.cookie }),
      "INVOICE_ALREADY_PAID",
      "This invoice has already been paid",
    );
    // A draft (a payment page opened, never paid) cannot be paid as an invoice.
    await api("payment/initiate", { type: "addon", id: "addon-50-usd" }, { cookie: u.cookie });
    const draft = await env.DB.prepare("SELECT id FROM invoices WHERE user_id = ?1 AND status = 'draft'")
      .bind(u.userId)
      .first();
    const draftId = z.object({ id: z.string() }).parse(draft).id;
    expectError(
      await api("payment/initiate", { type: "invoice", id: draftId }, { cookie: u.cookie }),
      "INVOICE_STATUS_INVALID",
      "This invoice cannot be paid at this time",
    );
    const other = await newUser();
    await chooseFree(other.cookie);
    expectError(
      await api("payment/initiate", { type: "invoice", id: paidId }, { cookie: other.cookie }),
      "INVOICE_NOT_FOUND",
    );
  });

  it("payment methods: CANNOT_DELETE_DEFAULT_PAYMENT_METHOD, make default, remove", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const setup = parsed(
      await api("payment_method_setup", {}, { cookie: u.cookie }),
      z.object({ client_secret: z.string(), publicKey: z.string() }),
    );
    const save = async (number: string) => {
      const pm = await sandboxCard(u.cookie, number);
      expect(
        data(
          await api(
            "sandbox/confirm_setup",
            { clientSecret: setup.client_secret, paymentMethodId: pm },
            { cookie: u.cookie },
          ),
        ),
      ).toMatchObject({ status: "succeeded" });
      expect(
        data(await api("payment_method_attach", { payment_method_id: pm }, { cookie: u.cookie })),
      ).toMatchObject({ id: pm });
      return pm;
    };
    const first = await save(CARDS.visa);
    const second = await save("5555555555554444");
    expectError(
      await api("payment_method_detach", { payment_method_id: first }, { cookie: u.cookie }),
      "CANNOT_DELETE_DEFAULT_PAYMENT_METHOD",
    );
    expect(
      data(await api("payment_method_default", { payment_method_id: second }, { cookie: u.cookie })),
    ).toEqual({});
    expect(
      data(await api("payment_method_detach", { payment_method_id: first }, { cookie: u.cookie })),
    ).toEqual({});
    const left = parsed(
      await api("payment_methods", {}, { cookie: u.cookie }),
      z.object({ list: z.array(z.object({ id: z.string(), brand: z.string(), is_default: z.boolean() })) }),
    );
    expect(left.list).toEqual([
      expect.objectContaining({ id: second, brand: "mastercard", is_default: true }),
    ]);
    const other = await newUser();
    expectError(
      await api("payment_method_default", { payment_method_id: second }, { cookie: other.cookie }),
      "PAYMENT_METHOD_NOT_FOUND",
    );
  });

  it("SUBSCRIPTION_PENDING while a subscription's payment is processing", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    await env.DB.prepare("UPDATE subscriptions SET status = 'pending' WHERE user_id = ?1")
      .bind(u.userId)
      .run();
    expectError(
      await api("subscription/cancel", {}, { cookie: u.cookie }),
      "SUBSCRIPTION_PENDING",
      "Subscription is pending. Please check your account to proceed.",
    );
    expectError(await api("addon/list", {}, { cookie: u.cookie }), "SUBSCRIPTION_PENDING");
  });

  it("SPONSOR_ELIGIBILITY_ERROR for a retry that is not eligible; an eligible sponsor in state 2 gets its credits", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const sub = await subscriptionOf(u.cookie);
    const res = await api(
      "subscription/retry/sponsor",
      { userProductId: sub?.userProductId },
      { cookie: u.cookie },
    );
    expectError(
      res,
      "SPONSOR_ELIGIBILITY_ERROR",
      "Eligibility check failed. Please ensure you meet the sponsor requirements.",
    );
  });

  it("unknown or foreign ids answer 4xx on every operation, never 500", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-usd");
    const calls: [string, unknown][] = [
      ["subscribe/initiate", { pid: "nope" }],
      ["subscribe/checkout/initiate", { pid: "nope" }],
      ["subscribe/checkout/confirm", { paymentId: "pi_nope" }],
      ["subscription/retry/sponsor", { userProductId: "nope" }],
      ["subscription/downgrade", { pid: "nope" }],
      ["payment/initiate", { type: "addon", id: "nope" }],
      ["payment/initiate", { type: "upgrade", id: "nope" }],
      ["payment/initiate", { type: "invoice", id: "nope" }],
      ["payment/confirm", { type: "addon", id: "addon-10-usd", paymentData: { paymentMethodId: "pm_nope" } }],
      ["payment/confirm", { type: "addon", id: "addon-10-usd", paymentData: { paymentIntentId: "pi_nope" } }],
      ["payment_method_attach", { payment_method_id: "pm_nope" }],
      ["payment_method_detach", { payment_method_id: "pm_nope" }],
      ["payment_method_default", { payment_method_id: "pm_nope" }],
      ["sandbox/confirm_payment", { clientSecret: "pi_nope_secret_x", paymentMethodId: "pm_nope" }],
      ["sandbox/confirm_setup", { clientSecret: "seti_nope_secret_x", paymentMethodId: "pm_nope" }],
      ["sandbox/authenticate", { clientSecret: "pi_nope_secret_x", outcome: "complete" }],
    ];
    for (const [action, body] of calls) {
      const res = await api(action, body, { cookie: u.cookie });
      expect([action, res.body.status, res.status >= 400 && res.status < 500]).toEqual([
        action,
        "error",
        true,
      ]);
    }
    // A real intent confirmed with an unknown card is refused as well.
    const init = parsed(
      await api("payment/initiate", { type: "addon", id: "addon-10-usd" }, { cookie: u.cookie }),
      z.object({ clientSecret: z.string() }),
    );
    const res = await api(
      "sandbox/confirm_payment",
      { clientSecret: init.clientSecret, paymentMethodId: "pm_nope" },
      { cookie: u.cookie },
    );
    expectError(res, "PAYMENT_METHOD_NOT_FOUND");
  });

  it("from Free, an upgrade is bought at full price in any currency and starts a new period now", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const init = parsed(
      await api("payment/initiate", { type: "upgrade", id: "builder-yearly-gbp" }, { cookie: u.cookie }),
      z.object({
        product: z.object({ isProrata: z.boolean(), price: z.number(), currency: z.string() }),
        clientSecret: z.string(),
        paymentIntentId: z.string(),
      }),
    );
    expect(init.product).toMatchObject({ isProrata: false, price: 192, currency: "GBP" });
    const card = await sandboxCard(u.cookie, CARDS.threeDSecure);
    const confirmed = await api(
      "sandbox/confirm_payment",
      { clientSecret: init.clientSecret, paymentMethodId: card },
      { cookie: u.cookie },
    );
    expect(data(confirmed)).toMatchObject({ status: "requires_action" });
    const early = await api(
      "payment/confirm",
      { type: "upgrade", id: "builder-yearly-gbp", paymentData: { paymentIntentId: init.paymentIntentId } },
      { cookie: u.cookie },
    );
    expect(data(early)).toMatchObject({ status: "requires_action" });
    await api(
      "sandbox/authenticate",
      { clientSecret: init.clientSecret, outcome: "complete" },
      { cookie: u.cookie },
    );
    const paid = await api(
      "payment/confirm",
      { type: "upgrade", id: "builder-yearly-gbp", paymentData: { paymentIntentId: init.paymentIntentId } },
      { cookie: u.cookie },
    );
    expect(data(paid)).toMatchObject({ status: "succeeded" });
    const sub = await subscriptionOf(u.cookie);
    expect(sub).toMatchObject({ slug: "builder", pid: "builder-yearly-gbp", credits: 360 });
    const days = (Date.parse(sub?.expiresAt ?? "") - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(366);
  });

  it("bad input is a 400 VALIDATION_ERROR and writes nothing; no session is USER_NOT_LOGGED", async () => {
    const u = await newUser();
    expectError(await api("subscribe/initiate", { pid: 42 }, { cookie: u.cookie }), "VALIDATION_ERROR");
    expectError(
      await api("payment/confirm", { type: "gift", id: "x", paymentData: {} }, { cookie: u.cookie }),
      "VALIDATION_ERROR",
    );
    expectError(await api("subscription", {}), "USER_NOT_LOGGED");
    expect(await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1", u.userId)).toBe(0);
  });
});
