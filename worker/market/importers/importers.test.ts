import { describe, expect, it } from "vitest";
import { barAt, checkBars, withAskSpread } from "../bars";
import { getSymbol } from "../catalogue";
import { MarketError } from "../errors";
import { readFx } from "../test-helpers/fx";
import { detectFormat, type ImportFormat, importBars } from ".";

const iso = (t: number) => new Date(t).toISOString().replace(".000Z", "Z");
const T = (s: string) => Date.parse(s);

interface Case {
  file: string;
  symbol: string;
  format: ImportFormat;
  resolution: string;
  rows: number;
  first: [string, number, number, number, number];
  last: [string, number, number, number, number];
  options?: { priceSide?: "ask" };
}

// Every file SOURCES.md lists. Row counts, first and last bars are read from the files themselves
// (zcat | head / tail); where SOURCES.md says otherwise the file wins and the case says so.
const CASES: Case[] = [
  {
    file: "lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz",
    symbol: "EURUSD",
    format: "lean",
    resolution: "H1",
    rows: 74_439,
    first: ["2007-01-01T21:00:00Z", 1.31927, 1.31955, 1.3187, 1.31935],
    last: ["2018-12-31T21:00:00Z", 1.14558, 1.14662, 1.14552, 1.14607],
  },
  {
    file: "lean_oanda_bidask/eurusd_d1_oanda_bidask_2007-2018.csv",
    symbol: "EURUSD",
    format: "lean",
    resolution: "D1",
    rows: 3738,
    first: ["2007-01-01T00:00:00Z", 1.31927, 1.32125, 1.3187, 1.32095],
    last: ["2018-12-31T00:00:00Z", 1.14385, 1.14662, 1.14209, 1.14607],
  },
  {
    file: "lean_oanda_bidask/gbpusd_d1_oanda_bidask_2007-2018.csv",
    symbol: "GBPUSD",
    format: "lean",
    resolution: "D1",
    rows: 3738,
    first: ["2007-01-01T00:00:00Z", 1.95813, 1.96383, 1.9578, 1.96325],
    last: ["2018-12-31T00:00:00Z", 1.26889, 1.28133, 1.26789, 1.27541],
  },
  {
    file: "lean_oanda_bidask/eurgbp_d1_oanda_bidask_2007-2018.csv",
    symbol: "EURGBP",
    format: "lean",
    resolution: "D1",
    rows: 3738,
    first: ["2007-01-01T00:00:00Z", 0.67332, 0.67356, 0.67229, 0.67255],
    last: ["2018-12-31T00:00:00Z", 0.90133, 0.90205, 0.89265, 0.89767],
  },
  {
    file: "lean_oanda_bidask/eurusd_m1_oanda_bidask_2014-05_2018-04_sample.csv.gz",
    symbol: "EURUSD",
    format: "lean",
    resolution: "M1",
    rows: 18_184,
    first: ["2014-05-01T00:00:00Z", 1.38676, 1.38686, 1.38669, 1.38686],
    last: ["2018-04-04T23:59:00Z", 1.22863, 1.22867, 1.22863, 1.22867],
  },
  {
    file: "nautilus_fxcm_m1_bidask/gbpusd-m1-bid-2012.csv.gz",
    symbol: "GBPUSD",
    format: "generic",
    resolution: "M1",
    rows: 30_117,
    first: ["2012-02-01T00:00:00Z", 1.57597, 1.57606, 1.57576, 1.57576],
    last: ["2012-03-01T00:00:00Z", 1.59206, 1.59211, 1.59194, 1.59208],
  },
  {
    file: "nautilus_fxcm_m1_bidask/usdjpy-m1-bid-2013.csv.gz",
    symbol: "USDJPY",
    format: "generic",
    resolution: "M1",
    rows: 28_761,
    first: ["2013-02-01T00:00:00Z", 91.715, 91.715, 91.653, 91.653],
    last: ["2013-03-01T00:00:00Z", 92.584, 92.584, 92.533, 92.539],
  },
  // The FXCM ask files, imported as they are written (as withAskSpread takes them, to give the bid
  // file its spread): the prices are the file's ask prices.
  {
    file: "nautilus_fxcm_m1_bidask/gbpusd-m1-ask-2012.csv.gz",
    symbol: "GBPUSD",
    format: "generic",
    resolution: "M1",
    rows: 30_117,
    first: ["2012-02-01T00:00:00Z", 1.57608, 1.5761, 1.57585, 1.57585],
    last: ["2012-03-01T00:00:00Z", 1.59217, 1.5922, 1.59201, 1.59216],
  },
  {
    file: "nautilus_fxcm_m1_bidask/usdjpy-m1-ask-2013.csv.gz",
    symbol: "USDJPY",
    format: "generic",
    resolution: "M1",
    rows: 28_761,
    first: ["2013-02-01T00:00:00Z", 91.717, 91.717, 91.655, 91.655],
    last: ["2013-03-01T00:00:00Z", 92.587, 92.587, 92.533, 92.54],
  },
  {
    file: "h1_fixtures/backtesting_py_EURUSD_H1_2017-2018.csv",
    symbol: "EURUSD",
    format: "generic",
    resolution: "H1",
    rows: 5000,
    first: ["2017-04-19T09:00:00Z", 1.0716, 1.0722, 1.07083, 1.07219],
    last: ["2018-02-07T15:00:00Z", 1.23427, 1.23444, 1.22904, 1.22904],
  },
  {
    file: "h1_fixtures/gym_anytrading_FOREX_EURUSD_1H_ASK_2017.csv",
    symbol: "EURUSD",
    format: "dukascopy",
    resolution: "H1",
    rows: 6225,
    // Ask file: bid = ask - the catalogue spread (10 points).
    first: ["2017-01-01T22:00:00Z", 1.05226, 1.05243, 1.05211, 1.05217],
    last: ["2017-12-29T21:00:00Z", 1.19974, 1.2012, 1.19921, 1.20065],
    options: { priceSide: "ask" },
  },
  {
    file: "snowguru_d1_h4/EURUSD_D1.csv",
    symbol: "EURUSD",
    format: "mt5",
    resolution: "D1",
    rows: 5013,
    // SOURCES.md gives 2007-09-03 as the D1 start; EURUSD's file starts on 2007-09-04.
    first: ["2007-09-04T00:00:00Z", 1.36052, 1.36256, 1.3548, 1.36221],
    last: ["2023-09-11T00:00:00Z", 1.07165, 1.07412, 1.07099, 1.07325],
  },
  {
    file: "snowguru_d1_h4/GBPUSD_D1.csv",
    symbol: "GBPUSD",
    format: "mt5",
    resolution: "D1",
    rows: 5013,
    first: ["2007-09-03T00:00:00Z", 2.0172, 2.0174, 2.0168, 2.0169],
    last: ["2023-09-11T00:00:00Z", 1.24884, 1.2537, 1.24817, 1.25331],
  },
  {
    file: "snowguru_d1_h4/USDJPY_D1.csv",
    symbol: "USDJPY",
    format: "mt5",
    resolution: "D1",
    rows: 5022,
    first: ["2007-08-14T00:00:00Z", 118.28, 118.52, 117.36, 117.53],
    last: ["2023-09-11T00:00:00Z", 147.128, 147.144, 145.9, 146.671],
  },
  {
    file: "snowguru_d1_h4/EURGBP_D1.csv",
    symbol: "EURGBP",
    format: "mt5",
    resolution: "D1",
    rows: 5013,
    first: ["2007-09-03T00:00:00Z", 0.6748, 0.67495, 0.6747, 0.6748],
    last: ["2023-09-11T00:00:00Z", 0.85807, 0.85818, 0.85598, 0.8563],
  },
  {
    file: "snowguru_d1_h4/EURUSD_H4.csv.gz",
    symbol: "EURUSD",
    format: "mt5",
    resolution: "H4",
    rows: 25_847,
    // SOURCES.md gives 2007-09-03 20:00 as the H4 start for all pairs; EURUSD's file starts at 2007-09-04 04:00.
    first: ["2007-09-04T04:00:00Z", 1.36052, 1.36256, 1.35947, 1.35985],
    last: ["2023-09-11T08:00:00Z", 1.07258, 1.07343, 1.07222, 1.07325],
  },
  {
    file: "snowguru_d1_h4/EURGBP_H4.csv.gz",
    symbol: "EURGBP",
    format: "mt5",
    resolution: "H4",
    rows: 25_847,
    first: ["2007-09-03T20:00:00Z", 0.6748, 0.67495, 0.6747, 0.6748],
    last: ["2023-09-11T08:00:00Z", 0.85644, 0.8571, 0.85598, 0.8563],
  },
  {
    file: "snowguru_d1_h4/GBPUSD_H4.csv.gz",
    symbol: "GBPUSD",
    format: "mt5",
    resolution: "H4",
    rows: 25_847,
    first: ["2007-09-03T20:00:00Z", 2.0172, 2.0174, 2.0168, 2.0169],
    last: ["2023-09-11T08:00:00Z", 1.25226, 1.2537, 1.25161, 1.25331],
  },
  {
    file: "snowguru_d1_h4/USDJPY_H4.csv.gz",
    symbol: "USDJPY",
    format: "mt5",
    resolution: "H4",
    rows: 25_866,
    // SOURCES.md gives 2007-09-03 20:00 as the H4 start; USDJPY's file starts on 2007-08-14 12:00.
    first: ["2007-08-14T12:00:00Z", 118.28, 118.52, 117.72, 118.195],
    last: ["2023-09-11T08:00:00Z", 146.18, 146.682, 146.131, 146.671],
  },
];

