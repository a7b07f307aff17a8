import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  api,
  CARDS,
  confirmedCheckout,
  hydrated,
  payWithNewCard,
  periodEnd,
  runScheduledAt,
  signUp,
  subscribePaid,
} from "./billing-helpers.ts";
import { eventually, newPage, uniqueEmail } from "./browser.ts";
import { startSession } from "./session.ts";

// The payment page, the account's Add-ons, Invoices and Payment Methods tabs, the change-plan page and the
// checkout return page with the sandbox provider, each flow with JavaScript on and off.

const session = startSession();

async function text(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).first().textContent()) ?? "";
}

/** A subscriber on a paid plan (the success card saved as default), on /account. */
async function subscriber(page: Page, prefix: string, pid = "builder-monthly-eur") {
  await signUp(page, session.server.url, uniqueEmail(prefix));
  await subscribePaid(page, session.server.url, pid);
  await page.goto(`${session.server.url}/account`);
}

async function open(page: Page, path: string, javaScript: boolean) {
  await page.goto(`${session.server.url}${path}`);
  if (javaScript) await hydrated(page);
}

/** The success message, then the redirect after 3 seconds (a script timer, or the meta refresh without one). */
async function paidThenRedirected(page: Page, to: string) {
  await page.waitForURL(/\/payment\?.*paid=/);
  await eventually(async () => assert.match(await text(page, ".success-card"), /Payment successful/));
  assert.match(await text(page, ".success-card"), /redirected in 3 seconds/);
  await page.waitForURL(`${session.server.url}${to}`, { timeout: 10_000 });
}

