/**
 * Issue 14: an indicator on a higher timeframe reads the last CLOSED higher bar as the EA's CopyBuffer
 * does at the first tick of a new strategy bar (spec-indicators.ts, "HIGHER TIMEFRAME").
 */
import { describe, expect, it } from "vitest";
import { BarsBuilder } from "../market/bars";
import { IndicatorSchema, parseSpec } from "../strategy/spec";
import { indicatorSeries } from "./indicator-series";
import { constant, indicator } from "./scenario.fixture";

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

  it("a timeframe shorter than the strategy's, or not a multiple of it, is refused with a clear message", () => {
    const spec = (timeframe: string) =>
      parseSpec({
        specVersion: 1,
        timeframe: "H4",
        indicators: [{ id: "e", kind: "EMA", period: 5, timeframe }],
        entry: { long: { all: [{ type: "greaterThan", left: indicator("e"), right: constant(1) }] } },
      });
    expect(spec("D1").ok).toBe(true);
    for (const tf of ["H1", "H6"]) {
      const r = spec(tf);
      expect(r.ok).toBe(false);
      expect(JSON.stringify(r)).toContain(
        `timeframe ${tf} must be longer than the strategy's H4 and a whole multiple of it`,
      );
    }
  });
});