describe("importers on the real files of shared/data/fx", () => {
  it.each(CASES)("$file", (c) => {
    const text = readFx(c.file);
    expect(detectFormat(text)).toBe(c.format);
    const r = importBars(text, { symbol: getSymbol(c.symbol), ...c.options });
    expect(r.errors).toEqual([]);
    expect(r.format).toBe(c.format);
    expect(r.resolution).toBe(c.resolution);
    expect(r.rows).toBe(c.rows);
    expect(r.bars.length).toBe(c.rows);
    expect(checkBars(r.bars)).toBeNull();
    for (const [want, i] of [
      [c.first, 0],
      [c.last, r.bars.length - 1],
    ] as const) {
      const b = barAt(r.bars, i);
      expect([iso(b.time), b.open, b.high, b.low, b.close]).toEqual(want);
    }
  });

  it("Lean bid/ask: the spread comes from the ask side, in points", () => {
    const r = importBars(readFx("lean_oanda_bidask/eurusd_m1_oanda_bidask_2014-05_2018-04_sample.csv.gz"), {
      symbol: getSymbol("EURUSD"),
    });
    // 20140501,0,1.38676,...,1.38686 | ask 1.38686 ... 1.38697: open spread 10, close spread 11 -> min 10
    expect(r.bars.spread[0]).toBe(10);
    let sum = 0;
    for (let i = 0; i < r.bars.length; i++) sum += r.bars.spread[i];
    expect(sum / r.bars.length).toBeGreaterThan(5);
    expect(sum / r.bars.length).toBeLessThan(40);
  });

  it("FXCM bid and ask files combine into bid bars with a spread", () => {
    const symbol = getSymbol("GBPUSD");
    const bid = importBars(readFx("nautilus_fxcm_m1_bidask/gbpusd-m1-bid-2012.csv.gz"), { symbol });
    const ask = importBars(readFx("nautilus_fxcm_m1_bidask/gbpusd-m1-ask-2012.csv.gz"), { symbol });
    const both = withAskSpread(bid.bars, ask.bars, symbol.point);
    let sum = 0;
    for (let i = 0; i < both.length; i++) sum += both.spread[i];
    const mean = sum / both.length;
    expect(mean).toBeGreaterThan(5);
    expect(mean).toBeLessThan(60);
  });
});

