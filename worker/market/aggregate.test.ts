import { describe, expect, it } from "vitest";
import { Aggregator, aggregate } from "./aggregate";
import { type Bar, barsFromRows, toRows } from "./bars";
import { getSymbol } from "./catalogue";
import { demoMonth } from "./demo";
import { PeriodError } from "./errors";
import { importBars } from "./importers";
import { readFx } from "./test-helpers/fx";
import type { Bars } from "./types";

const T = (iso: string) => Date.parse(iso);
const bar = (time: string, o: number, h: number, l: number, c: number, v = 1, s = 10): Bar => ({
  time: T(time),
  open: o,
  high: h,
  low: l,
  close: c,
  volume: v,
  spread: s,
});
const rows = (b: Bars) => toRows(b).map((r) => ({ ...r, time: new Date(r.time).toISOString() }));

describe("aggregate: hand-made cases", () => {
  it("minutes: M1 into M5, gaps skipped, open/max/min/close/sum/min-spread", () => {
    const m1 = barsFromRows([
      bar("2024-03-05T10:00:00Z", 1.1, 1.105, 1.099, 1.102, 3, 12),
      bar("2024-03-05T10:01:00Z", 1.102, 1.108, 1.101, 1.107, 4, 9),
      bar("2024-03-05T10:04:00Z", 1.107, 1.107, 1.095, 1.096, 5, 15),
      bar("2024-03-05T10:05:00Z", 1.096, 1.097, 1.094, 1.0955, 2, 11),
      bar("2024-03-05T10:17:00Z", 1.0955, 1.1, 1.0955, 1.099, 1, 30),
    ]);
    expect(rows(aggregate(m1, "M1", "M5"))).toEqual([
      {
        time: "2024-03-05T10:00:00.000Z",
        open: 1.1,
        high: 1.108,
        low: 1.095,
        close: 1.096,
        volume: 12,
        spread: 9,
      },
      {
        time: "2024-03-05T10:05:00.000Z",
        open: 1.096,
        high: 1.097,
        low: 1.094,
        close: 1.0955,
        volume: 2,
        spread: 11,
      },
      {
        time: "2024-03-05T10:15:00.000Z",
        open: 1.0955,
        high: 1.1,
        low: 1.0955,
        close: 1.099,
        volume: 1,
        spread: 30,
      },
    ]);
  });

  it("hours: M1 into H4 buckets counted from midnight (20:00-24:00 holds 22:00)", () => {
    const m1 = barsFromRows([
      bar("2024-03-05T19:59:00Z", 1, 1, 1, 1),
      bar("2024-03-05T20:00:00Z", 2, 2, 2, 2),
      bar("2024-03-05T22:30:00Z", 3, 3, 3, 3),
      bar("2024-03-06T00:00:00Z", 4, 4, 4, 4),
    ]);
    expect(rows(aggregate(m1, "M1", "H4")).map((r) => [r.time, r.open, r.close])).toEqual([
      ["2024-03-05T16:00:00.000Z", 1, 1],
      ["2024-03-05T20:00:00.000Z", 2, 3],
      ["2024-03-06T00:00:00.000Z", 4, 4],
    ]);
  });

  it("days: H1 into D1 by UTC calendar day, Sunday-evening bars make a short Sunday bar", () => {
    const h1 = barsFromRows([
      bar("2024-03-01T21:00:00Z", 1, 1.2, 0.9, 1.1), // Friday
      bar("2024-03-03T22:00:00Z", 1.1, 1.15, 1.05, 1.12), // Sunday open
      bar("2024-03-03T23:00:00Z", 1.12, 1.3, 1.1, 1.2),
      bar("2024-03-04T00:00:00Z", 1.2, 1.25, 1.19, 1.22), // Monday
    ]);
    expect(rows(aggregate(h1, "H1", "D1")).map((r) => [r.time, r.open, r.high, r.low, r.close])).toEqual([
      ["2024-03-01T00:00:00.000Z", 1, 1.2, 0.9, 1.1],
      ["2024-03-03T00:00:00.000Z", 1.1, 1.3, 1.05, 1.2],
      ["2024-03-04T00:00:00.000Z", 1.2, 1.25, 1.19, 1.22],
    ]);
  });

  it("weeks: W1 from Monday 00:00; the Sunday session joins the previous week", () => {
    const d1 = barsFromRows([
      bar("2024-02-26T00:00:00Z", 1, 1.1, 0.95, 1.05), // Monday
      bar("2024-03-01T00:00:00Z", 1.05, 1.2, 1.0, 1.15), // Friday
      bar("2024-03-03T00:00:00Z", 1.15, 1.16, 1.14, 1.155), // Sunday
      bar("2024-03-04T00:00:00Z", 1.155, 1.3, 1.15, 1.25), // Monday
    ]);
    expect(
      rows(aggregate(d1, "D1", "W1")).map((r) => [r.time, r.open, r.high, r.low, r.close, r.volume]),
    ).toEqual([
      ["2024-02-26T00:00:00.000Z", 1, 1.2, 0.95, 1.155, 3],
      ["2024-03-04T00:00:00.000Z", 1.155, 1.3, 1.15, 1.25, 1],
    ]);
  });

  it("months: MN1 on calendar months, from M1 directly", () => {
    const m1 = barsFromRows([
      bar("2024-01-31T23:59:00Z", 1, 1, 1, 1, 1, 5),
      bar("2024-02-01T00:00:00Z", 2, 2.5, 1.5, 2, 1, 7),
      bar("2024-02-29T23:59:00Z", 2, 3, 2, 3, 1, 6),
      bar("2024-03-01T00:00:00Z", 3, 3, 3, 3, 1, 8),
    ]);
    expect(
      rows(aggregate(m1, "M1", "MN1")).map((r) => [r.time, r.open, r.high, r.low, r.close, r.spread]),
    ).toEqual([
      ["2024-01-01T00:00:00.000Z", 1, 1, 1, 1, 5],
      ["2024-02-01T00:00:00.000Z", 2, 3, 1.5, 3, 6],
      ["2024-03-01T00:00:00.000Z", 3, 3, 3, 3, 8],
    ]);
  });

  it("several runs (month chunks) give the same bars as one run", () => {
    const all = barsFromRows([
      bar("2024-02-29T10:00:00Z", 1, 1.1, 0.9, 1),
      bar("2024-03-01T10:00:00Z", 1, 1.3, 0.8, 1.2),
      bar("2024-03-04T10:00:00Z", 1.2, 1.3, 1.1, 1.25),
    ]);
    const feb = barsFromRows(toRows(all).slice(0, 1));
    const mar = barsFromRows(toRows(all).slice(1));
    expect(toRows(aggregate([feb, mar], "H1", "W1"))).toEqual(toRows(aggregate(all, "H1", "W1")));
  });

  it("returns the input for the same period and refuses finer periods with a typed error", () => {
    const h1 = barsFromRows([bar("2024-03-05T10:00:00Z", 1, 1, 1, 1)]);
    expect(aggregate(h1, "H1", "H1")).toBe(h1);
    expect(() => aggregate(h1, "H1", "M30")).toThrow(PeriodError);
    expect(() => aggregate(h1, "H1", "M30")).toThrow(/finer/);
    expect(() => aggregate(h1, "W1", "MN1")).toThrow(/not a whole multiple/);
  });

  it("aggregation composes: M1->H1->D1 equals M1->D1 (min spread and sums are associative)", () => {
    const rowsIn: Bar[] = [];
    let p = 1.1;
    for (let i = 0; i < 3 * 1440; i += 7) {
      const o = p;
      p = Math.round((p + Math.sin(i) * 0.001) * 1e5) / 1e5;
      rowsIn.push(
        bar(
          new Date(T("2024-03-04T00:00:00Z") + i * 60_000).toISOString(),
          o,
          Math.max(o, p) + 0.0001,
          Math.min(o, p) - 0.0001,
          p,
          i % 13,
          5 + (i % 17),
        ),
      );
    }
    const m1 = barsFromRows(rowsIn);
    expect(toRows(aggregate(aggregate(m1, "M1", "H1"), "H1", "D1"))).toEqual(
      toRows(aggregate(m1, "M1", "D1")),
    );
  });
});

