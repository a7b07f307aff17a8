/**
 * The v2 price constructs (worker/strategy/spec-price.ts) on hand-made bars, each expected value worked
 * out by hand from the definitions written there (warm-up included: no value is NaN).
 */
import { describe, expect, it } from "vitest";
import type { Bars } from "../market/types";
import { constructSeries, expressionSeries, patternMask } from "./price-constructs";
import { barsOf, HOUR, MONDAY, type Ohlc, specOf } from "./scenario.fixture";
import { compileStrategy } from "./signals";

const list = (a: Float64Array) => Array.from(a, (x) => (Number.isNaN(x) ? null : Number(x.toFixed(6))));
const EURUSD = { point: 0.00001, pip: 0.0001 };

describe("extreme: highest high / lowest low of N bars", () => {
  const bars = barsOf([
    [1, 3, 0.5, 2],
    [2, 5, 1.5, 4],
    [4, 4.5, 1, 3],
    [3, 3.5, 2, 3],
    [3, 6, 2.5, 5],
  ]);
  it("includes the bar read and has no value before N bars exist", () => {
    expect(
      list(constructSeries({ type: "extreme", side: "highest", bars: 3, shift: 0 }, bars, 60_000)),
    ).toEqual([null, null, 5, 5, 6]);
    expect(
      list(constructSeries({ type: "extreme", side: "lowest", bars: 2, shift: 0 }, bars, 60_000)),
    ).toEqual([null, 0.5, 1, 1, 2]);
  });
});

describe("previousPeriod: the previous day's and week's OHLC", () => {
  // H6 bars over Mon 6 Jan 2020 (4 bars), Tue (4 bars), Wed (1 bar).
  const rows: Ohlc[] = [
    [10, 12, 9, 11],
    [11, 13, 10, 12],
    [12, 12.5, 8, 9],
    [9, 10, 8.5, 9.5],
    [9.5, 11, 9, 10],
    [10, 14, 9.8, 13],
    [13, 13.2, 12, 12.5],
    [12.5, 12.6, 7, 8],
    [8, 9, 7.5, 8.5],
  ];
  const bars = barsOf(rows, MONDAY, 6 * HOUR);
  const day = (field: "OPEN" | "HIGH" | "LOW" | "CLOSE", back = 1) =>
    list(constructSeries({ type: "previousPeriod", period: "day", field, back, shift: 0 }, bars, 6 * HOUR));
  it("back 0 is the day so far: its closed bars up to the bar read; none once the bar closes the day", () => {
    // Bars 0-2 close inside Monday; bar 3 closes at Tuesday 00:00, when no Tuesday bar has closed.
    expect(day("HIGH", 0)).toEqual([12, 13, 13, null, 11, 14, 14, null, 9]);
    expect(day("LOW", 0)).toEqual([9, 9, 8, null, 9, 9, 9, null, 7.5]);
    expect(day("OPEN", 0)).toEqual([10, 10, 10, null, 9.5, 9.5, 9.5, null, 8]);
    expect(day("CLOSE", 0)).toEqual([11, 12, 9, null, 10, 13, 12.5, null, 8.5]);
  });

  it("is Monday's once Monday's last bar has closed (its close time is Tuesday), then Tuesday's", () => {
    // Bars 0-2 close on Monday: no previous day in the data. Bar 3 closes at Tuesday 00:00.
    expect(day("HIGH")).toEqual([null, null, null, 13, 13, 13, 13, 14, 14]);
    expect(day("LOW")).toEqual([null, null, null, 8, 8, 8, 8, 7, 7]);
    expect(day("OPEN")).toEqual([null, null, null, 10, 10, 10, 10, 9.5, 9.5]);
    expect(day("CLOSE")).toEqual([null, null, null, 9.5, 9.5, 9.5, 9.5, 8, 8]);
    expect(day("HIGH", 2)).toEqual([null, null, null, null, null, null, null, 13, 13]);
  });
  it("weeks start on Sunday: Monday to Wednesday are one week with no week before it", () => {
    const week = constructSeries(
      { type: "previousPeriod", period: "week", field: "HIGH", back: 1, shift: 0 },
      bars,
      6 * HOUR,
    );
    expect(list(week).every((x) => x === null)).toBe(true);
    // A bar of Sunday 12 Jan opens the next week: the week before is Monday to Wednesday.
    const next = barsOf([...rows, [8, 8.2, 7.9, 8.1]], MONDAY, 6 * HOUR);
    const t = Float64Array.from(next.time);
    t[9] = Date.UTC(2020, 0, 12, 22);
    const withSunday: Bars = { ...next, time: t };
    const weekly = constructSeries(
      { type: "previousPeriod", period: "week", field: "HIGH", back: 1, shift: 0 },
      withSunday,
      6 * HOUR,
    );
    expect(list(weekly).slice(8)).toEqual([null, 14]);
  });
});

