import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { eventually, plainPageOf } from "./browser.ts";
import { periodInputs, range } from "./optimise-setup.ts";
import { ai, day, startTrader } from "./results-setup.ts";
import { hydrated, liveFrames } from "./session.ts";

/**
 * Issue 17's screens: optimise a strategy from the Optimise tab (a small grid over the example's two SMA
 * periods), watch its progress arrive live, sort the results, apply the best run (a new spec version whose
 * EA takes its values as defaults) and download its .set; then the same without JavaScript.
 */

let fast = "";
let slow = "";
const trader = startTrader("optimise", async () => {
  [fast, slow] = await periodInputs(trader.page, trader.server.url, trader.sid);
});

/**
 * A .set file's inputs as MT5 reads them: `NAME=VALUE` or `NAME=VALUE||START||STEP||STOP||Y|N`, `;` comments.
 * (worker/optimise/set-file.ts parses the same, but Node's type stripping cannot load its imports.)
 */
function setValues(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const raw of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith(";")) continue;
    const eq = line.indexOf("=");
    assert.ok(eq > 0, `a .set line without NAME=: ${line}`);
    out.set(line.slice(0, eq), Number(line.slice(eq + 1).split("||")[0]));
  }
  return out;
}

/** The grid both tests run: 4 x 4 = 16 combinations on 120 days of EURUSD H1, open prices. */
async function fillGrid(p: Page) {
  await range(p, fast, 4, 1, 7);
  await range(p, slow, 10, 2, 16);
  await p.fill("#opt-start", day(-121));
  await p.fill("#opt-end", day(-1));
  await p.selectOption("#opt-criterion", "balance");
}

/** The numbers of a results column, top to bottom, by the header's text. */
async function column(p: Page, header: string): Promise<number[]> {
  const headers = await p.locator("table[aria-label='Optimisation results'] thead th").allTextContents();
  const at = headers.findIndex((h) => h.split(/[▲▼↕]/)[0].trim() === header);
  assert.ok(at >= 0, `no column ${header} in ${headers.join(" | ")}`);
  const cells = await p
    .locator(`table[aria-label='Optimisation results'] tbody tr td:nth-child(${at + 1})`)
    .allTextContents();
  return cells.map((c) => Number(c.replace(/[,%]/g, "")));
}

