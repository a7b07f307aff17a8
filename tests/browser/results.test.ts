import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { eventually, plainPageOf } from "./browser.ts";
import { startBacktest, startTrader } from "./results-setup.ts";
import { hydrated } from "./session.ts";

/** The backtest results screen (spec 2 s2-s4) in Chromium, with JavaScript and without it. */

let bid = "";
let resultsUrl = "";
const trader = startTrader("results", async () => {
  // A year of every-tick modelling: long enough that the page may still see the run in progress.
  bid = await startBacktest(trader.page, trader.sid, 365);
  resultsUrl = `${trader.server.url}/strategy/${trader.sid}/results/${bid}`;
});

describe("JavaScript on", () => {
  it("turns the processing banner into the results without a reload", async (t) => {
    await trader.page.goto(resultsUrl);
    await hydrated(trader.page);
    await trader.page.evaluate(() => {
      document.documentElement.dataset.marker = "same-document";
    });
    const processing = await trader.page.locator(".results-processing").isVisible();
    t.diagnostic(
      processing ? "the run was still in progress on load" : "the run had finished before the page loaded",
    );
    if (processing) {
      const step = (await trader.page.textContent(".results-step")) ?? "";
      assert.ok(
        [
          "Preparing backtest ...",
          "Backtest in progress ...",
          "Backtest finished. Preparing reports ...",
        ].includes(step),
        step,
      );
      const now = Number(await trader.page.getAttribute("[role=progressbar]", "aria-valuenow"));
      assert.ok(now >= 0 && now < 100, String(now));
    }
    await trader.page.locator(".results-processing").waitFor({ state: "detached", timeout: 90_000 });
    await trader.page.locator(".equity-chart path.time-balance").waitFor();
    assert.equal(await trader.page.evaluate(() => document.documentElement.dataset.marker), "same-document");
    assert.equal(trader.page.url(), resultsUrl);
    await trader.page.getByText("Backtest completed!").waitFor();
    assert.equal(
      await trader.page.locator("a:has-text('Download EA')").getAttribute("href"),
      `/strategy/${trader.sid}/download`,
    );
    // The header's 'more' popover: details and status; Escape closes it.
    await trader.page.click("summary:has-text('more')");
    const popover = trader.page.locator(".results-popover");
    await popover.getByText("Completed").waitFor();
    await trader.page.keyboard.press("Escape");
    await popover.waitFor({ state: "hidden" });
  });

  it("renders every graph tab, and Sort By changes the grouping", async () => {
    await trader.page.goto(resultsUrl);
    await hydrated(trader.page);
    const graphs = trader.page.locator("nav[aria-label=Graphs]");
    await trader.page.locator(".equity-chart path.time-balance").waitFor();

    await graphs.locator("a:has-text('Entries')").click();
    await eventually(async () =>
      assert.equal(await trader.page.locator(".chart-svg rect.chart-bar").count(), 24),
    );
    assert.ok(trader.page.url().endsWith("?graph=entries"), trader.page.url());
    await trader.page.getByText("Asia").waitFor();
    await trader.page.locator(".chart-switch label:has-text('Weekdays')").click();
    await eventually(async () =>
      assert.equal(await trader.page.locator(".chart-svg rect.chart-bar").count(), 7),
    );
    assert.equal(await trader.page.locator(".chart-legend").count(), 0);
    await trader.page.locator(".chart-switch label:has-text('Months')").click();
    await eventually(async () =>
      assert.equal(await trader.page.locator(".chart-svg rect.chart-bar").count(), 12),
    );

    await graphs.locator("a:has-text('Profit and Loss')").click();
    await eventually(async () =>
      assert.equal(await trader.page.locator(".chart-svg rect.chart-bar").count(), 48),
    );
    await trader.page.locator(".chart-switch label:has-text('Weekdays')").click();
    await eventually(async () =>
      assert.equal(await trader.page.locator(".chart-svg rect.chart-bar").count(), 14),
    );
    await trader.page.locator(".chart-legend li:has-text('Loss')").waitFor();

    await graphs.locator("a:has-text('Candle')").click();
    await trader.page.locator(".candle-canvas canvas").first().waitFor();
    await eventually(async () =>
      assert.equal(await trader.page.locator(".candle-controls button").first().textContent(), " Play"),
    );

    await graphs.locator("a:has-text('Balance')").click();
    await trader.page.locator(".equity-chart path.time-balance").waitFor();
  });

  it("plays and pauses the candle replay from the completed banner's Play", async () => {
    await trader.page.goto(resultsUrl);
    await hydrated(trader.page);
    await trader.page.locator(".results-completed a:has-text('Play')").click();
    await eventually(async () => assert.ok(trader.page.url().endsWith("?graph=play"), trader.page.url()));
    await trader.page.locator(".candle-canvas canvas").first().waitFor();
    const toggle = trader.page.locator(".candle-controls button").first();
    await eventually(async () => assert.equal((await toggle.textContent())?.trim(), "Pause"));
    const fast = trader.page.locator(".candle-controls button[aria-pressed]");
    assert.equal(await fast.getAttribute("aria-pressed"), "false");
    await fast.click();
    assert.equal(await fast.getAttribute("aria-pressed"), "true");
    await trader.page.waitForTimeout(800);
    await toggle.click();
    await eventually(async () => assert.equal((await toggle.textContent())?.trim(), "Play"));
    await toggle.click();
    await eventually(async () => assert.equal((await toggle.textContent())?.trim(), "Pause"));
  });

  it("shows the metrics with keyboard tooltips and downloads the CSV and JSON report", async () => {
    await trader.page.goto(resultsUrl);
    await hydrated(trader.page);
    await trader.page.locator("nav[aria-label=Report] a:has-text('Results & Export')").waitFor();
    for (const label of ["Total Net Profit", "Profit Factor", "Sharpe Ratio", "Equity Drawdown Relative"]) {
      await trader.page.locator(".metric dt", { hasText: label }).first().waitFor();
    }
    const info = trader.page.locator("button[aria-label='About Total Net Profit']");
    const tip = trader.page.locator(`#${await info.getAttribute("aria-describedby")}`.replaceAll(":", "\\:"));
    assert.equal(await tip.isVisible(), false);
    await info.focus();
    await eventually(async () => assert.equal(await tip.isVisible(), true));
    assert.match((await tip.textContent()) ?? "", /Gross profit plus gross loss/);

    for (const [name, ext] of [
      ["Export as CSV", "csv"],
      ["Export as JSON", "json"],
    ]) {
      const [download] = await Promise.all([
        trader.page.waitForEvent("download"),
        trader.page.click(`a:has-text('${name}')`),
      ]);
      assert.equal(download.suggestedFilename(), `str-${trader.sid}-backtest-${bid}.${ext}`);
    }
  });

  it("pages the Orders and Deals tables", async () => {
    await trader.page.goto(resultsUrl);
    await hydrated(trader.page);
    const report = trader.page.locator("nav[aria-label=Report]");
    await report.locator("a:has-text('Orders')").click();
    const orders = trader.page.locator("table[aria-label=Orders]");
    await orders.waitFor();
    await trader.page.getByText(/Page 1 of \d+/).waitFor();
    await trader.page.click("a[aria-label='Next page']");
    await trader.page.getByText(/Page 2 of \d+/).waitFor();
    await eventually(async () => assert.match(trader.page.url(), /orders_page=2/));

    await report.locator("a:has-text('Deals')").click();
    const deals = trader.page.locator("table[aria-label=Deals]");
    await deals.waitFor();
    await eventually(async () => assert.equal(await deals.locator("tbody tr").count(), 10));
    assert.equal(
      (await deals.locator("tbody tr").first().locator("td").nth(3).textContent())?.trim(),
      "balance",
    );
    await trader.page.click("a[aria-label='Next page']");
    await eventually(async () => assert.match(trader.page.url(), /deals_page=2/));
    await eventually(async () =>
      assert.equal(
        (await deals.locator("tbody tr").first().locator("td").first().textContent())?.trim(),
        "11",
      ),
    );
  });

  it("keeps the completed banner dismissed after a reload", async () => {
    await trader.page.goto(resultsUrl);
    await hydrated(trader.page);
    const banner = trader.page.locator(".results-completed");
    await banner.waitFor();
    await banner.locator("button[aria-label=Close]").click();
    await banner.waitFor({ state: "detached" });
    await trader.page.reload();
    await hydrated(trader.page);
    await trader.page.locator(".results-summary").waitFor();
    await eventually(async () => assert.equal(await banner.count(), 0));
  });
});

