import { describe, expect, it } from "vitest";
import { dema } from "./dema";
import { eurusdH1, maxDiff } from "./eurusd-h1.fixture";
import { tema } from "./tema";
import { trix } from "./trix";

/**
 * DEMA.mq5, TEMA.mq5 and TRIX.mq5 (MetaTrader 5) as their sources define them, written out here apart from
 * the kernels: ExponentialMAOnBuffer (MovingAverages.mqh) seeds an EMA with the first value of its input
 * at `begin` and recurses with k = 2 / (period + 1). EMA1 runs on the price from bar 0, EMA2 on EMA1 from
 * bar period-1, EMA3 on EMA2 from bar 2*period-2.
 *   DEMA = 2*EMA1 - EMA2, drawn from bar 2*period-2;
 *   TEMA = 3*EMA1 - 3*EMA2 + EMA3, drawn from bar 3*period-3;
 *   TRIX = (EMA3[i] - EMA3[i-1]) / EMA3[i-1], drawn from bar 3*period-3 (at least 1).
 */
function emaFrom(src: ArrayLike<number>, period: number, begin: number): number[] {
  const k = 2 / (period + 1);
  const out = new Array<number>(src.length).fill(Number.NaN);
  for (let i = begin; i < src.length; i++) out[i] = i === begin ? src[i] : src[i] * k + out[i - 1] * (1 - k);
  return out;
}

function emas(src: Float64Array, p: number) {
  const e1 = emaFrom(src, p, 0);
  const e2 = emaFrom(e1, p, p - 1);
  const e3 = emaFrom(e2, p, 2 * p - 2);
  return { e1, e2, e3 };
}

describe("dema, tema, trix (DEMA.mq5, TEMA.mq5, TRIX.mq5)", () => {
  it("match hand-computed values with period 2 (k = 2/3), warm-up included", () => {
    // Price 3, 6, 9, 12. EMA1: 3, 5, 23/3, 95/9. EMA2 from bar 1: 5, 61/9, 251/27. EMA3 from bar 2: 61/9, 685/81.
    const src = Float64Array.of(3, 6, 9, 12);
    const d = dema(src, 2);
    expect([d[0], d[1]]).toEqual([NaN, NaN]);
    expect(d[2]).toBeCloseTo((2 * 23) / 3 - 61 / 9, 12);
    expect(d[3]).toBeCloseTo((2 * 95) / 9 - 251 / 27, 12);
    const t = tema(src, 2);
    expect([t[0], t[1], t[2]]).toEqual([NaN, NaN, NaN]);
    expect(t[3]).toBeCloseTo(3 * (95 / 9) - 3 * (251 / 27) + 685 / 81, 12);
    const x = trix(src, 2);
    expect([x[0], x[1], x[2]]).toEqual([NaN, NaN, NaN]);
    // (685/81 - 61/9) / (61/9) = 136/549.
    expect(x[3]).toBeCloseTo(136 / 549, 12);
  });

  it.each([9, 14, 30])("equal the MQL5 definitions with period %i on EURUSD H1", (p) => {
    const { close } = eurusdH1();
    const { e1, e2, e3 } = emas(close, p);
    const ref = (first: number, f: (i: number) => number) =>
      e1.map((_, i) => (i < first ? Number.NaN : f(i)));
    expect(
      maxDiff(
        dema(close, p),
        ref(2 * p - 2, (i) => 2 * e1[i] - e2[i]),
      ),
    ).toBeLessThan(1e-12);
    expect(
      maxDiff(
        tema(close, p),
        ref(3 * p - 3, (i) => 3 * e1[i] - 3 * e2[i] + e3[i]),
      ),
    ).toBeLessThan(1e-12);
    expect(
      maxDiff(
        trix(close, p),
        ref(3 * p - 3, (i) => (e3[i] - e3[i - 1]) / e3[i - 1]),
      ),
    ).toBeLessThan(1e-15);
  });
});
