import { describe, expect, it } from "vitest";
import { ad } from "./ad";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";
import { force } from "./force";
import { obv } from "./obv";

/**
 * Volume indicators as MetaTrader 5's sources define them (tick volume), written out here:
 *   OBV.mq5: OBV[0] = volume[0]; then + volume on a higher close, - volume on a lower one, unchanged on equal.
 *   AD.mq5: running sum of ((close - low) - (high - close)) / (high - low) x volume; a bar with high = low adds 0.
 *   Force_Index.mq5: volume[i] x (MA[i] - MA[i-1]), MA = iMA of the close; no value before bar `period`.
 */
function volumes(n: number): Float64Array {
  // Deterministic, uneven tick volumes (the fixture has none that the kernels would read).
  return Float64Array.from({ length: n }, (_, i) => 50 + ((i * 7919) % 997));
}

describe("obv (OBV.mq5)", () => {
  it("matches a hand-computed table", () => {
    const r = obv(Float64Array.of(1, 2, 2, 1.5, 3), Float64Array.of(10, 20, 30, 40, 50));
    expect(Array.from(r)).toEqual([10, 30, 30, -10, 40]);
  });

  it("equals the definition on EURUSD H1", () => {
    const { close } = eurusdH1();
    const v = volumes(close.length);
    const ref = [v[0]];
    for (let i = 1; i < close.length; i++)
      ref.push(ref[i - 1] + (close[i] > close[i - 1] ? v[i] : close[i] < close[i - 1] ? -v[i] : 0));
    expect(maxDiff(obv(close, v), ref)).toBe(0);
  });
});

describe("ad (AD.mq5)", () => {
  it("matches a hand-computed table (a flat bar adds nothing)", () => {
    // Bar 0: ((8 - 6) - (10 - 8)) / 4 x 100 = 0. Bar 1: ((9 - 5) - (9 - 9)) / 4 x 50 = 50.
    // Bar 2: high = low: 0. Bar 3: ((6 - 6) - (10 - 6)) / 4 x 10 = -10.
    const r = ad(
      Float64Array.of(10, 9, 7, 10),
      Float64Array.of(6, 5, 7, 6),
      Float64Array.of(8, 9, 7, 6),
      Float64Array.of(100, 50, 70, 10),
    );
    expect(Array.from(r)).toEqual([0, 50, 50, 40]);
  });

  it("equals the running sum on EURUSD H1", () => {
    const { high, low, close } = eurusdH1();
    const v = volumes(close.length);
    let sum = 0;
    const ref = Array.from(close, (c, i) => {
      const range = high[i] - low[i];
      if (range !== 0) sum += ((c - low[i] - (high[i] - c)) / range) * v[i];
      return sum;
    });
    expect(maxDiff(ad(high, low, close, v), ref)).toBeLessThan(1e-6);
  });
});

describe("force (Force_Index.mq5)", () => {
  it("matches a hand-computed table with SMA(2), warm-up included", () => {
    // SMA(2) of 1, 3, 6, 10: -, 2, 4.5, 8. Force from bar 2: 30 x 2.5 = 75, 40 x 3.5 = 140.
    const r = force(Float64Array.of(1, 3, 6, 10), Float64Array.of(10, 20, 30, 40), 2, "SMA");
    expect(Array.from(r)).toEqual([NaN, NaN, 75, 140]);
  });

  it("equals volume x the change of SMA(13) on EURUSD H1", () => {
    const { close } = eurusdH1();
    const v = volumes(close.length);
    const sma = (i: number) => {
      let s = 0;
      for (let j = i - 12; j <= i; j++) s += close[j];
      return s / 13;
    };
    const ref = Array.from(close, (_, i) => (i < 13 ? Number.NaN : v[i] * (sma(i) - sma(i - 1))));
    expect(maxDiff(force(close, v, 13, "SMA"), ref)).toBeLessThan(1e-9);
  });
});
