/**
 * Issue 4's correctness test: examples/strategies/sma-cross-10-20.json on 12 years of real EURUSD H1
 * bid bars (Lean/OANDA), spread 0, open prices only, against a straightforward implementation written
 * here from the strategy's plain description: SMA(10) and SMA(20) of close; a cross on bar t's close
 * is traded at bar t+1's open; after the first cross the strategy is always in the market (each cross
 * closes the open position and opens the other way); the last position closes at the last bar's close.
 * Naive SMA sums (not the kernels) keep the reference independent of the engine's indicator code.
 * The deposit is large so that margin never refuses an order (the reference has no margin model).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getSymbol } from "../market/catalogue";
import { parseSpec } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { leanEurusdH1 } from "./lean.fixture";
import type { BacktestSettings } from "./types";

interface RefTrade {
  entryTime: number;
  exitTime: number;
  direction: "long" | "short";
  entryPrice: number;
  exitPrice: number;
}

/** Naive SMA (a full sum per bar): independent of the kernels and of the sliding-sum rounding. */
function naiveSma(close: Float64Array, period: number, i: number): number {
  if (i < period - 1) return Number.NaN;
  let s = 0;
  for (let k = i - period + 1; k <= i; k++) s += close[k];
  return s / period;
}

function reference(close: Float64Array, open: Float64Array, time: Float64Array): RefTrade[] {
  const n = close.length;
  const trades: RefTrade[] = [];
  let dir: 0 | 1 | -1 = 0;
  let entryTime = 0;
  let entryPrice = 0;
  for (let t = 1; t + 1 < n; t++) {
    const f0 = naiveSma(close, 10, t - 1);
    const s0 = naiveSma(close, 20, t - 1);
    const f1 = naiveSma(close, 10, t);
    const s1 = naiveSma(close, 20, t);
    // Ties: values within 1e-9 (relative) are equal, the rule spec.ts documents. Exact ties do occur
    // (SMA10 == SMA20 on 2007-06-11 18:00) and summation order alone would otherwise decide them.
    const d0 = f0 - s0;
    const d1 = f1 - s1;
    const eps = 1e-9 * Math.max(1, Math.abs(f1), Math.abs(s1));
    const up = d0 <= eps && d1 > eps;
    const down = d0 >= -eps && d1 < -eps;
    const want = up ? 1 : down ? -1 : 0;
    if (want === 0 || want === dir) continue;
    const at = t + 1;
    if (dir !== 0) {
      trades.push({
        entryTime,
        exitTime: time[at],
        direction: dir === 1 ? "long" : "short",
        entryPrice,
        exitPrice: open[at],
      });
    }
    dir = want;
    entryTime = time[at];
    entryPrice = open[at];
  }
  if (dir !== 0) {
    trades.push({
      entryTime,
      // The close is the last of the bar's four modelled ticks, stamped at 3/4 of the hour.
      exitTime: time[n - 1] + 45 * 60_000,
      direction: dir === 1 ? "long" : "short",
      entryPrice,
      exitPrice: close[n - 1],
    });
  }
  return trades;
}

/** Open prices only on H1 from `from` to the end of 2018: USD 10,000,000 (1 lot never lacks margin), spread 0. */
const settings = (from: number): BacktestSettings => ({
  symbol: getSymbol("EURUSD"),
  period: "H1",
  from,
  to: Date.UTC(2019, 0, 1),
  model: 3,
  executionMode: 0,
  deposit: 10_000_000,
  currency: "USD",
  spreadPoints: 0,
});

describe("sma-cross-10-20 on Lean EURUSD H1 2007-2018 (bid, spread 0, open prices only)", () => {
  const bars = leanEurusdH1();
  const parsed = parseSpec(
    JSON.parse(readFileSync(path.resolve(process.cwd(), "examples/strategies/sma-cross-10-20.json"), "utf8")),
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const result = runBacktest(parsed.spec, { bars, period: "H1" }, settings(Date.UTC(2007, 0, 1)));
  const expected = reference(bars.close, bars.open, bars.time);

  it("uses the whole 12-year file", () => {
    expect(bars.length).toBeGreaterThan(74_000);
    expect(result.report.bars).toBe(bars.length);
    expect(expected.length).toBeGreaterThan(2_000);
  });

  it("makes exactly the reference's trades: times, sides and prices", () => {
    const mismatches: string[] = [];
    expected.forEach((e, i) => {
      const a = result.trades[i];
      if (
        !a ||
        a.entryTime !== e.entryTime ||
        a.exitTime !== e.exitTime ||
        a.direction !== e.direction ||
        a.entryPrice !== e.entryPrice ||
        a.exitPrice !== e.exitPrice
      ) {
        mismatches.push(`#${i}: ${JSON.stringify(a)} vs ${JSON.stringify(e)}`);
      }
    });
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(result.trades.length).toBe(expected.length);
  });

  it("books each trade's profit as (exit - entry) x 100,000 x side in USD and the last as end of test", () => {
    let total = 0;
    result.trades.forEach((a, i) => {
      const e = expected[i];
      const p = (e.exitPrice - e.entryPrice) * 100_000 * (e.direction === "long" ? 1 : -1);
      expect(a.profit).toBeCloseTo(p, 6);
      total += p;
    });
    expect(result.finalBalance - 10_000_000).toBeCloseTo(total, 4);
    expect(result.trades.at(-1)?.exitReason).toBe("end");
    expect(result.deals.at(-1)?.comment).toBe("end of test");
    expect(result.trades.slice(0, -1).every((t) => t.exitReason === "signal")).toBe(true);
  });

  it("writes one order and one deal per fill, and deal #1 is the deposit", () => {
    expect(result.deals[0]).toMatchObject({ ticket: 1, type: "balance", profit: 10_000_000 });
    expect(result.report.totalDeals).toBe(2 * expected.length);
    expect(result.orders.length).toBe(2 * expected.length);
    expect(result.orders.every((o) => o.state === "filled")).toBe(true);
  });

  it("warms indicators up on bars before the range: a run from 2012 trades the full run's crosses", () => {
    const from = Date.UTC(2012, 0, 1);
    const later = runBacktest(parsed.spec, { bars, period: "H1" }, settings(from));
    const fullEntries = result.trades.map((t) => t.entryTime).filter((t) => t >= from);
    expect(later.trades.map((t) => t.entryTime)).toEqual(fullEntries);
  });
});
