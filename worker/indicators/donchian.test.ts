import { describe, expect, it } from "vitest";
import { donchian } from "./donchian";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";

/**
 * The Donchian channel by its definition (Richard Donchian; the turtles' N-bar breakout), by plain loops:
 * upper = the highest high of the last `period` bars (this one included), lower = the lowest low,
 * middle = their mean; no value before the window is full.
 */
function reference(high: Float64Array, low: Float64Array, p: number) {
  const upper: number[] = [];
  const lower: number[] = [];
  for (let i = 0; i < high.length; i++) {
    if (i < p - 1) {
      upper.push(Number.NaN);
      lower.push(Number.NaN);
      continue;
    }
    upper.push(Math.max(...high.subarray(i - p + 1, i + 1)));
    lower.push(Math.min(...low.subarray(i - p + 1, i + 1)));
  }
  return { upper, lower, middle: upper.map((u, i) => (u + lower[i]) / 2) };
}

describe("donchian", () => {
  it("matches a hand-computed 3-bar channel, warm-up included", () => {
    const r = donchian(Float64Array.of(5, 7, 6, 4, 8), Float64Array.of(3, 4, 2, 1, 5), 3);
    expect(Array.from(r.upper)).toEqual([NaN, NaN, 7, 7, 8]);
    expect(Array.from(r.lower)).toEqual([NaN, NaN, 2, 1, 1]);
    expect(Array.from(r.middle)).toEqual([NaN, NaN, 4.5, 4, 4.5]);
  });

  it.each([10, 20, 55])("equals the definition over %i bars on EURUSD H1", (p) => {
    const { high, low } = eurusdH1();
    const r = donchian(high, low, p);
    const ref = reference(high, low, p);
    expect(maxDiff(r.upper, ref.upper)).toBe(0);
    expect(maxDiff(r.lower, ref.lower)).toBe(0);
    expect(maxDiff(r.middle, ref.middle)).toBe(0);
  });
});
