import { RSI } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { rsi } from "./rsi";

describe("rsi (MT5 RSI.mq5)", () => {
  it("uses Wilder smoothing from the mean of the first `period` changes (hand-checked)", () => {
    // changes +1, -1, +2, 0 with period 2: avg gain/loss 0.5/0.5 -> 50; then 1.25/0.25 -> RS 5;
    // then 0.625/0.125 -> RS 5. RSI = 100 - 100/6.
    const out = rsi(Float64Array.of(1, 2, 1, 3, 3), 2);
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeNaN();
    expect(out[2]).toBe(50);
    expect(out[3]).toBeCloseTo(100 - 100 / 6, 12);
    expect(out[4]).toBeCloseTo(100 - 100 / 6, 12);
  });

  it("is 100 without losses and 50 on a flat series (RSI.mq5's zero-loss rules)", () => {
    expect(Array.from(rsi(Float64Array.of(1, 2, 3, 4), 2))).toEqual([NaN, NaN, 100, 100]);
    expect(Array.from(rsi(Float64Array.of(5, 5, 5, 5), 2))).toEqual([NaN, NaN, 50, 50]);
  });

  // Same seed and smoothing in technicalindicators; it rounds RSI to 2 decimals.
  it.each([2, 14, 50])("matches technicalindicators' RSI(%i) to its 2-decimal rounding", (period) => {
    const { close } = eurusdH1();
    const oracle = padFront(RSI.calculate({ period, values: Array.from(close) }), close.length);
    expect(maxDiff(rsi(close, period), oracle)).toBeLessThanOrEqual(0.005 + 1e-9);
  });
});
