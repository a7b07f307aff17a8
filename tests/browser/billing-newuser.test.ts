import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { CARDS, hydrated, signUp, subscribePaid } from "./billing-helpers.ts";
import { eventually, newPage, uniqueEmail } from "./browser.ts";
import { assertFits } from "./layout.ts";
import { startSession } from "./session.ts";

// What a new user meets first in billing (issue 11): a wrong expiry month is named next to the field (the
// browser checks it before sending; without JavaScript the server does) and the typed card stays; a card
// error shows once with its own text; checkout, the payment page and Add Card fit a 375 px phone with
// Save Card on screen; Request a Feature is in the phone's menu; an unlimited plan is offered no add-ons;
// ?cancel=1 opens no dialog for a Free user.

const session = startSession();

const MONTH = "Your card's expiration month is invalid.";
const PHONE = { width: 375, height: 667 };

async function open(page: Page, path: string, javaScript: boolean) {
  await page.goto(`${session.server.url}${path}`);
  if (javaScript) await hydrated(page);
}

/** The message the expiry field points to (aria-describedby), or null when it has none. */
async function expiryMessage(form: Locator): Promise<string | null> {
  const id = await form.locator("input[name=expiry]").getAttribute("aria-describedby");
  if (!id) return null;
  return (await form.page().locator(`[id="${id}"]`).textContent())?.trim() ?? null;
}

/** Counts the form posts the page sends, so a check done in the browser can be told from the server's. */
function countPosts(page: Page): () => number {
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && !new URL(r.url()).pathname.startsWith("/api/")) posts++;
  });
  return () => posts;
}

async function fillCard(form: Locator, number: string, expiry: string) {
  await form.locator("input[name=number]").fill(number);
  await form.locator("input[name=expiry]").fill(expiry);
  await form.locator("input[name=cvc]").fill("123");
}

/** How many elements on the page read exactly `text`, to count how often a message shows. */
async function timesShown(page: Page, text: string): Promise<number> {
  return page.getByText(text, { exact: true }).count();
}

