import { describe, expect, it } from "vitest";
import { ac } from "./ac";
import { chaikin } from "./chaikin";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";
import { osma } from "./osma";

/**
 * Oscillators built on others, as MetaTrader 5's sources define them, written out with plain loops:
 *   Accelerator.mq5: AO = SMA(median, 5) - SMA(median, 34); AC = AO - SMA(AO, 5), drawn from bar 37.
 *   OsMA.mq5: MACD = EMA(12) - EMA(26) of the close (EMAs seeded with the first close), signal = SMA(MACD, 9)
 *     over MACD values from bar 25; OsMA = MACD - signal, drawn from bar 25 + 9 - 1 = 33.
 *   CHO.mq5: the A/D line's EMA(3) - EMA(10) (both seeded with the first A/D value), drawn from bar 9.
 */
const smaAt = (src: ArrayLike<number>, i: number, p: number) => {
  let s = 0;
  for (let j = i - p + 1; j <= i; j++) s += src[j];
  return s / p;
};

function emaSeeded(src: ArrayLike<number>, p: number): number[] {
  const k = 2 / (p + 1);
  const out = [src[0]];
  for (let i = 1; i < src.length; i++) out.push(src[i] * k + out[i - 1] * (1 - k));
  return out;
}

describe("ac (Accelerator.mq5)", () => {
  it("equals AO - SMA(AO, 5) from bar 37 on EURUSD H1", () => {
    const { high, low } = eurusdH1();
    const median = Array.from(high, (h, i) => (h + low[i]) / 2);
    const aoLine = median.map((_, i) => (i < 33 ? Number.NaN : smaAt(median, i, 5) - smaAt(median, i, 34)));
    const ref = aoLine.map((v, i) => (i < 37 ? Number.NaN : v - smaAt(aoLine, i, 5)));
    expect(maxDiff(ac(high, low), ref)).toBeLessThan(1e-12);
  });

  it("is zero on a constant series, and nothing before bar 37", () => {
    const flat = new Float64Array(40).fill(1.1);
    const r = ac(flat, flat);
    expect(Array.from(r.subarray(0, 37)).every(Number.isNaN)).toBe(true);
    expect(Array.from(r.subarray(37))).toEqual([0, 0, 0]);
  });
});

describe("osma (OsMA.mq5)", () => {
  it("equals MACD - SMA(MACD, 9) from bar 33 on EURUSD H1", () => {
    const { close } = eurusdH1();
    const fast = emaSeeded(close, 12);
    const slow = emaSeeded(close, 26);
    const main = fast.map((f, i) => f - slow[i]);
    const ref = main.map((m, i) => (i < 33 ? Number.NaN : m - smaAt(main, i, 9)));
    expect(maxDiff(osma(close), ref)).toBeLessThan(1e-12);
  });

  it("matches a hand-computed value (fast 1, slow 2, signal 2)", () => {
    // EMA(1) = the close; EMA(2), k = 2/3: 3, 5, 23/3. MACD: 0, 1, 4/3. Signal SMA(2) from bar 1:
    // bar 2 = (1 + 4/3) / 2 = 7/6; OsMA = 4/3 - 7/6 = 1/6. Bars 0 and 1 are warm-up (max(1, 2) + 2 - 2 = 2).
    const r = osma(Float64Array.of(3, 6, 9), 1, 2, 2);
    expect([r[0], r[1]]).toEqual([NaN, NaN]);
    expect(r[2]).toBeCloseTo(1 / 6, 12);
  });
});

describe("chaikin (CHO.mq5)", () => {
  it("equals EMA(3) - EMA(10) of the A/D line from bar 9 on EURUSD H1", () => {
    const { high, low, close } = eurusdH1();
    const volume = Float64Array.from(close, (_, i) => 50 + ((i * 7919) % 997));
    let sum = 0;
    const line = Array.from(close, (c, i) => {
      const range = high[i] - low[i];
      if (range !== 0) sum += ((c - low[i] - (high[i] - c)) / range) * volume[i];
      return sum;
    });
    const f = emaSeeded(line, 3);
    const s = emaSeeded(line, 10);
    const ref = f.map((v, i) => (i < 9 ? Number.NaN : v - s[i]));
    expect(maxDiff(chaikin(high, low, close, volume), ref)).toBeLessThan(1e-6);
  });
});
