import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { newPage, uniqueEmail } from "./browser.ts";
import { hydrated, newTraderStrategy, startSession } from "./session.ts";

/**
 * The trade rules form (issue 14), with JavaScript off and on: opened from the build tab's summary, a
 * mistyped number refused under its field with nothing saved, then the limits and a time exit saved as a
 * new version that the summary reads.
 */
const session = startSession();

async function strategy(page: Page, javaScript: boolean): Promise<string> {
  const email = uniqueEmail(javaScript ? "rules-js" : "rules-nojs");
  return newTraderStrategy(page, session.server.url, email, "Rules Trader", javaScript);
}

async function editRules(javaScript: boolean) {
  const { context, page } = await newPage(session.browser, { javaScript });
  const sid = await strategy(page, javaScript);
  await page.click("a:has-text('Edit exits, orders, limits and size')");
  await page.waitForURL(`${session.server.url}/strategy/${sid}/rules`);
  if (javaScript) await hydrated(page);
  assert.equal(await page.inputValue("#rules-sizing-type"), "fixed");

  // A typo: refused under its field, the typed text kept, nothing saved.
  await page.fill("#rules-limits-maxTradesPerDay", "three");
  await page.click("button:has-text('Save rules')");
  await page.locator("#rules-limits-maxTradesPerDay-error", { hasText: "Enter a number." }).waitFor();
  assert.equal(await page.inputValue("#rules-limits-maxTradesPerDay"), "three");
  assert.match((await page.textContent("[role=alert].form-error")) ?? "", /Nothing was saved/);

  await page.fill("#rules-limits-maxTradesPerDay", "3");
  await page.fill("#rules-exits-afterBars", "5");
  await page.click("button:has-text('Save rules')");
  await page.locator("[role=status]", { hasText: "Saved as version 2." }).waitFor();
  assert.equal(await page.inputValue("#rules-limits-maxTradesPerDay"), "3");
  assert.equal(await page.inputValue("#rules-exits-afterBars"), "5");

  await page.click("a:has-text('Build')");
  await page.waitForURL(`${session.server.url}/strategy/${sid}/build`);
  const outline = (await page.textContent(".outline-text")) ?? "";
  assert.match(outline, /At most 3 trades per day/);
  assert.match(outline, /Close a position at the open of the 5th bar after the one it opened in/);
  await context.close();
}

describe("the trade rules form", () => {
  it("works without JavaScript", () => editRules(false));
  it("works with JavaScript", () => editRules(true));
});
