import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Locator } from "playwright-core";
import { eventually, plainPageOf } from "./browser.ts";
import { assertFits } from "./layout.ts";
import { figure, finishedResults, startBacktest, startTrader } from "./results-setup.ts";
import { hydrated } from "./session.ts";

/**
 * Issue 16 Charts and Compare: balance and equity over time with the drawdown beneath, drawn on the server
 * (readable without JavaScript), zoomed and hovered with it, at 1280 and 375 px; two backtests compared.
 */

const runs: { bid: string; url: string; netProfit: number; equityDd: number }[] = [];
const trader = startTrader("charts", async () => {
  // One run at a time (a second start while one runs is refused).
  for (const days of [120, 45]) {
    const bid = await startBacktest(trader.page, trader.sid, days);
    const url = `${trader.server.url}/strategy/${trader.sid}/results/${bid}`;
    await finishedResults(trader.page, url);
    const netProfit = Number((await figure(trader.page, "Total Net Profit")).replaceAll(" ", ""));
    // "5.76% (609.40)": the percent.
    const equityDd = Number.parseFloat(await figure(trader.page, "Equity Drawdown Relative"));
    runs.push({ bid, url, netProfit, equityDd });
  }
});

const money = (v: number) =>
  v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The number of points of an SVG path (M then L commands). */
async function points(path: Locator): Promise<number> {
  const d = (await path.getAttribute("d")) ?? "";
  return d.split(/[ML]/).filter((s) => s.length > 0).length;
}

async function visibleText(list: Locator): Promise<string[]> {
  const out: string[] = [];
  for (const el of await list.all())
    if (await el.isVisible()) out.push(((await el.textContent()) ?? "").trim());
  return out;
}

describe("the balance and equity chart", () => {
  it("is drawn on the server over time, with the drawdown beneath, and reads without JavaScript", async () => {
    const { context, page: plain } = await plainPageOf(trader.browser, trader.owner);
    const run = runs[0];
    await plain.goto(run.url);
    const chart = plain.locator("figure.equity-chart");
    for (const line of ["time-balance", "time-equity", "time-drawdown"]) {
      assert.ok((await points(chart.locator(`path.${line}`))) > 100, `${line} has its points`);
    }
    // Time along the bottom (months of 120 days), not trade numbers.
    const labels = await visibleText(chart.locator(".time-x-tick"));
    assert.ok(labels.length >= 3, labels.join("|"));
    assert.ok(
      labels.some((l) =>
        /^(January|February|March|April|May|June|July|August|September|October|November|December|\d{4})$/.test(
          l,
        ),
      ),
      labels.join("|"),
    );
    assert.deepEqual(await visibleText(chart.locator(".time-panel-title")), ["Balance / equity", "Drawdown"]);
    assert.deepEqual(await visibleText(chart.locator(".chart-legend li")), ["Balance", "Equity", "Drawdown"]);
    // The caption's figures agree with the report: the final balance is deposit + net profit, and the
    // deepest drawdown sampled per bar is no deeper than the engine's per-tick Equity Drawdown Relative.
    const caption = (await chart.locator("figcaption").textContent()) ?? "";
    assert.ok(
      caption.startsWith(`Balance from 10,000.00 to ${money(10_000 + run.netProfit)};`),
      `${caption} / ${run.netProfit}`,
    );
    const dd = Number(/deepest drawdown ([\d.]+)%/.exec(caption)?.[1]);
    assert.ok(dd > 0 && dd <= run.equityDd, `${dd}% within ${run.equityDd}%`);
    // Zooming needs JavaScript: no buttons that would do nothing.
    assert.equal(await plain.locator("button:has-text('Zoom in')").count(), 0);
    await context.close();
  });

  it("shows the figures under the pointer, zooms to a dragged span and resets", async () => {
    await trader.page.goto(runs[0].url);
    await hydrated(trader.page);
    const chart = trader.page.locator("figure.equity-chart");
    const balance = chart.locator("path.time-balance");
    const overlay = chart.locator(".time-overlay");
    await chart.locator(".time-brush").waitFor({ state: "attached" });
    const all = await points(balance);
    const labelsBefore = await visibleText(chart.locator(".time-x-tick"));

    await chart.scrollIntoViewIfNeeded();
    const box = await overlay.boundingBox();
    assert.ok(box);
    await trader.page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    const tip = chart.locator(".time-tip");
    await tip.waitFor();
    const tipText = (await tip.textContent()) ?? "";
    // Times are the run's server time and say so (its default clock, GMT+2/+3 with New York close).
    for (const part of [/GMT\+2\/\+3/, /Balance: [\d,]+\.\d\d/, /Equity: [\d,]+\.\d\d/, /Drawdown: [\d.]+%/])
      assert.match(tipText, part);
    await trader.page.mouse.move(box.x + box.width * 0.95, box.y + 5);
    await trader.page.mouse.move(box.x - 40, box.y - 40);
    await tip.waitFor({ state: "detached" });

    // Drag across a quarter of the plot: that span fills the chart.
    await trader.page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await trader.page.mouse.down();
    await trader.page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 6 });
    await trader.page.mouse.up();
    const reset = trader.page.locator("button:has-text('Reset zoom')");
    await eventually(async () => assert.equal(await reset.isEnabled(), true));
    const zoomed = await points(balance);
    assert.ok(zoomed < all / 2, `${zoomed} of ${all} points shown`);
    assert.notDeepEqual(await visibleText(chart.locator(".time-x-tick")), labelsBefore);

    await reset.click();
    await eventually(async () => assert.equal(await points(balance), all));
    assert.equal(await reset.isEnabled(), false);
    // The buttons zoom too (keyboard users cannot drag).
    await trader.page.click("button:has-text('Zoom in')");
    await eventually(async () => assert.ok((await points(balance)) < all));
    await trader.page.click("button:has-text('Zoom out')");
    await eventually(async () => assert.equal(await points(balance), all));
  });

  for (const js of [true, false]) {
    it(`fits a 375 px phone with its labels apart (JavaScript ${js ? "on" : "off"})`, async () => {
      const context = await trader.browser.newContext({
        viewport: { width: 375, height: 800 },
        javaScriptEnabled: js,
        extraHTTPHeaders: { "cf-connecting-ip": `10.78.1.${js ? 1 : 2}` },
      });
      await context.addCookies(await trader.owner.cookies());
      const phone = await context.newPage();
      await phone.goto(runs[0].url);
      const chart = phone.locator("figure.equity-chart");
      await chart.locator("path.time-balance").waitFor();
      await assertFits(phone, "the results page");
      const frame = await chart.boundingBox();
      assert.ok(frame && frame.width > 250, `the chart is ${frame?.width} px wide`);
      for (const axis of [".time-x-tick", ".time-panel:first-child .time-y-tick"]) {
        const boxes = [];
        for (const el of await chart.locator(axis).all()) {
          const b = await el.boundingBox();
          if (b && (await el.isVisible())) boxes.push(b);
        }
        assert.ok(boxes.length >= 2, `${axis}: ${boxes.length} labels`);
        for (const b of boxes) {
          assert.ok(b.x >= frame.x - 1 && b.x + b.width <= frame.x + frame.width + 1, `${axis} inside`);
        }
        // Neighbours never overlap (x labels side by side, value labels one above the other).
        const horizontal = axis === ".time-x-tick";
        const sorted = boxes.sort((a, b) => (horizontal ? a.x - b.x : a.y - b.y));
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1], sorted[i]];
          assert.ok(horizontal ? a.x + a.width <= b.x : a.y + a.height <= b.y, `${axis} ${i} overlaps`);
        }
      }
      await context.close();
    });
  }
});

