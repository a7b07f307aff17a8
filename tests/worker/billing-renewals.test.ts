import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createServices } from "../../worker/services/context";
import { data, expectError, parsed } from "./answers";
import { newUser, subscriptionOf, userIdOf } from "./billing-helpers";
import { count, firstRow } from "./d1";
import { api, chooseFree, env, TOKEN } from "./helpers";
import { sandboxCard, subscribePaid } from "./sandbox-checkout";

// The renewal job (worker/jobs/renewals.ts) on a fixed clock, with the sandbox provider.

const DAY = 86_400_000;

async function subRow(userId: string) {
  const row = await env.DB.prepare(
    "SELECT plan_slug, product_pid, period_start, period_end, target_pid, cancel_requested_at, state FROM subscriptions WHERE user_id = ?1 AND status = 'active'",
  )
    .bind(userId)
    .first();
  return z
    .object({
      plan_slug: z.string(),
      product_pid: z.string(),
      period_start: z.number(),
      period_end: z.number(),
      target_pid: z.string().nullable(),
      cancel_requested_at: z.number().nullable(),
      state: z.number(),
    })
    .parse(row);
}

type Scheduled = (
  controller: ScheduledController,
  env: Cloudflare.Env,
  ctx: ExecutionContext,
) => Promise<void>;

function hasScheduled(mod: unknown): mod is { default: { scheduled: Scheduled } } {
  if (typeof mod !== "object" || mod === null || !("default" in mod)) return false;
  const handler = mod.default;
  return (
    typeof handler === "object" &&
    handler !== null &&
    "scheduled" in handler &&
    typeof handler.scheduled === "function"
  );
}

/** The built worker (npm run build), imported by a runtime path so type-checking does not need the build. */
async function builtWorker() {
  const path = "../../build/index.js";
  const mod: unknown = await import(/* @vite-ignore */ path);
  if (!hasScheduled(mod)) throw new Error("build/index.js has no scheduled handler");
  return mod.default;
}

function runAt(at: number) {
  return createServices(env, { now: () => at }).billing.renewals.run(at);
}

