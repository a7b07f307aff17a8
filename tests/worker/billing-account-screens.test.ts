import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createServices } from "../../worker/services/context";
import { newUser, subscriptionOf } from "./billing-helpers";
import { count, firstRow } from "./d1";
import { api, chooseFree, env, getPage as get, hiddenField, postForm } from "./helpers";
import { CARDS, sandboxCard, subscribePaid } from "./sandbox-checkout";

/**
 * The payment page, the Invoices and Payment Methods tabs, the change-plan page and the checkout return page
 * as a browser without JavaScript sees them: server HTML and plain form posts to the Remix actions, which
 * call the same billing services as the JSON API (sandbox provider).
 */

/** The page's HTML without React's text separators (`a<!-- -->b`), so texts read as they show. */
function visible(markup: string): string {
  return markup.replaceAll("<!-- -->", "");
}

async function html(path: string, cookie: string): Promise<string> {
  return visible(await (await get(path, cookie)).text());
}

function newCard(number: string, extra: Record<string, string> = {}) {
  return { intent: "pay", paymentMethodId: "new", number, expiry: "12/34", cvc: "123", ...extra };
}

const ADDON_PAYMENT = "/payment?type=addon&id=addon-10-eur";

/** Presses the 3-D Secure challenge's Complete or Fail button on the add-on payment page it was shown on. */
function authenticate(challengePage: string, outcome: "complete" | "fail", cookie: string) {
  const clientSecret = hiddenField(challengePage, "clientSecret");
  const paymentIntentId = hiddenField(challengePage, "paymentIntentId");
  return postForm(ADDON_PAYMENT, { intent: "authenticate", clientSecret, paymentIntentId, outcome }, cookie);
}

