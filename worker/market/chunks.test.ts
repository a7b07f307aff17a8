import { describe, expect, it } from "vitest";
import { barsFromRows } from "./bars";
import {
  chunkKey,
  monthFromIndex,
  monthIndex,
  monthOf,
  monthRange,
  monthsInRange,
  sourceSpan,
  splitByMonth,
} from "./chunks";

const T = (iso: string) => Date.parse(iso);

describe("chunks", () => {
  it("names one object per symbol, period and month", () => {
    expect(chunkKey("EURUSD", "M1", "2024-01")).toBe("candles/EURUSD/M1/2024-01.bin");
    expect(monthOf(T("2024-12-31T23:59:00Z"))).toBe("2024-12");
    expect(monthRange("2024-02")).toEqual({
      start: T("2024-02-01T00:00:00Z"),
      end: T("2024-03-01T00:00:00Z"),
    });
    expect(monthFromIndex(monthIndex("2031-07"))).toBe("2031-07");
    expect(() => monthRange("2024-13")).toThrow(/Bad month/);
  });

  it("lists the months a range needs", () => {
    expect(monthsInRange(T("2023-11-15T00:00:00Z"), T("2024-02-01T00:00:00Z"))).toEqual([
      "2023-11",
      "2023-12",
      "2024-01",
    ]);
    expect(monthsInRange(T("2024-01-01T00:00:00Z"), T("2024-01-01T00:01:00Z"))).toEqual(["2024-01"]);
    expect(monthsInRange(5, 5)).toEqual([]);
  });

  it("widens a range to whole bars of the asked period (W1 reaches back into the previous month)", () => {
    const s = sourceSpan(T("2024-03-01T12:00:00Z"), T("2024-03-06T00:00:00Z"), "W1");
    expect(new Date(s.start).toISOString()).toBe("2024-02-26T00:00:00.000Z");
    expect(new Date(s.end).toISOString()).toBe("2024-03-11T00:00:00.000Z");
  });

  it("splits bars into month runs", () => {
    const row = (iso: string) => ({ time: T(iso), open: 1, high: 1, low: 1, close: 1, volume: 0, spread: 0 });
    const parts = splitByMonth(
      barsFromRows([
        row("2024-01-31T23:59:00Z"),
        row("2024-02-01T00:00:00Z"),
        row("2024-02-02T00:00:00Z"),
        row("2024-04-01T00:00:00Z"),
      ]),
    );
    expect(parts.map((p) => [p.month, p.bars.length])).toEqual([
      ["2024-01", 1],
      ["2024-02", 2],
      ["2024-04", 1],
    ]);
  });
});