for (const javaScript of [true, false]) {
  describe(`card forms, JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("checkout names 13/34 and 00/30 next to the expiry, keeps the typed card, then pays once it is right", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUp(page, session.server.url, uniqueEmail("expiry"));
      await open(page, "/subscribe?currency=EUR&cycle=monthly&pid=builder-monthly-eur", javaScript);
      const posts = countPosts(page);
      const form = page.locator("form.card-form");
      await fillCard(form, CARDS.visa, "13/34");
      await form.locator("input[name=name]").fill("Ada Trader");
      await form.locator("input[name=terms]").check();
      await form.locator("button[type=submit]").click();
      await eventually(async () => assert.equal(await expiryMessage(form), MONTH));
      // With JavaScript the browser refused it before sending; without, the server answered with the page.
      assert.equal(posts(), javaScript ? 0 : 1);
      assert.equal(await form.locator("input[name=number]").inputValue(), CARDS.visa);
      assert.equal(await form.locator("input[name=expiry]").inputValue(), "13/34");
      assert.equal(await form.locator("input[name=name]").inputValue(), "Ada Trader");
      assert.ok(await form.locator("input[name=terms]").isChecked());
      assert.equal(await timesShown(page, MONTH), 1);

      await form.locator("input[name=expiry]").fill("00/30");
      if (!javaScript) await form.locator("input[name=cvc]").fill("123");
      await form.locator("button[type=submit]").click();
      await eventually(async () => assert.equal(await expiryMessage(form), MONTH));
      assert.equal(posts(), javaScript ? 0 : 2);

      await form.locator("input[name=expiry]").fill("12/34");
      if (javaScript) {
        // The message follows the typing and goes once the expiry is right.
        await eventually(async () => assert.equal(await expiryMessage(form), null));
      } else {
        await form.locator("input[name=cvc]").fill("123");
      }
      await form.locator("button[type=submit]").click();
      await page.waitForURL(`${session.server.url}/subscribe/success`);
      await context.close();
    });

    it("the payment page names a wrong month next to the new card's expiry and keeps the card", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUp(page, session.server.url, uniqueEmail("pay-expiry"));
      await page.click("button:has-text('Get Started')");
      await page.waitForURL(/\/welcome$/);
      await open(page, "/payment?type=addon&id=addon-10-usd", javaScript);
      const posts = countPosts(page);
      const form = page.locator("form.pay-form");
      await fillCard(form, CARDS.visa, "00/30");
      await form.locator("button[type=submit]").click();
      await eventually(async () => assert.equal(await expiryMessage(form), MONTH));
      assert.equal(posts(), javaScript ? 0 : 1);
      assert.equal(await form.locator("input[name=number]").inputValue(), CARDS.visa);
      assert.equal(await form.locator("input[name=expiry]").inputValue(), "00/30");
      assert.equal(await timesShown(page, MONTH), 1);
      await context.close();
    });

    it("Add Card names a wrong month, shows 0002's decline once and 9995's insufficient funds once", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUp(page, session.server.url, uniqueEmail("add-card"));
      await subscribePaid(page, session.server.url, "builder-monthly-eur");
      await open(page, "/account/payment-methods?add=1", javaScript);
      const form = page.locator(".add-card-dialog form");
      await fillCard(form, CARDS.visa, "13/34");
      await form.locator("button:has-text('Save Card')").click();
      await eventually(async () => assert.equal(await expiryMessage(form), MONTH));
      assert.equal(await timesShown(page, MONTH), 1);

      for (const [number, message] of [
        [CARDS.declined, "Your card was declined."],
        ["4000 0000 0000 9995", "Your card has insufficient funds."],
      ] as const) {
        await fillCard(form, number, "12/34");
        await form.locator("button:has-text('Save Card')").click();
        await eventually(async () => assert.equal(await timesShown(page, message), 1));
        // Once above the form, not again at the number; the number stays for another try.
        assert.equal(await form.locator("p.error.field").count(), 0);
        assert.equal(await form.locator("input[name=number]").inputValue(), number);
      }
      assert.equal(await timesShown(page, "Your card was declined."), 0);
      await context.close();
    });

    it("the phone's profile menu holds Request a Feature, which the bar hides; wide screens show it once", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUp(page, session.server.url, uniqueEmail("menu"));
      await page.click("button:has-text('Get Started')");
      await page.waitForURL(/\/welcome$/);
      await page.setViewportSize(PHONE);
      await open(page, "/account", javaScript);
      const inBar = page.locator(".topbar-right > a", { hasText: "Request a Feature" });
      const inMenu = page.locator(".menu a", { hasText: "Request a Feature" });
      assert.equal(await inBar.isVisible(), false);
      await page.click("summary[aria-label='Profile menu']");
      await inMenu.waitFor({ state: "visible" });
      const href = await inMenu.getAttribute("href");
      assert.ok(href?.startsWith("http"), String(href));
      assert.equal(href, await inBar.getAttribute("href"));
      const box = await inMenu.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box));

      await page.setViewportSize({ width: 1280, height: 860 });
      await inBar.waitFor({ state: "visible" });
      assert.equal(await inMenu.isVisible(), false);
      await context.close();
    });
  });
}

describe("phones (375 px)", () => {
  /** The button is on screen, whole, and nothing covers its middle. */
  async function assertOnScreen(page: Page, button: Locator, label: string) {
    const box = await button.boundingBox();
    const viewport = page.viewportSize();
    assert.ok(box && viewport, label);
    assert.ok(
      box.x >= 0 &&
        box.y >= 0 &&
        box.x + box.width <= viewport.width &&
        box.y + box.height <= viewport.height,
      `${label} is at ${JSON.stringify(box)} in ${JSON.stringify(viewport)}`,
    );
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    assert.equal(hit, await button.textContent(), `${label} is covered`);
  }

  it("checkout, the payment page (new card and saved card) and Add Card fit, with Pay and Save Card on screen", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.setViewportSize(PHONE);
    await signUp(page, session.server.url, uniqueEmail("phone-pay"));

    await open(page, "/subscribe?currency=EUR&cycle=monthly&pid=builder-monthly-eur", true);
    await assertFits(page, "checkout");
    const pay = page.locator("form.card-form button[type=submit]");
    await pay.scrollIntoViewIfNeeded();
    await assertOnScreen(page, pay, "checkout's Pay");
    // An error keeps it fitting too.
    await fillCard(page.locator("form.card-form"), CARDS.visa, "13/34");
    await page.locator("input[name=terms]").check();
    await pay.click();
    await page.getByText(MONTH).waitFor();
    await assertFits(page, "checkout with an error");

    await subscribePaid(page, session.server.url, "builder-monthly-eur");
    await open(page, "/payment?type=addon&id=addon-10-eur", true);
    await assertFits(page, "payment page, saved card");
    await page.selectOption(".pay-form select[name=paymentMethodId]", "new");
    await assertFits(page, "payment page, new card");
    const payNow = page.locator(".pay-form button[type=submit]");
    await payNow.scrollIntoViewIfNeeded();
    await assertOnScreen(page, payNow, "payment page's Pay");

    for (const height of [PHONE.height, 560]) {
      await page.setViewportSize({ width: PHONE.width, height });
      await open(page, "/account/payment-methods?add=1", true);
      await assertFits(page, `Add Card at 375x${height}`);
      const save = page.locator(".add-card-dialog button:has-text('Save Card')");
      // A short screen scrolls the dialog itself; the button can always be brought on screen.
      await save.scrollIntoViewIfNeeded();
      await assertOnScreen(page, save, `Save Card at 375x${height}`);
    }
    await fillCard(page.locator(".add-card-dialog form"), CARDS.declined, "12/34");
    await page.locator(".add-card-dialog button:has-text('Save Card')").click();
    await page.getByText("Your card was declined.").waitFor();
    await assertFits(page, "Add Card with a decline");
    const save = page.locator(".add-card-dialog button:has-text('Save Card')");
    await save.scrollIntoViewIfNeeded();
    await assertOnScreen(page, save, "Save Card after a decline");
    await context.close();
  });
});

describe("what each plan is offered", () => {
  it("a Quant subscriber sees unlimited credits and no way to buy add-ons", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await signUp(page, session.server.url, uniqueEmail("quant"));
    await subscribePaid(page, session.server.url, "quant-monthly-eur");
    await open(page, "/account", true);
    await page.getByText("You have unlimited credits!").waitFor();
    await open(page, "/account/addons", true);
    await page.getByRole("heading", { name: "Add-ons" }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Buy Add-on" }).count(), 0);
    assert.equal(await page.getByRole("link", { name: "Browse add-ons" }).count(), 0);
    await open(page, "/addons", true);
    await page.getByText("Your plan has unlimited credits, so add-on credits are not needed.").waitFor();
    assert.equal(await page.getByRole("link", { name: "Buy" }).count(), 0);
    await open(page, "/payment?type=addon&id=addon-10-eur", true);
    await page.getByText("Your plan has unlimited credits, so add-on credits are not needed.").waitFor();
    assert.equal(await page.locator("button", { hasText: /^Pay / }).count(), 0);
    await context.close();
  });

  it("/account?cancel=1 opens the cancel dialog for a paid plan only, not for Free", async () => {
    const question = "Are you sure you want to cancel your subscription?";
    const free = await newPage(session.browser, { javaScript: true });
    await signUp(free.page, session.server.url, uniqueEmail("free-cancel"));
    await free.page.click("button:has-text('Get Started')");
    await free.page.waitForURL(/\/welcome$/);
    await open(free.page, "/account?cancel=1", true);
    await free.page.getByText("Credits renew at").waitFor();
    assert.equal(await free.page.getByRole("dialog").count(), 0);
    assert.equal(await free.page.getByText(question).count(), 0);
    await free.context.close();

    const paid = await newPage(session.browser, { javaScript: true });
    await signUp(paid.page, session.server.url, uniqueEmail("paid-cancel"));
    await subscribePaid(paid.page, session.server.url, "builder-monthly-eur");
    await open(paid.page, "/account?cancel=1", true);
    await paid.page.getByRole("dialog").getByText(question).waitFor();
    await paid.context.close();
  });
});
