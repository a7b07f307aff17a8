/**
 * Test-only: what "a shortcut changes nothing a trader sees" means for two runs of the same strategy
 * (fast-bar and shortcuts tests): the same trades, MFE/MAE, equity drawdown, margin level, tick count,
 * per-bar equity and final balance. Money is compared up to float rounding (a shortcut sums the same terms
 * in another order): 1e-6.
 */
import { expect } from "vitest";
import type { Bars } from "../market/types";
import { settingsOf } from "./scenario.fixture";
import type { BacktestResult, BacktestSettings, Model } from "./types";

/** The account both tests compare runs on: EURUSD, USD 50,000, tested on H1 unless `extra` says otherwise. */
export function comparedSettings(
  bars: Bars,
  model: Model,
  extra: Partial<BacktestSettings> = {},
): BacktestSettings {
  return settingsOf(bars, {
    period: "H1",
    to: bars.time[bars.length - 1] + 60_000,
    model,
    deposit: 50_000,
    spreadPoints: undefined,
    ...extra,
  });
}

function close(a: number, b: number): void {
  expect(Math.abs(a - b)).toBeLessThan(1e-6);
}

/** `fast` (shortcuts on) is the run `full` (every modelled tick through the full path) with at least `minTrades`. */
export function expectSameRun(fast: BacktestResult, full: BacktestResult, minTrades: number): void {
  expect(full.trades.length).toBeGreaterThanOrEqual(minTrades);
  expect(fast.trades.length).toBe(full.trades.length);
  full.trades.forEach((t, i) => {
    const u = fast.trades[i];
    expect([u.entryTime, u.exitTime, u.entryPrice, u.exitPrice, u.exitReason, u.volume]).toEqual([
      t.entryTime,
      t.exitTime,
      t.entryPrice,
      t.exitPrice,
      t.exitReason,
      t.volume,
    ]);
    close(u.profit, t.profit);
    close(u.mfe, t.mfe);
    close(u.mae, t.mae);
  });
  const a = full.report.equityDrawdown;
  const b = fast.report.equityDrawdown;
  close(b.absolute, a.absolute);
  close(b.maximal, a.maximal);
  close(b.maximalPercent, a.maximalPercent);
  close(b.relative, a.relative);
  close(b.relativePercent, a.relativePercent);
  close(fast.report.marginLevelMin ?? 0, full.report.marginLevelMin ?? 0);
  expect(fast.report.ticks).toBe(full.report.ticks);
  expect(fast.report.barEquity.length).toBe(full.report.barEquity.length);
  full.report.barEquity.forEach((e, i) => {
    close(fast.report.barEquity[i], e);
  });
  close(fast.finalBalance, full.finalBalance);
}
