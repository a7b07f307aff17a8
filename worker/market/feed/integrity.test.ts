import { describe, expect, it } from "vitest";
import { ticksOf } from "../test-helpers/bi5";
import { checkTicks, isTradingHour, isWeekendTime, type MonthLog, summarizeMonth } from "./integrity";

const TUE = Date.UTC(2024, 0, 2, 10);
const SAT = Date.UTC(2024, 0, 6, 10);

describe("integrity checks", () => {
  it("drops a lone spike but keeps a jump the market stays at", () => {
    const t = ticksOf(TUE, [
      { ms: 0, bid: 108_000, ask: 108_002 },
      { ms: 10, bid: 108_001, ask: 108_003 },
      { ms: 20, bid: 118_000, ask: 118_002 }, // spike, neighbours agree
      { ms: 30, bid: 108_002, ask: 108_004 },
      { ms: 40, bid: 110_000, ask: 110_002 }, // jump...
      { ms: 50, bid: 110_001, ask: 110_003 }, // ...that stays
      { ms: 60, bid: 110_002, ask: 110_004 },
    ]);
    const r = checkTicks(t);
    expect(r.spikes).toBe(1);
    expect([...r.kept.bid]).toEqual([108_000, 108_001, 108_002, 110_000, 110_001, 110_002]);
  });

  it("drops crossed quotes (ask below bid) and counts them; a locked quote stays", () => {
    const t = ticksOf(TUE, [
      { ms: 0, bid: 108_000, ask: 108_002 },
      { ms: 5, bid: 108_003, ask: 108_001 },
      { ms: 9, bid: 108_001, ask: 108_001 },
    ]);
    const r = checkTicks(t);
    expect(r.crossed).toBe(1);
    expect(r.kept.length).toBe(2);
  });

  it("drops weekend ticks", () => {
    const r = checkTicks(ticksOf(SAT, [{ ms: 0, bid: 1, ask: 2 }]));
    expect(r.weekend).toBe(1);
    expect(r.kept.length).toBe(0);
  });

  it("knows the FX week: Sunday 22:00 to Friday 21:00 UTC", () => {
    expect(isTradingHour(Date.UTC(2024, 0, 7, 22))).toBe(true); // Sunday
    expect(isTradingHour(Date.UTC(2024, 0, 7, 20))).toBe(false);
    expect(isTradingHour(Date.UTC(2024, 0, 5, 20))).toBe(true); // Friday
    expect(isTradingHour(Date.UTC(2024, 0, 5, 21))).toBe(false);
    expect(isWeekendTime(Date.UTC(2024, 0, 5, 21, 30))).toBe(false);
    expect(isWeekendTime(Date.UTC(2024, 0, 5, 22, 0))).toBe(true);
  });

  it("counts missing and empty hours on trading hours only, per month", () => {
    const log: MonthLog = {
      version: 1,
      hours: {
        "2024-01-02T10": { status: "ok", ticks: 7, weekend: 0, crossed: 1, spikes: 2 },
        "2024-01-02T11": { status: "missing", ticks: 0, weekend: 0, crossed: 0, spikes: 0 },
        "2024-01-02T12": { status: "empty", ticks: 0, weekend: 0, crossed: 0, spikes: 0 },
        "2024-01-06T12": { status: "missing", ticks: 0, weekend: 0, crossed: 0, spikes: 0 },
        "2024-01-06T13": { status: "empty", ticks: 0, weekend: 3, crossed: 0, spikes: 0 },
        "2024-01-03T01": { status: "failed", ticks: 0, weekend: 0, crossed: 0, spikes: 0, error: "bad" },
      },
    };
    const r = summarizeMonth("2024-01", log);
    expect(r).toMatchObject({
      hoursFetched: 5,
      ticks: 7,
      missingHours: 1,
      emptyFiles: 1,
      failedFiles: 1,
      weekendTicks: 3,
      spikes: 2,
      crossedQuotes: 1,
      missing: ["2024-01-02T11"],
      empty: ["2024-01-02T12"],
      failed: [{ hour: "2024-01-03T01", error: "bad" }],
    });
  });
});
