import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEMO, seedLocal } from "../../scripts/seed-local.mjs";
import { eventually, newPage } from "./browser.ts";
import { hydrated, startSession } from "./session.ts";

// Issue 11: the README's demo account, seeded the way `npm start` seeds it, can generate code at once
// (before, it had a subscription without credits and its first Generate Code said Credits Exhausted).

// Seeded twice, as two `npm start`s would: the second run must not add credits or rows.
const session = startSession({
  prepare: (state) => {
    seedLocal(state);
    seedLocal(state);
  },
});

describe("the demo account on a fresh npm start", () => {
  it("signs in with the README's password, has Free's 3 credits and generates code", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.goto(`${session.server.url}/sign/in`);
    await hydrated(page);
    await page.fill("#email", DEMO.email);
    await page.fill("#password", DEMO.password);
    await page.click("button:has-text('Sign In')");
    await page.waitForURL((url) => !url.pathname.startsWith("/sign"));

    await page.goto(`${session.server.url}/account`);
    const account = (await page.textContent("main")) ?? "";
    assert.match(account, /0 of 3 used/, account);

    await page.goto(`${session.server.url}/strategy/ai/new`);
    await hydrated(page);
    await page.click("a:has-text('Go long when the 6 MA crosses the 12 MA.')");
    await page.click("button:has-text('Create Strategy')");
    await page.waitForURL(/\/strategy\/\d+\/build$/);
    const sid = /\/strategy\/(\d+)\/build$/.exec(page.url())?.[1] ?? "";
    await page.locator(".chat-agent").first().waitFor();

    await page.goto(`${session.server.url}/strategy/${sid}/code`);
    await hydrated(page);
    await page.click("button:has-text('Generate Code')");
    const overlay = page.locator(".code-overlay");
    await overlay.getByRole("button", { name: "Run Backtest", exact: true }).waitFor({ timeout: 60_000 });
    assert.equal(await page.getByText("Credits Exhausted").count(), 0);
    await page.locator(".code-viewer .code-line").first().waitFor();

    // One credit spent of the seeded three.
    await page.goto(`${session.server.url}/account`);
    await eventually(async () => assert.match((await page.textContent("main")) ?? "", /1 of 3 used/));
    await context.close();
  });
});
