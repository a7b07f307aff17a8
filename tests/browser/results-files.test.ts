import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import nodePath from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { newPage, plainPageOf } from "./browser.ts";
import { figure, finishedResults, startBacktest, startTrader } from "./results-setup.ts";

/** Issue 16: the Trades tab without JavaScript, and every download of a result opened and parsed. */

let resultsUrl = "";
let netProfit = "";
let totalTrades = 0;
const trader = startTrader("files", async () => {
  const bid = await startBacktest(trader.page, trader.sid, 120);
  resultsUrl = `${trader.server.url}/strategy/${trader.sid}/results/${bid}`;
  await finishedResults(trader.page, resultsUrl);
  netProfit = await figure(trader.page, "Total Net Profit");
  totalTrades = Number(await figure(trader.page, "Total Trades"));
  assert.ok(totalTrades > 10, `enough trades to page (${totalTrades})`);
});

const csvLines = (text: string) => text.split("\r\n").filter((l) => l.length > 0);

/** Server times in exports: ISO 8601 with the run's offset (the default clock is GMT+2/+3). */
const SERVER_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[23]:00$/;

describe("the Trades tab", () => {
  it("lists entry/exit pairs with MFE and MAE, pages and sorts by profit without JavaScript", async () => {
    const { context, page: plain } = await plainPageOf(trader.browser, trader.owner);
    await plain.goto(`${resultsUrl}?tab=trades`);
    const table = plain.locator("table[aria-label=Trades]");
    await table.waitFor();
    const headers = (await table.locator("thead th").allTextContents()).map((h) => h.trim());
    for (const h of [
      "Open Time",
      "Direction",
      "Volume",
      "Open Price",
      "Close Price",
      "Profit",
      "Duration",
      "MFE",
      "MAE",
    ])
      assert.ok(
        headers.some((x) => x.startsWith(h)),
        `${h} in ${headers.join("|")}`,
      );
    assert.equal(await table.locator("tbody tr").count(), 10);
    await plain.getByText(`Page 1 of ${Math.ceil(totalTrades / 10)}`).waitFor();
    await plain.click("a[aria-label='Next page']");
    await plain.getByText(`Page 2 of ${Math.ceil(totalTrades / 10)}`).waitFor();

    await plain.goto(`${resultsUrl}?tab=trades&trades_sort=profit&trades_dir=asc`);
    const profitAt = headers.findIndex((h) => h.startsWith("Profit"));
    const profits = (await table.locator(`tbody tr td:nth-child(${profitAt + 1})`).allTextContents()).map(
      Number,
    );
    assert.deepEqual(
      profits,
      [...profits].sort((a, b) => a - b),
    );
    // Each MFE is at least the trade's profit and each MAE at most it.
    const mfeAt = headers.findIndex((h) => h.startsWith("MFE"));
    const maeAt = headers.findIndex((h) => h.startsWith("MAE"));
    for (const row of await table.locator("tbody tr").all()) {
      const cells = (await row.locator("td").allTextContents()).map((c) => c.trim());
      assert.ok(Number(cells[mfeAt]) >= Number(cells[profitAt]), cells.join("|"));
      assert.ok(Number(cells[maeAt]) <= Number(cells[profitAt]), cells.join("|"));
    }
    await context.close();
  });
});

describe("the Deals table", () => {
  it("ends on a totals row of the whole run: commission, swap and profit add up to the net profit", async () => {
    const { context, page: plain } = await plainPageOf(trader.browser, trader.owner);
    await plain.goto(`${resultsUrl}?tab=deals`);
    const table = plain.locator("table[aria-label=Deals]");
    await table.waitFor();
    const headers = (await table.locator("thead th").allTextContents()).map((h) => h.trim());
    const totals = (await table.locator("tfoot tr td").allTextContents()).map((c) => c.trim());
    const at = (h: string) => totals[headers.findIndex((x) => x.startsWith(h))];
    assert.equal(totals[0], "Total");
    for (const h of ["Commission", "Swap", "Profit"]) assert.match(at(h), /^-?\d+\.\d{2}$/, `${h} total`);
    // The totals are the run's, not the page's: the page shows 10 of many deals.
    assert.equal(await table.locator("tbody tr").count(), 10);
    const net = Number(at("Profit")) + Number(at("Commission")) + Number(at("Swap"));
    assert.equal(net.toFixed(2), netProfit.replaceAll(" ", ""));
    assert.equal((Number(at("Balance")) - 10_000).toFixed(2), netProfit.replaceAll(" ", ""));
    await context.close();
  });
});

