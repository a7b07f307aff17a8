import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { newPage, uniqueEmail } from "./browser.ts";
import { assertFits } from "./layout.ts";
import { chooseFreeAndContinue, signUpForm, startSession } from "./session.ts";

// A page wider than the phone scrolls sideways as a whole, which hides the top bar's menu and the tables'
// own scroll; every screen must fit 375 px, with wide tables scrolling inside their box.

const session = startSession();

/** Opens `path` and checks it once its lazily loaded parts (charts, code) had a moment to draw. */
async function fits(page: Page, path: string) {
  await page.goto(`${session.server.url}${path}`);
  await page.waitForLoadState("networkidle");
  await assertFits(page, path);
}

describe("phone layout (375 px)", () => {
  it("fits every signed-in screen without sideways page scrolling", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await signUpForm(page, session.server.url, uniqueEmail("phone"), "Phone Trader");
    await chooseFreeAndContinue(page, session.server.url);
    await page.click("a:has-text('Go long when the 6 MA crosses the 12 MA.')");
    await page.click("button:has-text('Create Strategy')");
    await page.waitForURL(/\/strategy\/\d+\/build$/);
    const build = new URL(page.url()).pathname;

    for (const path of [
      "/",
      build,
      "/strategy/deleted",
      "/strategy/ai/new",
      "/account",
      "/addons",
      "/subscribe",
    ]) {
      await fits(page, path);
    }

    // The code tab with its overlay, then the code viewer, the backtest form and history, and the results.
    const sid = /\/strategy\/(\d+)\/build$/.exec(build)?.[1];
    assert.ok(sid, build);
    await page.goto(`${session.server.url}/strategy/${sid}/code`);
    await page.click("button:has-text('Generate Code')");
    const overlay = page.locator(".code-overlay", { hasText: "Generating Your EA" });
    await overlay.getByRole("button", { name: "Run Backtest", exact: true }).waitFor();
    await assertFits(page, `/strategy/${sid}/code (overlay)`);
    await overlay.getByRole("button", { name: "Run Backtest", exact: true }).click();
    await page.waitForURL(`${session.server.url}/strategy/${sid}/backtest`);
    await fits(page, `/strategy/${sid}/code`);
    await page.locator("section.code-viewer[aria-label='EA code']").waitFor();
    await assertFits(page, `/strategy/${sid}/code (viewer)`);
    await fits(page, `/strategy/${sid}/backtest`);
    // A short range with 1 minute OHLC keeps the run quick.
    await page.fill("#bt-start", new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10));
    await page.selectOption("#bt-model", "2");
    await page.click("section.backtest-form button:has-text('Run Backtest')");
    await page.waitForURL(new RegExp(`/strategy/${sid}/results/\\d+$`));
    const results = new URL(page.url()).pathname;
    await page.getByText("Backtest completed!").waitFor({ timeout: 120_000 });
    await fits(page, `/strategy/${sid}/backtest`);
    await page.locator("table[aria-label='Backtest History']").waitFor();
    await assertFits(page, `/strategy/${sid}/backtest (history)`);
    for (const query of ["", "?graph=entries", "?graph=pnl", "?graph=candle", "?tab=orders", "?tab=deals"]) {
      await fits(page, `${results}${query}`);
    }
    await context.close();
  });
});
