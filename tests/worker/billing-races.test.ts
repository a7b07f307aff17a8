import { createExecutionContext, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApi } from "../../worker/api";
import { createServices } from "../../worker/services/context";
import { data, expectError, parsed } from "./answers";
import { invoiceListSchema, newUser, subscriptionOf } from "./billing-helpers";
import { count, firstRow } from "./d1";
import { type ApiAnswer, api, chooseFree, env, envelope, ORIGIN, postForm } from "./helpers";
import { CARDS, checkout, sandboxCard, subscribePaid } from "./sandbox-checkout";

// Issue 11, exactly-once money, through the embedded sandbox provider and real D1: the races are fired at
// once (Promise.all) and the ledger is read afterwards. The stripe provider's two-tab case is in
// billing-stripe.test.ts (refunds.create at the fake Stripe API).

async function customerOf(userId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT customer_id FROM billing_customers WHERE user_id = ?1")
    .bind(userId)
    .first();
  return z.object({ customer_id: z.string() }).parse(row).customer_id;
}

/** Money the sandbox took from a customer: its charge objects (one per succeeded intent). */
async function charges(userId: string): Promise<number> {
  return count(
    "SELECT COUNT(*) AS n FROM sandbox_objects WHERE kind = 'charge' AND customer_id = ?1",
    await customerOf(userId),
  );
}

async function sandboxRefunds(userId: string) {
  const rows = await env.DB.prepare(
    "SELECT data FROM sandbox_objects WHERE kind = 'refund' AND customer_id = ?1",
  )
    .bind(await customerOf(userId))
    .all();
  return rows.results.map((r) =>
    z
      .object({ paymentIntentId: z.string(), amountMinor: z.number() })
      .parse(JSON.parse(z.object({ data: z.string() }).parse(r).data)),
  );
}

async function invoicesBy(userId: string, status: string): Promise<number> {
  return count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status = ?2", userId, status);
}

/** A saved card of the user's, as the Payment Methods tab keeps it. */
async function savedCard(cookie: string): Promise<string> {
  const card = await sandboxCard(cookie, CARDS.visa);
  data(await api("payment_method_attach", { payment_method_id: card }, { cookie }));
  return card;
}

function outcome(answer: ApiAnswer): string {
  return answer.body.status === "ok"
    ? z.object({ status: z.string() }).parse(answer.body.data).status
    : `error ${answer.body.errorCode}`;
}

describe("two checkout tabs, both paid", () => {
  it("confirmed at once: one plan, one grant, and the other payment refunded with a note", async () => {
    const u = await newUser();
    const builder = await checkout(u.cookie, "builder-monthly-usd");
    const pro = await checkout(u.cookie, "pro-monthly-usd");
    expect([builder.provider.status, pro.provider.status]).toEqual(["succeeded", "succeeded"]);

    const answers = await Promise.all(
      [builder, pro].map((tab) =>
        api("subscribe/checkout/confirm", { paymentId: tab.init.paymentId }, { cookie: u.cookie }),
      ),
    );
    const won = answers.findIndex((a) => outcome(a) === "succeeded");
    expect(won).toBeGreaterThanOrEqual(0);
    const lost = answers[1 - won];
    if (!lost) throw new Error("two answers expected");
    expectError(lost, "SUBSCRIPTION_EXISTS");
    expect(lost.body).toMatchObject({ userMessage: expect.stringContaining("Refunded: ") });

    const winner = won === 0 ? { tab: builder, slug: "builder" } : { tab: pro, slug: "pro" };
    const loser = won === 0 ? { tab: pro, price: 6_000 } : { tab: builder, price: 2_500 };
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: winner.slug });
    expect(await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM credit_movements WHERE user_id = ?1", u.userId)).toBe(1);
    expect(await invoicesBy(u.userId, "paid")).toBe(1);
    expect(await invoicesBy(u.userId, "refunded")).toBe(1);
    // The refund: one at the provider, of the losing payment, in full; one ledger row for it.
    expect(await sandboxRefunds(u.userId)).toEqual([
      { paymentIntentId: loser.tab.init.paymentId, amountMinor: loser.price },
    ]);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM refunds WHERE user_id = ?1 AND status = 'succeeded' AND provider_payment_id = ?2 AND amount_minor = ?3",
        u.userId,
        loser.tab.init.paymentId,
        loser.price,
      ),
    ).toBe(1);

    // Confirming the refunded tab again changes nothing and refunds nothing twice.
    const again = await api(
      "subscribe/checkout/confirm",
      { paymentId: loser.tab.init.paymentId },
      { cookie: u.cookie },
    );
    expectError(again, "SUBSCRIPTION_EXISTS");
    expect(await sandboxRefunds(u.userId)).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1", u.userId)).toBe(1);

    // The user sees it in the invoice list: Refunded, with the reason.
    const list = parsed(await api("user/invoices", {}, { cookie: u.cookie }), invoiceListSchema).list;
    expect(list).toContainEqual(
      expect.objectContaining({
        status: "refunded",
        statusLabel: "Refunded",
        amountMinor: loser.price,
        note: "Refunded: your account already had a paid plan when this payment went through.",
      }),
    );
    expect(winner.tab.init.paymentId).not.toBe(loser.tab.init.paymentId);
  });

  it("the first one paid cancels the other tab's payment at the provider: it can no longer be charged", async () => {
    const u = await newUser();
    const builder = parsed(
      await api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, { cookie: u.cookie }),
      z.object({ clientSecret: z.string(), paymentId: z.string() }),
    );
    const pro = parsed(
      await api("subscribe/checkout/initiate", { pid: "pro-monthly-usd" }, { cookie: u.cookie }),
      z.object({ clientSecret: z.string(), paymentId: z.string() }),
    );
    const card = await sandboxCard(u.cookie, CARDS.visa);
    data(
      await api(
        "sandbox/confirm_payment",
        { clientSecret: builder.clientSecret, paymentMethodId: card },
        { cookie: u.cookie },
      ),
    );
    expect(
      outcome(
        await api("subscribe/checkout/confirm", { paymentId: builder.paymentId }, { cookie: u.cookie }),
      ),
    ).toBe("succeeded");

    // The Pro tab is still open: paying there takes no money.
    const late = parsed(
      await api(
        "sandbox/confirm_payment",
        { clientSecret: pro.clientSecret, paymentMethodId: await sandboxCard(u.cookie, CARDS.visa) },
        { cookie: u.cookie },
      ),
      z.object({ status: z.string() }),
    );
    expect(late.status).toBe("canceled");
    expectError(
      await api("subscribe/checkout/confirm", { paymentId: pro.paymentId }, { cookie: u.cookie }),
      "SUBSCRIPTION_EXISTS",
    );
    expect(await charges(u.userId)).toBe(1);
    expect(await sandboxRefunds(u.userId)).toEqual([]);
    expect(await subscriptionOf(u.cookie)).toMatchObject({ slug: "builder" });
    expect(await invoicesBy(u.userId, "void")).toBe(1);
  });
});

