import { EMA } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { ema } from "./ema";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";

/** ExponentialMAOnBuffer written out literally (MovingAverages.mqh): seed price[0], recurse. */
function referenceEma(src: Float64Array, period: number): Float64Array {
  const k = 2 / (1 + period);
  const buffer = new Float64Array(src.length);
  buffer[0] = src[0];
  for (let i = 1; i < src.length; i++) buffer[i] = src[i] * k + buffer[i - 1] * (1 - k);
  for (let i = 0; i < period - 1; i++) buffer[i] = Number.NaN;
  return buffer;
}

describe("ema (MT5 iMA MODE_EMA)", () => {
  it("is seeded with the first price, not an SMA (hand-checked, k = 0.5)", () => {
    // raw: 1, 1.5, 2.25, 3.125, 4.0625; an SMA seed would give 2 at index 2.
    expect(Array.from(ema(Float64Array.of(1, 2, 3, 4, 5), 3))).toEqual([NaN, NaN, 2.25, 3.125, 4.0625]);
    expect(Array.from(ema(Float64Array.of(4, 6), 1))).toEqual([4, 6]);
  });

  it("equals the literal MovingAverages.mqh recursion on EURUSD H1 closes", () => {
    const { close } = eurusdH1();
    expect(maxDiff(ema(close, 26), referenceEma(close, 26))).toBe(0);
  });

  // technicalindicators seeds with SMA(period) at index period-1; the seed's weight decays as
  // (1-k)^i, so the two agree once it is negligible, and differ visibly at the start.
  it.each([12, 26, 50])("converges to technicalindicators' SMA-seeded EMA(%i)", (period) => {
    const { close } = eurusdH1();
    const ours = ema(close, period);
    const oracle = padFront(EMA.calculate({ period, values: Array.from(close) }), close.length);
    expect(maxDiff(ours, oracle, 40 * period)).toBeLessThan(1e-12);
    expect(Math.abs(ours[period - 1] - oracle[period - 1])).toBeGreaterThan(1e-6);
  });
});
