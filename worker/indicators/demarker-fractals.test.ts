import { describe, expect, it } from "vitest";
import { demarker } from "./demarker";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";
import { fractals } from "./fractals";

/**
 * DeMarker (Tom DeMark; MetaTrader 5 DeMarker.mq5): DeMax = high - previous high when positive, else 0;
 * DeMin = previous low - low when positive, else 0; DeM = SMA(DeMax) / (SMA(DeMax) + SMA(DeMin)) over
 * `period` bars, drawn from bar `period`. Fractals (Bill Williams; Fractals.mq5): a bar whose high is
 * above the two highs after it and at least the two before it; it is known two bars later.
 */
function referenceDeMarker(h: Float64Array, l: Float64Array, p: number): number[] {
  const up = (i: number) => (i > 0 ? Math.max(h[i] - h[i - 1], 0) : 0);
  const dn = (i: number) => (i > 0 ? Math.max(l[i - 1] - l[i], 0) : 0);
  return Array.from(h, (_, i) => {
    if (i < p) return Number.NaN;
    let a = 0;
    let b = 0;
    for (let j = i - p + 1; j <= i; j++) {
      a += up(j);
      b += dn(j);
    }
    return a + b === 0 ? 0 : a / p / (a / p + b / p);
  });
}

describe("demarker (DeMarker.mq5)", () => {
  it("matches a hand-computed table with period 2, warm-up included", () => {
    // DeMax: -, 2, 0, 1; DeMin: -, 0, 3, 0. Bar 2: 2 / (2 + 3) = 0.4. Bar 3: 1 / (1 + 3) = 0.25.
    const r = demarker(Float64Array.of(10, 12, 11, 12), Float64Array.of(8, 9, 6, 7), 2);
    expect(Array.from(r)).toEqual([NaN, NaN, 0.4, 0.25]);
  });

  it("equals the definition with period 14 on EURUSD H1", () => {
    const { high, low } = eurusdH1();
    expect(maxDiff(demarker(high, low, 14), referenceDeMarker(high, low, 14))).toBeLessThan(1e-12);
  });
});

describe("fractals (Fractals.mq5)", () => {
  it("marks a hand-picked up and down fractal two bars after them", () => {
    // Bar 2's high 15 tops bars 0, 1 (<=) and 3, 4 (<); bar 3's low 1 is under bars 1, 2 and 4, 5.
    const high = Float64Array.of(10, 15, 15, 12, 11, 13);
    const low = Float64Array.of(5, 4, 3, 1, 2, 2);
    const r = fractals(high, low);
    expect(Array.from(r.upper)).toEqual([NaN, NaN, NaN, NaN, 15, NaN]);
    expect(Array.from(r.lower)).toEqual([NaN, NaN, NaN, NaN, NaN, 1]);
  });

  it("equals the definition on EURUSD H1", () => {
    const { high, low } = eurusdH1();
    const r = fractals(high, low);
    const up: number[] = [];
    const down: number[] = [];
    for (let c = 0; c < high.length; c++) {
      const j = c - 2;
      const isUp =
        j >= 2 &&
        high[j] > high[j + 1] &&
        high[j] > high[j + 2] &&
        high[j] >= high[j - 1] &&
        high[j] >= high[j - 2];
      const isDown =
        j >= 2 && low[j] < low[j + 1] && low[j] < low[j + 2] && low[j] <= low[j - 1] && low[j] <= low[j - 2];
      up.push(isUp ? high[j] : Number.NaN);
      down.push(isDown ? low[j] : Number.NaN);
    }
    expect(maxDiff(r.upper, up)).toBe(0);
    expect(maxDiff(r.lower, down)).toBe(0);
    expect(up.filter((v) => !Number.isNaN(v)).length).toBeGreaterThan(100);
  });
});
