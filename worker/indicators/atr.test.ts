import { ATR } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { atr } from "./atr";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";

/** ATR.mq5 read as a formula: ATR[i] = mean of TR over bars i-period+1..i, for i >= period. */
function referenceAtr(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const out = new Float64Array(close.length).fill(Number.NaN);
  for (let i = period; i < close.length; i++) {
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) {
      sum += Math.max(high[j], close[j - 1]) - Math.min(low[j], close[j - 1]);
    }
    out[i] = sum / period;
  }
  return out;
}

describe("atr (MT5 ATR.mq5: SMA of true range, not Wilder)", () => {
  it("slides a simple average of TR (hand-checked)", () => {
    // TR = 1.5, 2, 2 from bar 1; ATR(2) = 1.75 then 2.0 (Wilder would give 1.875).
    const out = atr(
      Float64Array.of(2, 3, 4, 3),
      Float64Array.of(1, 2, 2, 1),
      Float64Array.of(1.5, 2.5, 3, 2),
      2,
    );
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeNaN();
    expect(out[2]).toBe(1.75);
    expect(out[3]).toBe(2);
  });

  it.each([7, 14, 50])("equals the ATR.mq5 formula with period %i on EURUSD H1", (period) => {
    const { high, low, close } = eurusdH1();
    expect(maxDiff(atr(high, low, close, period), referenceAtr(high, low, close, period))).toBeLessThan(
      1e-12,
    );
  });

  // technicalindicators' ATR is Wilder's (WEMA of TR): a different convention, so it only gets
  // close on average, never equal. This guards against silently switching to Wilder.
  it("differs from technicalindicators' Wilder ATR", () => {
    const { high, low, close } = eurusdH1();
    const oracle = padFront(
      ATR.calculate({ period: 14, high: Array.from(high), low: Array.from(low), close: Array.from(close) }),
      close.length,
    );
    const diff = maxDiff(atr(high, low, close, 14), oracle, 100);
    expect(diff).toBeGreaterThan(1e-5);
    expect(diff).toBeLessThan(1e-2);
  });
});
