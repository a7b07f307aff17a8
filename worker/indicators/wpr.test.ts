import { WilliamsR } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { wpr } from "./wpr";

describe("wpr (MT5 WPR.mq5)", () => {
  it("hand-checked: -(maxHigh - close) * 100 / (maxHigh - minLow); NaN before period-1; flat range keeps the last value", () => {
    const out = wpr(
      Float64Array.of(2, 3, 4, 4),
      Float64Array.of(1, 1, 2, 4),
      Float64Array.of(1.5, 2, 3, 4),
      2,
    );
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeCloseTo(-50, 12); // max 3, min 1, close 2
    expect(out[2]).toBeCloseTo(-100 / 3, 12); // max 4, min 1, close 3
    expect(out[3]).toBeCloseTo(0, 12); // max 4, min 2, close 4
  });

  // technicalindicators' WilliamsR uses the same definition (source: its momentum/WilliamsR.js).
  it.each([5, 14, 50])("equals technicalindicators' WilliamsR(%i) on EURUSD H1", (period) => {
    const { high, low, close } = eurusdH1();
    const ref = WilliamsR.calculate({
      period,
      high: Array.from(high),
      low: Array.from(low),
      close: Array.from(close),
    });
    expect(maxDiff(wpr(high, low, close, period), padFront(ref, close.length))).toBeLessThan(1e-9);
  });
});
