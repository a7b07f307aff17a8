import { WMA } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { lwma } from "./lwma";

describe("lwma (MT5 iMA MODE_LWMA)", () => {
  it("weights 1..period oldest to newest (hand-checked)", () => {
    const out = lwma(Float64Array.of(1, 2, 3, 4, 5), 3);
    expect(out[1]).toBeNaN();
    expect(out[2]).toBeCloseTo(14 / 6, 14);
    expect(out[3]).toBeCloseTo(20 / 6, 14);
    expect(out[4]).toBeCloseTo(26 / 6, 14);
  });

  it.each([5, 20, 100])("matches technicalindicators' WMA(%i) on EURUSD H1 closes", (period) => {
    const { close } = eurusdH1();
    const oracle = padFront(WMA.calculate({ period, values: Array.from(close) }), close.length);
    expect(maxDiff(lwma(close, period), oracle)).toBeLessThan(1e-12);
  });
});
