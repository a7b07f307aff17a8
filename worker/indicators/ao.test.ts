import { AwesomeOscillator } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { ac } from "./ac";
import { ao } from "./ao";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";

describe("ao and ac (MT5 Awesome_Oscillator.mq5, Accelerator.mq5)", () => {
  // technicalindicators' AwesomeOscillator: SMA(5) - SMA(34) of the median price, as MT5.
  it("AO equals technicalindicators' AwesomeOscillator on EURUSD H1, first value at index 33", () => {
    const { high, low } = eurusdH1();
    const ref = AwesomeOscillator.calculate({
      high: Array.from(high),
      low: Array.from(low),
      fastPeriod: 5,
      slowPeriod: 34,
    });
    const ours = ao(high, low);
    expect(ours[32]).toBeNaN();
    expect(ours[33]).not.toBeNaN();
    expect(maxDiff(ours, padFront(ref, high.length))).toBeLessThan(1e-12);
  });

  it("AC = AO - SMA(AO, 5), first value at index 37 (hand formula on EURUSD H1)", () => {
    const { high, low } = eurusdH1();
    const a = ao(high, low);
    const c = ac(high, low);
    expect(c[36]).toBeNaN();
    for (const i of [37, 100, a.length - 1]) {
      const mean = (a[i] + a[i - 1] + a[i - 2] + a[i - 3] + a[i - 4]) / 5;
      expect(c[i]).toBeCloseTo(a[i] - mean, 14);
    }
  });
});
