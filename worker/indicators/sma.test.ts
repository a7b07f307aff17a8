import { SMA } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { sma } from "./sma";

describe("sma", () => {
  it("averages the last `period` values, NaN before index period-1 (hand-checked)", () => {
    expect(Array.from(sma(Float64Array.of(1, 2, 3, 4, 5), 3))).toEqual([NaN, NaN, 2, 3, 4]);
    expect(Array.from(sma(Float64Array.of(7, 9), 1))).toEqual([7, 9]);
    expect(Array.from(sma(Float64Array.of(1, 2), 3))).toEqual([NaN, NaN]);
  });

  it("rejects a period that is not a positive integer", () => {
    expect(() => sma(Float64Array.of(1), 0)).toThrow(RangeError);
    expect(() => sma(Float64Array.of(1), 2.5)).toThrow(RangeError);
  });

  // Same convention in technicalindicators: verified against its SMA on 5,000 EURUSD H1 closes.
  it.each([5, 20, 200])("matches technicalindicators' SMA(%i) on EURUSD H1 closes", (period) => {
    const { close } = eurusdH1();
    const oracle = padFront(SMA.calculate({ period, values: Array.from(close) }), close.length);
    expect(maxDiff(sma(close, period), oracle)).toBeLessThan(1e-12);
  });
});