describe("downloads", () => {
  async function download(label: string): Promise<{ name: string; path: string; text: string }> {
    await trader.page.goto(resultsUrl);
    const [file] = await Promise.all([
      trader.page.waitForEvent("download"),
      trader.page.click(`nav[aria-label=Downloads] a:has-text('${label}')`),
    ]);
    const path = await file.path();
    return { name: file.suggestedFilename(), path, text: readFileSync(path, "utf8") };
  }

  it("trades, deals and orders as CSV: one line per row, deals ending on the final balance", async () => {
    const trades = await download("Trades (CSV)");
    assert.match(trades.name, /-trades\.csv$/);
    const tradeLines = csvLines(trades.text);
    assert.equal(tradeLines[0].split(",").slice(0, 3).join(","), "Trade,Open Time,Direction");
    assert.equal(tradeLines.length - 1, totalTrades);
    for (const line of tradeLines.slice(1)) assert.match(line.split(",")[1], SERVER_ISO);

    const deals = csvLines((await download("Deals (CSV)")).text);
    const header = deals[0].split(",");
    // Deposit deal + one in and one out per trade.
    assert.equal(deals.length - 1, 1 + 2 * totalTrades);
    const balance = Number(deals.at(-1)?.split(",")[header.indexOf("Balance")]);
    const deposit = Number(deals[1].split(",")[header.indexOf("Balance")]);
    assert.equal((balance - deposit).toFixed(2), netProfit.replaceAll(" ", ""));
    assert.match(deals[1].split(",")[header.indexOf("Time")], SERVER_ISO);

    const orders = csvLines((await download("Orders (CSV)")).text);
    assert.equal(orders[0].split(",")[0], "Order");
    assert.equal(orders.length - 1, 2 * totalTrades);
  });

  it("the whole result as JSON", async () => {
    const json = JSON.parse((await download("Whole result (JSON)")).text);
    assert.equal(json.results["Total Net Profit"], netProfit);
    assert.equal(json.trades.length, totalTrades);
    assert.equal(json.deals.length, 1 + 2 * totalTrades);
    for (const deal of json.deals) assert.match(deal.Time, SERVER_ISO);
    for (const trade of json.trades) assert.match(trade["Close Time"], SERVER_ISO);
    assert.ok(Array.isArray(json.summary.balanceData));
    // The balance/equity curve over time travels with the result, ending on the final balance.
    const curve = json.summary.equityCurve;
    assert.equal(curve.balance.length, curve.time.length);
    assert.equal(
      curve.balance.at(-1).toFixed(2),
      (10_000 + Number(netProfit.replaceAll(" ", ""))).toFixed(2),
    );
  });

  it("the EA's inputs as a .set file of name=value lines with the generator's names", async () => {
    const set = await download("EA inputs (.set)");
    assert.match(set.name, /\.set$/);
    const lines = csvLines(set.text).filter((l) => !l.startsWith(";"));
    for (const l of lines) assert.match(l, /^Inp\w+=\S+$/);
    assert.ok(lines.includes("InpTimeframe=16385"), lines.join("\n"));
    assert.ok(lines.some((l) => l.startsWith("InpLots=")));
  });

  it("the HTML report opens offline in Chromium and shows the page's Net Profit", async () => {
    const report = await download("Report (HTML)");
    const { context, page: offline } = await newPage(trader.browser, { javaScript: false });
    await context.setOffline(true);
    const asked: string[] = [];
    offline.on("request", (r) => {
      if (!r.url().startsWith("file:")) asked.push(r.url());
    });
    // The saved file keeps its name (the download's temporary path has no .html to open it as a page).
    const saved = nodePath.join(mkdtempSync(nodePath.join(tmpdir(), "report-")), report.name);
    copyFileSync(report.path, saved);
    await offline.goto(pathToFileURL(saved).href);
    await offline.getByRole("heading", { name: "Strategy Tester Report" }).waitFor();
    for (const h of ["Settings", "Results", "Orders", "Deals", "Trades"])
      await offline.getByRole("heading", { name: h, exact: true }).waitFor();
    const cell = offline
      .locator("tr", { has: offline.locator("td", { hasText: /^Total Net Profit:$/ }) })
      .locator("td")
      .nth(1);
    assert.equal((await cell.textContent())?.trim(), netProfit);
    assert.deepEqual(asked, []);
    await context.close();
  });
});

describe("share", () => {
  it("the owner's link opens signed out without the account shell; once revoked it is refused", async () => {
    await trader.page.goto(resultsUrl);
    await trader.page.click("button:has-text('Create share link')");
    const link = trader.page.locator("#share a.share-link");
    await link.waitFor();
    const url = (await link.getAttribute("href")) ?? "";
    assert.match(url, /\/share\/[A-Za-z0-9_-]{22}$/);

    const { context, page: visitor } = await newPage(trader.browser, { javaScript: false });
    await visitor.goto(url);
    const dd = visitor
      .locator(".metric", { has: visitor.locator("dt", { hasText: "Total Net Profit" }) })
      .locator("dd");
    assert.equal((await dd.first().textContent())?.trim(), netProfit);
    await visitor.locator("table[aria-label=Trades]").waitFor();
    // The balance/equity chart, drawn on the server (the visitor has no JavaScript).
    await visitor.locator("figure.equity-chart path.time-balance").waitFor();
    // No account shell: no navigation to the app, no sign-out, no strategy links.
    assert.equal(
      await visitor.locator("a[href^='/strategy'], a[href^='/account'], a[href='/signout']").count(),
      0,
    );

    await trader.page.click("button:has-text('Revoke link')");
    await trader.page.locator("button:has-text('Create share link')").waitFor();
    const refused = await visitor.goto(url);
    assert.equal(refused?.status(), 404);
    await visitor.getByText("This shared result does not exist or its link was revoked.").waitFor();
    await context.close();
  });
});
