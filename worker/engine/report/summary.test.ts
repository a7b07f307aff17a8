import { describe, expect, it } from "vitest";
import { summarise } from "./summary";
import { trade } from "./test-trades";

const at = (iso: string) => Date.parse(iso);

describe("summarise", () => {
  // Opened Sunday 3 March 2024 23:30 UTC, closed Monday 4 March 01:15 UTC.
  const sundayNight = trade(120.5, {
    openTime: at("2024-03-03T23:30:00Z"),
    closeTime: at("2024-03-04T01:15:00Z"),
  });
  // Opened and closed Wednesday 31 January 2024, 09:00 and 10:00 UTC.
  const wednesday = trade(-40.25, {
    openTime: at("2024-01-31T09:00:00Z"),
    closeTime: at("2024-01-31T10:00:00Z"),
  });
  // Another loss closing in the same Monday 01:xx bucket as the first trade.
  const mondayLoss = trade(-20, {
    openTime: at("2024-03-04T00:10:00Z"),
    closeTime: at("2024-03-04T01:50:00Z"),
  });
  const summary = summarise({ initialDeposit: 10000, trades: [sundayNight, wednesday, mondayLoss] });

  it("gives the balance series from id 0 (the deposit) as numeric strings", () => {
    expect(summary.balanceData).toEqual([
      { id: 0, balance: "10000.00" },
      { id: 1, balance: "10120.50" },
      { id: 2, balance: "10080.25" },
      { id: 3, balance: "10060.25" },
    ]);
  });

  it("counts entries by open time in UTC, Sunday as weekday 7", () => {
    expect(summary.entriesData.weekdays[7]).toEqual({ entries: 1 });
    expect(summary.entriesData.weekdays[3]).toEqual({ entries: 1 });
    expect(summary.entriesData.weekdays[1]).toEqual({ entries: 1 });
    expect(summary.entriesData.hourly[23]).toEqual({ entries: 1 });
    expect(summary.entriesData.hourly[9]).toEqual({ entries: 1 });
    expect(summary.entriesData.hourly[0]).toEqual({ entries: 1 });
    expect(summary.entriesData.months[3]).toEqual({ entries: 2 });
    expect(summary.entriesData.months[1]).toEqual({ entries: 1 });
  });

  it("adds profit and loss (as a positive amount) by close time", () => {
    expect(summary.profitLossData.weekdays[1]).toEqual({ profit: 120.5, loss: 20 });
    expect(summary.profitLossData.weekdays[7]).toEqual({ profit: 0, loss: 0 });
    expect(summary.profitLossData.weekdays[3]).toEqual({ profit: 0, loss: 40.25 });
    expect(summary.profitLossData.hourly[1]).toEqual({ profit: 120.5, loss: 20 });
    expect(summary.profitLossData.hourly[10]).toEqual({ profit: 0, loss: 40.25 });
    expect(summary.profitLossData.months[3]).toEqual({ profit: 120.5, loss: 20 });
    expect(summary.profitLossData.months[1]).toEqual({ profit: 0, loss: 40.25 });
  });

  it("has every bucket, zero when empty", () => {
    const keys = (record: object) => Object.keys(record).map(Number);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    for (const data of [summary.entriesData, summary.profitLossData]) {
      expect(keys(data.hourly)).toEqual(range(0, 23));
      expect(keys(data.weekdays)).toEqual(range(1, 7));
      expect(keys(data.months)).toEqual(range(1, 12));
    }
    expect(summary.entriesData.months[12]).toEqual({ entries: 0 });
    expect(summary.profitLossData.hourly[5]).toEqual({ profit: 0, loss: 0 });
  });

  it("gives only the deposit point and empty buckets without trades", () => {
    const empty = summarise({ initialDeposit: 500, trades: [] });
    expect(empty.balanceData).toEqual([{ id: 0, balance: "500.00" }]);
    expect(Object.values(empty.entriesData.weekdays).every((b) => b.entries === 0)).toBe(true);
    expect(Object.values(empty.profitLossData.months).every((b) => b.profit === 0 && b.loss === 0)).toBe(
      true,
    );
  });
});
