// The charts render on the server (no window, no DOM): only their shells, the drawing waits for effects.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { summarise } from "../../../worker/engine/report";
import { equityCurve } from "../../../worker/engine/report/equity-curve";
import { trade } from "../../../worker/engine/report/test-trades";
import { BalanceChart } from "./balance-chart";
import { CandleChart } from "./candle-chart";
import { CompareChart } from "./compare-chart";
import { EntriesChart } from "./entries-chart";
import { EquityChart } from "./equity-chart";
import { ProfitLossChart } from "./profit-loss-chart";
import { valueFormat } from "./time-axes";

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

  it("draws balance, equity and drawdown over time on the server, with no zoom buttons before JavaScript", () => {
    const day = 86_400_000;
    const t0 = Date.UTC(2024, 0, 1);
    const curve = equityCurve(
      {
        time: [t0, t0 + day, t0 + 2 * day, t0 + 3 * day],
        equity: [10_000, 9_500, 10_400, 10_300],
        balance: [10_000, 10_000, 10_400, 10_400],
      },
      { time: t0 + 4 * day, balance: 10_350 },
    );
    const html = renderToString(createElement(EquityChart, { curve, zone: "GMT+2/+3" }));
    // Three paths with real coordinates: equity, balance, drawdown.
    const paths = [...html.matchAll(/<path class="([^"]+)" d="(M[^"]+)"/g)].map((m) => m[1]);
    expect(paths).toEqual(["time-line time-balance", "time-line time-equity", "time-area time-drawdown"]);
    expect(html).toContain("Balance from 10,000.00 to 10,350.00");
    expect(html).toContain("deepest drawdown 5.00% on Jan 2, 2024");
    expect(html).toContain(">Wed 03</span>"); // a time label
    expect(html).toContain(">-4%</span>"); // the drawdown runs down from 0
    expect(html).not.toContain("Zoom in");
    // Bar times are the run's server time: the chart says which clock, never UTC for a GMT+2/+3 run.
    expect(html).toContain("(times in server time, GMT+2/+3, New York close)");
    expect(html).not.toContain("UTC");
    // A backtest stored before the setting ran in UTC and says so.
    expect(renderToString(createElement(EquityChart, { curve, zone: undefined }))).toContain(
      "(times in server time, UTC)",
    );
  });

  it("overlays the compared balance curves with a legend entry each", () => {
    const t0 = Date.UTC(2024, 0, 1);
    const series = ["#1 EURUSD H1", "#2 EURUSD H4", "#3 GBPUSD H1"].map((label, n) => ({
      id: String(n),
      label,
      time: [t0, t0 + 86_400_000 * (n + 1)],
      balance: [10_000, 10_000 + 100 * n],
    }));
    const html = renderToString(createElement(CompareChart, { series, zone: "GMT+2/+3" }));
    expect(html.match(/<path class="time-line compare-line compare-\d"/g)).toHaveLength(3);
    for (const s of series) expect(html).toContain(`${s.label}</li>`);
  });

  it("labels values so neighbouring ticks never read the same, short enough for a phone", () => {
    const ticks = [100_100, 100_150, 100_200];
    expect(ticks.map(valueFormat(ticks))).toEqual(["100.10k", "100.15k", "100.20k"]);
    expect([1_000_000, 1_200_000].map(valueFormat([1_000_000, 1_200_000]))).toEqual(["1.0M", "1.2M"]);
    expect([9_900, 10_000].map(valueFormat([9_900, 10_000]))).toEqual(["9,900", "10,000"]);
  });
});
