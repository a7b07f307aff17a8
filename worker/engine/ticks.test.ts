import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "./rng";
import { generateTicks, MAX_TICKS_PER_BAR, ohlcTicks, tickCount, UNKNOWN_VOLUME_TICKS } from "./ticks";

const POINT = 0.00001;
const T0 = Date.UTC(2024, 0, 2, 10, 0);

type Tick = [time: number, bid: number];

function every(
  o: number,
  h: number,
  l: number,
  c: number,
  volume: number,
  prevBullish = true,
  seed = 1,
  point = POINT,
): { ticks: Tick[]; bullish: boolean } {
  const ticks: Tick[] = [];
  const bullish = generateTicks(o, h, l, c, volume, T0, prevBullish, point, mulberry32(seed), (t, p) =>
    ticks.push([t, p]),
  );
  return { ticks, bullish };
}

const prices = (ticks: Tick[]) => ticks.map(([, p]) => p);

/**
 * True when `sequence` occurs in order (not necessarily adjacent) in `xs`. The Open tick counts:
 * a bar that opens at its first extreme has visited it (the missing shadow).
 */
function visitsInOrder(xs: number[], sequence: number[]): boolean {
  let at = 0;
  for (const target of sequence) {
    while (at < xs.length && xs[at] !== target) at++;
    if (at === xs.length) return false;
    at++;
  }
  return true;
}

