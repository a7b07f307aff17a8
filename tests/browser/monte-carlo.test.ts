import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { eventually, plainPageOf } from "./browser.ts";
import { ai, finishedResults, startBacktest, startTrader } from "./results-setup.ts";
import { hydrated } from "./session.ts";

/**
 * Issue 17's Monte Carlo on screen: from a backtest's results page, open the Monte Carlo tab, run 1,000
 * simulations and read the percentile bands; the same figures as the API's, with JavaScript and without it.
 */

let bid = "";
let resultsUrl = "";
const trader = startTrader("montecarlo", async () => {
  bid = await startBacktest(trader.page, trader.sid, 240);
  resultsUrl = `${trader.server.url}/strategy/${trader.sid}/results/${bid}`;
  await finishedResults(trader.page, resultsUrl);
});

interface Bands {
  finalBalance: number[];
  maxDrawdown: number[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** The API's bands for the same request, as the table prints them (cents). */
async function apiBands(p: Page, runs: number, seed: number): Promise<Bands> {
  const answer = await ai(p, "strategy/backtest/monte-carlo", {
    strId: trader.sid,
    backtestId: bid,
    runs,
    seed,
  });
  assert.ok(isRecord(answer) && answer.status === "ok" && isRecord(answer.data), JSON.stringify(answer));
  const values = (key: string) => {
    const list = answer.data && isRecord(answer.data) ? answer.data[key] : undefined;
    assert.ok(Array.isArray(list), key);
    return list.map((b) =>
      isRecord(b) && typeof b.value === "number" ? Math.round(b.value * 100) / 100 : NaN,
    );
  };
  return { finalBalance: values("finalBalance"), maxDrawdown: values("maxDrawdown") };
}

/** The table's bands, percentile by percentile. */
async function screenBands(p: Page): Promise<{ percentiles: string[] } & Bands> {
  const rows = p.locator("table[aria-label='Monte Carlo percentiles'] tbody tr");
  const percentiles = await rows.locator("th").allTextContents();
  const column = async (n: number) =>
    (await rows.locator(`td:nth-child(${n})`).allTextContents()).map((t) => Number(t.replace(/,/g, "")));
  return { percentiles, finalBalance: await column(2), maxDrawdown: await column(3) };
}

async function runFromForm(p: Page, runs: string, seed: string) {
  await p.fill("#mc-runs", runs);
  await p.fill("#mc-seed", seed);
  await p.click("button:has-text('Run Monte Carlo')");
}

describe("Monte Carlo on the results page", () => {
  it("runs 1,000 simulations from the tab and shows the API's percentile bands and the fan chart", async () => {
    await trader.page.goto(resultsUrl);
    await hydrated(trader.page);
    await trader.page.click(".lower-tabs a:has-text('Monte Carlo')");
    await trader.page.waitForURL(/tab=robustness/);
    await runFromForm(trader.page, "1000", "42");
    await trader.page.locator("table[aria-label='Monte Carlo percentiles']").waitFor();
    assert.match(trader.page.url(), /mc_runs=1000/);
    assert.match((await trader.page.textContent("#mc-result-title")) ?? "", /^1,000 runs of \d+ trades$/);
    const shown = await screenBands(trader.page);
    assert.deepEqual(shown.percentiles, ["5%", "25%", "50%", "75%", "95%"]);
    const api = await apiBands(trader.page, 1000, 42);
    assert.deepEqual(shown.finalBalance, api.finalBalance);
    assert.deepEqual(shown.maxDrawdown, api.maxDrawdown);
    for (let i = 1; i < 5; i++) assert.ok(shown.finalBalance[i] >= shown.finalBalance[i - 1]);
    // The bands differ: 1,000 reorderings with skipped trades and extra costs do not all end alike.
    assert.ok(shown.finalBalance[4] > shown.finalBalance[0], JSON.stringify(shown.finalBalance));
    assert.ok(await trader.page.locator(".fan-chart path.fan-band.outer").isVisible());
    assert.match(
      (await trader.page.textContent("[data-testid=mc-loss]")) ?? "",
      /Chance of ending below .* deposit: [\d.]+%/,
    );
  });

  it("tells a trader what is wrong with a value they typed", async () => {
    await trader.page.goto(`${resultsUrl}?tab=robustness`);
    await hydrated(trader.page);
    await runFromForm(trader.page, "20", "1");
    await eventually(async () => {
      assert.equal(await trader.page.textContent("#mc-runs-error"), "Runs must be between 100 and 10000.");
    });
    assert.equal(await trader.page.locator("table[aria-label='Monte Carlo percentiles']").count(), 0);
  });

  it("works without JavaScript: the form is a GET and the page carries the same bands", async () => {
    const { context, page: plain } = await plainPageOf(trader.browser, trader.owner);
    await plain.goto(`${resultsUrl}?tab=robustness`);
    await runFromForm(plain, "1000", "42");
    await plain.locator("table[aria-label='Monte Carlo percentiles']").waitFor();
    const shown = await screenBands(plain);
    const api = await apiBands(trader.page, 1000, 42);
    assert.deepEqual(shown.finalBalance, api.finalBalance);
    await context.close();
  });
});
