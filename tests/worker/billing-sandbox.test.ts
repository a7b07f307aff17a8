import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data, expectError, parsed } from "./answers";
import { newUser, subscriptionOf } from "./billing-helpers";
import { count } from "./d1";
import { api, chooseFree } from "./helpers";
import { CARDS, checkout, sandboxCard, subscribePaid } from "./sandbox-checkout";

// The embedded sandbox provider (no STRIPE_SECRET_KEY) through the JSON API, as the app's card form uses it.

describe("catalogue and subscribe", () => {
  it("lists the seeded plans and starts Free without a checkout", async () => {
    const u = await newUser();
    const list = parsed(
      await api("subscription/list", {}, { cookie: u.cookie }),
      z.object({ products: z.array(z.object({ pid: z.string(), slug: z.string(), price: z.number() })) }),
    );
    expect(list.products.map((p) => p.pid)).toContain("builder-yearly-eur");
    const started = await api("subscribe/initiate", { pid: "free-monthly-usd" }, { cookie: u.cookie });
    expect(data(started)).toMatchObject({ status: "success" });
    const sub = await subscriptionOf(u.cookie);
    expect(sub).toMatchObject({ slug: "free", credits: 3, creditsUsage: 0, cancelationRequested: false });
  });

  it("Free starts in the currency chosen, and add-ons then follow it", async () => {
    const u = await newUser();
    const started = await api("subscribe/initiate", { pid: "free-monthly-gbp" }, { cookie: u.cookie });
    expect(data(started)).toMatchObject({ status: "success" });
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "free", pid: "free-monthly-gbp" });
    const addons = parsed(
      await api("addon/list", {}, { cookie: u.cookie }),
      z.object({ products: z.array(z.object({ currency: z.string() })) }),
    );
    expect(addons.products.length).toBeGreaterThan(0);
    expect(new Set(addons.products.map((p) => p.currency))).toEqual(new Set(["GBP"]));
  });

  it("a paid plan answers checkout, then a 4242 card makes the subscription, an invoice and a saved card", async () => {
    const u = await newUser();
    const first = await api("subscribe/initiate", { pid: "builder-monthly-usd" }, { cookie: u.cookie });
    expect(data(first)).toMatchObject({
      status: "checkout",
      checkout: { pid: "builder-monthly-usd", isTest: true },
    });
    const init = await subscribePaid(u.cookie, "builder-monthly-usd");
    expect(init.isTest).toBe(true);
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "builder", credits: 30 });
    const invoices = parsed(
      await api("user/invoices", {}, { cookie: u.cookie }),
      z.object({
        list: z.array(z.object({ status: z.string(), amount: z.number(), isSubscription: z.boolean() })),
      }),
    );
    expect(invoices.list).toEqual([
      expect.objectContaining({ status: "paid", amount: 25, isSubscription: true }),
    ]);
    const cards = parsed(
      await api("payment_methods", {}, { cookie: u.cookie }),
      z.object({ list: z.array(z.object({ last4: z.string(), is_default: z.boolean() })) }),
    );
    expect(cards.list).toEqual([expect.objectContaining({ last4: "4242", is_default: true })]);
    // Confirming again is harmless: the invoice is fulfilled once.
    await api("subscribe/checkout/confirm", { paymentId: init.paymentId }, { cookie: u.cookie });
    expect(await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId)).toBe(1);
  });

  it("a declined card grants nothing and leaves a failed invoice with the card's message", async () => {
    const u = await newUser();
    const { init, provider } = await checkout(u.cookie, "pro-monthly-usd", CARDS.declined);
    expect(provider.error?.message).toBe("Your card was declined.");
    const done = await api("subscribe/checkout/confirm", { paymentId: init.paymentId }, { cookie: u.cookie });
    expectError(done, "PAYMENT_FAILED", "Your card was declined.");
    expect(await subscriptionOf(u.cookie)).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId)).toBe(0);
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = 'failed'", u.userId),
    ).toBe(1);
  });

  it("3-D Secure: requires_action until the sandbox challenge is completed", async () => {
    const u = await newUser();
    const { init, provider } = await checkout(u.cookie, "builder-monthly-gbp", CARDS.threeDSecure);
    expect(provider.status).toBe("requires_action");
    const pending = await api(
      "subscribe/checkout/confirm",
      { paymentId: init.paymentId },
      { cookie: u.cookie },
    );
    expect(data(pending)).toMatchObject({ status: "requires_action" });
    expect(await subscriptionOf(u.cookie)).toBeNull();
    const auth = await api(
      "sandbox/authenticate",
      { clientSecret: init.clientSecret, outcome: "complete" },
      { cookie: u.cookie },
    );
    expect(data(auth)).toMatchObject({ status: "succeeded" });
    const done = await api("subscribe/checkout/confirm", { paymentId: init.paymentId }, { cookie: u.cookie });
    expect(data(done)).toMatchObject({ status: "succeeded" });
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "builder", pid: "builder-monthly-gbp" });
  });

  it("refuses a card number that is not a test card", async () => {
    const u = await newUser();
    const res = await api(
      "sandbox/card",
      { number: "4111 1111 1111 1112", expMonth: 1, expYear: 2099, cvc: "123" },
      { cookie: u.cookie },
    );
    expectError(res, "CARD_ERROR");
  });
});

