/**
 * The contract every kernel keeps (DESIGN D10, after trading-signals' shared indicator test):
 * same length out as in, NaN exactly on the warm-up prefix and nowhere else on finite input, and
 * no look-ahead: changing bar j never changes an output before j.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as kernel from "./index";

interface Bars {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

interface Case {
  readonly name: string;
  /** NaN also after the warm-up (no fractal): only the no-look-ahead property is checked. */
  readonly sparse?: boolean;
  /** Each output series with the index of its first value. */
  readonly run: (bars: Bars, p: number) => Array<[Float64Array, number]>;
}

const CASES: Case[] = [
  { name: "sma", run: (b, p) => [[kernel.sma(b.close, p), p - 1]] },
  { name: "ema", run: (b, p) => [[kernel.ema(b.close, p), p - 1]] },
  { name: "smma", run: (b, p) => [[kernel.smma(b.close, p), p - 1]] },
  { name: "lwma", run: (b, p) => [[kernel.lwma(b.close, p), p - 1]] },
  { name: "rsi", run: (b, p) => [[kernel.rsi(b.close, p), p]] },
  {
    name: "macd",
    run: (b, p) => {
      const m = kernel.macd(b.close, p, p + 2, 3);
      return [
        [m.main, p + 1],
        [m.signal, p + 3],
      ];
    },
  },
  {
    name: "bollinger",
    run: (b, p) => {
      const r = kernel.bollinger(b.close, p, 2);
      return [
        [r.upper, p],
        [r.middle, p],
        [r.lower, p],
      ];
    },
  },
  { name: "atr", run: (b, p) => [[kernel.atr(b.high, b.low, b.close, p), p]] },
  {
    name: "stochastic",
    run: (b, p) => {
      const r = kernel.stochastic(b.high, b.low, b.close, p, 3, 2);
      return [
        [r.main, p],
        [r.signal, p + 2],
      ];
    },
  },
  { name: "cci", run: (b, p) => [[kernel.cci(b.high, b.low, b.close, p), p - 1]] },
  {
    name: "adx",
    run: (b, p) => {
      const r = kernel.adx(b.high, b.low, b.close, p);
      return [
        [r.adx, 2 * p],
        [r.plusDi, p],
        [r.minusDi, p],
      ];
    },
  },
  { name: "momentum", run: (b, p) => [[kernel.momentum(b.close, p), p]] },
  // Issue 14: the first index of each line is the one its kernel documents (warm-up included).
  { name: "ac", run: (b) => [[kernel.ac(b.high, b.low), 37]] },
  { name: "ao", run: (b) => [[kernel.ao(b.high, b.low), 33]] },
  { name: "ad", run: (b) => [[kernel.ad(b.high, b.low, b.close, b.volume), 0]] },
  { name: "obv", run: (b) => [[kernel.obv(b.close, b.volume), 0]] },
  { name: "bwmfi", run: (b) => [[kernel.bwmfi(b.high, b.low, b.volume), 0]] },
  {
    name: "adx wilder",
    run: (b, p) => {
      const r = kernel.adxWilder(b.high, b.low, b.close, p);
      return [
        [r.adx, 2 * p],
        [r.plusDi, p + 1],
        [r.minusDi, p + 1],
      ];
    },
  },
  {
    name: "alligator",
    run: (b, p) => {
      const r = kernel.alligator(b.close, { ...ALLIGATOR, jawPeriod: p + 2 });
      return [
        [r.jaw, p + 1 + 8],
        [r.teeth, 7 + 5],
        [r.lips, 4 + 3],
      ];
    },
  },
  {
    name: "gator",
    run: (b) => {
      const r = kernel.gator(b.close, ALLIGATOR);
      const [u, l] = kernel.gatorWarmUp(ALLIGATOR);
      return [
        [r.upper, u],
        [r.lower, l],
      ];
    },
  },
  { name: "ama", run: (b, p) => [[kernel.ama(b.close, p, 2, 30), p]] },
  { name: "bears", run: (b, p) => [[kernel.bears(b.low, b.close, p), p]] },
  { name: "bulls", run: (b, p) => [[kernel.bulls(b.high, b.close, p), p]] },
  { name: "chaikin", run: (b, p) => [[kernel.chaikin(b.high, b.low, b.close, b.volume, 2, p + 2), p + 1]] },
  { name: "dema", run: (b, p) => [[kernel.dema(b.close, p + 1), 2 * p]] },
  { name: "tema", run: (b, p) => [[kernel.tema(b.close, p + 1), 3 * p]] },
  { name: "trix", run: (b, p) => [[kernel.trix(b.close, p + 1), 3 * p]] },
  { name: "frama", run: (b, p) => [[kernel.frama(b.close, b.high, b.low, p + 1), 2 * p + 1]] },
  { name: "hull", run: (b, p) => [[kernel.hull(b.close, p), p - 2 + kernel.hullPeriods(p)[1]]] },
  { name: "demarker", run: (b, p) => [[kernel.demarker(b.high, b.low, p), p]] },
  { name: "mfi", run: (b, p) => [[kernel.mfi(b.high, b.low, b.close, b.volume, p), p]] },
  {
    name: "rvi",
    run: (b, p) => {
      const r = kernel.rvi(b.open, b.high, b.low, b.close, p);
      const none = b.close.length <= p + 8 ? b.close.length : 0;
      return [
        [r.main, none || p + 2],
        [r.signal, none || p + 5],
      ];
    },
  },
  { name: "wpr", run: (b, p) => [[kernel.wpr(b.high, b.low, b.close, p), p - 1]] },
  {
    name: "donchian",
    run: (b, p) => {
      const r = kernel.donchian(b.high, b.low, p);
      return [
        [r.upper, p - 1],
        [r.lower, p - 1],
        [r.middle, p - 1],
      ];
    },
  },
  {
    name: "envelopes",
    run: (b, p) => {
      const r = kernel.envelopes(b.close, p, "LWMA", 0.5);
      return [
        [r.upper, p - 1],
        [r.lower, p - 1],
      ];
    },
  },
  { name: "force", run: (b, p) => [[kernel.force(b.close, b.volume, p, "EMA"), p]] },
  {
    name: "ichimoku",
    run: (b, p) => {
      const r = kernel.ichimoku(b.high, b.low, b.close, p, p + 3, p + 6);
      return [
        [r.tenkan, p - 1],
        [r.kijun, p + 2],
        [r.spanA, p + 2],
        [r.spanB, p + 5],
        [r.chikou, 0],
      ];
    },
  },
  { name: "osma", run: (b, p) => [[kernel.osma(b.close, p, p + 2, 3), p + 3]] },
  { name: "sar", run: (b) => [[kernel.sar(b.high, b.low), b.close.length < 3 ? b.close.length : 1]] },
  { name: "stddev", run: (b, p) => [[kernel.stddev(b.close, p, "EMA"), p - 1]] },
  { name: "vidya", run: (b, p) => [[kernel.vidya(b.close, p, 3), p + 2]] },
  {
    name: "heiken ashi",
    run: (b) => {
      const r = kernel.heikenAshi(b.open, b.high, b.low, b.close);
      return [
        [r.open, 0],
        [r.close, 0],
        [r.high, 0],
        [r.low, 0],
      ];
    },
  },
  {
    name: "supertrend",
    run: (b, p) => {
      const r = kernel.supertrend(b.high, b.low, b.close, p, 3);
      return [
        [r.main, p],
        [r.direction, p],
      ];
    },
  },
  {
    name: "keltner",
    run: (b, p) => {
      const r = kernel.keltner(b.close, b.high, b.low, b.close, p, 3, 2, "SMA");
      return [
        [r.middle, Math.max(p - 1, 3)],
        [r.upper, Math.max(p - 1, 3)],
        [r.lower, Math.max(p - 1, 3)],
      ];
    },
  },
  {
    name: "fractals",
    sparse: true,
    run: (b) => {
      const r = kernel.fractals(b.high, b.low);
      return [
        [r.upper, 4],
        [r.lower, 4],
      ];
    },
  },
];