describe("generateTicks (MT5 every tick from M1)", () => {
  it("volume 1 is one tick at Close, volume 2 is Open then Close", () => {
    expect(every(1.1002, 1.101, 1.1, 1.1008, 1).ticks).toEqual([[T0, 1.1008]]);
    expect(every(1.1002, 1.101, 1.1, 1.1008, 2).ticks).toEqual([
      [T0, 1.1002],
      [T0 + 30_000, 1.1008],
    ]);
  });

  it("volume 12 is Open plus the ideal 3-5-3 points of a bull bar (hand-checked)", () => {
    // O 1.10020, L 1.10000, H 1.10100, C 1.10080: shadow O->L in 3 steps, range L->H in 5,
    // shadow H->C in 3 (-20/3 points rounds to -7, -40/3 to -13).
    const { ticks, bullish } = every(1.1002, 1.101, 1.1, 1.1008, 12);
    expect(bullish).toBe(true);
    expect(prices(ticks)).toEqual([
      1.1002, 1.10013, 1.10007, 1.1, 1.1002, 1.1004, 1.1006, 1.1008, 1.101, 1.10093, 1.10087, 1.1008,
    ]);
  });

  it("a bear bar goes Open -> High -> Low -> Close", () => {
    const xs = prices(every(1.1008, 1.101, 1.1, 1.1002, 40).ticks);
    expect(visitsInOrder(xs, [1.101, 1.1, 1.1002])).toBe(true);
    expect(xs.indexOf(1.101)).toBeLessThan(xs.indexOf(1.1));
  });

  it("a doji takes the direction opposite to the previous bar", () => {
    const afterBull = every(1.1005, 1.101, 1.1, 1.1005, 20, true);
    expect(afterBull.bullish).toBe(false);
    const xs = prices(afterBull.ticks);
    expect(xs.indexOf(1.101)).toBeLessThan(xs.indexOf(1.1));
    const afterBear = every(1.1005, 1.101, 1.1, 1.1005, 20, false);
    expect(afterBear.bullish).toBe(true);
    const ys = prices(afterBear.ticks);
    expect(ys.indexOf(1.1)).toBeLessThan(ys.indexOf(1.101));
  });

  it("a missing open shadow gives its points to the range (Open = Low, bull, volume 12)", () => {
    // 11 points: 0-8-3. Range 1.10000 -> 1.10100 in 8 steps of 12.5 points.
    const xs = prices(every(1.1, 1.101, 1.1, 1.1008, 12).ticks);
    expect(xs.slice(0, 10)).toEqual([
      1.1, 1.10013, 1.10025, 1.10038, 1.1005, 1.10063, 1.10075, 1.10088, 1.101, 1.10093,
    ]);
  });

  it("fills linearly where the distance allows: strictly monotonic between the extremes", () => {
    const xs = prices(every(1.102, 1.11, 1.1, 1.108, 60).ticks);
    const from = xs.indexOf(1.1);
    const to = xs.indexOf(1.11);
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from + 10);
    for (let i = from + 1; i <= to; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1]);
  });

  it("saws when the bar is too narrow for linear fill, staying inside it", () => {
    const { ticks } = every(1.10001, 1.10002, 1.1, 1.10001, 50);
    const xs = prices(ticks);
    expect(xs).toHaveLength(50);
    expect(xs.every((p) => p >= 1.1 && p <= 1.10002)).toBe(true);
    expect(visitsInOrder(xs, [1.1, 1.10002, 1.10001])).toBe(true);
  });

  it("volume 3 keeps the extreme with the longer shadow", () => {
    expect(prices(every(1.1002, 1.1003, 1.1, 1.1002, 3).ticks)).toEqual([1.1002, 1.1, 1.1002]);
    expect(prices(every(1.1001, 1.1009, 1.1, 1.1002, 3).ticks)).toEqual([1.1001, 1.1009, 1.1002]);
  });

  it("a flat bar repeats its price", () => {
    expect(prices(every(1.1, 1.1, 1.1, 1.1, 5).ticks)).toEqual([1.1, 1.1, 1.1, 1.1, 1.1]);
  });

  it(`caps a bar at ${MAX_TICKS_PER_BAR} ticks`, () => {
    expect(every(1.1002, 1.101, 1.1, 1.1008, 1_000_000).ticks).toHaveLength(MAX_TICKS_PER_BAR);
  });

  it("a bar without tick volume (FXCM, Lean files) still visits open, both extremes and close", () => {
    // Modelled as one tick at Close, a stop at the Low would never be touched: the data has no volume,
    // not a bar of one tick.
    const missing = every(1.1002, 1.101, 1.1, 1.1008, 0);
    expect(missing.ticks).toHaveLength(UNKNOWN_VOLUME_TICKS);
    expect(missing.ticks).toEqual(every(1.1002, 1.101, 1.1, 1.1008, UNKNOWN_VOLUME_TICKS).ticks);
    const xs = prices(missing.ticks);
    expect(xs[0]).toBe(1.1002);
    expect(xs.at(-1)).toBe(1.1008);
    expect(xs).toContain(1.1);
    expect(xs).toContain(1.101);
    expect(tickCount(Number.NaN)).toBe(UNKNOWN_VOLUME_TICKS);
    expect(tickCount(2.7)).toBe(2);
  });

  it("the same seed gives the same ticks; another seed may place the fill differently", () => {
    const a = every(1.1002, 1.1011, 1.0999, 1.1008, 150, true, 7).ticks;
    const b = every(1.1002, 1.1011, 1.0999, 1.1008, 150, true, 7).ticks;
    expect(b).toEqual(a);
    const others = [8, 9, 10, 11].map((s) => every(1.1002, 1.1011, 1.0999, 1.1008, 150, true, s).ticks);
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
  });

  // A valid bar in integer points (5, 3 or 2 digits): low <= open, close <= high.
  const barArb = fc
    .record({
      digits: fc.constantFrom(5, 3, 2),
      low: fc.integer({ min: 90_000, max: 150_000 }),
      range: fc.integer({ min: 0, max: 400 }),
      o: fc.double({ min: 0, max: 1, noNaN: true }),
      c: fc.double({ min: 0, max: 1, noNaN: true }),
      volume: fc.integer({ min: 1, max: 400 }),
      prevBullish: fc.boolean(),
      seed: fc.integer(),
    })
    .map(({ digits, low, range, o, c, ...rest }) => {
      const scale = 10 ** digits;
      return {
        point: 1 / scale,
        scale,
        open: Math.round(low + o * range) / scale,
        high: (low + range) / scale,
        low: low / scale,
        close: Math.round(low + c * range) / scale,
        ...rest,
      };
    });

  it("property: count, bounds, grid, time order, Open first, extremes in order, Close last", () => {
    fc.assert(
      fc.property(barArb, (bar) => {
        const { ticks, bullish } = every(
          bar.open,
          bar.high,
          bar.low,
          bar.close,
          bar.volume,
          bar.prevBullish,
          bar.seed,
          bar.point,
        );
        const xs = prices(ticks);
        expect(ticks).toHaveLength(Math.min(bar.volume, MAX_TICKS_PER_BAR));
        expect(bullish).toBe(bar.close > bar.open || (bar.close === bar.open && !bar.prevBullish));
        expect(xs[xs.length - 1]).toBe(bar.close);
        if (bar.volume >= 2) expect(xs[0]).toBe(bar.open);
        // One assertion per property (naming the first offending tick), not one per tick: a per-tick expect
        // makes 500 runs of up to 256 ticks slow enough to time out on a loaded machine.
        expect(xs.findIndex((p) => p < bar.low || p > bar.high)).toBe(-1);
        expect(xs.findIndex((p) => Math.abs(p * bar.scale - Math.round(p * bar.scale)) >= 1e-6)).toBe(-1);
        expect(ticks[0][0]).toBe(T0);
        expect(ticks.findIndex((t, i) => i > 0 && t[0] <= ticks[i - 1][0])).toBe(-1);
        expect(ticks[ticks.length - 1][0]).toBeLessThan(T0 + 60_000);
        if (bar.volume >= 4) {
          const [first, second] = bullish ? [bar.low, bar.high] : [bar.high, bar.low];
          // Close is the last tick (checked above); with no close shadow it is the second extreme.
          expect(visitsInOrder(xs, [first, second])).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("property: deterministic for a seed", () => {
    fc.assert(
      fc.property(barArb, (bar) => {
        const run = () =>
          every(bar.open, bar.high, bar.low, bar.close, bar.volume, bar.prevBullish, bar.seed, bar.point)
            .ticks;
        expect(run()).toEqual(run());
      }),
      { numRuns: 200 },
    );
  });
});

describe("ohlcTicks (MT5 1 minute OHLC)", () => {
  const run = (o: number, h: number, l: number, c: number, prevBullish: boolean) => {
    const ticks: Tick[] = [];
    const bullish = ohlcTicks(o, h, l, c, T0, prevBullish, (t, p) => ticks.push([t, p]));
    return { ticks, bullish };
  };

  it("bull: Open, Low, High, Close; bear: Open, High, Low, Close", () => {
    expect(run(1.2, 1.3, 1.1, 1.25, false)).toEqual({
      bullish: true,
      ticks: [
        [T0, 1.2],
        [T0 + 15_000, 1.1],
        [T0 + 30_000, 1.3],
        [T0 + 45_000, 1.25],
      ],
    });
    expect(prices(run(1.2, 1.3, 1.1, 1.15, true).ticks)).toEqual([1.2, 1.3, 1.1, 1.15]);
  });

  it("a doji reverses the previous direction", () => {
    expect(prices(run(1.2, 1.3, 1.1, 1.2, true).ticks)).toEqual([1.2, 1.3, 1.1, 1.2]);
    expect(prices(run(1.2, 1.3, 1.1, 1.2, false).ticks)).toEqual([1.2, 1.1, 1.3, 1.2]);
  });
});