describe("the Optimise tab", () => {
  it("with JavaScript: runs a grid with live progress, sorts, applies the best and exports its .set", async () => {
    const frames = liveFrames(trader.page);
    // The tab listens to the strategy's optimisations, so the socket is open before the run starts.
    const socket = trader.page.waitForEvent("websocket");
    await trader.page.reload();
    await hydrated(trader.page);
    await socket;
    await fillGrid(trader.page);
    // The count follows the ranges as they are typed, beside the plan's limit.
    assert.match((await trader.page.textContent(".optimise-count")) ?? "", /16 combinations.*up to 1,000/);
    await trader.page.click("button:has-text('Start Optimisation')");
    await trader.page.waitForURL(/\/optimise\/[^/]+$/);
    const oid = /\/optimise\/([^/?]+)$/.exec(trader.page.url())?.[1] ?? "";

    // Progress arrives as live events and the page ends on the results.
    await trader.page.waitForSelector("table[aria-label='Optimisation results'] tbody tr", {
      timeout: 120_000,
    });
    await trader.page.waitForSelector(".optimise-best", { timeout: 120_000 });
    const progress = frames.filter(
      (f) => f.includes(`"optId":"${oid}"`) && f.includes("strategy-optimisation-progress"),
    );
    assert.ok(progress.length >= 1, `progress events for ${oid}: ${frames.join("\n")}`);
    assert.match((await trader.page.textContent(".optimise-facts")) ?? "", /Completed.*16 of 16/);

    // Sorted by Result (best first) by default; a header link sorts by Profit, ascending then descending.
    const results = await column(trader.page, "Result");
    assert.deepEqual(
      results,
      [...results].sort((a, b) => b - a),
    );
    await trader.page.click("table[aria-label='Optimisation results'] th a:has-text('Profit Factor')");
    await eventually(async () => {
      const pf = await column(trader.page, "Profit Factor");
      assert.deepEqual(
        pf,
        [...pf].sort((a, b) => a - b),
      );
      assert.match(trader.page.url(), /sort=profitFactor/);
    });
    await trader.page.click("table[aria-label='Optimisation results'] th a:has-text('Profit Factor')");
    await eventually(async () => {
      const pf = await column(trader.page, "Profit Factor");
      assert.deepEqual(
        pf,
        [...pf].sort((a, b) => b - a),
      );
    });

    // The best run's values.
    const best = {
      [fast]: Number(await trader.page.textContent(`.optimise-best dd[data-input='${fast}']`)),
      [slow]: Number(await trader.page.textContent(`.optimise-best dd[data-input='${slow}']`)),
    };
    assert.ok(best[fast] >= 4 && best[fast] <= 7 && best[slow] >= 10 && best[slow] <= 16);

    // Export .set: the download names both inputs with the best run's values.
    const [download] = await Promise.all([
      trader.page.waitForEvent("download"),
      trader.page.click(".optimise-best a:has-text('Export .set')"),
    ]);
    const set = setValues(await readFile((await download.path()) ?? "", "utf8"));
    assert.equal(set.get(fast), best[fast]);
    assert.equal(set.get(slow), best[slow]);

    // Apply: a new spec version, and the EA's inputs default to the best run's values.
    await trader.page.click(".optimise-best button:has-text('Apply')");
    await trader.page.waitForSelector(".optimise-applied");
    const note = (await trader.page.textContent(".optimise-applied")) ?? "";
    assert.match(note, /version \d+/);
    await trader.page.click(".optimise-applied a:has-text('Open the code')");
    await trader.page.waitForURL(/\/code/);
    // The new version clears the code (as a chat change does): generate it again, then read the EA's inputs.
    await eventually(async () => {
      assert.match(
        JSON.stringify(await ai(trader.page, "strategy/code", { strId: trader.sid })),
        /"status":"ok"/,
      );
    }, 30_000);
    await eventually(async () => {
      assert.match(
        JSON.stringify(await ai(trader.page, "strategy/code/complete", { strId: trader.sid })),
        /"status":"ok"/,
      );
    }, 60_000);
    await eventually(async () => {
      await trader.page.goto(`${trader.server.url}/strategy/${trader.sid}/code?source=1`);
      const code = (await trader.page.textContent("body")) ?? "";
      assert.match(code, new RegExp(`input\\s+int\\s+${fast}\\s*=\\s*${best[fast]};`));
      assert.match(code, new RegExp(`input\\s+int\\s+${slow}\\s*=\\s*${best[slow]};`));
    }, 60_000);
  });

  it("without JavaScript: the form starts a grid, Refresh shows the results, a header link sorts", async () => {
    const { context: plain, page: p } = await plainPageOf(trader.browser, trader.owner);
    try {
      await p.goto(`${trader.server.url}/strategy/${trader.sid}/optimise`);
      await fillGrid(p);
      // The count without JavaScript: the server counts on the form's own button.
      await p.click("button:has-text('Count combinations')");
      assert.match((await p.textContent(".optimise-count")) ?? "", /16 combinations/);
      // A bad range is refused under its row, nothing started.
      await p.fill(`#opt-${fast}-step`, "0");
      await p.click("button:has-text('Start Optimisation')");
      assert.match((await p.textContent(`#opt-${fast}-step-error`)) ?? "", /step must be above 0/);
      await p.fill(`#opt-${fast}-step`, "1");
      await p.click("button:has-text('Start Optimisation')");
      await p.waitForURL(/\/optimise\/[^/]+$/);
      const url = p.url();
      await eventually(async () => {
        await p.goto(url);
        assert.equal(await p.locator(".optimise-best").count(), 1);
      }, 120_000);
      assert.equal(await p.locator("table[aria-label='Optimisation results'] tbody tr").count(), 16);
      await p.locator("table[aria-label='Optimisation results'] th a", { hasText: /^Trades/ }).click();
      const trades = await column(p, "Trades");
      assert.deepEqual(
        trades,
        [...trades].sort((a, b) => a - b),
      );
    } finally {
      await plain.close();
    }
  });
});
