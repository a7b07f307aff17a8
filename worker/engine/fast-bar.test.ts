/**
 * The broker's fast bar (ticks that can only move equity take a shortcut) must change nothing a trader
 * sees. The reference run has the shortcuts turned off (and a trailing stop too far away to ever move); the
 * same strategy without it runs with every shortcut the engine has. Equity drawdown, margin level, MFE/MAE, the per-bar equity
 * and the trades must be identical (money up to float rounding).
 */
import { describe, expect, it } from "vitest";
import { concatBars } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { demoMonth } from "../market/demo";
import type { Bars } from "../market/types";
import type { StrategySpec } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { leanEurusdH1 } from "./lean.fixture";
import { specOf } from "./scenario.fixture";
import type { BacktestResult, Model } from "./types";

function smaCross(timeframe: "H1" | "M15", never: boolean): StrategySpec {
  const ma = (ref: string) => ({ type: "indicator", ref }) as const;
  return specOf({
    specVersion: 2,
    timeframe,
    indicators: [
      { id: "fast", kind: "SMA", period: 10 },
      { id: "slow", kind: "SMA", period: 20 },
    ],
    entry: {
      long: { all: [{ type: "crossesAbove", left: ma("fast"), right: ma("slow") }] },
      short: { all: [{ type: "crossesBelow", left: ma("fast"), right: ma("slow") }] },
    },
    sizing: { type: "fixed", lots: 1 },
    takeProfit: { unit: "pips", value: 60 },
    ...(never
      ? {
          trailingStop: { distance: { unit: "pips", value: 50_000 }, start: { unit: "pips", value: 50_000 } },
        }
      : {}),
  });
}

/** Equal up to float rounding (the shortcut sums the same terms in another order): 1e-6 money. */
function close(a: number, b: number): void {
  expect(Math.abs(a - b)).toBeLessThan(1e-6);
}

function same(a: BacktestResult, b: BacktestResult): void {
  expect(a.trades.length).toBeGreaterThan(20);
  expect(b.trades.length).toBe(a.trades.length);
  a.trades.forEach((t, i) => {
    const u = b.trades[i];
    expect([u.entryTime, u.exitTime, u.entryPrice, u.exitPrice, u.exitReason]).toEqual([
      t.entryTime,
      t.exitTime,
      t.entryPrice,
      t.exitPrice,
      t.exitReason,
    ]);
    close(u.profit, t.profit);
    close(u.mfe, t.mfe);
    close(u.mae, t.mae);
  });
  const da = a.report.equityDrawdown;
  const db = b.report.equityDrawdown;
  close(db.absolute, da.absolute);
  close(db.maximal, da.maximal);
  close(db.maximalPercent, da.maximalPercent);
  close(db.relative, da.relative);
  close(db.relativePercent, da.relativePercent);
  close(b.report.marginLevelMin ?? 0, a.report.marginLevelMin ?? 0);
  expect(b.report.ticks).toBe(a.report.ticks);
  expect(b.report.barEquity.length).toBe(a.report.barEquity.length);
  a.report.barEquity.forEach((e, i) => {
    close(b.report.barEquity[i], e);
  });
}

function run(
  spec: StrategySpec,
  bars: Bars,
  period: "H1" | "M1",
  model: Model,
  testPeriod: "H1" | "M15",
  shortcuts = true,
) {
  return runBacktest(
    spec,
    { bars, period },
    {
      symbol: getSymbol("EURUSD"),
      period: testPeriod,
      from: bars.time[0],
      to: bars.time[bars.length - 1] + 60_000,
      model,
      executionMode: 0,
      deposit: 50_000,
      currency: "USD",
    },
    { shortcuts },
  );
}

describe("fast bars are exact", () => {
  it("open prices only on the real EURUSD H1 file", () => {
    const h1 = leanEurusdH1();
    same(run(smaCross("H1", true), h1, "H1", 3, "H1", false), run(smaCross("H1", false), h1, "H1", 3, "H1"));
  });

  it("every tick on a month of demo M1", () => {
    const m1 = concatBars([demoMonth(getSymbol("EURUSD"), "2023-03")]);
    same(
      run(smaCross("M15", true), m1, "M1", 0, "M15", false),
      run(smaCross("M15", false), m1, "M1", 0, "M15"),
    );
  });
});
