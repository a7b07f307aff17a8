import { describe, expect, it } from "vitest";
import { levelCross, type Ohlc } from "../../engine/scenario.fixture";
import { RESULT_SECTIONS } from "./backtest-sections";
import { runOnM1 } from "./engine-adapter.fixture";

// A long opened on the cross and closed at the end: one trade, orders, deals, a summary and a report.
const ROWS: Ohlc[] = [
  [1.099, 1.0995, 1.0985, 1.099],
  [1.099, 1.1004, 1.0988, 1.1002],
  [1.1, 1.101, 1.0995, 1.1005],
  [1.1005, 1.103, 1.1, 1.102],
];

function stored() {
  const out = runOnM1(levelCross(1.1), ROWS);
  // What finishBacktest puts in R2 and the results screen reads back.
  const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
  return { out, json };
}

describe("the stored result sections", () => {
  it("a real run's sections, as stored, parse with the schemas the app reads them with and come back equal", () => {
    const { out, json } = stored();
    expect(out.trades.length).toBeGreaterThan(0);
    expect(RESULT_SECTIONS.orders.parse(json(out.orders))).toEqual(out.orders);
    expect(RESULT_SECTIONS.deals.parse(json(out.deals))).toEqual(out.deals);
    expect(RESULT_SECTIONS.trades.parse(json(out.trades))).toEqual(out.trades);
    expect(RESULT_SECTIONS.results.parse(json(out.results))).toEqual(out.results);
    const summary = RESULT_SECTIONS.summary.parse(json(out.summary));
    expect(summary.balanceData).toEqual(out.summary.balanceData);
    // JSON turns the buckets' numeric keys into strings; they are read back as the same 24 hours.
    expect(Object.keys(summary.entriesData.hourly)).toHaveLength(24);
    expect(summary.profitLossData.months).toEqual(json(out.summary.profitLossData.months));
  });

  it("refuses a damaged section instead of showing half a row", () => {
    const { out, json } = stored();
    const trades = json(out.trades);
    expect(Array.isArray(trades)).toBe(true);
    const [first] = RESULT_SECTIONS.trades.parse(trades);
    const { Profit: _dropped, ...withoutProfit } = first;
    expect(RESULT_SECTIONS.trades.safeParse([withoutProfit]).success).toBe(false);
    expect(RESULT_SECTIONS.summary.safeParse({ ...out.summary, balanceData: "x" }).success).toBe(false);
  });
});