describe("aggregate: real data (shared/data/fx)", () => {
  const compare = (a: Bars, b: Bars, fields: (keyof Bars)[]) => {
    expect(a.length).toBe(b.length);
    for (const f of fields)
      expect(Array.from(a[f] as Float64Array)).toEqual(Array.from(b[f] as Float64Array));
  };

  it("Lean EURUSD H1 aggregated to D1 equals the Lean EURUSD daily file bar for bar", () => {
    const symbol = getSymbol("EURUSD");
    const h1 = importBars(readFx("lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz"), { symbol });
    const d1 = importBars(readFx("lean_oanda_bidask/eurusd_d1_oanda_bidask_2007-2018.csv"), { symbol });
    expect(h1.resolution).toBe("H1");
    expect(d1.resolution).toBe("D1");
    const agg = aggregate(h1.bars, "H1", "D1");
    expect(agg.length).toBe(3738);
    compare(agg, d1.bars, ["time", "open", "high", "low", "close"]);
  });

  it.each(["EURUSD", "GBPUSD", "USDJPY", "EURGBP"])(
    "snowguru %s H4 aggregated to D1 equals its D1 file",
    (pair) => {
      const symbol = getSymbol(pair);
      const h4 = importBars(readFx(`snowguru_d1_h4/${pair}_H4.csv.gz`), { symbol });
      const d1 = importBars(readFx(`snowguru_d1_h4/${pair}_D1.csv`), { symbol });
      expect(h4.resolution).toBe("H4");
      // They align on every day of the files, tick volumes included.
      compare(aggregate(h4.bars, "H4", "D1"), d1.bars, ["time", "open", "high", "low", "close", "volume"]);
    },
  );
});

describe("Aggregator: aggregate fed in windows", () => {
  it("months of M1 into W1 (weeks across month ends) and H1 equal one aggregate of all of them", () => {
    const eurusd = getSymbol("EURUSD");
    const months = ["2024-01", "2024-02", "2024-03"].map((m) => demoMonth(eurusd, m));
    for (const to of ["W1", "H1", "MN1"] as const) {
      const agg = new Aggregator("M1", to);
      for (const m of months) agg.add(m);
      const windowed = agg.finish();
      const whole = aggregate(months, "M1", to);
      expect(rows(windowed)).toEqual(rows(whole));
      // The week of 2024-01-28 spans January and February: one bar, not two.
      if (to === "W1") expect(new Set(rows(windowed).map((r) => r.time)).size).toBe(windowed.length);
    }
  });
});
