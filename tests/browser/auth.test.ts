import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { eventually, newPage, uniqueEmail } from "./browser.ts";
import { chooseFreeAndContinue, hydrated, signUpForm, startSession, submitSignUp } from "./session.ts";

const session = startSession();

/** Sign-up, Free and the welcome page through the forms, then My Strategies. */
async function signUpThroughForm(page: Page, email: string) {
  await signUpForm(page, session.server.url, email);
  // No wait for hydration: the same steps run with JavaScript off.
  await chooseFreeAndContinue(page, session.server.url, false);
  await page.goto(`${session.server.url}/`);
}

/**
 * What was typed stays after the server refuses a form: without JavaScript the page is rendered anew from
 * the action's answer. The server never sends the password back (with JavaScript the field simply keeps its
 * content).
 */
async function assertKeptTyped(page: Page, javaScript: boolean, typed: Record<string, string>) {
  for (const [field, value] of Object.entries(typed)) assert.equal(await page.inputValue(field), value);
  if (!javaScript) assert.equal(await page.inputValue("#password"), "");
}

for (const javaScript of [true, false]) {
  describe(`JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("signs up, chooses Free and reaches My Strategies", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUpThroughForm(page, uniqueEmail(`su-${javaScript}`));
      assert.equal(await page.textContent("h1"), "My Strategies");
      await context.close();
    });

    it("shows 'Email already registered.' with a Log In link for a taken e-mail", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      const email = uniqueEmail(`dup-${javaScript}`);
      await signUpThroughForm(page, email);
      await context.clearCookies();
      await page.goto(`${session.server.url}/sign/up`);
      await submitSignUp(page, { name: "Again", email, password: "x" });
      const alert = page.locator("[role=alert]");
      await alert.waitFor();
      assert.match((await alert.textContent()) ?? "", /Email already registered\./);
      assert.equal(await alert.locator("a", { hasText: "Log In" }).count(), 1);
      await assertKeptTyped(page, javaScript, { "#name": "Again", "#email": email });
      await context.close();
    });

    it("keeps the typed name and e-mail on the partner page after a refused registration", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      const email = uniqueEmail(`nf-${javaScript}`);
      await page.goto(`${session.server.url}/sign/up/switch-markets`);
      if (javaScript) await hydrated(page);
      await submitSignUp(page, { name: "Not Funded", email, password: "pw-12345678" }, "Register");
      await page.locator("[role=alert]").waitFor();
      await assertKeptTyped(page, javaScript, { "#name": "Not Funded", "#email": email });
      await context.close();
    });

    it("keeps the typed name and e-mail after a sign-up the server refuses as invalid", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      const email = uniqueEmail(`inv-${javaScript}`);
      await page.goto(`${session.server.url}/sign/up`);
      if (javaScript) await hydrated(page);
      // A name of spaces passes the browser's `required` check; the server trims it and refuses it.
      await submitSignUp(page, { name: "   ", email, password: "pw-12345678" });
      await page.getByText("Please enter your name").waitFor();
      await assertKeptTyped(page, javaScript, { "#email": email });
      await context.close();
    });

    it("goes back to the remembered page after signing in", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      const email = uniqueEmail(`si-${javaScript}`);
      await signUpThroughForm(page, email);
      await context.clearCookies();
      await page.goto(`${session.server.url}/strategy/deleted?sort=updated`);
      assert.ok(page.url().includes("/sign/up?redirectTo="), page.url());
      await page.click("a:has-text('Sign in')");
      await page.getByText("Welcome back!").waitFor();
      await page.fill("#email", email);
      await page.fill("#password", "wrong password");
      await page.click("button:has-text('Sign In')");
      await page.locator("[role=alert]", { hasText: "Wrong email or password." }).waitFor();
      await assertKeptTyped(page, javaScript, { "#email": email });
      await page.fill("#password", "pw-12345678");
      await page.click("button:has-text('Sign In')");
      await page.waitForURL((u) => u.pathname === "/strategy/deleted" && u.search === "?sort=updated");
      await eventually(async () => assert.equal(await page.textContent("h1"), "Strategies Archive"));
      await context.close();
    });

    it("closes the contact modal opened from the URL through its close link", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUpThroughForm(page, uniqueEmail(`ctc-${javaScript}`));
      await page.goto(`${session.server.url}/strategy/deleted?sort=updated&contact=sent`);
      if (javaScript) await hydrated(page);
      const dialog = page.locator("[role=dialog]", { hasText: "Send a Message" });
      await dialog.getByText("Message sent!").waitFor();
      await dialog.getByLabel("Close").click();
      await page.waitForURL((u) => u.pathname === "/strategy/deleted" && u.search === "?sort=updated");
      await dialog.waitFor({ state: "detached" });
      await eventually(async () => assert.equal(await page.textContent("h1"), "Strategies Archive"));
      await context.close();
    });

    it("sends a contact message from the profile menu", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUpThroughForm(page, uniqueEmail(`ct-${javaScript}`));
      if (javaScript) await hydrated(page);
      await page.click("summary[aria-label='Profile menu']");
      await page.click("text=Contact Us");
      const dialog = page.locator("[role=dialog]");
      await dialog.getByText("Send a Message").waitFor();
      await dialog.locator("textarea[placeholder='Your message...']").fill("Please add Renko charts.");
      await dialog.locator("button:has-text('Send')").click();
      await dialog.getByText("Message sent!").waitFor();
      await dialog.getByText("Send another message").click();
      await dialog.locator("textarea").waitFor();
      await context.close();
    });

    it("signs out with one click on the menu's Sign Out and lands on sign-in", async () => {
      const { context, page } = await newPage(session.browser, { javaScript });
      await signUpThroughForm(page, uniqueEmail(`out-${javaScript}`));
      await page.click("summary[aria-label='Profile menu']");
      await page.click("text=Sign Out");
      await page.waitForURL(`${session.server.url}/sign/in`);
      await page.goto(`${session.server.url}/`);
      await page.waitForURL(/\/sign\/up/);
      await context.close();
    });
  });
}

describe("JavaScript on only", () => {
  it("closes the contact modal opened from the URL on Escape, the close button and an outside click", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await signUpThroughForm(page, uniqueEmail("ctu"));
    const dialog = page.locator("[role=dialog]", { hasText: "Send a Message" });
    const closedOn = async (how: () => Promise<void>, flag: string) => {
      await page.goto(`${session.server.url}/strategy/deleted?sort=updated&contact=${flag}`);
      await hydrated(page);
      await dialog.waitFor();
      await how();
      await dialog.waitFor({ state: "detached" });
      // The flag leaves the URL (a reload does not reopen it); the page's own query stays.
      await page.waitForURL((u) => u.pathname === "/strategy/deleted" && u.search === "?sort=updated");
    };
    await closedOn(() => page.keyboard.press("Escape"), "1");
    await closedOn(() => dialog.getByLabel("Close").click(), "sent");
    await closedOn(() => page.mouse.click(5, 5), "1");
    // Opened from the menu, an outside click closes it too; a click inside does not.
    await page.click("summary[aria-label='Profile menu']");
    await page.click("text=Contact Us");
    await dialog.waitFor();
    await dialog.locator("textarea").click();
    assert.equal(await dialog.count(), 1);
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("resets a forgotten password through the mailed link", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    const email = uniqueEmail("reset");
    await signUpThroughForm(page, email);
    await context.clearCookies();
    await page.goto(`${session.server.url}/sign/in`);
    await hydrated(page);
    await page.fill("#email", email);
    await page.click("text=Forgot Password?");
    const dialog = page.locator("[role=dialog]");
    assert.equal(await dialog.locator("#forgot-email").inputValue(), email);
    await dialog.locator("button:has-text('Send Reset Link')").click();
    await dialog.getByText("if an account exists").waitFor();
    await dialog.locator("text=OK").click();

    await page.goto(`${session.server.url}/dev/outbox`);
    const link = page.locator("a[href*='/sign/reset/']").first();
    const href = await link.getAttribute("href");
    assert.ok(href);
    await page.goto(href.replace(/^https?:\/\/[^/]+/, session.server.url));
    await page.getByText("Reset Your Password").waitFor();
    await hydrated(page);
    await page.fill("#password", "short");
    await page.fill("#confirmPassword", "short");
    await page.click("button:has-text('Reset Password')");
    await page.getByText("Password must be at least 8 characters long").waitFor();
    await page.fill("#password", "new-password-1");
    await page.fill("#confirmPassword", "new-password-2");
    await page.click("button:has-text('Reset Password')");
    await page.getByText("Passwords do not match").waitFor();
    await page.fill("#confirmPassword", "new-password-1");
    await page.click("button:has-text('Reset Password')");
    await page.getByText("Password Reset Successfully!").waitFor();
    await page.click("text=Go to Sign In");
    await page.fill("#email", email);
    await page.fill("#password", "new-password-1");
    await page.click("button:has-text('Sign In')");
    // The cleared cookies took the welcome flag with them, and the user still has no strategies.
    await page.waitForURL(`${session.server.url}/welcome`);

    // The link is single-use.
    await page.goto(href.replace(/^https?:\/\/[^/]+/, session.server.url));
    await page.getByText("Invalid Reset Link").waitFor();
    await context.close();
  });

  it("reopens the forgot-password modal on its form, without the last answer or error", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.goto(`${session.server.url}/sign/in`);
    await hydrated(page);
    const dialog = page.locator("[role=dialog]");
    await page.click("text=Forgot Password?");
    await dialog.locator("#forgot-email").fill(uniqueEmail("nobody"));
    await dialog.locator("button:has-text('Send Reset Link')").click();
    await dialog.getByText("if an account exists").waitFor();
    await dialog.locator("text=OK").click();
    await dialog.waitFor({ state: "detached" });

    await page.click("text=Forgot Password?");
    await dialog.locator("button:has-text('Send Reset Link')").waitFor();
    assert.equal(await dialog.getByText("if an account exists").count(), 0);

    await dialog.locator("#forgot-email").fill("not-an-email");
    await dialog.locator("button:has-text('Send Reset Link')").click();
    await dialog.locator("[role=alert]").waitFor();
    await dialog.locator("text=Cancel").click();
    await page.click("text=Forgot Password?");
    await dialog.locator("button:has-text('Send Reset Link')").waitFor();
    assert.equal(await dialog.locator("[role=alert]").count(), 0);
    await context.close();
  });

  it("closes the profile menu on Escape, on an outside click and on navigation", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await signUpThroughForm(page, uniqueEmail("menu"));
    await hydrated(page);
    const closed = () => page.waitForSelector("details.profile:not([open])", { state: "attached" });
    const opened = () => page.waitForSelector("details.profile[open]", { state: "attached" });
    await page.click("summary[aria-label='Profile menu']");
    await opened();
    await page.keyboard.press("Escape");
    await closed();
    await page.click("summary[aria-label='Profile menu']");
    await opened();
    await page.mouse.click(20, 600);
    await closed();
    await page.click("summary[aria-label='Profile menu']");
    await opened();
    await page.click("text=Strategy Archive");
    await page.waitForURL(`${session.server.url}/strategy/deleted`);
    await closed();
    await context.close();
  });

  it("registers a funded trader on the partner page and redirects after 5 seconds", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    const email = `p-${Date.now()}@funded.switchmarkets.example`;
    await page.goto(`${session.server.url}/sign/up/switch-markets?email=${encodeURIComponent(email)}`);
    assert.equal(await page.inputValue("#email"), email);
    await submitSignUp(page, { name: "Funded Trader", password: "pw" }, "Register");
    await page.getByText("Go to Dashboard Now").waitFor();
    // The dashboard sends a new user without strategies on to the welcome page (spec 2 s2).
    await page.waitForURL(`${session.server.url}/welcome`, { timeout: 9000 });
    await context.close();
  });

  it("switches the theme from the footer and keeps the choice on other pages", async () => {
    // The system-scheme default is covered by the worker tests: Chromium sets the Sec-CH-* hint itself and
    // headless Chromium cannot be told a system scheme for it.
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.goto(`${session.server.url}/sign/in`);
    assert.equal(await page.getAttribute("html", "data-theme"), "light");
    await page.click("button:has-text('Dark theme')");
    await page.waitForSelector("html[data-theme='dark']", { state: "attached" });
    await page.goto(`${session.server.url}/sign/up`);
    assert.equal(await page.getAttribute("html", "data-theme"), "dark");
    await context.close();
  });

  it("follows a dark system scheme without the client hint (Firefox, Safari) and a stored choice wins", async () => {
    const context = await session.browser.newContext({ colorScheme: "dark", javaScriptEnabled: true });
    const page = await context.newPage();
    // Firefox and Safari send no Sec-CH-Prefers-Color-Scheme: take it off every request to the app.
    await context.route(`${session.server.url}/**`, (route) => {
      const headers = { ...route.request().headers() };
      delete headers["sec-ch-prefers-color-scheme"];
      return route.continue({ headers });
    });
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    // The class is read as soon as the body starts, before any app script: the first paint is dark.
    await page.goto(`${session.server.url}/sign/in`, { waitUntil: "domcontentloaded" });
    assert.equal(await page.evaluate(() => document.documentElement.className), "dark");
    assert.equal(await page.getAttribute("meta[name=color-scheme]", "content"), "dark");
    await hydrated(page);
    assert.equal(await page.evaluate(() => document.documentElement.className), "dark");
    assert.deepEqual(refused, []);
    // The footer offers the other theme, and choosing it is stored and wins over the system scheme.
    await page.click("button:has-text('Light theme')");
    await eventually(async () => {
      assert.equal(await page.evaluate(() => document.documentElement.className), "light");
    });
    await page.goto(`${session.server.url}/sign/up`);
    assert.equal(await page.evaluate(() => document.documentElement.className), "light");
    await context.close();
  });

  it("measures the JavaScript the sign-in page loads", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    const scripts: string[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "script") scripts.push(res.url());
    });
    await page.goto(`${session.server.url}/sign/in`);
    await hydrated(page);
    let gz = 0;
    let raw = 0;
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    console.log(
      `sign-in page JavaScript: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`,
    );
    assert.ok(scripts.length > 0);
    await context.close();
  });
});

describe("JavaScript off only", () => {
  it("keeps the typed contact message after a failed send and leads back to the page it was opened on", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await signUpThroughForm(page, uniqueEmail("ctx"));
    const onArchive = (u: URL) => u.pathname === "/strategy/deleted";
    // A successful send comes back to the same page, its own query kept.
    await page.goto(`${session.server.url}/strategy/deleted?sort=updated&contact=1`);
    const dialog = page.locator("[role=dialog]", { hasText: "Send a Message" });
    await dialog.locator("textarea").fill("First message.");
    await dialog.locator("button:has-text('Send')").click();
    await page.waitForURL((u) => onArchive(u) && u.search === "?sort=updated&contact=sent");
    await dialog.getByText("Message sent!").waitFor();
    // Four more (the fifth is the hour's last), then the form's sixth send fails with RATE_LIMITED.
    for (let i = 0; i < 4; i++) {
      const res = await page.request.post(`${session.server.url}/api/message/new`, {
        headers: { origin: session.server.url },
        data: { message: `message ${i}` },
      });
      assert.equal(res.status(), 200);
    }
    await page.goto(`${session.server.url}/strategy/deleted?sort=updated&contact=1`);
    const typed = "Please add Renko charts.\nAnd a weekly H4 summary.";
    await dialog.locator("textarea").fill(typed);
    await dialog.locator("button:has-text('Send')").click();
    const alert = page.locator("[role=alert]", { hasText: "Too many attempts" });
    await alert.waitFor();
    assert.equal(await page.locator("textarea[name=message]").inputValue(), typed);
    // Cancel goes back to the page the message was written on, not somewhere else.
    await page.click("a:has-text('Cancel')");
    await page.waitForURL((u) => onArchive(u) && u.search === "?sort=updated");
    assert.equal(await page.textContent("h1"), "Strategies Archive");
    await context.close();
  });

  it("prefills the forgot-password e-mail with the one typed on the sign-in form", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    const email = uniqueEmail("fgt");
    await page.goto(`${session.server.url}/sign/in?redirectTo=${encodeURIComponent("/strategy/deleted")}`);
    await page.fill("#email", email);
    await page.click("text=Forgot Password?");
    const dialog = page.locator("[role=dialog]", { hasText: "Reset Password" });
    await dialog.waitFor();
    assert.equal(await dialog.locator("#forgot-email").inputValue(), email);
    // The way back after signing in is kept.
    assert.equal(new URL(page.url()).searchParams.get("redirectTo"), "/strategy/deleted");
    await dialog.locator("button:has-text('Send Reset Link')").click();
    await page.getByText("if an account exists").waitFor();
    await context.close();
  });

  it("signs out from /signout with its one button", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await signUpThroughForm(page, uniqueEmail("out2"));
    await page.goto(`${session.server.url}/signout`);
    await page.getByText("Sign out of this browser?").waitFor();
    assert.equal(await page.locator("main form").count(), 1);
    await page.click("main button:has-text('Sign Out')");
    await page.waitForURL(`${session.server.url}/sign/in`);
    await page.goto(`${session.server.url}/`);
    await page.waitForURL(/\/sign\/up/);
    await context.close();
  });
});