describe("add-on purchase submitted many times", () => {
  it("8 confirms at once with a saved card: one charge, one invoice, one grant", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const card = await savedCard(u.cookie);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api(
          "payment/confirm",
          { type: "addon", id: "addon-10-usd", paymentData: { paymentMethodId: card } },
          { cookie: u.cookie },
        ),
      ),
    );
    // Each answers the same success, or that the one payment is still being taken.
    expect(await invoicesBy(u.userId, "paid")).toBe(1);
    for (const a of answers) expect(["succeeded", "processing"]).toContain(outcome(a));
    expect(answers.some((a) => outcome(a) === "succeeded")).toBe(true);
    expect(await charges(u.userId)).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND status <> 'draft'", u.userId),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'addon'", u.userId),
    ).toBe(1);
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 10 });
  });

  it("the payment page's form posted twice (no JavaScript) pays once", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const card = await savedCard(u.cookie);
    const page = await (
      await SELF.fetch(`${ORIGIN}/payment?type=addon&id=addon-10-usd`, { headers: { cookie: u.cookie } })
    ).text();
    expect(page).toContain("Complete Purchase");
    // The attempt the page shows travels with the form (a hidden field).
    const attempt = /name="attempt" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const post = () =>
      postForm(
        "/payment?type=addon&id=addon-10-usd",
        { intent: "pay", attempt, paymentMethodId: card },
        u.cookie,
        "10.9.0.1",
      );
    const first = await post();
    const second = await post();
    expect(await invoicesBy(u.userId, "paid")).toBe(1);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    // Both land on the success state of the same invoice.
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await charges(u.userId)).toBe(1);
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 10 });
  });
  it("a keyed submission sent again minutes later pays once; a new key is a new purchase", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const card = await savedCard(u.cookie);
    let clock = Date.now();
    /** payment/confirm through the API on a clock the test moves (the claim window is 60 s). */
    async function confirmAt(submissionKey: string): Promise<ApiAnswer> {
      const services = createServices(env, { now: () => clock });
      const res = await createApi(services).fetch(
        new Request(`${ORIGIN}/api/payment/confirm`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: u.cookie, origin: ORIGIN },
          body: JSON.stringify({
            type: "addon",
            id: "addon-10-usd",
            paymentData: { paymentMethodId: card, submissionKey },
          }),
        }),
        env,
        createExecutionContext(),
      );
      return {
        status: res.status,
        body: envelope.parse(await res.json()),
        cookie: null,
        headers: res.headers,
      };
    }
    const invoiceOf = (a: ApiAnswer) => z.object({ invoiceId: z.string() }).parse(data(a)).invoiceId;
    const key = `form-${crypto.randomUUID()}`;
    const first = await confirmAt(key);
    expect(outcome(first)).toBe("succeeded");

    clock += 5 * 60_000;
    const again = await confirmAt(key);
    expect(outcome(again)).toBe("succeeded");
    expect(invoiceOf(again)).toBe(invoiceOf(first));
    expect(await charges(u.userId)).toBe(1);
    expect(await invoicesBy(u.userId, "paid")).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'addon'", u.userId),
    ).toBe(1);

    clock += 60_000;
    const another = await confirmAt(`form-${crypto.randomUUID()}`);
    expect(outcome(another)).toBe("succeeded");
    expect(invoiceOf(another)).not.toBe(invoiceOf(first));
    expect(await charges(u.userId)).toBe(2);
    expect(
      await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'addon'", u.userId),
    ).toBe(2);
    // A key that is not one is refused before anything is charged.
    expect((await confirmAt("short")).status).toBe(400);
    expect(await charges(u.userId)).toBe(2);
  });
});

