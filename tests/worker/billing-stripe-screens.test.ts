import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { newUser } from "./billing-helpers";
import { firstRow } from "./d1";
import { createFakeStripe, type FakeStripe } from "./fake-stripe";
import { env, envelope, formRequest, ORIGIN } from "./helpers";

/*
 * The billing screens with the `stripe` provider: the BUILT worker's fetch handler called in-process with
 * the test bindings plus Stripe keys pointing at the FAKE Stripe server (tests/fake-stripe, on 127.0.0.1), a
 * world of its own per test. What Stripe.js does in the browser (confirm
 * a card) is played by the fake's clientConfirm; the screens' part is the server side: no sandbox card form,
 * Stripe's origins in the CSP, and settling what the browser confirmed.
 */

const BUILD = "../../build/index.js";
type FetchHandler = (request: Request, env: unknown, ctx: ExecutionContext) => Promise<Response>;
const built = z
  .object({ default: z.object({ fetch: z.custom<FetchHandler>((v) => typeof v === "function") }) })
  .parse(await import(/* @vite-ignore */ BUILD));

let fake: FakeStripe;
let stripeEnv: typeof env & FakeStripe["env"] & { STRIPE_PUBLISHABLE_KEY: string };

beforeEach(() => {
  fake = createFakeStripe();
  stripeEnv = { ...env, ...fake.env, STRIPE_PUBLISHABLE_KEY: "pk_test_fake" };
});

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await built.default.fetch(new Request(`${ORIGIN}${path}`, init), stripeEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

function get(path: string, cookie: string) {
  return call(path, { headers: { cookie }, redirect: "manual" });
}

function postForm(path: string, fields: Record<string, string>, cookie: string) {
  return call(path, formRequest(fields, cookie));
}

async function api(op: string, body: unknown, cookie: string): Promise<unknown> {
  const res = await call(`/api/${op}`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const parsed = envelope.parse(await res.json());
  if (parsed.status !== "ok") throw new Error(JSON.stringify(parsed));
  return parsed.data;
}

const checkout = z.object({ clientSecret: z.string(), paymentId: z.string(), publicKey: z.string() });

/** A Builder (USD) subscriber through Stripe: the card confirmed by "Stripe.js", then confirmed to us. */
async function stripeSubscriber() {
  const u = await newUser();
  const init = checkout.parse(
    await api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, u.cookie),
  );
  const card = await fake.createCard("success");
  await fake.clientConfirm(init.paymentId, card);
  await api("subscribe/checkout/confirm", { paymentId: init.paymentId }, u.cookie);
  return { ...u, card };
}

async function latestIntent(): Promise<string> {
  const last = (await fake.intents()).at(-1)?.id;
  if (!last) throw new Error("no intent");
  return last;
}

describe("billing screens with the stripe provider", () => {
  it("the payment page offers the saved card and Stripe Elements, never the sandbox form", async () => {
    const u = await stripeSubscriber();
    const res = await get("/payment?type=addon&id=addon-10-usd", u.cookie);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    const html = await res.text();
    expect(html).toContain("Complete Purchase");
    expect(html).toContain("Pay $5");
    expect(html).toContain("Use a new card");
    expect(html).toContain("pk_test_fake");
    expect(html).not.toContain('name="number"');
    // An sk_test_ key marks payments as tests (spec 3 s2 test-payment notice).
    expect(html).toContain("Test mode: no real payment");
    // A saved card is charged by the server (payment/confirm with paymentMethodId).
    const paid = await postForm(
      "/payment?type=addon&id=addon-10-usd",
      { intent: "pay", paymentMethodId: u.card },
      u.cookie,
    );
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toMatch(/^\/payment\?type=addon&id=addon-10-usd&paid=/);
  });

  it("settles an intent the browser confirmed with Stripe.js, and shows a card error's own message", async () => {
    const u = await stripeSubscriber();
    await get("/payment?type=addon&id=addon-50-usd", u.cookie);
    const declinedIntent = await latestIntent();
    await fake.clientConfirm(declinedIntent, await fake.createCard("decline"));
    const declined = await postForm(
      "/payment?type=addon&id=addon-50-usd",
      { intent: "confirm", paymentIntentId: declinedIntent },
      u.cookie,
    );
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");

    await get("/payment?type=addon&id=addon-50-usd", u.cookie);
    const intent = await latestIntent();
    await fake.clientConfirm(intent, await fake.createCard("success"));
    const done = await postForm(
      "/payment?type=addon&id=addon-50-usd",
      { intent: "confirm", paymentIntentId: intent },
      u.cookie,
    );
    expect(done.headers.get("location")).toMatch(/paid=/);
    const other = await newUser();
    const stolen = await postForm(
      "/payment?type=addon&id=addon-50-usd",
      { intent: "confirm", paymentIntentId: intent },
      other.cookie,
    );
    // Without a subscription the shell sends the stranger away before the action runs.
    expect(stolen.status).toBe(302);
    expect(stolen.headers.get("location")).toBe("/subscribe");
  });

  it("a reload after Stripe.js paid settles that payment; one still processing is never replaced", async () => {
    const u = await stripeSubscriber();
    await get("/payment?type=addon&id=addon-10-usd", u.cookie);
    const paidIntent = await latestIntent();
    await fake.clientConfirm(paidIntent, await fake.createCard("success"));
    // The browser never reached our confirm (closed, reloaded): the page settles the paid intent itself.
    const reloaded = await get("/payment?type=addon&id=addon-10-usd", u.cookie);
    expect(reloaded.status).toBe(302);
    expect(reloaded.headers.get("location")).toMatch(/paid=/);
    const owned = z
      .object({ addons: z.array(z.object({ credits: z.number() })) })
      .parse(await api("user/addons", {}, u.cookie));
    expect(owned.addons.map((a) => a.credits)).toEqual([10]);

    await get("/payment?type=addon&id=addon-50-usd", u.cookie);
    const slow = await latestIntent();
    await fake.clientConfirm(slow, await fake.createCard("processing"));
    const intents = (await fake.intents()).length;
    const waiting = await (await get("/payment?type=addon&id=addon-50-usd", u.cookie)).text();
    expect(waiting).toContain("Your payment is processing.");
    expect(waiting).not.toContain("Pay $20");
    expect((await fake.intents()).length).toBe(intents);
    const invoice = await firstRow(
      z.object({ provider_payment_id: z.string() }),
      "SELECT provider_payment_id FROM invoices WHERE user_id = ?1 AND product_pid = 'addon-50-usd'",
      u.userId,
    );
    expect(invoice.provider_payment_id).toBe(slow);
  });

  it("a new card without JavaScript is refused with a message; the add-card dialog needs Stripe.js", async () => {
    const u = await stripeSubscriber();
    const refused = await postForm(
      "/payment?type=addon&id=addon-10-usd",
      { intent: "pay", paymentMethodId: "new", number: "4242424242424242", expiry: "12/34", cvc: "123" },
      u.cookie,
    );
    expect(await refused.text()).toContain("Please enable JavaScript to use a new card");
    const dialog = await (await get("/account/payment-methods?add=1", u.cookie)).text();
    expect(dialog).toContain("Add New Card");
    expect(dialog).toContain("Loading the secure card form...");
    expect(dialog).not.toContain('name="number"');
    // The card Stripe.js confirmed with the SetupIntent is attached by the action.
    const card = await fake.createCard("success");
    const attached = await postForm(
      "/account/payment-methods?add=1",
      { intent: "attach", paymentMethodId: card },
      u.cookie,
    );
    expect(attached.headers.get("location")).toBe("/account/payment-methods");
    const list = z
      .object({ list: z.array(z.object({ id: z.string() })) })
      .parse(await api("payment_methods", {}, u.cookie));
    expect(list.list.map((m) => m.id)).toContain(card);
  });

  it("the subscribe checkout step mounts Stripe Elements instead of the sandbox card form", async () => {
    const u = await newUser();
    const res = await get("/subscribe?currency=USD&cycle=monthly&pid=builder-monthly-usd", u.cookie);
    expect(res.headers.get("content-security-policy")).toContain("https://js.stripe.com");
    const html = await res.text();
    expect(html).toContain("Choose another plan");
    expect(html).toContain("Loading the secure card form...");
    expect(html).not.toContain('name="number"');
    expect(html).not.toContain("not available");
  });

  it("/checkout/complete settles the subscription Stripe redirected back for", async () => {
    const u = await newUser();
    const init = checkout.parse(
      await api("subscribe/checkout/initiate", { pid: "pro-monthly-usd" }, u.cookie),
    );
    await fake.clientConfirm(init.paymentId, await fake.createCard("success"));
    const page = await get(
      `/checkout/complete?payment_intent=${init.paymentId}&redirect_status=succeeded`,
      u.cookie,
    );
    expect(page.status).toBe(200);
    const done = await page.text();
    expect(done).toContain("Go to Dashboard");
    // Like the sandbox's success page: to / after 5 s, without JavaScript too.
    expect(done).toContain("You will be redirected to the dashboard in 5 seconds.");
    expect(done).toMatch(/http-equiv="refresh" content="5;url=\/"/i);
    const sub = z.object({ slug: z.string() }).parse(await api("subscription", {}, u.cookie));
    expect(sub.slug).toBe("pro");

    // Still settling at the provider: 'Processing Payment...', and the page looks again by itself.
    const slow = await newUser();
    const started = checkout.parse(
      await api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, slow.cookie),
    );
    await fake.clientConfirm(started.paymentId, await fake.createCard("processing"));
    const waiting = await get(
      `/checkout/complete?payment_intent=${started.paymentId}&redirect_status=succeeded`,
      slow.cookie,
    );
    const html = await waiting.text();
    expect(html).toContain("Processing Payment...");
    expect(html).toMatch(/http-equiv="refresh" content="3"/i);
    expect(html).not.toContain("url=/");
  });
});