const ALLIGATOR = {
  jawPeriod: 13,
  jawShift: 8,
  teethPeriod: 8,
  teethShift: 5,
  lipsPeriod: 5,
  lipsShift: 3,
  maMethod: "SMMA",
} as const;

/** A valid bar in integer points around 1.1000: low <= open, close <= high; a tick volume. */
const barArb = fc
  .record({
    mid: fc.integer({ min: 100_000, max: 120_000 }),
    up: fc.integer({ min: 0, max: 300 }),
    down: fc.integer({ min: 0, max: 300 }),
    o: fc.double({ min: 0, max: 1, noNaN: true }),
    c: fc.double({ min: 0, max: 1, noNaN: true }),
    v: fc.integer({ min: 0, max: 5000 }),
  })
  .map(({ mid, up, down, o, c, v }) => {
    const high = mid + up;
    const low = mid - down;
    const at = (f: number) => Math.round(low + f * (high - low)) / 100_000;
    return { open: at(o), high: high / 100_000, low: low / 100_000, close: at(c), volume: v };
  });

type Bar = { open: number; high: number; low: number; close: number; volume: number };

function toBars(rows: readonly Bar[]): Bars {
  return {
    open: Float64Array.from(rows, (r) => r.open),
    high: Float64Array.from(rows, (r) => r.high),
    low: Float64Array.from(rows, (r) => r.low),
    close: Float64Array.from(rows, (r) => r.close),
    volume: Float64Array.from(rows, (r) => r.volume),
  };
}

describe.each(CASES)("indicator contract: $name", ({ run, sparse }) => {
  it.skipIf(sparse === true)("keeps the length and is NaN exactly on the warm-up prefix", () => {
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
