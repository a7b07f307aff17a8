import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";
import { supertrend } from "./supertrend";

/**
 * Supertrend ported from TradingView's public Pine script (KivancOzbilgic's "SuperTrend", the one the
 * built-in follows), here on MetaTrader's ATR (the simple mean of the true range, ATR.mq5):
 *   up = hl2 - m*atr; up1 = nz(up[1], up); up := close[1] > up1 ? max(up, up1) : up
 *   dn = hl2 + m*atr; dn1 = nz(dn[1], dn); dn := close[1] < dn1 ? min(dn, dn1) : dn
 *   trend := nz(trend[1], 1); trend := trend == -1 and close > dn1 ? 1 : trend == 1 and close < up1 ? -1 : trend
 * The line is up in an up trend, dn in a down trend; no value before the ATR has one (index period).
 */
function reference(h: Float64Array, l: Float64Array, c: Float64Array, period: number, m: number) {
  const n = c.length;
  const tr = (i: number) => Math.max(h[i], c[i - 1]) - Math.min(l[i], c[i - 1]);
  const line: number[] = [];
  const dirs: number[] = [];
  let up = Number.NaN;
  let dn = Number.NaN;
  let trend = 1;
  for (let i = 0; i < n; i++) {
    if (i < period) {
      line.push(Number.NaN);
      dirs.push(Number.NaN);
      continue;
    }
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += tr(j);
    const atr = sum / period;
    const hl2 = (h[i] + l[i]) / 2;
    const up1 = Number.isNaN(up) ? hl2 - m * atr : up;
    const dn1 = Number.isNaN(dn) ? hl2 + m * atr : dn;
    const first = Number.isNaN(up);
    up = !first && c[i - 1] > up1 ? Math.max(hl2 - m * atr, up1) : hl2 - m * atr;
    dn = !first && c[i - 1] < dn1 ? Math.min(hl2 + m * atr, dn1) : hl2 + m * atr;
    trend = trend === -1 && c[i] > dn1 ? 1 : trend === 1 && c[i] < up1 ? -1 : trend;
    line.push(trend === 1 ? up : dn);
    dirs.push(trend);
  }
  return { line, dirs };
}

describe("supertrend", () => {
  it("matches a hand-computed table (period 2, multiplier 1), warm-up included", () => {
    // TR from bar 1: 2, 2, 2, 6 (bar 4 falls from a close of 13 to a low of 7).
    // Bar 2: ATR 2, hl2 11, bands 9 / 13, close 12 above 9: up trend, line 9.
    // Bar 3: ATR 2, hl2 12, basic 10 / 14; close[2] 12 > 9: lower max(10, 9) = 10; close 13: line 10.
    // Bar 4: ATR 4, hl2 9, basic 5 / 13; lower max(5, 10) = 10 (close[3] 13 > 10); close 8 < 10: down
    //   trend, line = upper: close[3] 13 < 14 so min(13, 14) = 13.
    const r = supertrend(
      Float64Array.of(10, 11, 12, 13, 11),
      Float64Array.of(9, 9, 10, 11, 7),
      Float64Array.of(9.5, 10.5, 12, 13, 8),
      2,
      1,
    );
    expect(Array.from(r.main)).toEqual([NaN, NaN, 9, 10, 13]);
    expect(Array.from(r.direction)).toEqual([NaN, NaN, 1, 1, -1]);
  });

  it.each([
    [10, 3],
    [7, 2],
  ])("equals the Pine definition with ATR(%i) x %i on EURUSD H1", (period, m) => {
    const { high, low, close } = eurusdH1();
    const r = supertrend(high, low, close, period, m);
    const ref = reference(high, low, close, period, m);
    expect(maxDiff(r.direction, ref.dirs)).toBe(0);
    expect(maxDiff(r.main, ref.line)).toBeLessThan(1e-12);
  });
});
