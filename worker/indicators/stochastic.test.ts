import { Stochastic } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { stochastic } from "./stochastic";

/** Stochastic.mq5 read as a formula, with no sliding state at all. */
function referenceStochastic(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  k: number,
  d: number,
  slowing: number,
): { main: Float64Array; signal: Float64Array } {
  const n = close.length;
  const main = new Float64Array(n).fill(Number.NaN);
  const signal = new Float64Array(n).fill(Number.NaN);
  const lowest = (i: number) => Math.min(...low.subarray(i - k + 1, i + 1));
  const highest = (i: number) => Math.max(...high.subarray(i - k + 1, i + 1));
  for (let i = k + slowing - 2; i < n; i++) {
    let num = 0;
    let den = 0;
    for (let j = i - slowing + 1; j <= i; j++) {
      num += close[j] - lowest(j);
      den += highest(j) - lowest(j);
    }
    main[i] = den === 0 ? 100 : (100 * num) / den;
  }
  for (let i = k + slowing + d - 3; i < n; i++) {
    let sum = 0;
    for (let j = i - d + 1; j <= i; j++) sum += main[j];
    signal[i] = sum / d;
  }
  return { main, signal };
}

describe("stochastic (MT5 Stochastic.mq5)", () => {
  it("slows %K by summing numerators and denominators over `slowing` bars (hand-checked)", () => {
    const { main, signal } = stochastic(
      Float64Array.of(3, 4, 5, 4, 6),
      Float64Array.of(1, 2, 3, 2, 3),
      Float64Array.of(2, 3, 4, 3, 5),
      2,
      2,
      2,
    );
    expect(main[1]).toBeNaN();
    expect(main[2]).toBeCloseTo((100 * 4) / 6, 12);
    expect(main[3]).toBeCloseTo(50, 12);
    expect(main[4]).toBeCloseTo((100 * 4) / 7, 12);
    expect(signal[2]).toBeNaN();
    expect(signal[3]).toBeCloseTo((400 / 6 + 50) / 2, 12);
    expect(signal[4]).toBeCloseTo((50 + 400 / 7) / 2, 12);
  });

  it("is 100 on a flat range (Stochastic.mq5's zero-denominator rule)", () => {
    const flat = Float64Array.of(1, 1, 1, 1, 1, 1);
    expect(stochastic(flat, flat, flat, 2, 2, 2).main[5]).toBe(100);
  });

  it.each([
    [5, 3, 3],
    [14, 3, 1],
    [21, 5, 7],
  ])("equals the Stochastic.mq5 formula (%i,%i,%i) on EURUSD H1", (k, d, slowing) => {
    const { high, low, close } = eurusdH1();
    const ours = stochastic(high, low, close, k, d, slowing);
    const ref = referenceStochastic(high, low, close, k, d, slowing);
    expect(maxDiff(ours.main, ref.main)).toBeLessThan(1e-9);
    expect(maxDiff(ours.signal, ref.signal)).toBeLessThan(1e-9);
  });

  // technicalindicators has no slowing: with slowing = 1, MT5's main is its %K and MT5's signal
  // its %D (both use SMA). It returns 0 on a flat range where MT5 returns 100; EURUSD H1 has none.
  it("matches technicalindicators' Stochastic(14, 3) when slowing = 1", () => {
    const { high, low, close } = eurusdH1();
    const rows = Stochastic.calculate({
      period: 14,
      signalPeriod: 3,
      high: Array.from(high),
      low: Array.from(low),
      close: Array.from(close),
    });
    const ours = stochastic(high, low, close, 14, 3, 1);
    expect(
      maxDiff(
        ours.main,
        padFront(
          rows.map((r) => r.k),
          close.length,
        ),
      ),
    ).toBeLessThan(1e-9);
    const oracleD = padFront(
      rows.map((r) => r.d ?? Number.NaN),
      close.length,
    );
    expect(maxDiff(ours.signal, oracleD)).toBeLessThan(1e-9);
  });
});
