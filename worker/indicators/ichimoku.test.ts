import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";
import { ichimoku } from "./ichimoku";

/**
 * Ichimoku.mq5 (MetaTrader 5, iIchimoku) as its documentation defines the lines, computed here by plain
 * window loops: Tenkan-sen = (highest high + lowest low) / 2 over `tenkan` bars, Kijun-sen the same over
 * `kijun` bars, Senkou Span A = (Tenkan + Kijun) / 2, Senkou Span B the mid of the `senkou`-bar range,
 * Chikou Span = the close (MetaTrader shifts the spans and the chikou when it draws them; the buffers are
 * these values). A line has no value before its window is full.
 */
function mid(high: Float64Array, low: Float64Array, p: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < high.length; i++) {
    if (i < p - 1) {
      out.push(Number.NaN);
      continue;
    }
    let hi = -Infinity;
    let lo = Infinity;
    for (let j = i - p + 1; j <= i; j++) {
      hi = Math.max(hi, high[j]);
      lo = Math.min(lo, low[j]);
    }
    out.push((hi + lo) / 2);
  }
  return out;
}

describe("ichimoku (Ichimoku.mq5)", () => {
  it("matches a hand-computed table with periods 2/3/4, warm-up included", () => {
    const high = Float64Array.of(10, 12, 11, 15, 13);
    const low = Float64Array.of(8, 9, 7, 10, 12);
    const r = ichimoku(high, low, Float64Array.of(9, 11, 8, 14, 12.5), 2, 3, 4);
    // Tenkan(2): bar 1 (12 + 8)/2 = 10, bar 2 (12 + 7)/2 = 9.5, bar 3 (15 + 7)/2 = 11, bar 4 (15 + 10)/2 = 12.5.
    expect(Array.from(r.tenkan)).toEqual([NaN, 10, 9.5, 11, 12.5]);
    // Kijun(3): bar 2 (12 + 7)/2 = 9.5, bar 3 (15 + 7)/2 = 11, bar 4 (15 + 7)/2 = 11.
    expect(Array.from(r.kijun)).toEqual([NaN, NaN, 9.5, 11, 11]);
    // Span A = (tenkan + kijun)/2 once both exist; Span B(4): bar 3 (15 + 7)/2 = 11, bar 4 (15 + 7)/2 = 11.
    expect(Array.from(r.spanA)).toEqual([NaN, NaN, 9.5, 11, 11.75]);
    expect(Array.from(r.spanB)).toEqual([NaN, NaN, NaN, 11, 11]);
    expect(Array.from(r.chikou)).toEqual([9, 11, 8, 14, 12.5]);
  });

  it("equals the window definitions with the default 9/26/52 on EURUSD H1", () => {
    const { high, low, close } = eurusdH1();
    const r = ichimoku(high, low, close);
    const t = mid(high, low, 9);
    const k = mid(high, low, 26);
    expect(maxDiff(r.tenkan, t)).toBe(0);
    expect(maxDiff(r.kijun, k)).toBe(0);
    expect(maxDiff(r.spanB, mid(high, low, 52))).toBe(0);
    expect(
      maxDiff(
        r.spanA,
        t.map((v, i) => (v + k[i]) / 2),
      ),
    ).toBe(0);
    expect(maxDiff(r.chikou, Array.from(close))).toBe(0);
  });
});
