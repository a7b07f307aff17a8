import { describe, expect, it } from "vitest";
import { bears } from "./bears";
import { bulls } from "./bulls";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";

/**
 * Bulls Power and Bears Power (Alexander Elder; MetaTrader 5 Bulls.mq5 / Bears.mq5): the bar's high (low)
 * minus the EMA of the close over `period` bars, the EMA seeded with the first close as iMA's EMA is;
 * no value before bar `period`.
 */
function ema(src: Float64Array, p: number): number[] {
  const k = 2 / (p + 1);
  const out = [src[0]];
  for (let i = 1; i < src.length; i++) out.push(src[i] * k + out[i - 1] * (1 - k));
  return out;
}

describe("bulls and bears power (Bulls.mq5, Bears.mq5)", () => {
  it("match a hand-computed table with period 2, warm-up included", () => {
    // Close 4, 7, 10: EMA(2) 4, 6, 26/3. High 5, 8, 11: bulls from bar 2: 11 - 26/3 = 7/3.
    // Low 3, 6, 9: bears 9 - 26/3 = 1/3.
    const close = Float64Array.of(4, 7, 10);
    const b = bulls(Float64Array.of(5, 8, 11), close, 2);
    const s = bears(Float64Array.of(3, 6, 9), close, 2);
    expect([b[0], b[1]]).toEqual([NaN, NaN]);
    expect(b[2]).toBeCloseTo(7 / 3, 12);
    expect([s[0], s[1]]).toEqual([NaN, NaN]);
    expect(s[2]).toBeCloseTo(1 / 3, 12);
  });

  it("equal high/low minus EMA(13) of the close on EURUSD H1", () => {
    const { high, low, close } = eurusdH1();
    const e = ema(close, 13);
    const ref = (x: Float64Array) => e.map((v, i) => (i < 13 ? Number.NaN : x[i] - v));
    expect(maxDiff(bulls(high, close, 13), ref(high))).toBeLessThan(1e-12);
    expect(maxDiff(bears(low, close, 13), ref(low))).toBeLessThan(1e-12);
  });
});