describe("renewals", () => {
  it("Free: renews the period and the credits every 30 days, once however often the job runs", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    await createServices(env).credits.consume(u.userId, 3, "used up");
    const before = await subRow(u.userId);
    const at = before.period_end + 1000;
    await runAt(at);
    await runAt(at);
    const after = await subRow(u.userId);
    expect(after.period_start).toBe(before.period_end);
    expect(after.period_end).toBe(before.period_end + 30 * DAY);
    expect(
      await count("SELECT COUNT(*) AS n FROM credit_grants WHERE user_id = ?1 AND kind = 'plan'", u.userId),
    ).toBe(2);
    const balance = await createServices(env, { now: () => at }).credits.balance(u.userId);
    expect(balance).toMatchObject({ planTotal: 3, planUsed: 0, remaining: 3 });
  });

  it("paid: charges the saved card, opens and pays one invoice, renews credits", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-usd");
    const before = await subRow(u.userId);
    const at = before.period_end + 1000;
    await runAt(at);
    await runAt(at + 1000);
    const after = await subRow(u.userId);
    expect(after.period_start).toBe(before.period_end);
    expect(new Date(after.period_end).getUTCDate()).toBe(new Date(before.period_end).getUTCDate());
    const invoices = await env.DB.prepare(
      "SELECT kind, status, amount_minor FROM invoices WHERE user_id = ?1 ORDER BY created_at",
    )
      .bind(u.userId)
      .all();
    expect(invoices.results).toEqual([
      { kind: "subscribe", status: "paid", amount_minor: 2500 },
      { kind: "renewal", status: "paid", amount_minor: 2500 },
    ]);
    expect(await createServices(env, { now: () => at }).credits.balance(u.userId)).toMatchObject({
      planTotal: 30,
      planUsed: 0,
    });
  });

  it("applies a scheduled downgrade at period end and charges the cheaper plan", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "pro-monthly-usd");
    await api("subscription/downgrade", { pid: "builder-monthly-usd" }, { cookie: u.cookie });
    const before = await subRow(u.userId);
    expect(before.target_pid).toBe("builder-monthly-usd");
    await runAt(before.period_end + 1000);
    const after = await subRow(u.userId);
    expect(after).toMatchObject({
      plan_slug: "builder",
      product_pid: "builder-monthly-usd",
      target_pid: null,
    });
    expect(
      await count("SELECT amount_minor AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal'", u.userId),
    ).toBe(2500);
  });

  it("yearly to monthly is a downgrade at the year's end: the change page offers it, the renewal charges the month and starts monthly periods", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "pro-yearly-usd");
    const options = parsed(
      await api("subscription/change/list", {}, { cookie: u.cookie }),
      z.object({ products: z.array(z.object({ pid: z.string(), action: z.string() })) }),
    ).products;
    expect(options).toContainEqual({ pid: "builder-monthly-usd", action: "downgrade" });
    expect(options).toContainEqual({ pid: "quant-monthly-usd", action: "downgrade" });
    // Not charged now: the year is paid for; the upgrade path still refuses it.
    expectError(
      await api("payment/initiate", { type: "upgrade", id: "quant-monthly-usd" }, { cookie: u.cookie }),
      "PRODUCT_CHANGE_NOT_ALLOWED",
    );
    data(await api("subscription/downgrade", { pid: "quant-monthly-usd" }, { cookie: u.cookie }));
    const before = await subRow(u.userId);
    expect(before).toMatchObject({ plan_slug: "pro", target_pid: "quant-monthly-usd" });
    expect(await subscriptionOf(u.cookie)).toMatchObject({
      slug: "pro",
      action: { targetPid: "quant-monthly-usd" },
    });

    await runAt(before.period_end + 1000);
    const after = await subRow(u.userId);
    expect(after).toMatchObject({ plan_slug: "quant", product_pid: "quant-monthly-usd", target_pid: null });
    expect(after.period_start).toBe(before.period_end);
    // A calendar month from the year's end (28 to 31 days), not another year.
    expect(after.period_end - after.period_start).toBeGreaterThanOrEqual(28 * DAY);
    expect(after.period_end - after.period_start).toBeLessThanOrEqual(31 * DAY);
    expect(
      await count(
        "SELECT amount_minor AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal' AND status = 'paid'",
        u.userId,
      ),
    ).toBe(15_000);
  });

  it("applies a cancellation at period end: Free, no charge; a reverted one renews as before", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-eur");
    await api("subscription/cancel", {}, { cookie: u.cookie });
    const before = await subRow(u.userId);
    await runAt(before.period_end + 1000);
    const after = await subRow(u.userId);
    expect(after).toMatchObject({
      plan_slug: "free",
      product_pid: "free-monthly-eur",
      cancel_requested_at: null,
    });
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal'", u.userId),
    ).toBe(0);
    expect(after.period_end - after.period_start).toBe(30 * DAY);

    const v = await newUser();
    await subscribePaid(v.cookie, "builder-monthly-eur");
    await api("subscription/cancel", {}, { cookie: v.cookie });
    await api("subscription/cancel/revert", {}, { cookie: v.cookie });
    await runAt((await subRow(v.userId)).period_end + 1000);
    expect(await subRow(v.userId)).toMatchObject({ plan_slug: "builder" });
  });

  it("a renewal the bank wants authenticated stays open (Pending) without credits, and Pay Now settles it", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-usd");
    // Stripe's 4000 0027 6000 3184 needs 3-D Secure on every payment, so the off-session charge cannot pass.
    const setup = parsed(
      await api("payment_method_setup", {}, { cookie: u.cookie }),
      z.object({ client_secret: z.string() }),
    );
    const card = await sandboxCard(u.cookie, "4000002760003184");
    await api(
      "sandbox/confirm_setup",
      { clientSecret: setup.client_secret, paymentMethodId: card },
      { cookie: u.cookie },
    );
    await api("payment_method_attach", { payment_method_id: card }, { cookie: u.cookie });
    expect(
      data(await api("payment_method_default", { payment_method_id: card }, { cookie: u.cookie })),
    ).toEqual({});
    const { period_end: end } = await subRow(u.userId);
    const before = await createServices(env, { now: () => end + 1000 }).credits.balance(u.userId);

    const report = await runAt(end + 1000);
    expect(report).toMatchObject({ awaiting: 1, failed: 0, charged: 0 });
    const invoice = await firstRow(
      z.object({ id: z.string(), status: z.string() }),
      "SELECT id, status FROM invoices WHERE user_id = ?1 AND kind = 'renewal'",
      u.userId,
    );
    expect(invoice.status).toBe("open");
    expect(await subRow(u.userId)).toMatchObject({ plan_slug: "builder", period_end: end });
    expect(await createServices(env, { now: () => end + 1000 }).credits.balance(u.userId)).toEqual(before);
    // Running again does not charge again while the customer has not come back.
    expect(await runAt(end + 2000)).toMatchObject({ awaiting: 0, charged: 0 });

    // Pay Now with the first (default-free) card, on session.
    const init = parsed(
      await api("payment/initiate", { type: "invoice", id: invoice.id }, { cookie: u.cookie }),
      z.object({
        product: z.object({ status: z.string() }),
        paymentMethods: z.array(z.object({ id: z.string(), last4: z.string() })),
      }),
    );
    expect(init.product.status).toBe("open");
    const visa = init.paymentMethods.find((m) => m.last4 === "4242");
    expect(visa).toBeDefined();
    const paid = await api(
      "payment/confirm",
      { type: "invoice", id: invoice.id, paymentData: { paymentMethodId: visa?.id ?? "" } },
      { cookie: u.cookie },
    );
    expect(paid.body).toMatchObject({ status: "ok" });
    expect(
      await count("SELECT COUNT(*) AS n FROM invoices WHERE id = ?1 AND status = 'paid'", invoice.id),
    ).toBe(1);
    expect(await subRow(u.userId)).toMatchObject({ plan_slug: "builder", period_start: end });
  });

  it("expires add-ons and a failed renewal without a card becomes overdue after 3 days, falling back to Free", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-usd");
    await env.DB.prepare("DELETE FROM payment_methods WHERE user_id = ?1").bind(u.userId).run();
    const { period_end: end } = await subRow(u.userId);
    await runAt(end + 1000);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal' AND status = 'failed'",
        u.userId,
      ),
    ).toBe(1);
    expect(await subRow(u.userId)).toMatchObject({ plan_slug: "builder", period_end: end });
    await runAt(end + 2 * DAY);
    expect(await subRow(u.userId)).toMatchObject({ plan_slug: "builder" });
    await runAt(end + 3 * DAY + 1000);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal' AND status = 'overdue'",
        u.userId,
      ),
    ).toBe(1);
    expect(await subRow(u.userId)).toMatchObject({ plan_slug: "free" });
    const overdue = await firstRow(
      z.object({ id: z.string() }),
      "SELECT id FROM invoices WHERE user_id = ?1 AND status = 'overdue'",
      u.userId,
    );
    // The overdue invoice is still payable (Pay Now).
    const init = await api("payment/initiate", { type: "invoice", id: overdue.id }, { cookie: u.cookie });
    expect(init.body).toMatchObject({
      status: "ok",
      data: { product: { status: "overdue", invoiceId: overdue.id } },
    });
  });

  it("subscriptions stuck in their grace period never hold back a newer renewal", async () => {
    // Three renewals that fail (no card) and stay due, older than one that can be charged: with pages of 2,
    // the job must still reach the fourth in the same run.
    const stuck = [await newUser(), await newUser(), await newUser()];
    const good = await newUser();
    for (const u of [...stuck, good]) await subscribePaid(u.cookie, "builder-monthly-usd");
    const { period_end: end } = await subRow(good.userId);
    for (const [i, u] of stuck.entries()) {
      await env.DB.prepare("DELETE FROM payment_methods WHERE user_id = ?1").bind(u.userId).run();
      await env.DB.prepare(
        "UPDATE subscriptions SET period_end = ?2 WHERE user_id = ?1 AND status = 'active'",
      )
        .bind(u.userId, end - (10 - i) * 60_000)
        .run();
    }
    const services = createServices(env, { now: () => end + 1000 });
    await services.billing.renewals.run(end + 1000, 2);
    await services.billing.renewals.run(end + 2000, 2);
    for (const u of stuck) expect(await subRow(u.userId)).toMatchObject({ plan_slug: "builder" });
    expect((await subRow(good.userId)).period_end).toBeGreaterThan(end);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?1 AND kind = 'renewal' AND status = 'paid'",
        good.userId,
      ),
    ).toBe(1);
  });

  it("a sponsor no longer eligible at renewal is state 2 without credits until retry/sponsor succeeds", async () => {
    const email = `sponsored-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const allow = (on: boolean) =>
      on
        ? env.DB.prepare(
            "INSERT INTO sponsor_allowlist (sponsor, pattern, created_at) VALUES ('switch-markets', ?1, 0)",
          )
            .bind(email)
            .run()
        : env.DB.prepare("DELETE FROM sponsor_allowlist WHERE pattern = ?1").bind(email).run();
    await allow(true);
    const signed = await api("sign/up/sponsor", {
      name: "Sponsored Trader",
      email,
      password: "correct horse battery",
      sponsor: "switch-markets",
      turnstileToken: TOKEN,
    });
    const cookie = signed.cookie ?? "";
    const userId = await userIdOf(email);
    const before = await subRow(userId);
    expect(before).toMatchObject({ plan_slug: "sponsor-sm", state: 1 });
    await allow(false);
    const at = before.period_end + 1000;
    await runAt(at);
    expect(await subRow(userId)).toMatchObject({ state: 2, period_start: before.period_end });
    expect(await createServices(env, { now: () => at }).credits.balance(userId)).toMatchObject({
      planTotal: 0,
    });
    const sub = await subscriptionOf(cookie);
    expectError(
      await api("subscription/retry/sponsor", { userProductId: sub?.userProductId }, { cookie }),
      "SPONSOR_ELIGIBILITY_ERROR",
    );
    await allow(true);
    // The retry grants the credits of the period containing "now" (the real clock here).
    expect(
      await api("subscription/retry/sponsor", { userProductId: sub?.userProductId }, { cookie }),
    ).toMatchObject({ status: 200 });
    expect(await subscriptionOf(cookie)).toMatchObject({ state: 1 });
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM credit_movements WHERE user_id = ?1 AND reason LIKE '%eligibility verified%'",
        userId,
      ),
    ).toBe(1);
  });

  it("marks expired add-ons", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const t = Date.now();
    await env.DB.prepare(
      `INSERT INTO credit_grants (id, user_id, kind, product_pid, name, credits, used, granted_at, expires_at, status, amount_minor, currency, created_at)
       VALUES (?1, ?2, 'addon', 'addon-10-usd', '10 Credits', 10, 4, ?3, ?4, 'active', 500, 'USD', ?3)`,
    )
      .bind(`old-${u.userId}`, u.userId, t - 40 * DAY, t - 10 * DAY)
      .run();
    await runAt(t);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM credit_grants WHERE id = ?1 AND status = 'expired'",
        `old-${u.userId}`,
      ),
    ).toBe(1);
    const owned = await api("user/addons", {}, { cookie: u.cookie });
    expect(owned.body).toMatchObject({
      status: "ok",
      data: { addons: [{ status: "expired", isExpired: true, creditsUsage: 4 }] },
    });
    expect(await subscriptionOf(u.cookie)).toMatchObject({ addonCreditsTotal: 0 });
  });

  it("the Cron Trigger runs the job through the built worker's scheduled()", async () => {
    const u = await newUser();
    await chooseFree(u.cookie);
    const { period_end: end } = await subRow(u.userId);
    const worker = await builtWorker();
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: end + 1000, cron: "*/15 * * * *" }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect((await subRow(u.userId)).period_start).toBe(end);
  });
});
