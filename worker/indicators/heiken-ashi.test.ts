import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";
import { heikenAshi } from "./heiken-ashi";

/**
 * Heiken_Ashi.mq5 (MetaTrader 5 Indicators/Examples) read as a formula, written out here apart from the
 * kernel: the first candle is the bar itself; then haOpen = (haOpen[i-1] + haClose[i-1]) / 2,
 * haClose = (O + H + L + C) / 4, haHigh = max(H, haOpen, haClose), haLow = min(L, haOpen, haClose).
 */
function reference(o: Float64Array, h: Float64Array, l: Float64Array, c: Float64Array) {
  const n = o.length;
  const out = { open: [o[0]], high: [h[0]], low: [l[0]], close: [c[0]] };
  for (let i = 1; i < n; i++) {
    const ho = (out.open[i - 1] + out.close[i - 1]) / 2;
    const hc = (o[i] + h[i] + l[i] + c[i]) / 4;
    out.open.push(ho);
    out.close.push(hc);
    out.high.push(Math.max(h[i], ho, hc));
    out.low.push(Math.min(l[i], ho, hc));
  }
  return out;
}

describe("heikenAshi (Heiken_Ashi.mq5)", () => {
  it("matches a hand-computed table, no warm-up (the first candle is the bar itself)", () => {
    // Bars O/H/L/C: (1, 2, 0.5, 1.5), (1.5, 2.5, 1, 2), (2, 2.2, 1.2, 1.4).
    // Bar 1: open (1 + 1.5)/2 = 1.25, close 7/4 = 1.75, high 2.5, low 1.
    // Bar 2: open (1.25 + 1.75)/2 = 1.5, close 6.8/4 = 1.7, high 2.2, low 1.2.
    const ha = heikenAshi(
      Float64Array.of(1, 1.5, 2),
      Float64Array.of(2, 2.5, 2.2),
      Float64Array.of(0.5, 1, 1.2),
      Float64Array.of(1.5, 2, 1.4),
    );
    expect(Array.from(ha.open)).toEqual([1, 1.25, 1.5]);
    // 6.8 / 4 carries binary rounding (1.7000000000000002): compared to 1e-15.
    expect(maxDiff(ha.close, [1.5, 1.75, 1.7])).toBeLessThan(1e-15);
    expect(Array.from(ha.high)).toEqual([2, 2.5, 2.2]);
    expect(Array.from(ha.low)).toEqual([0.5, 1, 1.2]);
  });

  it("equals the formula on EURUSD H1 2017-2018", () => {
    const { open, high, low, close } = eurusdH1();
    const ha = heikenAshi(open, high, low, close);
    const ref = reference(open, high, low, close);
    expect(maxDiff(ha.open, ref.open)).toBeLessThan(1e-12);
    expect(maxDiff(ha.close, ref.close)).toBeLessThan(1e-12);
    expect(maxDiff(ha.high, ref.high)).toBeLessThan(1e-12);
    expect(maxDiff(ha.low, ref.low)).toBeLessThan(1e-12);
  });
});