describe("JavaScript off", () => {
  it("shows the results, switches the lower tabs by links and exports the report", async () => {
    const { context, page: plain } = await plainPageOf(trader.browser, trader.owner);
    await plain.goto(resultsUrl);
    await plain.getByText("Backtest for").waitFor();
    // The Balance graph is drawn on the server (results-charts.test.ts looks at it closely).
    await plain.locator(".equity-chart path.time-balance").waitFor();
    await plain
      .getByText(/Balance from [\d,.]+ to [\d,.]+; equity between/)
      .first()
      .waitFor();
    await plain.locator(".metric dt", { hasText: "Total Net Profit" }).waitFor();
    await plain.click("summary:has-text('more')");
    await plain.locator(".results-popover").getByText("Completed").waitFor();

    await plain.click("nav[aria-label=Report] a:has-text('Orders')");
    await plain.waitForURL(`${resultsUrl}?tab=orders`);
    await plain.locator("table[aria-label=Orders]").waitFor();
    await plain.click("a[aria-label='Next page']");
    await plain.waitForURL(/orders_page=2/);
    await plain.getByText(/Page 2 of \d+/).waitFor();
    await plain.click("nav[aria-label=Report] a:has-text('Deals')");
    await plain.waitForURL(/tab=deals/);
    await plain.locator("table[aria-label=Deals]").waitFor();

    await plain.click("nav[aria-label=Graphs] a:has-text('Entries')");
    await plain.waitForURL(/graph=entries/);
    await plain.getByText(/\d+ entries\./).waitFor();
    // Chromium's per-context "JavaScript off" still parses <noscript> as raw text, so check it is there.
    assert.match(
      (await plain.locator(".graph-fallback noscript").textContent()) ?? "",
      /The charts need JavaScript; the figures are in the tabs below\./,
    );

    await plain.click("nav[aria-label=Report] a:has-text('Results & Export')");
    await plain.locator(".metric").first().waitFor();
    for (const [name, ext] of [
      ["Export as CSV", "csv"],
      ["Export as JSON", "json"],
    ]) {
      const [download] = await Promise.all([
        plain.waitForEvent("download"),
        plain.click(`a:has-text('${name}')`),
      ]);
      assert.equal(download.suggestedFilename(), `str-${trader.sid}-backtest-${bid}.${ext}`);
    }
    await context.close();
  });
});
