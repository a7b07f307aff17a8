import { describe, expect, it } from "vitest";
import { donchian } from "./donchian";
import { heikenAshi } from "./heiken-ashi";
import { hull } from "./hull";
import { supertrend } from "./supertrend";

// Hand-computed tables for the indicators the EA computes itself.
describe("Heiken Ashi (Heiken_Ashi.mq5)", () => {
  it("bar 0 is the bar; then open = mean of the previous HA open/close, close = OHLC/4", () => {
    const r = heikenAshi(
      Float64Array.of(1, 2),
      Float64Array.of(3, 4),
      Float64Array.of(0, 1),
      Float64Array.of(2, 3),
    );
    expect([r.open[0], r.close[0]]).toEqual([1, 2]);
    expect(r.open[1]).toBe(1.5);
    expect(r.close[1]).toBe(2.5);
    expect(r.high[1]).toBe(4);
    expect(r.low[1]).toBe(1);
  });
});

describe("Donchian channel", () => {
  it("highest high / lowest low of the period bars ending at the bar; NaN before period-1", () => {
    const r = donchian(Float64Array.of(5, 7, 6, 4), Float64Array.of(1, 3, 2, 2), 3);
    expect(r.upper[1]).toBeNaN();
    expect([r.upper[2], r.lower[2], r.middle[2]]).toEqual([7, 1, 4]);
    expect([r.upper[3], r.lower[3]]).toEqual([7, 2]);
  });
});

describe("Hull MA", () => {
  it("period 4: LWMA(2) of 2 x LWMA(2) - LWMA(4); first value at index 4", () => {
    const src = Float64Array.of(1, 2, 3, 4, 5, 6);
    const out = hull(src, 4);
    expect(out[3]).toBeNaN();
    // On a straight line LWMA(n) lags by (n-1)/3: raw = 2(x - 1/3) - (x - 1) = x + 1/3; LWMA(2) of it lags 1/3.
    expect(out[4]).toBeCloseTo(5, 12);
    expect(out[5]).toBeCloseTo(6, 12);
  });
});

describe("Supertrend", () => {
  it("period 1, multiplier 1: bands around the median at one true range; flips when the close breaks a band", () => {
    const high = Float64Array.of(10, 11, 12, 9);
    const low = Float64Array.of(9, 10, 11, 7);
    const close = Float64Array.of(9.5, 10.5, 11.5, 7.5);
    const r = supertrend(high, low, close, 1, 1);
    expect(r.main[0]).toBeNaN();
    // bar1: TR 1.5, mid 10.5 -> lower 9, up trend (close 10.5 >= 9)
    expect(r.direction[1]).toBe(1);
    expect(r.main[1]).toBe(9);
    // bar2: TR 1.5, mid 11.5 -> basic lower 10 > 9 (close[1] > 9: max) -> 10
    expect(r.main[2]).toBe(10);
    // upper: bar1 12, bar2 min(13, 12) = 12 (close[1] 10.5 < 12); bar3: close 7.5 < lower[2] 10 -> down
    // trend, line = upper band = min(basic 8 + 4.5 = 12.5, 12) = 12 (close[2] 11.5 < 12)
    expect(r.direction[3]).toBe(-1);
    expect(r.main[3]).toBe(12);
  });
});
