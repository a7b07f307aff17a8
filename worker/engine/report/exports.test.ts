import { describe, expect, it } from "vitest";
import { runBacktest } from "../backtest";
import { dealRows, orderRows } from "../rows";
import { barsOf, LONG_THEN_SHORT, levelCross, settingsOf } from "../scenario.fixture";
import { csvField, rowsCsv } from "./csv";
import { escapeHtml, htmlReport } from "./html";
import { computeReport } from "./metrics";
import { tradeRows } from "./trades";

const bars = barsOf(LONG_THEN_SHORT);
const result = runBacktest(levelCross(1.1), { bars, period: "M1" }, settingsOf(bars));
const deals = dealRows(result.deals, 5);

describe("rowsCsv", () => {
  it("writes the header and one CRLF line per row, quoting only what needs it", () => {
    const text = rowsCsv(deals, ["Deal", "Type", "Profit", "Balance", "Comment"]);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Deal,Type,Profit,Balance,Comment");
    expect(lines).toHaveLength(deals.length + 2);
    expect(lines.at(-1)).toBe("");
    expect(lines[1]).toBe("1,balance,10000.00,10000.00,");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
  });
});

describe("htmlReport", () => {
  const report = computeReport(result.report);
  const html = htmlReport({
    title: "Strategy <1>",
    settings: [["Symbol", "EURUSD"]],
    results: report.values,
    orders: orderRows(result.orders, 5),
    deals,
    trades: tradeRows(result.trades, 5),
  });

  it("has MT5's sections and labels, and the net profit of the report", () => {
    for (const h of ["Settings", "Results", "Orders", "Deals", "Trades"])
      expect(html).toContain(`<h2>${h}</h2>`);
    expect(html).toContain(`<td>Total Net Profit:</td><td>${report.values["Total Net Profit"]}</td>`);
    expect(html).toContain("Strategy &lt;1&gt;");
  });

  it("loads nothing from outside the file (no script, link, image or url())", () => {
    expect(html).not.toMatch(/<script|<link|<img|url\(|src=|href=/i);
    expect(escapeHtml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });
});