describe("timeWindow: the high/low of a session range", () => {
  // H1 bars from Monday 00:00 to 09:00: the 00:00-03:00 window holds bars 0, 1, 2.
  const bars = barsOf(
    [
      [1, 2, 0.5, 1.5],
      [1.5, 4, 1, 3],
      [3, 3.5, 0.8, 2],
      [2, 9, 0.1, 5],
      [5, 6, 4, 5],
    ],
    MONDAY,
    HOUR,
  );
  const window = (from: string, to: string, side: "high" | "low") =>
    list(constructSeries({ type: "timeWindow", from, to, side, shift: 0 }, bars, HOUR));
  it("is known from the close of the window's last bar, and holds until the next window ends", () => {
    // The window ends at 03:00, the close time of bar 2. Before that: Sunday's window, without bars.
    expect(window("00:00", "03:00", "high")).toEqual([null, null, 4, 4, 4]);
    expect(window("00:00", "03:00", "low")).toEqual([null, null, 0.5, 0.5, 0.5]);
  });
  it("a window past midnight ends on the day named (22:00-01:00: Sunday's bars none, Monday 00:00 one)", () => {
    expect(window("22:00", "01:00", "high")).toEqual([2, 2, 2, 2, 2]);
  });
});

describe("candle measures and patterns", () => {
  const bars = barsOf([
    [10, 12, 9, 11], // bullish, body 1, range 3, upper 1, lower 1
    [11.5, 11.6, 8, 11.2], // bearish pin: body 0.3... lower wick 3.2 of 3.6 = bullish pin bar
    [11.3, 11.4, 9, 9.2], // bearish, not inside (low 9 > 8, high 11.4 < 11.6: inside)
    [9, 11.5, 8.9, 11.4], // bullish engulfing of bar 2 (open 9 <= 9.2, close 11.4 >= 11.3)
    [11, 11.1, 10.9, 11], // doji: neither bullish nor bearish; inside bar of bar 3
  ]);
  it("body, range and wicks", () => {
    const m = (measure: "body" | "range" | "upperWick" | "lowerWick") =>
      list(constructSeries({ type: "candle", measure, shift: 0 }, bars, 60_000));
    expect(m("body")).toEqual([1, 0.3, 2.1, 2.4, 0]);
    expect(m("range")).toEqual([3, 3.6, 2.4, 2.6, 0.2]);
    expect(m("upperWick")).toEqual([1, 0.1, 0.1, 0.1, 0.1]);
    expect(m("lowerWick")).toEqual([1, 3.2, 0.2, 0.1, 0.1]);
  });
  it("patterns as defined in spec-price.ts", () => {
    const p = (name: Parameters<typeof patternMask>[0]) => Array.from(patternMask(name, bars));
    expect(p("bullish")).toEqual([1, 0, 0, 1, 0]);
    expect(p("bearish")).toEqual([0, 1, 1, 0, 0]);
    // Bar 1: min(O, C) - L = 3.2 >= 2/3 x 3.6 = 2.4. Bar 4: 0.1 < 2/3 x 0.2.
    expect(p("bullishPinBar")).toEqual([0, 1, 0, 0, 0]);
    expect(p("bearishPinBar")).toEqual([0, 0, 0, 0, 0]);
    expect(p("insideBar")).toEqual([0, 0, 1, 0, 1]);
    expect(p("bullishEngulfing")).toEqual([0, 0, 0, 1, 0]);
    expect(p("bearishEngulfing")).toEqual([0, 0, 0, 0, 0]);
    // Bar 3: high 11.5 > 11.4 and low 8.9 < 9. Doji: bar 1's body 0.3 is a tenth of 3.6 at most, bar 4 has none.
    expect(p("outsideBar")).toEqual([0, 0, 0, 1, 0]);
    expect(p("doji")).toEqual([0, 1, 0, 0, 1]);
  });
});

