import { describe, expect, it } from "vitest";
import { EDGE_BARS, edgesNear, INITIAL_DAYS, initialWindow, weekStart, weekToLoad } from "./chart-window";

const utc = (s: string) => Date.parse(`${s}Z`) / 1000;
const iso = (t: number) => new Date(t * 1000).toISOString().slice(0, 19);

describe("initialWindow", () => {
  it("runs from the backtest start to the end of the day 14 days later", () => {
    expect(INITIAL_DAYS).toBe(14);
    const w = initialWindow(utc("2024-01-01T00:00:00"), utc("2024-12-31T00:00:00"));
    expect(w && iso(w.from)).toBe("2024-01-01T00:00:00");
    expect(w && iso(w.to)).toBe("2024-01-15T23:59:59");
  });
  it("ends at the end of the day 14 days after a mid-day start", () => {
    const w = initialWindow(utc("2024-01-03T15:00:00"), utc("2024-12-31T00:00:00"));
    expect(w && iso(w.from)).toBe("2024-01-03T15:00:00");
    expect(w && iso(w.to)).toBe("2024-01-17T23:59:59");
  });
  it("ends at the end of the day even from a start one second before midnight", () => {
    const w = initialWindow(utc("2024-01-01T23:59:59"), utc("2024-12-31T00:00:00"));
    expect(w && iso(w.to)).toBe("2024-01-15T23:59:59");
  });
  it("is clamped to the backtest end", () => {
    const end = utc("2024-01-05T00:00:00");
    expect(initialWindow(utc("2024-01-01T00:00:00"), end)?.to).toBe(end);
    expect(initialWindow(end + 1, end)).toBeNull();
  });
});

describe("weekStart", () => {
  it("is Sunday 00:00 UTC", () => {
    expect(iso(weekStart(utc("2024-01-17T13:00:00")))).toBe("2024-01-14T00:00:00");
    expect(iso(weekStart(utc("2024-01-14T00:00:00")))).toBe("2024-01-14T00:00:00");
    expect(iso(weekStart(utc("2024-01-13T23:59:59")))).toBe("2024-01-07T00:00:00");
  });
});

describe("edgesNear", () => {
  it("triggers within 20 bars of either end", () => {
    expect(EDGE_BARS).toBe(20);
    expect(edgesNear({ from: 50, to: 100 }, 200)).toEqual([]);
    expect(edgesNear({ from: 19.5, to: 100 }, 200)).toEqual(["before"]);
    expect(edgesNear({ from: 20, to: 179 }, 200)).toEqual([]);
    expect(edgesNear({ from: 20, to: 179.5 }, 200)).toEqual(["after"]);
    expect(edgesNear({ from: 0, to: 30 }, 30)).toEqual(["before", "after"]);
    expect(edgesNear({ from: 0, to: 30 }, 0)).toEqual([]);
  });
});

describe("weekToLoad", () => {
  const backtest = { from: utc("2024-01-01T00:00:00"), to: utc("2024-03-31T23:59:59") };

  it("loads through the end of the week 7 days after the loaded end", () => {
    // The first window from Jan 1 (to Monday Jan 15): 7 days later is in the week Jan 21 .. Sat Jan 27.
    const loaded = initialWindow(backtest.from, backtest.to);
    expect(loaded && iso(loaded.to)).toBe("2024-01-15T23:59:59");
    const next = loaded && weekToLoad("after", loaded, backtest);
    expect(next && [iso(next.from), iso(next.to)]).toEqual(["2024-01-16T00:00:00", "2024-01-27T23:59:59"]);
  });

  it("loads the week 7 days before the loaded start, up to it", () => {
    const loaded = { from: utc("2024-02-07T00:00:00"), to: utc("2024-02-20T23:59:59") }; // a Wednesday
    const prev = weekToLoad("before", loaded, backtest);
    // 7 days before is Wed Jan 31, whose week starts Sunday Jan 28.
    expect(prev && [iso(prev.from), iso(prev.to)]).toEqual(["2024-01-28T00:00:00", "2024-02-06T23:59:59"]);
  });

  it("is clamped to the backtest and stops at its ends", () => {
    const loaded = { from: utc("2024-01-03T00:00:00"), to: utc("2024-03-28T23:59:59") };
    const prev = weekToLoad("before", loaded, backtest);
    expect(prev && [iso(prev.from), iso(prev.to)]).toEqual(["2024-01-01T00:00:00", "2024-01-02T23:59:59"]);
    const next = weekToLoad("after", loaded, backtest);
    expect(next && [iso(next.from), iso(next.to)]).toEqual(["2024-03-29T00:00:00", "2024-03-31T23:59:59"]);
    expect(weekToLoad("before", backtest, backtest)).toBeNull();
    expect(weekToLoad("after", backtest, backtest)).toBeNull();
  });
});
