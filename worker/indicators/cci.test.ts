import { CCI } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { cci, cciOfPrice } from "./cci";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";

describe("cci (MT5 CCI.mq5)", () => {
  it("divides by 0.015 times the mean deviation (hand-checked)", () => {
    // window 1,2,3: SP 2, mean deviation 2/3, (3-2)/(0.015*2/3) = 100
    expect(
      Array.from(cciOfPrice(Float64Array.of(1, 2, 3, 4, 5), 3)).map((v) => Math.round(v * 1e9) / 1e9),
    ).toEqual([NaN, NaN, 100, 100, 100]);
    expect(cciOfPrice(Float64Array.of(2, 2, 2), 3)[2]).toBe(0); // D = 0 -> 0, as CCI.mq5
  });

  it("applies to the typical price (h+l+c)/3 by default", () => {
    const h = Float64Array.of(3, 6, 9);
    const l = Float64Array.of(0, 0, 0);
    const c = Float64Array.of(0, 0, 0);
    expect(cci(h, l, c, 3)[2]).toBeCloseTo(cciOfPrice(Float64Array.of(1, 2, 3), 3)[2], 9);
  });

  // Same definition in technicalindicators (typical price, SMA, mean absolute deviation, 0.015).
  it.each([14, 20])("matches technicalindicators' CCI(%i) on EURUSD H1", (period) => {
    const { high, low, close } = eurusdH1();
    const oracle = padFront(
      CCI.calculate({ period, high: Array.from(high), low: Array.from(low), close: Array.from(close) }),
      close.length,
    );
    expect(maxDiff(cci(high, low, close, period), oracle)).toBeLessThan(1e-8);
  });
});
