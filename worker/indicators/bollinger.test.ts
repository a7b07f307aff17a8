import { BollingerBands } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { bollinger } from "./bollinger";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";

describe("bollinger (MT5 BB.mq5)", () => {
  it("uses the population standard deviation, NaN until index period (hand-checked)", () => {
    const { upper, middle, lower } = bollinger(Float64Array.of(1, 2, 3, 4, 5), 3, 2);
    expect(middle[2]).toBeNaN(); // BB.mq5 has no deviation yet at period-1
    expect(middle[3]).toBe(3);
    expect(upper[3]).toBeCloseTo(3 + 2 * Math.sqrt(2 / 3), 14);
    expect(lower[4]).toBeCloseTo(4 - 2 * Math.sqrt(2 / 3), 14);
  });

  // technicalindicators uses the same SMA and population deviation (Utils/SD: sum / period).
  it.each([
    [20, 2],
    [50, 2.5],
  ])("matches technicalindicators' BollingerBands(%i, %f) on EURUSD H1", (period, stdDev) => {
    const { close } = eurusdH1();
    const rows = BollingerBands.calculate({ period, stdDev, values: Array.from(close) });
    const ours = bollinger(close, period, stdDev);
    const n = close.length;
    // technicalindicators also emits the degenerate index period-1: start after it.
    expect(
      maxDiff(
        ours.middle,
        padFront(
          rows.map((r) => r.middle),
          n,
        ),
        period,
      ),
    ).toBeLessThan(1e-12);
    expect(
      maxDiff(
        ours.upper,
        padFront(
          rows.map((r) => r.upper),
          n,
        ),
        period,
      ),
    ).toBeLessThan(1e-12);
    expect(
      maxDiff(
        ours.lower,
        padFront(
          rows.map((r) => r.lower),
          n,
        ),
        period,
      ),
    ).toBeLessThan(1e-12);
  });
});
