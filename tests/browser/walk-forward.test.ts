import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { plainPageOf } from "./browser.ts";
import { periodInputs, range } from "./optimise-setup.ts";
import { day, startTrader } from "./results-setup.ts";
import { hydrated } from "./session.ts";

/**
 * Issue 17's walk-forward on screen: from the Optimise tab, give the two SMA periods' ranges and the window
 * lengths, run it, and read each window's chosen inputs, the efficiency ratio and the stitched equity curve;
 * then the same without JavaScript.
 */

let fast = "";
let slow = "";
const trader = startTrader("walkforward", async () => {
  [fast, slow] = await periodInputs(trader.page, trader.server.url, trader.sid);
});

/** 3 x 3 periods on 240 days of EURUSD H1 (open prices), 60-day in-sample and 30-day out-of-sample windows. */
async function fillWalkForward(p: Page, anchored: boolean) {
  await range(p, fast, 8, 2, 12);
  await range(p, slow, 26, 4, 34);
  await p.fill("#opt-start", day(-240));
  await p.fill("#opt-end", day(-1));
  await p.selectOption("#opt-criterion", "balance");
  await p.fill("#opt-wf-in", "60");
  await p.fill("#opt-wf-out", "30");
  if (anchored) await p.check("#opt-wf-anchored");
  await p.click("button:has-text('Run Walk-Forward')");
}

/** The windows table: each row's in-sample dates and the chosen fast and slow periods. */
async function windows(p: Page) {
  const table = p.locator("table[aria-label='Walk-forward windows']");
  await table.waitFor({ timeout: 60_000 });
  const headers = (await table.locator("thead th").allTextContents()).map((h) => h.trim());
  const col = (name: string) => headers.indexOf(name) + 1;
  const rows = table.locator("tbody tr");
  const n = await rows.count();
  const out = [];
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const cell = async (c: number) => ((await row.locator(`> :nth-child(${c})`).textContent()) ?? "").trim();
    out.push({ inSample: await cell(2), fast: await cell(col(fast)), slow: await cell(col(slow)) });
  }
  return out;
}

describe("walk-forward on the Optimise tab", () => {
  it("shows each window's chosen periods, the efficiency and the stitched out-of-sample curve", async () => {
    await fillWalkForward(trader.page, false);
    const rows = await windows(trader.page);
    // 240 days minus the first 60-day in-sample window, in 30-day steps.
    assert.equal(rows.length, 6);
    for (const r of rows) {
      if (r.fast === "-") continue;
      assert.ok(["8", "10", "12"].includes(r.fast), r.fast);
      assert.ok(["26", "30", "34"].includes(r.slow), r.slow);
    }
    // Rolling: every in-sample window starts on another day.
    assert.equal(new Set(rows.map((r) => r.inSample.split(" to ")[0])).size, 6);
    const efficiency = (await trader.page.textContent("[data-testid=wf-efficiency]")) ?? "";
    assert.match(efficiency, /^(-?[\d,.]+|-)$/);
    assert.match(
      (await trader.page.textContent(".optimise-wf-result")) ?? "",
      /6 \(60 days in-sample, 30 out-of-sample, rolling\)/,
    );
    assert.ok(await trader.page.locator(".optimise-wf-result path.time-balance").isVisible());
    // The form keeps what was typed.
    assert.equal(await trader.page.inputValue("#opt-wf-in"), "60");
  });

  it("works without JavaScript, and anchored windows all start on the first day", async () => {
    const { context, page: plain } = await plainPageOf(trader.browser, trader.owner);
    await plain.goto(`${trader.server.url}/strategy/${trader.sid}/optimise`);
    await fillWalkForward(plain, true);
    const rows = await windows(plain);
    assert.equal(rows.length, 6);
    assert.equal(new Set(rows.map((r) => r.inSample.split(" to ")[0])).size, 1);
    assert.match((await plain.textContent(".optimise-wf-result")) ?? "", /anchored/);
    await context.close();
  });

  it("says what is wrong with a window length", async () => {
    await trader.page.goto(`${trader.server.url}/strategy/${trader.sid}/optimise`);
    await hydrated(trader.page);
    await range(trader.page, fast, 8, 2, 12);
    await trader.page.fill("#opt-wf-in", "5000");
    await trader.page.click("button:has-text('Run Walk-Forward')");
    await trader.page.getByText("The in-sample window must be between 7 and 3650 days.").waitFor();
    assert.equal(await trader.page.locator("table[aria-label='Walk-forward windows']").count(), 0);
  });
});