describe("expressions: a + k x b + offset", () => {
  it("adds k x b at each part's shift, then the offset in pips, points or percent of a", () => {
    const a = Float64Array.of(1.1, 1.2, 1.3);
    const b = { values: Float64Array.of(0.01, 0.02, 0.03), shift: 1 };
    expect(list(expressionSeries(a, 0, 1.5, b, undefined, EURUSD))).toEqual([null, 1.215, 1.33]);
    expect(list(expressionSeries(a, 0, 1, null, { value: -2, unit: "pips" }, EURUSD))).toEqual([
      1.0998, 1.1998, 1.2998,
    ]);
    expect(list(expressionSeries(a, 1, 1, null, { value: 5, unit: "points" }, EURUSD))).toEqual([
      null,
      1.10005,
      1.20005,
    ]);
    expect(list(expressionSeries(a, 0, 1, null, { value: 10, unit: "percent" }, EURUSD))).toEqual([
      1.21, 1.32, 1.43,
    ]);
  });

  it("'close crosses above the previous bar's high + 5 pips' fires where it does by hand", () => {
    const spec = specOf({
      specVersion: 2,
      timeframe: "M1",
      entry: {
        long: {
          all: [
            {
              type: "crossesAbove",
              left: { type: "price", field: "CLOSE" },
              right: {
                type: "expression",
                a: { type: "price", field: "HIGH", shift: 1 },
                offset: { value: 5, unit: "pips" },
              },
            },
          ],
        },
      },
    });
    const bars = barsOf([
      [1.1, 1.101, 1.099, 1.1],
      [1.1, 1.102, 1.0995, 1.1014], // 1.1014 < 1.1010 + 0.0005
      [1.1014, 1.104, 1.1, 1.103], // 1.1030 > 1.1020 + 0.0005, and before 1.1014 <= 1.1010 + 0.0005
      [1.103, 1.105, 1.1, 1.105], // 1.1050 > 1.1045 but already above before: no cross
    ]);
    const s = compileStrategy(spec, bars, EURUSD);
    expect([0, 1, 2, 3].map((c) => s.entryLong?.(c) === true)).toEqual([false, false, true, false]);
    expect(() => compileStrategy(spec, bars)).toThrow(/needs the symbol's point/);
  });
});

describe("swing: the latest confirmed swing low / high (MT5's Fractals)", () => {
  // Lows with a swing low at bar 2 (3), a bar 5 tied with a LATER bar (not one) and a bar 7 tied with an
  // EARLIER bar (one); the highs are their mirror image, 20 - low.
  const lows = [5, 4, 3, 4, 5, 2.5, 6, 2.5, 4, 5, 4];
  const bars = barsOf(lows.map((l): Ohlc => [l, 20 - l, l, l]));
  const swing = (side: "low" | "high", strength: number) =>
    list(constructSeries({ type: "swing", side, strength, shift: 0 }, bars, 60_000));
  it("is known two bars after the swing bar and kept until the next one", () => {
    expect(swing("low", 2)).toEqual([null, null, null, null, 3, 3, 3, 3, 3, 2.5, 2.5]);
    expect(swing("high", 2)).toEqual([null, null, null, null, 17, 17, 17, 17, 17, 17.5, 17.5]);
  });
  it("with one bar each side, bar 5 (below both neighbours) is a swing", () => {
    expect(swing("low", 1)).toEqual([null, null, null, 3, 3, 3, 2.5, 2.5, 2.5, 2.5, 2.5]);
  });
});
