import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { eventually, launch, newPage, uniqueEmail } from "./browser.ts";
import { ai, signUpFree, strategyWithCode } from "./results-setup.ts";
import { startServer, type TestServer } from "./server.ts";
import { hydrated, liveFrames } from "./session.ts";

/**
 * Issue 17's screens: optimise a strategy from the Optimise tab (a small grid over the example's two SMA
 * periods), watch its progress arrive live, sort the results, apply the best run (a new spec version whose
 * EA takes its values as defaults) and download its .set; then the same without JavaScript.
 */

let server: TestServer;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let sid = "";
let fast = "";
let slow = "";

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

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Ticks an input and gives its range. */
async function range(p: Page, name: string, start: number, step: number, stop: number) {
  await p.check(`#opt-${name}`);
  await p.fill(`#opt-${name}-start`, String(start));
  await p.fill(`#opt-${name}-step`, String(step));
  await p.fill(`#opt-${name}-stop`, String(stop));
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

before(async () => {
  server = await startServer();
  browser = await launch();
  ({ context: owner, page } = await newPage(browser, { javaScript: true }));
  await signUpFree(page, server.url, uniqueEmail("optimise"));
  sid = await strategyWithCode(page);
  await page.goto(`${server.url}/strategy/${sid}/optimise`);
  await hydrated(page);
  // The example's two SMAs: their EA inputs are Inp_<id>_Period; the faster one is listed first.
  const names = await page
    .locator(".optimise-row")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-input") ?? ""));
  const periods = names.filter((n) => /^Inp_.+_Period$/.test(n));
  assert.equal(periods.length, 2, `two period inputs in ${names.join(", ")}`);
  [fast, slow] = periods;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the Optimise tab", () => {
  it("with JavaScript: runs a grid with live progress, sorts, applies the best and exports its .set", async () => {
    const frames = liveFrames(page);
    // The tab listens to the strategy's optimisations, so the socket is open before the run starts.
    const socket = page.waitForEvent("websocket");
    await page.reload();
    await hydrated(page);
    await socket;
    await fillGrid(page);
    // The count follows the ranges as they are typed, beside the plan's limit.
    assert.match((await page.textContent(".optimise-count")) ?? "", /16 combinations.*up to 1,000/);
    await page.click("button:has-text('Start Optimisation')");
    await page.waitForURL(/\/optimise\/[^/]+$/);
    const oid = /\/optimise\/([^/?]+)$/.exec(page.url())?.[1] ?? "";

    // Progress arrives as live events and the page ends on the results.
    await page.waitForSelector("table[aria-label='Optimisation results'] tbody tr", { timeout: 120_000 });
    await page.waitForSelector(".optimise-best", { timeout: 120_000 });
    const progress = frames.filter(
      (f) => f.includes(`"optId":"${oid}"`) && f.includes("strategy-optimisation-progress"),
    );
    assert.ok(progress.length >= 1, `progress events for ${oid}: ${frames.join("\n")}`);
    assert.match((await page.textContent(".optimise-facts")) ?? "", /Completed.*16 of 16/);

    // Sorted by Result (best first) by default; a header link sorts by Profit, ascending then descending.
    const results = await column(page, "Result");
    assert.deepEqual(
      results,
      [...results].sort((a, b) => b - a),
    );
    await page.click("table[aria-label='Optimisation results'] th a:has-text('Profit Factor')");
    await eventually(async () => {
      const pf = await column(page, "Profit Factor");
      assert.deepEqual(
        pf,
        [...pf].sort((a, b) => a - b),
      );
      assert.match(page.url(), /sort=profitFactor/);
    });
    await page.click("table[aria-label='Optimisation results'] th a:has-text('Profit Factor')");
    await eventually(async () => {
      const pf = await column(page, "Profit Factor");
      assert.deepEqual(
        pf,
        [...pf].sort((a, b) => b - a),
      );
    });

    // The best run's values.
    const best = {
      [fast]: Number(await page.textContent(`.optimise-best dd[data-input='${fast}']`)),
      [slow]: Number(await page.textContent(`.optimise-best dd[data-input='${slow}']`)),
    };
    assert.ok(best[fast] >= 4 && best[fast] <= 7 && best[slow] >= 10 && best[slow] <= 16);

    // Export .set: the download names both inputs with the best run's values.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click(".optimise-best a:has-text('Export .set')"),
    ]);
    const set = setValues(await readFile((await download.path()) ?? "", "utf8"));
    assert.equal(set.get(fast), best[fast]);
    assert.equal(set.get(slow), best[slow]);

    // Apply: a new spec version, and the EA's inputs default to the best run's values.
    await page.click(".optimise-best button:has-text('Apply')");
    await page.waitForSelector(".optimise-applied");
    const note = (await page.textContent(".optimise-applied")) ?? "";
    assert.match(note, /version \d+/);
    await page.click(".optimise-applied a:has-text('Open the code')");
    await page.waitForURL(/\/code/);
    // The new version clears the code (as a chat change does): generate it again, then read the EA's inputs.
    await eventually(async () => {
      assert.match(JSON.stringify(await ai(page, "strategy/code", { strId: sid })), /"status":"ok"/);
    }, 30_000);
    await eventually(async () => {
      assert.match(JSON.stringify(await ai(page, "strategy/code/complete", { strId: sid })), /"status":"ok"/);
    }, 60_000);
    await eventually(async () => {
      await page.goto(`${server.url}/strategy/${sid}/code?source=1`);
      const code = (await page.textContent("body")) ?? "";
      assert.match(code, new RegExp(`input\\s+int\\s+${fast}\\s*=\\s*${best[fast]};`));
      assert.match(code, new RegExp(`input\\s+int\\s+${slow}\\s*=\\s*${best[slow]};`));
    }, 60_000);
  });

  it("without JavaScript: the form starts a grid, Refresh shows the results, a header link sorts", async () => {
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await owner.storageState(),
      viewport: { width: 1280, height: 860 },
    });
    try {
      const p = await plain.newPage();
      p.setDefaultTimeout(15_000);
      await p.goto(`${server.url}/strategy/${sid}/optimise`);
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