describe("add-ons", () => {
  it("need an active subscription", async () => {
    const u = await newUser();
    expectError(
      await api("addon/list", {}, { cookie: u.cookie }),
      "USER_HAS_NO_ACTIVE_SUBSCRIPTION",
      "You need an active subscription to purchase add-ons. Please subscribe to a plan first.",
    );
    expectError(
      await api("payment/initiate", { type: "addon", id: "addon-10-usd" }, { cookie: u.cookie }),
      "USER_HAS_NO_ACTIVE_SUBSCRIPTION",
    );
  });

  it("buying a pack with a saved card grants its credits; insufficient funds grants nothing", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const packs = parsed(
      await api("addon/list", {}, { cookie: u.cookie }),
      z.object({ products: z.array(z.object({ pid: z.string(), currency: z.string() })) }),
    );
    expect(packs.products.every((p) => p.currency === "USD")).toBe(true);
    const init = parsed(
      await api("payment/initiate", { type: "addon", id: "addon-10-usd" }, { cookie: u.cookie }),
      z.object({
        product: z.object({ credits: z.number(), price: z.number() }),
        clientSecret: z.string(),
        paymentIntentId: z.string(),
      }),
    );
    expect(init.product).toMatchObject({ credits: 10, price: 5 });

    const poor = await sandboxCard(u.cookie, CARDS.insufficient);
    const failed = await api(
      "payment/confirm",
      { type: "addon", id: "addon-10-usd", paymentData: { paymentMethodId: poor } },
      { cookie: u.cookie },
    );
    expectError(failed, "PAYMENT_FAILED", "Your card has insufficient funds.");
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 0 });
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = 'failed'", u.userId),
    ).toBe(1);

    const good = await sandboxCard(u.cookie, CARDS.visa);
    const paid = await api(
      "payment/confirm",
      { type: "addon", id: "addon-10-usd", paymentData: { paymentMethodId: good } },
      { cookie: u.cookie },
    );
    expect(data(paid)).toMatchObject({ status: "succeeded" });
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 10, credits: 3 });
    const owned = parsed(
      await api("user/addons", {}, { cookie: u.cookie }),
      z.object({
        addons: z.array(z.object({ credits: z.number(), status: z.string(), amount: z.number() })),
      }),
    );
    expect(owned.addons).toEqual([expect.objectContaining({ credits: 10, status: "active", amount: 5 })]);
    // The failed invoice stays payable (Pay Now); paying it now with the good card works.
    const failedInvoice = parsed(
      await api("user/invoices", {}, { cookie: u.cookie }),
      z.object({ list: z.array(z.object({ invoiceId: z.string(), status: z.string() })) }),
    ).list.find((i) => i.status === "failed");
    expect(failedInvoice).toBeDefined();
  });
});
