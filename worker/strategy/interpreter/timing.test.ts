import { describe, expect, it } from "vitest";
import { emptyFacts } from "./facts";
import { normalize } from "./normalize";
import { extractTiming } from "./timing";

describe("timing phrases", () => {
  function timing(text: string) {
    const f = emptyFacts();
    extractTiming(normalize(text), f);
    return { tf: f.timeframe, s: f.sessions, h: f.hours, w: f.weekdays, max: f.maxPositions };
  }
  it.each([
    ["on the 4 hour chart", "H4"],
    ["H1", "H1"],
    ["daily", "D1"],
    ["15-minute", "M15"],
    ["weekly chart", "W1"],
    ["the 1h", "H1"],
    ["monthly", "MN1"],
    // A level of the day or week is no chart: the chart named elsewhere stands.
    ["when the weekly high and the daily low are 80 pips apart, on the 30 minute chart", "M30"],
    ["the daily range must exceed 40 pips", null],
  ])("timeframe %s → %s", (text, tf) => {
    expect(timing(text).tf).toBe(tf);
  });

  it("does not read a 200 day MA as a daily chart", () => {
    expect(timing("the 200 day ma").tf).toBeNull();
  });

  it("reads sessions, overlap, hours, weekdays and limits", () => {
    expect(timing("only trade london").s).toEqual(["london"]);
    expect(timing("during the new york session").s).toEqual(["newyork"]);
    expect(timing("tokyo session").s).toEqual(["asia"]);
    expect(timing("the london/new york overlap").h).toEqual({ from: 12, to: 16 });
    expect(timing("between 22:00 and 6:00 utc").h).toEqual({ from: 22, to: 6, zone: "UTC" });
    expect(timing("between 22:00 and 6:00").h).toEqual({ from: 22, to: 6 });
    expect(timing("no trading on fridays").w).toEqual([1, 2, 3, 4]);
    expect(timing("friday to monday").w).toEqual([5, 6, 7, 1]);
    expect(timing("max 3 positions").max).toBe(3);
  });

  it.each([
    ["only trade 08:00-12:00 london time", { from: 8, to: 12, zone: "Europe/London" }],
    ["from 9am to 11am est", { from: 9, to: 11, zone: "America/New_York" }],
    ["trade 9:00-16:00 (new york time)", { from: 9, to: 16, zone: "America/New_York" }],
    ["entries 7-15 gmt", { from: 7, to: 15, zone: "UTC" }],
    ["only trade 07:00-17:00 server time", { from: 7, to: 17 }],
    ["between 8 and 16 broker time", { from: 8, to: 16 }],
  ])("hours with their zone: %s", (text, hours) => {
    expect(timing(text).h).toEqual(hours);
  });

  it("does not read an RSI range as trading hours", () => {
    expect(timing("rsi between 30 and 70").h).toBeNull();
  });
});