/** Everything a payment attempt could write: invoices, sandbox objects, credit grants and movements. */
async function footprint(userId: string) {
  const row = await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM invoices WHERE user_id = ?1) AS invoices,
            (SELECT COALESCE(MAX(updated_at), 0) FROM invoices WHERE user_id = ?1) AS touched,
            (SELECT COUNT(*) FROM sandbox_objects) AS objects,
            (SELECT COUNT(*) FROM credit_grants WHERE user_id = ?1) AS grants,
            (SELECT COUNT(*) FROM credit_movements WHERE user_id = ?1) AS movements`,
  )
    .bind(userId)
    .first();
  return z
    .object({
      invoices: z.number(),
      touched: z.number(),
      objects: z.number(),
      grants: z.number(),
      movements: z.number(),
    })
    .parse(row);
}

async function paidInvoiceOf(userId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM invoices WHERE user_id = ?1 AND status = 'paid' LIMIT 1")
    .bind(userId)
    .first();
  return z.object({ id: z.string() }).parse(row).id;
}

async function builderEur() {
  const u = await newUser();
  await subscribePaid(u.cookie, "builder-monthly-eur");
  return u;
}

describe("/payment refuses bad input and writes nothing", () => {
  it("without id: 'No product selected' (GET and POST)", async () => {
    const u = await builderEur();
    const before = await footprint(u.userId);
    const page = await get("/payment", u.cookie);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("No product selected");
    const typed = await get("/payment?type=upgrade", u.cookie);
    expect(await typed.text()).toContain("No product selected");
    const posted = await postForm("/payment?type=addon", newCard(CARDS.visa), u.cookie);
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain("No product selected");
    expect(await footprint(u.userId)).toEqual(before);
  });

  it("an unknown id, an unknown invoice, another user's invoice or an unknown type: 'Product not found'", async () => {
    const u = await builderEur();
    const other = await builderEur();
    const foreign = await paidInvoiceOf(other.userId);
    const before = await footprint(u.userId);
    for (const path of [
      "/payment?type=addon&id=addon-999-eur",
      "/payment?id=builder-monthly-eur",
      "/payment?type=upgrade&id=no-such-plan",
      "/payment?type=invoice&id=no-such-invoice",
      `/payment?type=invoice&id=${foreign}`,
      "/payment?type=refund&id=addon-10-eur",
    ]) {
      const res = await get(path, u.cookie);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("Product not found");
    }
    const posted = await postForm("/payment?type=addon&id=addon-999-eur", newCard(CARDS.visa), u.cookie);
    expect(await posted.text()).toContain("Product not found");
    expect(await footprint(u.userId)).toEqual(before);
    expect(await footprint(other.userId)).toMatchObject({ invoices: 1 });
  });

  it("a paid invoice: 'This invoice has already been paid', on the page and when paying", async () => {
    const u = await builderEur();
    const invoice = await paidInvoiceOf(u.userId);
    const before = await footprint(u.userId);
    const res = await get(`/payment?type=invoice&id=${invoice}`, u.cookie);
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(text).toContain("Pay Invoice");
    expect(text).toContain("This invoice has already been paid");
    expect(text).not.toContain('name="number"');
    const methods = await firstRow(
      z.object({ id: z.string() }),
      "SELECT id FROM payment_methods WHERE user_id = ?1",
      u.userId,
    );
    const saved = await postForm(
      `/payment?type=invoice&id=${invoice}`,
      { intent: "pay", paymentMethodId: methods.id },
      u.cookie,
    );
    expect(saved.status).toBe(409);
    expect(await saved.text()).toContain("This invoice has already been paid");
    const fresh = await postForm(`/payment?type=invoice&id=${invoice}`, newCard(CARDS.visa), u.cookie);
    expect(await fresh.text()).toContain("This invoice has already been paid");
    expect(await footprint(u.userId)).toEqual(before);
  });

  it("an add-on without an active subscription and an upgrade that is not one are refused", async () => {
    const noSub = await newUser();
    // The app shell sends a session without a subscription to /subscribe before the page runs.
    expect((await get("/payment?type=addon&id=addon-10-usd", noSub.cookie)).headers.get("location")).toBe(
      "/subscribe",
    );
    const u = await builderEur();
    const before = await footprint(u.userId);
    const same = await html("/payment?type=upgrade&id=builder-monthly-eur", u.cookie);
    expect(same).toContain("This plan change is not allowed due to currency or billing cycle restrictions.");
    const currency = await html("/payment?type=upgrade&id=pro-monthly-usd", u.cookie);
    expect(currency).toContain(
      "This plan change is not allowed due to currency or billing cycle restrictions.",
    );
    expect(await footprint(u.userId)).toEqual(before);
  });
});

describe("/payment pays", () => {
  it("an add-on with a new card: summary, Pay button, success with a 3 s redirect, the Add-ons tab", async () => {
    const u = await builderEur();
    const page = await html(ADDON_PAYMENT, u.cookie);
    expect(page).toContain("Complete Purchase");
    expect(page).toContain("10 Credits");
    expect(page).toContain("Valid for");
    expect(page).toContain("30 days");
    expect(page).toContain("Add-on");
    expect(page).toContain("One-time");
    expect(page).toContain("Pay €5");
    expect(page).toContain("Use a new card");
    expect(page).toContain("Test mode");

    const paid = await postForm(ADDON_PAYMENT, newCard(CARDS.visa), u.cookie);
    expect(paid.status).toBe(302);
    const location = paid.headers.get("location") ?? "";
    expect(location).toMatch(/^\/payment\?type=addon&id=addon-10-eur&paid=/);
    const success = await html(location, u.cookie);
    expect(success).toContain("Payment successful");
    expect(success).toMatch(/http-equiv="refresh" content="3;url=\/account\/addons"/i);
    const tab = await html("/account/addons", u.cookie);
    expect(tab).toContain("10 Credits");
    expect(tab).toContain("0 / 10 (0%)");
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 10 });
    // Reloading the success page changes nothing.
    await html(location, u.cookie);
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 10 });
  });

  it("an add-on with the saved card, and a declined new card shows the card's message and a failed invoice", async () => {
    const u = await builderEur();
    const pm = await firstRow(
      z.object({ id: z.string() }),
      "SELECT id FROM payment_methods WHERE user_id = ?1",
      u.userId,
    );
    const page = await html("/payment?type=addon&id=addon-50-eur", u.cookie);
    expect(page).toMatch(/Visa •••• 4242 \(12\/\d\d\)/);
    const saved = await postForm(
      "/payment?type=addon&id=addon-50-eur",
      { intent: "pay", paymentMethodId: pm.id },
      u.cookie,
    );
    expect(saved.headers.get("location")).toMatch(/paid=/);
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 50 });

    const declined = await postForm(ADDON_PAYMENT, newCard(CARDS.declined), u.cookie);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    const insufficient = await postForm(ADDON_PAYMENT, newCard(CARDS.insufficient), u.cookie);
    expect(await insufficient.text()).toContain("Your card has insufficient funds.");
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 50 });
    const invoices = await html("/account/invoices", u.cookie);
    expect(invoices).toContain("Failed");
    expect(invoices).toContain("Pay Now");
    expect(invoices).toMatch(/href="\/payment\?type=invoice&amp;id=[^"]+"/);
  });

  it("checks the card fields and refuses a real card number", async () => {
    const u = await builderEur();
    // The page itself prepares the purchase (payment/initiate); a refused card form adds nothing to that.
    await html(ADDON_PAYMENT, u.cookie);
    const before = await footprint(u.userId);
    const bad = await postForm(ADDON_PAYMENT, newCard("4242", { expiry: "13", cvc: "" }), u.cookie);
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain("Your card number is incorrect.");
    expect(text).toContain("Your card&#x27;s expiration date is incomplete.");
    expect(await footprint(u.userId)).toEqual(before);
    const real = await postForm(ADDON_PAYMENT, newCard("4111111111111111"), u.cookie);
    expect(await real.text()).toContain("Sandbox mode accepts test cards only");
  });

  it("3-D Secure: the sandbox challenge, Fail shows the provider's message, Complete pays", async () => {
    const u = await builderEur();
    const asked = await postForm(ADDON_PAYMENT, newCard(CARDS.threeDSecure), u.cookie);
    expect(asked.status).toBe(200);
    const body = await asked.text();
    expect(body).toContain("3-D Secure test challenge");
    expect(hiddenField(body, "clientSecret")).not.toBe("");

    const thief = await builderEur();
    const stolen = await authenticate(body, "complete", thief.cookie);
    expect(stolen.status).toBe(404);

    const done = await authenticate(body, "complete", u.cookie);
    expect(done.headers.get("location")).toMatch(/paid=/);
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 10 });

    const again = await postForm(ADDON_PAYMENT, newCard(CARDS.threeDSecure), u.cookie);
    const failed = await authenticate(await again.text(), "fail", u.cookie);
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain("We are unable to authenticate your payment method.");
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 10 });
  });

  it("an upgrade shows the pro-rata days, the regular price and pay today, then the account shows the plan", async () => {
    const u = await builderEur();
    const page = await html("/payment?type=upgrade&id=pro-monthly-eur", u.cookie);
    expect(page).toContain("Upgrade Plan");
    expect(page).toMatch(/\d+ days remaining/);
    expect(page).toContain("Regular price");
    expect(page).toContain("€55");
    expect(page).toContain("Next billing date");
    const payToday = page.match(/Pay €(\d+)/)?.[1];
    expect(Number(payToday)).toBeGreaterThan(0);
    expect(Number(payToday)).toBeLessThanOrEqual(30);
    const pm = await firstRow(
      z.object({ id: z.string() }),
      "SELECT id FROM payment_methods WHERE user_id = ?1",
      u.userId,
    );
    const paid = await postForm(
      "/payment?type=upgrade&id=pro-monthly-eur",
      { intent: "pay", paymentMethodId: pm.id },
      u.cookie,
    );
    const location = paid.headers.get("location") ?? "";
    expect(location).toMatch(/paid=/);
    expect(await html(location, u.cookie)).toMatch(/content="3;url=\/account"/);
    expect(await html("/account", u.cookie)).toContain("Pro");
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "pro" });
    const invoice = await firstRow(
      z.object({ amount_minor: z.number() }),
      "SELECT amount_minor FROM invoices WHERE user_id = ?1 AND kind = 'upgrade' AND status = 'paid'",
      u.userId,
    );
    expect(invoice.amount_minor).toBe(Number(payToday) * 100);
  });
});

describe("account tabs", () => {
  it("Invoices: columns, status labels and Pay Now only for unpaid ones; paying one marks it paid", async () => {
    const u = await builderEur();
    await postForm(ADDON_PAYMENT, newCard(CARDS.declined), u.cookie);
    const tab = await html("/account/invoices", u.cookie);
    for (const header of ["Invoice #", "Date", "Description", "Amount", "Status", "Paid Date", "Actions"]) {
      expect(tab).toContain(header);
    }
    expect(tab).toContain("Paid");
    expect(tab).toContain("Failed");
    expect(tab).toContain("Builder plan (monthly)");
    const failedId = tab.match(/href="\/payment\?type=invoice&amp;id=([^"]+)"/)?.[1] ?? "";
    expect((tab.match(/Pay Now/g) ?? []).length).toBe(1);
    const page = await html(`/payment?type=invoice&id=${failedId}`, u.cookie);
    expect(page).toContain("Pay Invoice");
    expect(page).toContain("Invoice #");
    expect(page).toContain("Due date");
    expect(page).toContain("Failed");
    const pm = await firstRow(
      z.object({ id: z.string() }),
      "SELECT id FROM payment_methods WHERE user_id = ?1",
      u.userId,
    );
    const paid = await postForm(
      `/payment?type=invoice&id=${failedId}`,
      { intent: "pay", paymentMethodId: pm.id },
      u.cookie,
    );
    expect(paid.headers.get("location")).toMatch(/paid=/);
    const after = await html("/account/invoices", u.cookie);
    expect(after).not.toContain("Pay Now");
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 10 });
  });

  it("Invoices: open shows as Pending and void as Cancelled", async () => {
    const u = await builderEur();
    const t = Date.now();
    for (const [status, n] of [
      ["open", 1],
      ["void", 2],
      ["overdue", 3],
    ] as const) {
      await env.DB.prepare(
        `INSERT INTO invoices (id, user_id, number, kind, product_pid, subscription_id, description, amount_minor, currency,
           status, is_subscription, provider, created_at, due_at, updated_at)
         VALUES (?1, ?2, ?3, 'addon', 'addon-10-eur', NULL, ?4, 500, 'EUR', ?5, 0, 'sandbox', ?6, ?6, ?6)`,
      )
        .bind(crypto.randomUUID(), u.userId, `SF-TEST-${n}`, `Status ${status}`, status, t + n)
        .run();
    }
    const tab = await html("/account/invoices", u.cookie);
    expect(tab).toContain("Pending");
    expect(tab).toContain("Cancelled");
    expect(tab).toContain("Overdue");
    expect((tab.match(/Pay Now/g) ?? []).length).toBe(2);
  });

  it("Payment Methods: add a card, make it default, refuse removing the default, remove a card", async () => {
    const u = await builderEur();
    const empty = await html("/account/payment-methods?add=1", u.cookie);
    expect(empty).toContain("Add New Card");
    expect(empty).toContain("Save Card");
    expect(empty).toContain("4242");
    expect(empty).toContain("Default");

    const declined = await postForm(
      "/account/payment-methods?add=1",
      { intent: "add", number: CARDS.declined, expiry: "12/34", cvc: "123" },
      u.cookie,
    );
    expect(await declined.text()).toContain("Your card was declined.");
    const added = await postForm(
      "/account/payment-methods?add=1",
      { intent: "add", number: "5555555555554444", expiry: "11/33", cvc: "123" },
      u.cookie,
    );
    expect(added.headers.get("location")).toBe("/account/payment-methods");
    const rows = z
      .array(z.object({ id: z.string(), last4: z.string(), is_default: z.number() }))
      .parse(
        (
          await env.DB.prepare(
            "SELECT id, last4, is_default FROM payment_methods WHERE user_id = ?1 ORDER BY created_at",
          )
            .bind(u.userId)
            .all()
        ).results,
      );
    expect(rows.map((r) => [r.last4, r.is_default])).toEqual([
      ["4242", 1],
      ["4444", 0],
    ]);
    const [visa, master] = rows;
    const list = await html("/account/payment-methods", u.cookie);
    expect(list).toContain("Mastercard");
    expect(list).toContain("Expires 11/33");
    expect(list).toContain("Make Default");

    const asked = await html(`/account/payment-methods?remove=${visa.id}`, u.cookie);
    expect(asked).toContain("Are you sure you want to remove this payment method?");
    const refused = await postForm(
      `/account/payment-methods?remove=${visa.id}`,
      { intent: "remove", id: visa.id },
      u.cookie,
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Set another card as default before removing it.");

    const made = await postForm("/account/payment-methods", { intent: "default", id: master.id }, u.cookie);
    expect(made.headers.get("location")).toBe("/account/payment-methods");
    const removed = await postForm(
      `/account/payment-methods?remove=${visa.id}`,
      { intent: "remove", id: visa.id },
      u.cookie,
    );
    expect(removed.headers.get("location")).toBe("/account/payment-methods");
    const left = await api("payment_methods", {}, { cookie: u.cookie });
    expect(left.body).toMatchObject({
      status: "ok",
      data: { list: [{ id: master.id, last4: "4444", is_default: true }] },
    });
    const foreign = await builderEur();
    const stranger = await postForm(
      "/account/payment-methods",
      { intent: "default", id: master.id },
      foreign.cookie,
    );
    expect(await stranger.text()).toContain("Failed to set default payment method.");
  });

  it("Subscription: the upsell variant once the credits are used up", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    expect(await html("/account", u.cookie)).not.toContain("Unlock Premium Features!");
    const services = createServices(env);
    await services.credits.consume(u.userId, 3, "test: use the free credits");
    const account = await html("/account", u.cookie);
    expect(account).toContain("Unlock Premium Features!");
    expect(account).toContain("Unlimited AI strategies");

    const paid = await builderEur();
    const sub = await subscriptionOf(paid.cookie);
    await services.credits.consume(paid.userId, sub?.credits ?? 0, "test: use the plan credits");
    expect(await html("/account", paid.cookie)).toContain("Need More Credits?");
  });
});

describe("/subscription/change", () => {
  it("lists the paid plans of the cycle by price with their actions, and the toggle", async () => {
    const u = await builderEur();
    const page = await html("/subscription/change", u.cookie);
    expect(page).toContain("Save 20%");
    const order = ["Builder", "Pro", "Quant"].map((n) => page.indexOf(`<h2>${n}</h2>`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).not.toContain("<h2>Free</h2>");
    expect(page).toContain("Current Plan");
    expect(page).toContain('href="/payment?type=upgrade&amp;id=pro-monthly-eur"');
    expect(page).toContain("€55");
    const yearly = await html("/subscription/change?cycle=yearly", u.cookie);
    expect(yearly).toContain("/ year");
    expect(yearly).toContain("id=pro-yearly-eur");
    expect(yearly).not.toContain("Current Plan");
  });

  it("a downgrade asks 'Confirm Downgrade', is scheduled for period end and shows on the account", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "pro-monthly-eur");
    const page = await html("/subscription/change", u.cookie);
    expect(page).toContain('href="/subscription/change?downgrade=builder-monthly-eur"');
    const asked = await html("/subscription/change?downgrade=builder-monthly-eur", u.cookie);
    expect(asked).toContain("Confirm Downgrade");
    expect(asked).toContain("monthly credits will be reduced from 100 to 30");
    const done = await postForm(
      "/subscription/change?downgrade=builder-monthly-eur",
      { intent: "downgrade", pid: "builder-monthly-eur" },
      u.cookie,
    );
    expect(done.headers.get("location")).toBe("/account");
    const account = await html("/account", u.cookie);
    expect(account).toContain("Your plan changes to Builder on");
    expect(await subscriptionOf(u.cookie)).toMatchObject({
      slug: "pro",
      action: { targetPid: "builder-monthly-eur" },
    });
    const refused = await postForm(
      "/subscription/change",
      { intent: "downgrade", pid: "builder-yearly-eur" },
      u.cookie,
    );
    expect(await refused.text()).toContain(
      "This plan change is not allowed due to currency or billing cycle restrictions.",
    );
  });

  it("is blocked while a cancellation is pending", async () => {
    const u = await builderEur();
    await api("subscription/cancel", {}, { cookie: u.cookie });
    const page = await html("/subscription/change", u.cookie);
    expect(page).toContain("Revert the cancelation to change your plan.");
    expect(page).toContain("Go to Account");
    expect(page).not.toContain("Current Plan");
    const upgrade = await html("/payment?type=upgrade&id=pro-monthly-eur", u.cookie);
    expect(upgrade).toContain("Revert the cancelation to change your plan.");
    const refused = await postForm(
      "/subscription/change",
      { intent: "downgrade", pid: "free-monthly-eur" },
      u.cookie,
    );
    expect(refused.status).toBe(400);
  });
});

describe("/checkout/complete", () => {
  it("without payment_intent or with another redirect_status: the spec's message and 'Go to Checkout'", async () => {
    const u = await newUser();
    for (const path of [
      "/checkout/complete",
      "/checkout/complete?redirect_status=succeeded",
      "/checkout/complete?payment_intent=pi_x&redirect_status=failed",
    ]) {
      const res = await get(path, u.cookie);
      expect(res.status, path).toBe(400);
      const text = await res.text();
      expect(text).toContain("We could not complete your subscription. Please try again.");
      expect(text).toContain("Go to Checkout");
      // A failure stays put: no redirect to the dashboard.
      expect(text).not.toMatch(/http-equiv="refresh"/i);
    }
  });

  it("settles a confirmed checkout intent for a user without a subscription yet: 'Go to Dashboard'", async () => {
    const u = await newUser();
    const init = z
      .object({
        status: z.literal("ok"),
        data: z.object({ clientSecret: z.string(), paymentId: z.string() }),
      })
      .parse(
        (await api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, { cookie: u.cookie })).body,
      );
    const paymentMethodId = await sandboxCard(u.cookie, CARDS.visa);
    await api(
      "sandbox/confirm_payment",
      { clientSecret: init.data.clientSecret, paymentMethodId },
      { cookie: u.cookie },
    );
    const path = `/checkout/complete?payment_intent=${init.data.paymentId}&redirect_status=succeeded`;
    const other = await newUser();
    expect(await html(path, other.cookie)).toContain("We could not complete your subscription.");
    const res = await get(path, u.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Go to Dashboard");
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "builder" });
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = 'paid'", u.userId),
    ).toBe(1);
    // Again (a reload): still one paid invoice.
    await get(path, u.cookie);
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = 'paid'", u.userId),
    ).toBe(1);
  });
});
