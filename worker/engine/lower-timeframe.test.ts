/**
 * Issue 15: an indicator or a price read on a timeframe SHORTER than the strategy's ("the M15 SMA(5)" on an
 * H1 chart) reads the last closed lower bar inside the strategy bar that just closed, as the EA's
 * CopyBuffer/iClose at index 1 does at the first tick of the next bar (spec-indicators.ts, LOWER TIMEFRAME).
 */
import { describe, expect, it } from "vitest";
import { aggregate } from "../market/aggregate";
import { BarsBuilder } from "../market/bars";
import { IndicatorSchema, lowerTimeframes, parseSpec } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { higherPriceSeries, indicatorSeries } from "./indicator-series";
import {
  barsOf,
  constant,
  indicator,
  MINUTE,
  MONDAY,
  type Ohlc,
  settingsOf,
  specOf,
} from "./scenario.fixture";
import { EngineError } from "./types";

const M15 = 15 * MINUTE;
/** M15 bars at the given quarter-hour slots from Monday 00:00, close = the slot number + 1. */
function m15(slots: number[]) {
  const b = new BarsBuilder(slots.length);
  for (const k of slots) b.push(MONDAY + k * M15, k + 1, k + 1.5, k + 0.5, k + 1, 10, 0);
  return b.finish();
}

describe("lower-timeframe series", () => {
  const quarters = m15(Array.from({ length: 12 }, (_, k) => k));
  const hours = aggregate(quarters, "M15", "H1");
  const finer = () => quarters;

  it("M15 SMA(1) on H1: shift 0 is the H1 bar's last M15 bar (its :45), shift 1 the :30 one", () => {
    const ind = IndicatorSchema.parse({ id: "s", kind: "SMA", period: 1, timeframe: "M15" });
    const s = indicatorSeries(ind, hours, "H1", undefined, [], finer);
    expect(Array.from(s.lines.main)).toEqual([4, 8, 12]);
    expect(Array.from(s.shifted?.("main", 1) ?? [])).toEqual([3, 7, 11]);
    // A period of 2 averages the bar's last two quarters: (3 + 4) / 2 for the first hour.
    const two = IndicatorSchema.parse({ id: "t", kind: "SMA", period: 2, timeframe: "M15" });
    expect(indicatorSeries(two, hours, "H1", undefined, [], finer).lines.main[0]).toBe(3.5);
  });

  it("a missing last quarter: shift 0 is the last M15 bar the hour has", () => {
    const gappy = m15([0, 1, 2, 4, 5, 6, 7]);
    const h = aggregate(gappy, "M15", "H1");
    const open = higherPriceSeries(h, "H1", "M15", "OPEN", 0, () => gappy);
    expect(Array.from(open)).toEqual([3, 8]);
  });

  it("without the lower bars the engine says which are missing instead of reading the chart's", () => {
    const ind = IndicatorSchema.parse({ id: "s", kind: "SMA", period: 1, timeframe: "M15" });
    expect(() => indicatorSeries(ind, hours, "H1")).toThrow(/M15 bars are needed/);
  });
});

describe("a spec reading a lower timeframe", () => {
  const rule = (timeframe?: "M5") =>
    specOf({
      specVersion: 2,
      timeframe: "M15",
      direction: "long",
      entry: {
        long: {
          all: [
            {
              type: "greaterThan",
              left: { type: "price", field: "CLOSE", shift: 1, ...(timeframe ? { timeframe } : {}) },
              right: constant(1.15),
            },
          ],
        },
      },
      sizing: { type: "fixed", lots: 1 },
    });
  // 45 flat M1 bars; only minute 9 (the last of the 00:05 M5 bar) closes at 1.2.
  const rows: Ohlc[] = Array.from({ length: 45 }, (_, i) =>
    i === 9 ? [1.1, 1.2, 1.1, 1.2] : [1.1, 1.1, 1.1, 1.1],
  );
  const bars = barsOf(rows);

  it("'the M5 close one bar back' on M15 enters at 00:15, after the 00:05 M5 bar closed above the level", () => {
    const r = runBacktest(rule("M5"), { bars, period: "M1" }, settingsOf(bars));
    expect(r.trades.map((t) => t.entryTime)).toEqual([MONDAY + 15 * MINUTE]);
    // The same rule on the chart's own bars never fires: the timeframe is not ignored.
    expect(runBacktest(rule(), { bars, period: "M1" }, settingsOf(bars)).trades).toHaveLength(0);
  });

  it("data coarser than the lower timeframe is refused with the period it needs", () => {
    const coarse = aggregate(bars, "M1", "M15");
    const run = () =>
      runBacktest(
        rule("M5"),
        { bars: coarse, period: "M15" },
        { ...settingsOf(coarse), period: "M15", model: 3 },
      );
    expect(run).toThrow(EngineError);
    expect(run).toThrow(/reads M5 bars, which cannot be built from the M15 data/);
  });

  it("lists the lower timeframes of indicators and prices, not the chart's or higher ones", () => {
    const spec = specOf({
      specVersion: 2,
      timeframe: "H1",
      indicators: [
        { id: "a", kind: "EMA", period: 10, timeframe: "M30" },
        { id: "b", kind: "SMA", period: 5, timeframe: "H4" },
      ],
      entry: {
        long: {
          all: [
            { type: "greaterThan", left: indicator("a"), right: indicator("b") },
            {
              type: "greaterThan",
              left: { type: "price", field: "CLOSE", timeframe: "M15" },
              right: constant(1),
            },
          ],
        },
      },
    });
    expect(lowerTimeframes(spec)).toEqual(["M15", "M30"]);
  });

  it("a lower timeframe must divide the strategy's; one that does is accepted", () => {
    const parse = (timeframe: string) =>
      parseSpec({
        specVersion: 2,
        timeframe: "H4",
        indicators: [{ id: "e", kind: "EMA", period: 5, timeframe }],
        entry: { long: { all: [{ type: "greaterThan", left: indicator("e"), right: constant(1) }] } },
      });
    for (const tf of ["M15", "M20", "H1", "H2"]) expect(parse(tf).ok).toBe(true);
    const r = parse("H3");
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).toContain("timeframe H3 must divide the strategy's H4");
  });
});
