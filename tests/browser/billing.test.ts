import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { eventually, newPage, uniqueEmail } from "./browser.ts";
import { hydrated, signUpForm, startSession } from "./session.ts";

const session = startSession();

/** Builder, monthly, in EUR, up to the checkout step; the currency select works with and without scripts. */
async function openBuilderCheckoutInEur(page: Page, javaScript: boolean) {
  if (javaScript) await hydrated(page);
  await page.selectOption("select[name=currency]", "EUR");
  if (!javaScript) await page.click("button:has-text('Show prices')");
  await page.waitForURL(/currency=EUR/);
  await page.click("[data-plan=builder] a:has-text('Get Started')");
  await page.waitForURL(/pid=builder-monthly-eur/);
  await page.locator("text=Choose another plan").waitFor();
}

async function pay(page: Page, number: string) {
  await page.fill("input[name=number]", number);
  await page.fill("input[name=expiry]", "12/34");
  await page.fill("input[name=cvc]", "123");
  await page.fill("input[name=name]", "Billing Trader");
  await page.check(".card-form input[name=terms]");
  await page.click(".card-form button[type=submit]");
}

for (const javaScript of [true, false]) {
  describe(`billing, JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("subscribes to Builder monthly in EUR with the success card and sees the credits on /account", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUpForm(page, session.server.url, uniqueEmail(`pay-${javaScript}`), "Billing Trader");
      await openBuilderCheckoutInEur(page, javaScript);
      assert.match((await page.textContent(".checkout-summary")) ?? "", /€\d+ billed monthly/);
      assert.match((await page.textContent(".checkout-pay")) ?? "", /No obligation and cancel anytime\./);
      await pay(page, "4242 4242 4242 4242");
      await page.waitForURL(`${session.server.url}/subscribe/success`);
      await eventually(async () =>
        assert.match((await page.textContent("[role=status]")) ?? "", /Payment successful/),
      );
      await page.goto(`${session.server.url}/account`);
      assert.match((await page.textContent(".credit-bar")) ?? "", /0 of \d+ used \(0%\)/);
      assert.match((await page.textContent(".current-plan")) ?? "", /Builder/);
      await page.goto(`${session.server.url}/addons`);
      const buy = page.locator("a:has-text('Buy')").first();
      assert.match((await buy.getAttribute("href")) ?? "", /^\/payment\?type=addon&id=addon-\d+-eur$/);
      await context.close();
    });

    it("shows the provider's message for a declined card", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUpForm(page, session.server.url, uniqueEmail(`decline-${javaScript}`), "Billing Trader");
      await openBuilderCheckoutInEur(page, javaScript);
      await pay(page, "4000000000000002");
      const alert = page.locator(".checkout-pay [role=alert]");
      await alert.waitFor();
      assert.match((await alert.textContent()) ?? "", /Your card was declined\./);
      await context.close();
    });

    it("schedules a cancellation and reverts it", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUpForm(page, session.server.url, uniqueEmail(`cancel-${javaScript}`), "Billing Trader");
      await openBuilderCheckoutInEur(page, javaScript);
      await pay(page, "4242424242424242");
      await page.waitForURL(`${session.server.url}/subscribe/success`);
      await page.goto(`${session.server.url}/account`);
      if (javaScript) await hydrated(page);
      await page.click("a:has-text('Cancel Subscription')");
      const dialog = page.locator("[role=dialog]");
      await dialog.waitFor();
      assert.match((await dialog.textContent()) ?? "", /Are you sure you want to cancel your subscription\?/);
      await dialog.locator("button:has-text('Yes')").click();
      await page.locator("button:has-text('Revert Cancelation')").waitFor();
      assert.match((await page.textContent(".cancel-notice")) ?? "", /scheduled to be canceled/);
      await page.click("button:has-text('Revert Cancelation')");
      await page.locator("a:has-text('Cancel Subscription')").waitFor();
      assert.equal(await page.locator("button:has-text('Revert Cancelation')").count(), 0);
      await context.close();
    });
  });
}
