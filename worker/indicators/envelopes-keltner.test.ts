import { describe, expect, it } from "vitest";
import { envelopes } from "./envelopes";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";
import { keltner } from "./keltner";

/**
 * Envelopes (MetaTrader 5 Envelopes.mq5): the moving average x (1 +/- deviation / 100). Keltner channel
 * (the EA's: an iMA and an iATR): the moving average +/- multiplier x ATR, ATR being MetaTrader's simple
 * mean of the true range over atrPeriod bars (ATR.mq5). Written out here with plain loops.
 */
function sma(src: Float64Array, p: number): number[] {
  return Array.from(src, (_, i) => {
    if (i < p - 1) return Number.NaN;
    let s = 0;
    for (let j = i - p + 1; j <= i; j++) s += src[j];
    return s / p;
  });
}

function emaSeeded(src: Float64Array, p: number): number[] {
  const k = 2 / (p + 1);
  const out = [src[0]];
  for (let i = 1; i < src.length; i++) out.push(src[i] * k + out[i - 1] * (1 - k));
  return out.map((v, i) => (i < p - 1 ? Number.NaN : v));
}

function atrSma(h: Float64Array, l: Float64Array, c: Float64Array, p: number): number[] {
  return Array.from(c, (_, i) => {
    if (i < p) return Number.NaN;
    let s = 0;
    for (let j = i - p + 1; j <= i; j++) s += Math.max(h[j], c[j - 1]) - Math.min(l[j], c[j - 1]);
    return s / p;
  });
}

describe("envelopes (Envelopes.mq5)", () => {
  it("matches a hand-computed 2-bar SMA envelope of 10%, warm-up included", () => {
    const r = envelopes(Float64Array.of(10, 20, 30), 2, "SMA", 10);
    expect(r.upper[0]).toBeNaN();
    expect(r.upper[1]).toBeCloseTo(16.5, 12);
    expect(r.lower[1]).toBeCloseTo(13.5, 12);
    expect(r.upper[2]).toBeCloseTo(27.5, 12);
    expect(r.lower[2]).toBeCloseTo(22.5, 12);
  });

  it("equals SMA(14) x (1 +/- 0.1%) on EURUSD H1", () => {
    const { close } = eurusdH1();
    const ma = sma(close, 14);
    const r = envelopes(close, 14, "SMA", 0.1);
    expect(
      maxDiff(
        r.upper,
        ma.map((v) => v * 1.001),
      ),
    ).toBeLessThan(1e-12);
    expect(
      maxDiff(
        r.lower,
        ma.map((v) => v * 0.999),
      ),
    ).toBeLessThan(1e-12);
  });
});

describe("keltner", () => {
  it("matches a hand-computed channel (SMA 2, ATR 2, x 2), warm-up to the ATR's first bar", () => {
    // TR from bar 1: 2, 3; ATR(2) at bar 2 = 2.5. SMA(2) of the close at bar 2 = (11 + 13)/2 = 12.
    const r = keltner(
      Float64Array.of(10, 11, 13),
      Float64Array.of(11, 12, 14),
      Float64Array.of(9, 10, 11),
      Float64Array.of(10, 11, 13),
      2,
      2,
      2,
      "SMA",
    );
    expect([r.middle[0], r.middle[1]]).toEqual([NaN, NaN]);
    expect([r.middle[2], r.upper[2], r.lower[2]]).toEqual([12, 17, 7]);
  });

  it("equals EMA(20) +/- 2 x ATR(10) on EURUSD H1", () => {
    const { high, low, close } = eurusdH1();
    const ma = emaSeeded(close, 20);
    const a = atrSma(high, low, close, 10);
    const r = keltner(close, high, low, close, 20, 10, 2, "EMA");
    expect(maxDiff(r.middle, ma)).toBeLessThan(1e-12);
    expect(
      maxDiff(
        r.upper,
        ma.map((v, i) => v + 2 * a[i]),
      ),
    ).toBeLessThan(1e-12);
    expect(
      maxDiff(
        r.lower,
        ma.map((v, i) => v - 2 * a[i]),
      ),
    ).toBeLessThan(1e-12);
  });
});
