import { WEMA } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { smma } from "./smma";

describe("smma (MT5 iMA MODE_SMMA)", () => {
  it("starts with the SMA, then (prev*(n-1)+x)/n (hand-checked)", () => {
    const out = smma(Float64Array.of(1, 2, 3, 4, 5), 3);
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeNaN();
    expect(out[2]).toBe(2);
    expect(out[3]).toBeCloseTo(8 / 3, 14);
    expect(out[4]).toBeCloseTo(31 / 9, 14);
  });

  // technicalindicators' WEMA is the same smoothing (alpha 1/n, SMA seed).
  it.each([7, 14, 50])("matches technicalindicators' WEMA(%i) on EURUSD H1 closes", (period) => {
    const { close } = eurusdH1();
    const oracle = padFront(WEMA.calculate({ period, values: Array.from(close) }), close.length);
    expect(maxDiff(smma(close, period), oracle)).toBeLessThan(1e-12);
  });
});