describe("compare", () => {
  it("picks two backtests without JavaScript: their figures side by side and balance curves overlaid", async () => {
    const { context, page: plain } = await plainPageOf(trader.browser, trader.owner);
    await plain.goto(`${trader.server.url}/strategy/${trader.sid}/compare`);
    // One is not a comparison.
    await plain.check(`input[name=b][value='${runs[0].bid}']`);
    await plain.click("button:has-text('Compare')");
    await plain.getByText("Pick two to four completed backtests to compare.").waitFor();
    assert.equal(await plain.locator("figure.compare-chart").count(), 0);

    await plain.check(`input[name=b][value='${runs[1].bid}']`);
    await plain.click("button:has-text('Compare')");
    const chart = plain.locator("figure.compare-chart");
    await chart.waitFor();
    const lines = chart.locator(".time-svg path.compare-line");
    assert.equal(await lines.count(), 2);
    for (const line of await lines.all()) assert.ok((await points(line)) > 20);
    const legend = await visibleText(chart.locator(".compare-legend li"));
    assert.equal(legend.length, 2);
    for (const [n, run] of runs.entries()) {
      assert.ok(
        legend.some((l) => l.startsWith(`#${run.bid} EURUSD H1`)),
        `${legend.join("|")} names #${run.bid}`,
      );
      // The legend's swatch is the line's own style.
      assert.equal(await chart.locator(`.compare-legend .compare-${n}`).count(), 1);
    }
    // Each curve ends on its backtest's final balance, and the table holds each Net Profit.
    const summary = (await chart.locator(".time-panels").getAttribute("aria-label")) ?? "";
    const table = plain.locator("table[aria-label=Comparison]");
    const row = await table
      .locator("tr", { has: plain.locator("th", { hasText: /^Total Net Profit$/ }) })
      .locator("td")
      .allTextContents();
    const headers = await table.locator("thead th").allTextContents();
    for (const run of runs) {
      assert.match(summary, new RegExp(`#${run.bid} [^;]* to ${money(10_000 + run.netProfit)}`));
      const column = headers.findIndex((h) => h.startsWith(`#${run.bid} `)) - 1;
      assert.equal(Number(row[column]), run.netProfit);
    }
    await context.close();
  });

  it("with JavaScript the pointer shows every backtest's balance at that time", async () => {
    await trader.page.goto(
      `${trader.server.url}/strategy/${trader.sid}/compare?b=${runs[0].bid}&b=${runs[1].bid}`,
    );
    await hydrated(trader.page);
    const chart = trader.page.locator("figure.compare-chart");
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.locator(".time-overlay").boundingBox();
    assert.ok(box);
    // Near the end both runs have a balance.
    await trader.page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
    const tip = chart.locator(".time-tip");
    await tip.waitFor();
    const text = (await tip.textContent()) ?? "";
    for (const run of runs) assert.match(text, new RegExp(`#${run.bid} EURUSD H1 [^:]*: [\\d,]+\\.\\d\\d`));
  });
});
