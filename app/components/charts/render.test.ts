// The charts render on the server (no window, no DOM): only their shells, the drawing waits for effects.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { summarise } from "../../../worker/engine/report";
import { trade } from "../../../worker/engine/report/test-trades";
import { BalanceChart } from "./balance-chart";
import { CandleChart } from "./candle-chart";
import { EntriesChart } from "./entries-chart";
import { ProfitLossChart } from "./profit-loss-chart";

const summary = summarise({
  initialDeposit: 10_000,
  trades: [trade(120, { openTime: Date.UTC(2024, 0, 2, 3), closeTime: Date.UTC(2024, 0, 2, 9) }), trade(-40)],
});

describe("server rendering", () => {
  it("renders the balance chart's frame, and nothing for an empty list", () => {
    const html = renderToString(createElement(BalanceChart, { data: summary.balanceData }));
    expect(html).toContain('aria-label="Balance"');
    expect(html).toContain("Balance from 10000.00 to 10080.00 over 2 trades");
    expect(renderToString(createElement(BalanceChart, { data: [] }))).toBe("");
  });

  it("renders the Sort By switch on Hourly with the session legend", () => {
    const html = renderToString(createElement(EntriesChart, { data: summary.entriesData }));
    expect(html).toContain("Sort By");
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="hourly"/);
    for (const name of ["Asia", "Europe", "USA"]) expect(html).toContain(name);
  });

  it("renders the profit and loss legend", () => {
    const html = renderToString(createElement(ProfitLossChart, { data: summary.profitLossData }));
    expect(html).toContain('aria-label="Profit and Loss"');
    expect(html).toContain("Profit");
    expect(html).toContain("Loss");
  });

  it("renders the candle chart's controls while loading", () => {
    const html = renderToString(
      createElement(CandleChart, { symbol: "EURUSD", timeframe: "h1", start: 1704067200, end: 1706745599 }),
    );
    expect(html).toContain("Play");
    expect(html).toContain("Fast forward (1x)");
    expect(html).toContain("Loading chart data");
    expect(html).toContain("height:500px");
  });
});