for (const javaScript of [true, false]) {
  describe(`billing and account, JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("buys an add-on with a new card, then another with the saved card, and sees both in the Add-ons tab", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await subscriber(page, `addon-${javaScript}`);
      await open(page, "/addons", javaScript);
      await page.click("[data-addon=addon-10-eur] a:has-text('Buy')");
      await page.waitForURL(/\/payment\?type=addon&id=addon-10-eur$/);
      if (javaScript) await hydrated(page);
      await eventually(async () => assert.match(await text(page, "h1"), /Complete Purchase/));
      const summary = await text(page, ".order-summary");
      assert.match(summary, /10 Credits/);
      assert.match(summary, /Valid for30 days/);
      assert.match(summary, /TypeAdd-on/);
      assert.match(await text(page, ".pay-form button[type=submit]"), /^Pay €5$/);
      // The saved card is chosen first; the new-card fields show once 'Use a new card' is picked.
      assert.equal(await page.locator(".new-card").isVisible(), false);
      await page.selectOption(".pay-form select[name=paymentMethodId]", "new");
      assert.equal(await page.locator(".new-card").isVisible(), true);
      await payWithNewCard(page, CARDS.mastercard);
      await paidThenRedirected(page, "/account/addons");
      await eventually(async () => assert.match(await text(page, "table[aria-label=Add-ons]"), /10 Credits/));
      assert.match(await text(page, "table[aria-label=Add-ons]"), /0 \/ 10 \(0%\)/);

      await open(page, "/payment?type=addon&id=addon-50-eur", javaScript);
      const select = page.locator(".pay-form select[name=paymentMethodId]");
      assert.match((await select.locator("option:checked").textContent()) ?? "", /Visa •••• 4242/);
      assert.match(await select.textContent().then((t) => t ?? ""), /Mastercard •••• 4444/);
      await page.click(".pay-form button:has-text('Pay €20')");
      await paidThenRedirected(page, "/account/addons");
      await eventually(async () => assert.match(await text(page, "table[aria-label=Add-ons]"), /50 Credits/));
      assert.match(await text(page, "table[aria-label=Add-ons]"), /10 Credits/);
      await page.goto(`${session.server.url}/account`);
      assert.match(await text(page, ".credit-bar"), /0 of 90 used \(0%\)/);
      await context.close();
    });

    it("asks for 3-D Secure on the payment page; a declined card shows the provider's message", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await subscriber(page, `3ds-${javaScript}`);
      await open(page, "/payment?type=addon&id=addon-10-eur", javaScript);
      await payWithNewCard(page, CARDS.declined);
      await eventually(async () =>
        assert.match(await text(page, ".checkout-pay [role=alert]"), /Your card was declined\./),
      );
      await payWithNewCard(page, CARDS.threeDSecure);
      await page.locator("text=3-D Secure test challenge").waitFor();
      await page.click(".challenge button:has-text('Complete')");
      await paidThenRedirected(page, "/account/addons");
      await eventually(async () => assert.match(await text(page, "table[aria-label=Add-ons]"), /10 Credits/));
      await context.close();
    });

    it("upgrades with a pro-rata charge and the account shows the new plan", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await subscriber(page, `upgrade-${javaScript}`);
      if (javaScript) await hydrated(page);
      await page.click("a:has-text('Upgrade Plan')");
      await page.waitForURL(`${session.server.url}/subscription/change`);
      await eventually(async () => assert.match(await text(page, "[data-plan=builder]"), /Current Plan/));
      await page.click("[data-plan=pro] a:has-text('Upgrade')");
      await page.waitForURL(/\/payment\?type=upgrade&id=pro-monthly-eur$/);
      if (javaScript) await hydrated(page);
      await eventually(async () => assert.match(await text(page, "h1"), /Upgrade Plan/));
      const summary = await text(page, ".order-summary");
      assert.match(summary, /Pro-rata\d+ days remaining/);
      assert.match(summary, /Regular price€55 \/ month/);
      assert.match(summary, /Next billing date/);
      const button = await text(page, ".pay-form button[type=submit]");
      const today = Number(/^Pay €(\d+)$/.exec(button)?.[1]);
      // Pro (€55) for the rest of a month already paid at Builder's €25: the difference, never the full price.
      assert.ok(today > 0 && today <= 30, `pro-rata charge ${button}`);
      assert.match(summary, new RegExp(`Pay today€${today}`));
      await page.click(".pay-form button[type=submit]");
      await paidThenRedirected(page, "/account");
      await eventually(async () => assert.match(await text(page, ".current-plan"), /Pro/));
      assert.match(await text(page, ".current-plan"), /€55/);
      await context.close();
    });

    it("adds a card, makes it default and removes a card", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await subscriber(page, `cards-${javaScript}`);
      await open(page, "/account/payment-methods", javaScript);
      assert.match(await text(page, "[data-last4='4242'] .default-badge"), /Default/);
      await page.click("a:has-text('Add New Card')");
      const dialog = page.locator(".add-card-dialog");
      await dialog.waitFor();
      await dialog.locator("input[name=number]").fill(CARDS.mastercard);
      await dialog.locator("input[name=expiry]").fill("11/33");
      await dialog.locator("input[name=cvc]").fill("123");
      await dialog.locator("button:has-text('Save Card')").click();
      await page.locator("[data-last4='4444']").waitFor();
      assert.equal(await page.locator(".add-card-dialog").count(), 0);
      assert.match(await text(page, "[data-last4='4444']"), /Mastercard/);
      assert.match(await text(page, "[data-last4='4444']"), /Expires 11\/33/);
      assert.equal(await page.locator("[data-last4='4444'] .default-badge").count(), 0);

      // The default card cannot go while another card exists.
      await page.click("[data-last4='4242'] a:has-text('Remove')");
      const confirm = page.locator("[role=dialog]");
      await confirm.waitFor();
      assert.match(
        await confirm.textContent().then((t) => t ?? ""),
        /Are you sure you want to remove this payment method\?/,
      );
      await confirm.locator("button:has-text('Remove')").click();
      await eventually(async () =>
        assert.match(
          await text(page, "[role=dialog] [role=alert]"),
          /Set another card as default before removing it\./,
        ),
      );
      await page.click("[role=dialog] a:has-text('Cancel')");
      await eventually(async () => assert.equal(await page.locator("[role=dialog]").count(), 0));

      await page.click("[data-last4='4444'] button:has-text('Make Default')");
      await eventually(async () =>
        assert.equal(await page.locator("[data-last4='4444'] .default-badge").count(), 1),
      );
      assert.equal(await page.locator("[data-last4='4242'] .default-badge").count(), 0);

      await page.click("[data-last4='4242'] a:has-text('Remove')");
      await page.locator("[role=dialog]").waitFor();
      await page.locator("[role=dialog] button:has-text('Remove')").click();
      await eventually(async () => assert.equal(await page.locator("[data-last4='4242']").count(), 0));
      assert.equal(await page.locator(".payment-method").count(), 1);
      assert.match(await text(page, "[data-last4='4444'] .default-badge"), /Default/);
      await context.close();
    });

    it("confirms a downgrade, shown as scheduled on the account", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await subscriber(page, `downgrade-${javaScript}`, "pro-monthly-eur");
      await open(page, "/subscription/change", javaScript);
      assert.match(await text(page, "[data-plan=pro]"), /Current Plan/);
      await page.click("[data-plan=builder] a:has-text('Downgrade')");
      const dialog = page.locator("[role=dialog]");
      await dialog.waitFor();
      const asked = (await dialog.textContent()) ?? "";
      assert.match(asked, /Confirm Downgrade/);
      assert.match(asked, /monthly credits will be reduced from 100 to 30/);
      assert.match(asked, /end of your current billing period/);
      await dialog.locator("button:has-text('Confirm Downgrade')").click();
      await page.waitForURL(`${session.server.url}/account`);
      await eventually(async () =>
        assert.match(await text(page, ".notice"), /Your plan changes to Builder on/),
      );
      assert.match(await text(page, ".current-plan"), /Pro/);
      // Until the period ends it can be taken back.
      await page.click("button:has-text('Keep Pro')");
      await eventually(async () => assert.equal(await page.locator("text=Your plan changes to").count(), 0));
      await context.close();
    });

    it("blocks a plan change while a cancellation is pending", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await subscriber(page, `blocked-${javaScript}`);
      await api(page, session.server.url, "subscription/cancel", {});
      await open(page, "/subscription/change", javaScript);
      assert.match(await text(page, "[role=alert]"), /Revert the cancelation to change your plan\./);
      assert.equal(await page.locator(".plan").count(), 0);
      await page.click("a:has-text('Go to Account')");
      await page.waitForURL(`${session.server.url}/account`);
      await page.locator("button:has-text('Revert Cancelation')").waitFor();
      await context.close();
    });

    it("returns from a checkout to /checkout/complete and goes to the dashboard", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUp(page, session.server.url, uniqueEmail(`complete-${javaScript}`));
      await open(page, "/checkout/complete", javaScript);
      assert.match(
        await text(page, "[role=alert]"),
        /We could not complete your subscription\. Please try again\./,
      );
      assert.equal(await page.locator("a:has-text('Go to Checkout')").count(), 1);
      // The provider confirmed the card (as Stripe.js does before redirecting back); this page settles it.
      const paymentId = await confirmedCheckout(page, session.server.url, "builder-monthly-usd");
      await open(
        page,
        `/checkout/complete?payment_intent=${paymentId}&redirect_status=succeeded`,
        javaScript,
      );
      assert.match(await text(page, ".checkout-complete"), /Payment successful/);
      await page.click("a:has-text('Go to Dashboard')");
      // The dashboard (a first visit shows the welcome page first).
      await page.waitForURL((u) => u.pathname === "/" || u.pathname === "/welcome");
      await page.goto(`${session.server.url}/account`);
      assert.match(await text(page, ".current-plan"), /Builder/);
      await context.close();
    });

    // Last in the group: the renewal run moves the clock of every subscription whose period has ended.
    it("pays an open renewal invoice, left Pending for 3-D Secure, from the Invoices tab", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await subscriber(page, `invoice-${javaScript}`);
      // Renewals charge the default card off session; this one needs the customer to authenticate every time.
      await open(page, "/account/payment-methods", javaScript);
      await page.click("a:has-text('Add New Card')");
      const dialog = page.locator(".add-card-dialog");
      await dialog.waitFor();
      await dialog.locator("input[name=number]").fill("4000 0027 6000 3184");
      await dialog.locator("input[name=expiry]").fill("11/33");
      await dialog.locator("input[name=cvc]").fill("123");
      await dialog.locator("button:has-text('Save Card')").click();
      await page.locator("[data-last4='3184']").waitFor();
      await page.click("[data-last4='3184'] button:has-text('Make Default')");
      await eventually(async () =>
        assert.equal(await page.locator("[data-last4='3184'] .default-badge").count(), 1),
      );

      await runScheduledAt(session.server.url, (await periodEnd(page, session.server.url)) + 1000);
      await eventually(async () => {
        await page.goto(`${session.server.url}/account/invoices`);
        assert.match(await text(page, "table[aria-label=Invoices]"), /renewal/);
      });
      const table = await text(page, "table[aria-label=Invoices]");
      assert.match(table, /Builder plan \(monthly\) renewal/);
      assert.match(table, /Pending/);
      assert.equal(await page.locator("a:has-text('Pay Now')").count(), 1);
      if (javaScript) await hydrated(page);
      await page.click("a:has-text('Pay Now')");
      await page.waitForURL(/\/payment\?type=invoice&id=/);
      if (javaScript) await hydrated(page);
      await eventually(async () => assert.match(await text(page, "h1"), /Pay Invoice/));
      const summary = await text(page, ".order-summary");
      assert.match(summary, /Invoice #SF-/);
      assert.match(summary, /Due date/);
      assert.match(summary, /StatusPending/);
      assert.match(await text(page, ".pay-form button[type=submit]"), /^Pay €25$/);
      await payWithNewCard(page, CARDS.visa);
      await paidThenRedirected(page, "/account/invoices");
      await eventually(async () => assert.equal(await page.locator("a:has-text('Pay Now')").count(), 0));
      assert.doesNotMatch(await text(page, "table[aria-label=Invoices]"), /Pending/);
      await context.close();
    });
  });
}
