import { ADX } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { adx } from "./adx";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";

/** ADX.mq5 written out buffer by buffer, as MetaQuotes does (bar 0 of each buffer is 0.0). */
function referenceAdx(high: Float64Array, low: Float64Array, close: Float64Array, period: number) {
  const n = close.length;
  const pd = new Float64Array(n);
  const nd = new Float64Array(n);
  const pdi = new Float64Array(n);
  const ndi = new Float64Array(n);
  const tmp = new Float64Array(n);
  const adxBuf = new Float64Array(n);
  const ema = (i: number, prev: number, price: Float64Array) => {
    const pr = 2 / (period + 1);
    return price[i] * pr + prev * (1 - pr);
  };
  for (let i = 1; i < n; i++) {
    let p = high[i] - high[i - 1];
    let m = low[i - 1] - low[i];
    if (p < 0) p = 0;
    if (m < 0) m = 0;
    if (p > m) m = 0;
    else if (p < m) p = 0;
    else p = m = 0;
    const tr = Math.max(
      Math.abs(high[i] - low[i]),
      Math.abs(high[i] - close[i - 1]),
      Math.abs(low[i] - close[i - 1]),
    );
    pd[i] = tr !== 0 ? (100 * p) / tr : 0;
    nd[i] = tr !== 0 ? (100 * m) / tr : 0;
    pdi[i] = ema(i, pdi[i - 1], pd);
    ndi[i] = ema(i, ndi[i - 1], nd);
    const s = pdi[i] + ndi[i];
    tmp[i] = s !== 0 ? 100 * Math.abs((pdi[i] - ndi[i]) / s) : 0;
    adxBuf[i] = ema(i, adxBuf[i - 1], tmp);
  }
  const mask = (a: Float64Array, from: number) => a.fill(Number.NaN, 0, from);
  return { adx: mask(adxBuf, 2 * period), plusDi: mask(pdi, period), minusDi: mask(ndi, period) };
}

describe("adx (MT5 ADX.mq5, EMA-smoothed; not iADXWilder)", () => {
  it("with period 1 the EMAs are identities (hand-checked)", () => {
    // bar 1: +DM 1, TR 1.5 -> +DI 66.67, -DI 0, DX 100; bar 2: +DM 0.5, TR 1.5 -> +DI 33.33
    const out = adx(Float64Array.of(2, 3, 3.5), Float64Array.of(1, 1.5, 2), Float64Array.of(1.5, 2.5, 3), 1);
    expect(out.plusDi[0]).toBeNaN();
    expect(out.plusDi[1]).toBeCloseTo(200 / 3, 12);
    expect(out.minusDi[1]).toBe(0);
    expect(out.adx[1]).toBeNaN();
    expect(out.plusDi[2]).toBeCloseTo(100 / 3, 12);
    expect(out.adx[2]).toBe(100);
  });

  it("with period 2 smooths +DI with k = 2/3 from a 0 start (hand-checked)", () => {
    // +DI[1] = 66.67*2/3 = 44.44; +DI[2] = 33.33*2/3 + 44.44/3 = 1000/27
    const out = adx(Float64Array.of(2, 3, 3.5), Float64Array.of(1, 1.5, 2), Float64Array.of(1.5, 2.5, 3), 2);
    expect(out.plusDi[1]).toBeNaN();
    expect(out.plusDi[2]).toBeCloseTo(1000 / 27, 12);
  });

  it.each([7, 14, 30])("equals the ADX.mq5 buffers with period %i on EURUSD H1", (period) => {
    const { high, low, close } = eurusdH1();
    const ours = adx(high, low, close, period);
    const ref = referenceAdx(high, low, close, period);
    expect(maxDiff(ours.adx, ref.adx)).toBe(0);
    expect(maxDiff(ours.plusDi, ref.plusDi)).toBe(0);
    expect(maxDiff(ours.minusDi, ref.minusDi)).toBe(0);
  });

  // technicalindicators' ADX is Wilder's: same inputs, different smoothing. Guard that ours is
  // really MT5's variant (same ballpark, clearly not equal).
  it("differs from technicalindicators' Wilder ADX", () => {
    const { high, low, close } = eurusdH1();
    const rows = ADX.calculate({
      period: 14,
      high: Array.from(high),
      low: Array.from(low),
      close: Array.from(close),
    });
    const oracle = padFront(
      rows.map((r) => r.adx),
      close.length,
    );
    const diff = maxDiff(adx(high, low, close, 14).adx, oracle, 200);
    expect(diff).toBeGreaterThan(1);
    expect(diff).toBeLessThan(60);
  });
});
