/**
 * Issue 14: an indicator on a higher timeframe reads the last CLOSED higher bar as the EA's CopyBuffer
 * does at the first tick of a new strategy bar (spec-indicators.ts, "HIGHER TIMEFRAME").
 */
import { describe, expect, it } from "vitest";
import { BarsBuilder } from "../market/bars";
import { IndicatorSchema, parseSpec } from "../strategy/spec";
import { higherPriceSeries, indicatorSeries } from "./indicator-series";
import { constant, indicator, specOf } from "./scenario.fixture";
import { compileStrategy } from "./signals";

const H = 3_600_000;
/** H1 bars at the given UTC hours from 2024-01-05 (a Friday) on, close = the bar's ordinal + 1. */
function h1(times: number[]) {
  const b = new BarsBuilder(times.length);
  times.forEach((t, i) => {
    b.push(t, i + 1, i + 1.5, i + 0.5, i + 1, 10, 0);
  });
  return b.finish();
}

describe("higher-timeframe indicator series", () => {
  const fri = Date.UTC(2024, 0, 5);
  it("H4 on H1: the 08:00 H4 bar is seen from the bar that closes at 12:00 on, shift 1 is the bar before", () => {
    const bars = h1(Array.from({ length: 16 }, (_, i) => fri + i * H));
    const ind = IndicatorSchema.parse({ id: "e", kind: "SMA", period: 1, timeframe: "H4" });
    const s = indicatorSeries(ind, bars, "H1");
    const main = s.lines.main;
    // H4 closes: bars 0-3 -> close 4, 4-7 -> 8, 8-11 -> 12.
    expect(Array.from(main.subarray(0, 3)).every(Number.isNaN)).toBe(true); // 00:00 H4 still forming
    expect(main[3]).toBe(4); // bar 03:00 closed at 04:00: the 00:00 H4 bar is closed
    expect(main[6]).toBe(4);
    expect(main[7]).toBe(8);
    expect(main[11]).toBe(12);
    const prev = s.shifted?.("main", 1);
    expect(prev?.[11]).toBe(8);
    expect(prev?.[6]).toBeNaN();
  });

  it("D1 on H1 across a weekend: Monday's first bar sees Friday's daily bar (the next bar opens in a new day)", () => {
    const friday = [20, 21].map((h) => fri + h * H);
    const monday = [0, 1].map((h) => fri + 3 * 24 * H + h * H);
    const bars = h1([...friday, ...monday]);
    const ind = IndicatorSchema.parse({ id: "d", kind: "SMA", period: 1, timeframe: "D1" });
    const main = indicatorSeries(ind, bars, "H1").lines.main;
    expect(main[0]).toBeNaN(); // Friday 20:00 closes, Friday 21:00 opens: Friday still forming
    expect(main[1]).toBe(2); // Friday 21:00 closes, the next bar opens Monday: Friday's D1 is closed
    expect(main[3]).toBe(2); // Monday's D1 is still forming
  });

  it("a higher timeframe that is not a multiple of the strategy's is refused with a clear message", () => {
    const spec = (timeframe: string) =>
      parseSpec({
        specVersion: 1,
        timeframe: "H4",
        indicators: [{ id: "e", kind: "EMA", period: 5, timeframe }],
        entry: { long: { all: [{ type: "greaterThan", left: indicator("e"), right: constant(1) }] } },
      });
    expect(spec("D1").ok).toBe(true);
    for (const tf of ["H6"]) {
      const r = spec(tf);
      expect(r.ok).toBe(false);
      expect(JSON.stringify(r)).toContain(
        `timeframe ${tf} must be longer than the strategy's H4 and a whole multiple of it`,
      );
    }
  });
});

describe("a price read on a higher timeframe (the H4 high on H1)", () => {
  const fri = Date.UTC(2024, 0, 5);
  const bars = h1(Array.from({ length: 16 }, (_, i) => fri + i * H));
  const h4High = (shift: number) => ({ type: "price", field: "HIGH", timeframe: "H4", shift }) as const;

  it("reads the last closed H4 bar as a higher-timeframe indicator does, shift 1 the H4 bar before", () => {
    // H4 highs: bars 0-3 -> 4.5, 4-7 -> 8.5, 8-11 -> 12.5.
    expect(
      Array.from(higherPriceSeries(bars, "H1", "H4", "HIGH", 0).subarray(0, 3)).every(Number.isNaN),
    ).toBe(true);
    expect(higherPriceSeries(bars, "H1", "H4", "HIGH", 0)[3]).toBe(4.5);
    expect(higherPriceSeries(bars, "H1", "H4", "HIGH", 0)[7]).toBe(8.5);
    expect(higherPriceSeries(bars, "H1", "H4", "HIGH", 1)[7]).toBe(4.5);
    expect(higherPriceSeries(bars, "H1", "H4", "CLOSE", 0)[11]).toBe(12);
  });

  it("'H4 high above the previous H4 high' holds from the bar that completes the second H4 bar on, not before", () => {
    const spec = specOf({
      specVersion: 2,
      timeframe: "H1",
      entry: { long: { all: [{ type: "greaterThan", left: h4High(0), right: h4High(1) }] } },
    });
    const compiled = compileStrategy(spec, bars);
    const fired = Array.from({ length: bars.length }, (_, c) => compiled.entryLong?.(c) === true);
    expect(fired.indexOf(true)).toBe(7);
    // The same bars read on the chart itself fire from the second bar: the timeframe is not ignored.
    const chart = compileStrategy(
      specOf({
        specVersion: 2,
        timeframe: "H1",
        entry: {
          long: {
            all: [
              {
                type: "greaterThan",
                left: { type: "price", field: "HIGH" },
                right: { type: "price", field: "HIGH", shift: 1 },
              },
            ],
          },
        },
      }),
      bars,
    );
    expect(chart.entryLong?.(1)).toBe(true);
  });

  it("a price timeframe shorter than the strategy's that does not divide it is refused with a clear message", () => {
    const r = parseSpec({
      specVersion: 2,
      timeframe: "H4",
      entry: {
        long: { all: [{ type: "greaterThan", left: { ...h4High(0), timeframe: "H3" }, right: constant(1) }] },
      },
    });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).toContain("timeframe H3 must divide the strategy's H4");
  });
});
