import { WMA } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { hull } from "./hull";

/**
 * Hull Moving Average (Alan Hull): WMA(2 x WMA(n/2) - WMA(n), sqrt(n)), periods floored, the weighted
 * averages taken from the technicalindicators library (its WMA is the linear-weighted MA, MT5's LWMA).
 */
function reference(src: Float64Array, n: number): Float64Array {
  const half = Math.floor(n / 2);
  const root = Math.floor(Math.sqrt(n));
  const values = Array.from(src);
  const a = padFront(WMA.calculate({ period: half, values }), src.length);
  const b = padFront(WMA.calculate({ period: n, values }), src.length);
  const diff: number[] = [];
  for (let i = n - 1; i < src.length; i++) diff.push(2 * a[i] - b[i]);
  return padFront(WMA.calculate({ period: root, values: diff }), src.length);
}

describe("hull", () => {
  it("matches a hand-computed HMA(4), warm-up included", () => {
    // half 2, root 2. WMA2(x) = (x[i-1] + 2 x[i]) / 3; WMA4 weights 1..4 / 10.
    // Price 1, 2, 4, 8, 16: at bar 3, WMA2 = 20/3, WMA4 = 49/10; at bar 4, 40/3 and 98/10.
    // Raw 2 x WMA2 - WMA4: bar 3 = 40/3 - 4.9, bar 4 = 80/3 - 9.8; HMA at bar 4 = (raw3 + 2 raw4) / 3.
    const r = hull(Float64Array.of(1, 2, 4, 8, 16), 4);
    expect(Array.from(r.subarray(0, 4))).toEqual([NaN, NaN, NaN, NaN]);
    expect(r[4]).toBeCloseTo((40 / 3 - 4.9 + 2 * (80 / 3 - 9.8)) / 3, 12);
  });

  it.each([9, 16, 21])("equals the Hull formula on technicalindicators' WMA, period %i, EURUSD H1", (p) => {
    const { close } = eurusdH1();
    expect(maxDiff(hull(close, p), reference(close, p))).toBeLessThan(1e-12);
  });
});