describe("importers on hand-made files", () => {
  const eurusd = getSymbol("EURUSD");

  // shared/data/fx holds no HistData file (SOURCES.md: blackmoon87 has LFS pointers only and
  // philipperemy's set is too big), so HistData is checked on hand-made rows in its real layout only.
  it("HistData generic ASCII is fixed UTC-5 all year (no daylight saving)", () => {
    const text =
      "20120201 000000;1.306600;1.306600;1.306560;1.306560;0\n20120701 170100;1.266000;1.266100;1.265900;1.266000;0\n";
    expect(detectFormat(text)).toBe("histdata");
    const r = importBars(text, { symbol: eurusd });
    expect(r.errors).toEqual([]);
    expect(iso(r.bars.time[0])).toBe("2012-02-01T05:00:00Z");
    expect(iso(r.bars.time[1])).toBe("2012-07-01T22:01:00Z"); // still +5 h in July
    expect(r.bars.open[0]).toBe(1.3066);
    expect(r.resolution).toBe("M1");
  });

  // The snowguru files are MT5's `Time` header variant; no real <DATE>/<TIME> export is in shared/data/fx.
  it("MT5 export with <DATE> <TIME> tags, spread column and a broker time zone", () => {
    const text = [
      "<DATE>\t<TIME>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>",
      "2024.01.15\t02:00:00\t1.09500\t1.09600\t1.09400\t1.09550\t1200\t0\t7",
      "2024.07.15\t03:00:00\t1.09550\t1.09700\t1.09500\t1.09650\t900\t0\t8",
    ].join("\r\n");
    expect(detectFormat(text)).toBe("mt5");
    const r = importBars(text, { symbol: eurusd, timezone: "Europe/Athens" });
    expect(r.errors).toEqual([]);
    expect(iso(r.bars.time[0])).toBe("2024-01-15T00:00:00Z"); // EET, UTC+2
    expect(iso(r.bars.time[1])).toBe("2024-07-15T00:00:00Z"); // EEST, UTC+3
    expect(Array.from(r.bars.spread)).toEqual([7, 8]);
    expect(Array.from(r.bars.volume)).toEqual([1200, 900]);
    const fixed = importBars(text, { symbol: eurusd, timezone: "+02:00", resolution: "H1" });
    expect(iso(fixed.bars.time[1])).toBe("2024-07-15T01:00:00Z");
  });

  it("MT5 D1 export without a <TIME> column", () => {
    const text =
      "<DATE>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>\n2024.01.15\t1.1\t1.2\t1.0\t1.15\t10\t0\t5\n2024.01.16\t1.15\t1.2\t1.1\t1.12\t10\t0\t5\n";
    const r = importBars(text, { symbol: eurusd });
    expect(r.errors).toEqual([]);
    expect(r.resolution).toBe("D1");
  });

  it("Dukascopy local-time export uses the written GMT offset", () => {
    const text =
      "Local time,Open,High,Low,Close,Volume\n02.01.2017 00:00:00.000 GMT+0200,1.05,1.06,1.04,1.055,12.5\n02.01.2017 01:00:00.000 GMT+0200,1.055,1.06,1.05,1.058,3\n";
    expect(detectFormat(text)).toBe("dukascopy");
    const r = importBars(text, { symbol: eurusd });
    expect(r.errors).toEqual([]);
    expect(iso(r.bars.time[0])).toBe("2017-01-01T22:00:00Z");
    expect(r.bars.volume[0]).toBe(12.5);
  });

  // No file of Dukascopy's current web export is in shared/data/fx (the gym_anytrading file is the
  // older `Time` / day-first layout, tested above), so these rows are hand-made in the real header
  // format, trailing space after "Volume" included.
  it("Dukascopy web export: `Time (UTC)` header with year-first times, detected or forced", () => {
    const text =
      "Time (UTC),Open,High,Low,Close,Volume \r\n" +
      "2025.01.01 22:00:00,1.03518,1.03573,1.03506,1.03557,1534.61\r\n" +
      "2025.01.01 23:00:00,1.03557,1.03599,1.03541,1.03585,2013.5\r\n";
    expect(detectFormat(text)).toBe("dukascopy");
    for (const format of [undefined, "dukascopy"] as const) {
      const r = importBars(text, { symbol: eurusd, format });
      expect(r.errors).toEqual([]);
      expect(r.format).toBe("dukascopy");
      expect(r.resolution).toBe("H1");
      expect(iso(r.bars.time[0])).toBe("2025-01-01T22:00:00Z");
      expect([r.bars.open[1], r.bars.high[1], r.bars.low[1], r.bars.close[1]]).toEqual([
        1.03557, 1.03599, 1.03541, 1.03585,
      ]);
      expect(r.bars.volume[0]).toBe(1534.61);
    }
  });

  it("Dukascopy older `Gmt time` export with day-first times and milliseconds", () => {
    const text =
      "Gmt time,Open,High,Low,Close,Volume\n01.01.2025 22:00:00.000,1.03518,1.03573,1.03506,1.03557,1534.61\n01.01.2025 22:01:00.000,1.03557,1.03599,1.03541,1.03585,20\n";
    expect(detectFormat(text)).toBe("dukascopy");
    const r = importBars(text, { symbol: eurusd, format: "dukascopy" });
    expect(r.errors).toEqual([]);
    expect(r.resolution).toBe("M1");
    expect(iso(r.bars.time[1])).toBe("2025-01-01T22:01:00Z");
  });

  it("a time column in another bracketed zone is refused, not read as UTC", () => {
    const text = "Time (EET),Open,High,Low,Close,Volume\n2025.01.02 00:00:00,1.1,1.2,1.0,1.1,5\n";
    expect(() => importBars(text, { symbol: eurusd, format: "dukascopy" })).toThrow(/header naming time/);
  });

  it("Lean minute file without the date prefix takes the day from its file name", () => {
    const text =
      "0,1.1,1.2,1.0,1.15,0,1.1002,1.2002,1.0002,1.1502,0\n60000,1.15,1.16,1.14,1.15,0,1.1501,1.1601,1.1401,1.1501,0\n";
    expect(detectFormat(text)).toBe("lean");
    const r = importBars(text, { symbol: eurusd, fileName: "data/20140501_quote.csv" });
    expect(r.errors).toEqual([]);
    expect(iso(r.bars.time[1])).toBe("2014-05-01T00:01:00Z");
    expect(Array.from(r.bars.spread)).toEqual([20, 10]);
    expect(() => importBars(text, { symbol: eurusd })).toThrow(/name the file YYYYMMDD/);
  });

  it("generic CSV: separate date and time columns, epoch seconds, optional spread", () => {
    const a = importBars("date;time;open;high;low;close;spread\n2024-01-02;10:00;1.1;1.2;1.0;1.1;12\n", {
      symbol: eurusd,
    });
    expect(a.format).toBe("generic");
    expect(iso(a.bars.time[0])).toBe("2024-01-02T10:00:00Z");
    expect(a.bars.spread[0]).toBe(12);
    const b = importBars("timestamp,open,high,low,close\n1704189600,1.1,1.2,1.0,1.1\n", { symbol: eurusd });
    expect(iso(b.bars.time[0])).toBe("2024-01-02T10:00:00Z");
    expect(b.bars.spread[0]).toBe(eurusd.spread);
  });

  it("reports every bad row with its line number and a clear message", () => {
    const text = [
      "time,open,high,low,close,volume", // 1
      "2024-01-02 10:00,1.1,1.2,1.0,1.1,5", // 2 ok
      "2024-01-02 10:01,abc,1.2,1.0,1.1,5", // 3 not a number
      "2024-01-02 10:02,1.1,1.0,1.2,1.1,5", // 4 high below low
      "", // 5 blank: skipped
      "2024-01-02 09:59,1.1,1.2,1.0,1.1,5", // 6 backwards
      "2024-01-02 10:01,1.1,1.2,1.0,1.1,5", // 7 ok
      "2024-01-02 10:01,1.1,1.2,1.0,1.1,5", // 8 repeats
      "yesterday,1.1,1.2,1.0,1.1,5", // 9 bad date
      "2024-01-02 10:03,1.1,Infinity,1.0,1.1,5", // 10 not finite
      "2024-01-02 10:04,1.1,1.2,1.15,1.1,5", // 11 low above close
    ].join("\n");
    const r = importBars(text, { symbol: eurusd });
    expect(r.errors.map((e) => e.line)).toEqual([3, 4, 6, 8, 9, 10, 11]);
    expect(r.errorCount).toBe(7);
    expect(r.rows).toBe(9);
    expect(r.errors[0].message).toMatch(/not a finite number/);
    expect(r.errors[1].message).toBe("high 1 is below low 1.2");
    expect(r.errors[2].message).toMatch(
      /goes backwards from the previous row's 2024-01-02T10:00:00Z \(line 2\)/,
    );
    expect(r.errors[3].message).toMatch(/repeats/);
    expect(r.errors[4].message).toMatch(/"yesterday" is not a date/);
    expect(r.bars.length).toBe(2);
  });

  it("refuses bars that are not aligned in UTC, naming the line", () => {
    const text = "time,open,high,low,close\n2024-01-02 00:00,1,1,1,1\n2024-01-03 00:00,1,1,1,1\n";
    const r = importBars(text, { symbol: eurusd, timezone: "+02:00" });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 2 });
    expect(r.errors[0].message).toMatch(/look like D1 but 2024-01-01T22:00:00Z is not the start of a D1 bar/);
  });

  it("refuses a forced resolution that the bars' spacing contradicts, and keeps one that fits", () => {
    // A real hourly file (backtesting.py's EURUSD H1) forced to M1 would be served as minutes.
    const hourly = readFx("h1_fixtures/backtesting_py_EURUSD_H1_2017-2018.csv");
    const m1 = importBars(hourly, { symbol: eurusd, resolution: "M1" });
    expect(m1.errors).toHaveLength(1);
    expect(m1.errors[0].message).toBe(
      "the forced resolution M1 does not fit the file: its closest bars, 2017-04-19T09:00:00Z (line 2) and " +
        "2017-04-19T10:00:00Z (line 3), are one H1 apart, so they are H1 bars and would be served as M1 if " +
        "stored so (import without a forced resolution, or force H1)",
    );
    expect(m1.errors[0].line).toBe(3);
    expect(importBars(hourly, { symbol: eurusd, resolution: "M15" }).errors[0].message).toMatch(
      /resolution M15 does not fit.*one H1 apart/,
    );
    expect(importBars(hourly, { symbol: eurusd, resolution: "H1" }).errors).toEqual([]);

    // Finer bars than the forced period are refused by the alignment check they cannot pass.
    const minutes = "time,open,high,low,close\n2024-01-02 10:00,1,1,1,1\n2024-01-02 10:01,1,1,1,1\n";
    expect(importBars(minutes, { symbol: eurusd, resolution: "H1" }).errors[0].message).toMatch(
      /2024-01-02T10:01:00Z is not the start of a H1 bar/,
    );
    // Weekly bars forced to D1 are refused; daily bars a week apart would be too.
    const weekly =
      "time,open,high,low,close\n2024-01-01 00:00,1,1,1,1\n2024-01-08 00:00,1,1,1,1\n2024-01-15 00:00,1,1,1,1\n";
    expect(importBars(weekly, { symbol: eurusd, resolution: "D1" }).errors[0].message).toMatch(
      /resolution D1 does not fit.*one W1 apart/,
    );
    // A spacing that matches no period (two D1 bars a weekend apart) is left to the user's word.
    const weekend = "time,open,high,low,close\n2024-01-05 00:00,1,1,1,1\n2024-01-08 00:00,1,1,1,1\n";
    expect(importBars(weekend, { symbol: eurusd, resolution: "D1" }).errors).toEqual([]);
  });

  it("says which formats it knows when it cannot tell, and refuses unknown zones", () => {
    expect(() => detectFormat("hello world\n1,2,3\n")).toThrow(MarketError);
    expect(() => detectFormat("hello world\n")).toThrow(/pass --format/);
    expect(() =>
      importBars("time,open,high,low,close\n", { symbol: eurusd, timezone: "Mars/Olympus" }),
    ).toThrow(/Unknown time zone/);
    expect(importBars("time,open,high,low,close\n", { symbol: eurusd }).errors[0].message).toMatch(
      /no data rows/,
    );
  });

  it("treats ask-side files by shifting down by the spread", () => {
    const r = importBars(
      "time,open,high,low,close,spread\n2024-01-02 10:00,1.10010,1.10020,1.10000,1.10015,10\n",
      {
        symbol: eurusd,
        priceSide: "ask",
      },
    );
    expect([r.bars.open[0], r.bars.high[0], r.bars.low[0], r.bars.close[0]]).toEqual([
      1.1, 1.1001, 1.0999, 1.10005,
    ]);
  });

  // Its speed is a figure of `npm run bench` (scripts/bench/market.ts), not an assertion here.
  it("parses a file of 100,000 M1 rows into as many bars, in order", () => {
    const lines = ["time,open,high,low,close,volume"];
    const t0 = T("2023-01-02T00:00:00Z");
    for (let i = 0; i < 100_000; i++)
      lines.push(
        `${iso(t0 + i * 60_000)
          .replace("T", " ")
          .replace("Z", "")},1.1,1.2,1.0,1.1,${i % 50}`,
      );
    const r = importBars(lines.join("\n"), { symbol: eurusd });
    expect(r.errors).toEqual([]);
    expect(r.resolution).toBe("M1");
    expect(r.bars.length).toBe(100_000);
    expect(iso(r.bars.time[99_999])).toBe(iso(t0 + 99_999 * 60_000));
    expect(r.bars.volume[99_999]).toBe(99_999 % 50);
  });
});
