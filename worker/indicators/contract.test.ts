/**
 * The contract every kernel keeps (DESIGN D10, after trading-signals' shared indicator test):
 * same length out as in, NaN exactly on the warm-up prefix and nowhere else on finite input, and
 * no look-ahead: changing bar j never changes an output before j.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adx, atr, bollinger, cci, ema, lwma, macd, momentum, rsi, sma, smma, stochastic } from "./index";

interface Bars {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

interface Case {
  readonly name: string;
  /** Each output series with the index of its first value. */
  readonly run: (bars: Bars, p: number) => Array<[Float64Array, number]>;
}

const CASES: Case[] = [
  { name: "sma", run: (b, p) => [[sma(b.close, p), p - 1]] },
  { name: "ema", run: (b, p) => [[ema(b.close, p), p - 1]] },
  { name: "smma", run: (b, p) => [[smma(b.close, p), p - 1]] },
  { name: "lwma", run: (b, p) => [[lwma(b.close, p), p - 1]] },
  { name: "rsi", run: (b, p) => [[rsi(b.close, p), p]] },
  {
    name: "macd",
    run: (b, p) => {
      const m = macd(b.close, p, p + 2, 3);
      return [
        [m.main, p + 1],
        [m.signal, p + 3],
      ];
    },
  },
  {
    name: "bollinger",
    run: (b, p) => {
      const r = bollinger(b.close, p, 2);
      return [
        [r.upper, p],
        [r.middle, p],
        [r.lower, p],
      ];
    },
  },
  { name: "atr", run: (b, p) => [[atr(b.high, b.low, b.close, p), p]] },
  {
    name: "stochastic",
    run: (b, p) => {
      const r = stochastic(b.high, b.low, b.close, p, 3, 2);
      return [
        [r.main, p],
        [r.signal, p + 2],
      ];
    },
  },
  { name: "cci", run: (b, p) => [[cci(b.high, b.low, b.close, p), p - 1]] },
  {
    name: "adx",
    run: (b, p) => {
      const r = adx(b.high, b.low, b.close, p);
      return [
        [r.adx, 2 * p],
        [r.plusDi, p],
        [r.minusDi, p],
      ];
    },
  },
  { name: "momentum", run: (b, p) => [[momentum(b.close, p), p]] },
];

/** A valid bar in integer points around 1.1000: low <= open, close <= high. */
const barArb = fc
  .record({
    mid: fc.integer({ min: 100_000, max: 120_000 }),
    up: fc.integer({ min: 0, max: 300 }),
    down: fc.integer({ min: 0, max: 300 }),
    o: fc.double({ min: 0, max: 1, noNaN: true }),
    c: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ mid, up, down, o, c }) => {
    const high = mid + up;
    const low = mid - down;
    const at = (f: number) => Math.round(low + f * (high - low)) / 100_000;
    return { open: at(o), high: high / 100_000, low: low / 100_000, close: at(c) };
  });

type Bar = { open: number; high: number; low: number; close: number };

function toBars(rows: readonly Bar[]): Bars {
  return {
    open: Float64Array.from(rows, (r) => r.open),
    high: Float64Array.from(rows, (r) => r.high),
    low: Float64Array.from(rows, (r) => r.low),
    close: Float64Array.from(rows, (r) => r.close),
  };
}

describe.each(CASES)("indicator contract: $name", ({ run }) => {
  it("keeps the length and is NaN exactly on the warm-up prefix", () => {
    fc.assert(
      fc.property(fc.array(barArb, { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (rows, p) => {
        for (const [out, first] of run(toBars(rows), p)) {
          expect(out.length).toBe(rows.length);
          out.forEach((v, i) => {
            expect(Number.isNaN(v)).toBe(i < first);
            if (i >= first) expect(Number.isFinite(v)).toBe(true);
          });
        }
      }),
      { numRuns: 150 },
    );
  });

  it("never looks ahead: changing bar j leaves outputs before j untouched", () => {
    fc.assert(
      fc.property(
        fc.array(barArb, { minLength: 2, maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        barArb,
        (rows, p, pick, replacement) => {
          const j = pick % rows.length;
          const before = run(toBars(rows), p);
          const changed = rows.slice();
          changed[j] = replacement;
          const after = run(toBars(changed), p);
          before.forEach(([out], k) => {
            for (let i = 0; i < j; i++) expect(Object.is(out[i], after[k][0][i])).toBe(true);
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