describe("cards belong to their user", () => {
  it("user B cannot pay with user A's saved card id: refused like a missing card, nothing charged", async () => {
    const a = await newUser();
    await chooseFree(a.cookie);
    const cardOfA = await savedCard(a.cookie);
    const b = await newUser();
    const init = parsed(
      await api("subscribe/checkout/initiate", { pid: "builder-monthly-usd" }, { cookie: b.cookie }),
      z.object({ clientSecret: z.string(), paymentId: z.string() }),
    );
    const missing = await api(
      "sandbox/confirm_payment",
      { clientSecret: init.clientSecret, paymentMethodId: "pm_sbx_nosuchcard000000000000" },
      { cookie: b.cookie },
    );
    expectError(missing, "PAYMENT_METHOD_NOT_FOUND");
    const foreign = await api(
      "sandbox/confirm_payment",
      { clientSecret: init.clientSecret, paymentMethodId: cardOfA },
      { cookie: b.cookie },
    );
    expectError(foreign, "PAYMENT_METHOD_NOT_FOUND");
    expect(foreign.status).toBe(missing.status);
    expect(foreign.body).toMatchObject({
      userMessage: z.object({ userMessage: z.string() }).parse(missing.body).userMessage,
    });
    expectError(
      await api("subscribe/checkout/confirm", { paymentId: init.paymentId }, { cookie: b.cookie }),
      "PAYMENT_NOT_SUCCEEDED",
    );
    expect(await subscriptionOf(b.cookie)).toBeNull();
    expect(await charges(b.userId)).toBe(0);
  });
});

describe("monthly to yearly billing", () => {
  it("Builder monthly -> Builder yearly is an upgrade: the year less the unused month, a new yearly period now", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-usd");
    const monthly = await subscriptionOf(u.cookie);
    const { id: card } = await firstRow(
      z.object({ id: z.string() }),
      "SELECT id FROM payment_methods WHERE user_id = ?1",
      u.userId,
    );
    const list = parsed(
      await api("subscription/list", {}, { cookie: u.cookie }),
      z.object({ products: z.array(z.object({ pid: z.string(), price: z.number(), credits: z.number() })) }),
    ).products;
    const yearly = list.find((p) => p.pid === "builder-yearly-usd");
    expect(yearly).toMatchObject({ price: 240 });

    const init = parsed(
      await api("payment/initiate", { type: "upgrade", id: "builder-yearly-usd" }, { cookie: u.cookie }),
      z.object({
        paymentIntentId: z.string(),
        product: z.object({
          price: z.number(),
          isProrata: z.boolean(),
          daysRemaining: z.number().nullable(),
          regularPrice: z.number().nullable(),
          billingCycle: z.string().nullable(),
          nextBillingDate: z.string().nullable(),
        }),
      }),
    );
    // Just subscribed: every day of the month is unused, so the whole $25 is credited: $240 - $25.
    expect(init.product).toMatchObject({
      price: 215,
      isProrata: true,
      regularPrice: 240,
      billingCycle: "yearly",
    });
    const nextBilling = Date.parse(init.product.nextBillingDate ?? "");
    expect(nextBilling - Date.now()).toBeGreaterThan(360 * 86_400_000);

    const paid = await api(
      "payment/confirm",
      {
        type: "upgrade",
        id: "builder-yearly-usd",
        paymentData: { paymentIntentId: init.paymentIntentId, paymentMethodId: card },
      },
      { cookie: u.cookie },
    );
    expect(outcome(paid)).toBe("succeeded");
    const now = await subscriptionOf(u.cookie);
    expect(now).toMatchObject({
      slug: "builder",
      pid: "builder-yearly-usd",
      creditsUsage: 0,
      credits: yearly?.credits,
    });
    expect(now?.userProductId).toBe(monthly?.userProductId);
    expect(Date.parse(now?.expiresAt ?? "") - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'upgrade' AND status = 'paid' AND amount_minor = 21500",
        u.userId,
      ),
    ).toBe(1);
    // The monthly grant ended where the yearly one began: one running plan grant.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'plan' AND expires_at > ?2",
        u.userId,
        Date.now(),
      ),
    ).toBe(1);
  });

  it("yearly to monthly is not charged as an upgrade (it is a downgrade at the year's end: billing-renewals)", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-yearly-usd");
    expectError(
      await api("payment/initiate", { type: "upgrade", id: "quant-monthly-usd" }, { cookie: u.cookie }),
      "PRODUCT_CHANGE_NOT_ALLOWED",
      "This plan change is not allowed due to currency or billing cycle restrictions.",
    );
  });
});
