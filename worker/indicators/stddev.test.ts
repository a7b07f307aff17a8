import { SD } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { stddev } from "./stddev";

describe("stddev (MT5 StdDev.mq5)", () => {
  it("hand-checked: population deviation around the SMA; NaN before period-1", () => {
    const out = stddev(Float64Array.of(1, 3, 5), 2, "SMA");
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeCloseTo(1, 14);
    expect(out[2]).toBeCloseTo(1, 14);
  });

  it("EMA method: around an EMA seeded with the SMA at period-1 (hand-checked)", () => {
    // period 2, k = 2/3: MA[1] = 2, MA[2] = 5*2/3 + 2/3 = 4; deviation of (5, 3) around 4 = 1
    expect(stddev(Float64Array.of(1, 3, 5), 2, "EMA")[2]).toBeCloseTo(1, 14);
  });

  // technicalindicators' SD: population standard deviation of a window around its mean.
  it("SMA method equals technicalindicators' SD(20) on EURUSD H1", () => {
    const { close } = eurusdH1();
    const ref = SD.calculate({ period: 20, values: Array.from(close) });
    expect(maxDiff(stddev(close, 20, "SMA"), padFront(ref, close.length))).toBeLessThan(1e-9);
  });
});
