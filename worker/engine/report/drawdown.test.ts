import { describe, expect, it } from "vitest";
import { DrawdownTracker } from "./drawdown";

function track(initial: number, values: readonly number[]) {
  const tracker = new DrawdownTracker(initial);
  for (const value of values) tracker.update(value);
  return tracker.result();
}

describe("DrawdownTracker", () => {
  it("reports nothing for a curve that only rises", () => {
    expect(track(1000, [1000, 1100, 1250])).toEqual({
      absolute: 0,
      maximal: 0,
      maximalPercent: 0,
      relativePercent: 0,
      relative: 0,
    });
  });

  it("measures absolute drawdown from the initial deposit only", () => {
    // Lowest point 950 is 50 below B0; the later 1500 -> 1200 fall is not "absolute".
    expect(track(1000, [950, 1500, 1200]).absolute).toBe(50);
    // Never below B0: absolute 0 even though the curve fell 300 from its high.
    expect(track(1000, [1500, 1200]).absolute).toBe(0);
  });

  it("takes maximal (money) and relative (%) at different peaks, each with its own companion", () => {
    // Peak 100 -> 50: 50 money, 50%. Peak 1000 -> 800: 200 money, 20%.
    const dd = track(100, [50, 1000, 800]);
    expect(dd.maximal).toBe(200);
    expect(dd.maximalPercent).toBeCloseTo(20, 10);
    expect(dd.relativePercent).toBeCloseTo(50, 10);
    expect(dd.relative).toBe(50);
    expect(dd.absolute).toBe(50);
  });

  it("measures from the running high: a partial recovery does not start a new peak", () => {
    // 100 -> 80 -> 90 -> 70: the fall is 30 from 100 (not 20 from the intermediate 90).
    const dd = track(100, [80, 90, 70, 120]);
    expect(dd.maximal).toBe(30);
    expect(dd.maximalPercent).toBeCloseTo(30, 10);
    expect(dd.relativePercent).toBeCloseTo(30, 10);
  });

  it("keeps the first drawdown on a tie of money, with that drawdown's percentage", () => {
    // 10 from 100 (10%), then 10 from 200 (5%).
    const dd = track(100, [90, 200, 190]);
    expect(dd.maximal).toBe(10);
    expect(dd.maximalPercent).toBeCloseTo(10, 10);
  });

  it("counts the initial deposit as the first high", () => {
    const dd = track(10000, [9000, 9500, 8500]);
    expect(dd.maximal).toBe(1500);
    expect(dd.maximalPercent).toBeCloseTo(15, 10);
    expect(dd.absolute).toBe(1500);
  });

  it("gives the same result when asked twice", () => {
    const tracker = new DrawdownTracker(100);
    tracker.update(80);
    expect(tracker.result()).toEqual(tracker.result());
  });
});
