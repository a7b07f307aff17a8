import { describe, expect, it } from "vitest";
import type { ClosedTrade } from "../engine/types";
import { type McTrade, mcTrades, monteCarlo, percentileOf } from "./monte-carlo";

/** 100 trades: +30 each, then -20 each (the order is what the resampling changes). */
const trades: McTrade[] = [
  ...Array.from({ length: 60 }, () => ({ profit: 30, moneyPerPoint: 1 })),
  ...Array.from({ length: 40 }, () => ({ profit: -20, moneyPerPoint: 1 })),
];
const value = (bands: readonly { percentile: number; value: number }[], p: number) =>
  bands.find((b) => b.percentile === p)?.value;

describe("monteCarlo", () => {
  it("a permutation keeps the final balance of every run; only the drawdown depends on the order", () => {
    const r = monteCarlo(trades, 1000, { skipProbability: 0, runs: 300 });
    for (const b of r.finalBalance) expect(b.value).toBeCloseTo(1000 + 60 * 30 - 40 * 20, 9);
    // The original order loses its 800 at the end in one run of 40 losses: no shuffle does worse.
    expect(value(r.maxDrawdown, 95)).toBeLessThanOrEqual(800);
    expect(value(r.maxDrawdown, 5)).toBeLessThan(value(r.maxDrawdown, 95) ?? 0);
    expect(value(r.maxDrawdown, 5)).toBeGreaterThanOrEqual(20);
    expect(r.lossProbability).toBe(0);
  });

  it("skipping trades and extra costs spread and lower the final balance", () => {
    const base = monteCarlo(trades, 1000, { skipProbability: 0 });
    const skipped = monteCarlo(trades, 1000, { skipProbability: 0.2 });
    expect(value(skipped.finalBalance, 5)).toBeLessThan(value(skipped.finalBalance, 95) ?? 0);
    expect(value(skipped.finalBalance, 50)).toBeLessThan(value(base.finalBalance, 50) ?? 0);
    const costly = monteCarlo(trades, 1000, {
      skipProbability: 0,
      extraSpreadPoints: 10,
      extraSlippagePoints: 10,
    });
    // Each trade pays 0..20 points at 1 per point: 100 trades lose about 1000 on average.
    expect(value(costly.finalBalance, 50)).toBeGreaterThan(2000 - 1150);
    expect(value(costly.finalBalance, 50)).toBeLessThan(2000 - 850);
    expect(costly.lossProbability).toBeGreaterThan(0);
  });

  it("is deterministic for a seed, and another seed draws other runs", () => {
    const a = monteCarlo(trades, 1000, { seed: 7, skipProbability: 0.1 });
    expect(monteCarlo(trades, 1000, { seed: 7, skipProbability: 0.1 })).toEqual(a);
    expect(monteCarlo(trades, 1000, { seed: 8, skipProbability: 0.1 })).not.toEqual(a);
    expect(a.runs).toBe(1000);
    // The fan ends at the final balance's bands.
    expect(a.fan.at(-1)).toEqual(a.finalBalance);
  });

  it("bootstrap draws with replacement: the final balance varies even without skips", () => {
    const r = monteCarlo(trades, 1000, { bootstrap: true, skipProbability: 0 });
    expect(value(r.finalBalance, 5)).toBeLessThan(value(r.finalBalance, 95) ?? 0);
  });

  it("percentiles interpolate linearly; money per point comes from each trade's own move", () => {
    expect(percentileOf(Float64Array.from([1, 2, 3, 4]), 50)).toBe(2.5);
    expect(percentileOf(Float64Array.from([1, 2, 3, 4]), 100)).toBe(4);
    const t = (entry: number, exit: number, profit: number): ClosedTrade => ({
      entryTime: 0,
      exitTime: 1,
      direction: "long",
      volume: 1,
      entryPrice: entry,
      exitPrice: exit,
      exitReason: "signal",
      profit,
      mfe: 0,
      mae: 0,
    });
    // 1 lot EURUSD: 100 points (0.00100) made 100 USD -> 1 USD per point.
    expect(mcTrades([t(1.1, 1.101, 100)], 100_000, 0.00001)[0].moneyPerPoint).toBeCloseTo(1, 9);
    // No move: volume x contract size x point.
    expect(mcTrades([t(1.1, 1.1, -7)], 100_000, 0.00001)[0].moneyPerPoint).toBeCloseTo(1, 9);
  });

  it("options are checked", () => {
    expect(() => monteCarlo(trades, 1000, { skipProbability: 1.5 })).toThrow();
    expect(() => monteCarlo(trades, 1000, { runs: 0 })).toThrow();
  });
});
