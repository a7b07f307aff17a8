import { describe, expect, it } from "vitest";
import { checkBars } from "./bars";
import { getSymbol, SYMBOLS } from "./catalogue";
import { monthIndex } from "./chunks";
import { encodeChunk } from "./codec";
import {
  demoLevel,
  demoMonth,
  isTradingMinute,
  packDemoMonth,
  packDemoMonthInPieces,
  packedBytes,
  unpackDemoMonth,
} from "./demo";
import type { Bars } from "./types";

const eurusd = getSymbol("EURUSD");
const hourOf = (t: number) => new Date(t).getUTCHours();

function meanBy(b: Bars, pick: (i: number) => number, keep: (i: number) => boolean): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    if (!keep(i)) continue;
    s += pick(i);
    n++;
  }
  return s / n;
}

describe("demo data", () => {
  it("is deterministic: same symbol and month, same bytes", () => {
    const a = encodeChunk(demoMonth(eurusd, "2022-07"), {
      symbol: "EURUSD",
      period: "M1",
      digits: 5,
      demo: true,
    });
    const b = encodeChunk(demoMonth(eurusd, "2022-07"), {
      symbol: "EURUSD",
      period: "M1",
      digits: 5,
      demo: true,
    });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const c = encodeChunk(demoMonth(eurusd, "2022-08"), {
      symbol: "EURUSD",
      period: "M1",
      digits: 5,
      demo: true,
    });
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
    expect(demoMonth(getSymbol("GBPUSD"), "2022-07").close[100]).not.toBe(
      demoMonth(eurusd, "2022-07").close[100],
    );
  });

  it("passes the SOURCES.md sanity checks for every catalogue symbol", { timeout: 30_000 }, () => {
    for (const s of SYMBOLS) {
      const b = demoMonth(s, "2024-02");
      expect(checkBars(b), s.name).toBeNull();
      expect(b.length).toBeGreaterThan(20 * 1440);
      for (let i = 0; i < b.length; i++) {
        if ((Math.floor(b.time[i] / 86_400_000) + 4) % 7 === 6) throw new Error(`${s.name}: Saturday bar`);
        if (b.spread[i] < 1 || b.volume[i] < 1) throw new Error(`${s.name}: spread or volume below 1`);
        const p = b.close[i] * 10 ** s.digits;
        if (Math.abs(p - Math.round(p)) > 1e-6) throw new Error(`${s.name}: price off the point grid`);
      }
    }
  });

  it("has no bars from Friday 22:00 to Sunday 22:00 UTC and ~48 h weekend gaps", () => {
    const b = demoMonth(eurusd, "2024-03");
    const gaps: number[] = [];
    for (let i = 1; i < b.length; i++) {
      const g = b.time[i] - b.time[i - 1];
      if (g > 60_000) gaps.push(g / 3_600_000);
    }
    expect(gaps.length).toBe(5); // five weekends in March 2024
    for (const g of gaps) expect(g).toBeCloseTo(48 + 1 / 60, 5); // Friday 21:59 to Sunday 22:00
    for (let i = 0; i < b.length; i++) expect(isTradingMinute(b.time[i])).toBe(true);
    expect(new Date(b.time[0]).toISOString()).toBe("2024-03-01T00:00:00.000Z"); // a Friday
    expect(isTradingMinute(Date.parse("2024-03-01T21:59:00Z"))).toBe(true);
    expect(isTradingMinute(Date.parse("2024-03-01T22:00:00Z"))).toBe(false);
    expect(isTradingMinute(Date.parse("2024-03-03T21:59:00Z"))).toBe(false);
    expect(isTradingMinute(Date.parse("2024-03-03T22:00:00Z"))).toBe(true);
  });

  it("is quiet in Asia and busy in London and New York", () => {
    const b = demoMonth(eurusd, "2024-04");
    const range = (i: number) => b.high[i] - b.low[i];
    const asia = meanBy(b, range, (i) => hourOf(b.time[i]) >= 0 && hourOf(b.time[i]) < 6);
    const overlap = meanBy(b, range, (i) => hourOf(b.time[i]) >= 12 && hourOf(b.time[i]) < 16);
    expect(overlap / asia).toBeGreaterThan(2);
    const vol = (i: number) => b.volume[i];
    expect(
      meanBy(b, vol, (i) => hourOf(b.time[i]) === 13) / meanBy(b, vol, (i) => hourOf(b.time[i]) === 3),
    ).toBeGreaterThan(2);
  });

  it("widens spreads at the 22:00 UTC rollover", () => {
    const b = demoMonth(eurusd, "2024-04");
    const s = (i: number) => b.spread[i];
    const rollover = meanBy(b, s, (i) => {
      const m = (b.time[i] % 86_400_000) / 60_000;
      return m >= 22 * 60 && m < 22 * 60 + 10;
    });
    const london = meanBy(b, s, (i) => hourOf(b.time[i]) === 10);
    expect(rollover / london).toBeGreaterThan(3);
    expect(london).toBeGreaterThan(eurusd.spread * 0.8);
    expect(london).toBeLessThan(eurusd.spread * 1.3);
  });

  it("stays near the real level and joins months without a gap", () => {
    for (const name of ["EURUSD", "USDJPY", "GBPJPY", "USDTRY", "USDRUB"]) {
      const s = getSymbol(name);
      let prevClose: number | undefined;
      for (const m of ["2019-11", "2019-12", "2020-01"]) {
        const b = demoMonth(s, m);
        if (prevClose !== undefined) expect(b.open[0]).toBe(prevClose);
        prevClose = b.close[b.length - 1];
        for (let i = 0; i < b.length; i += 997) {
          expect(b.close[i] / s.typicalPrice).toBeGreaterThan(0.7);
          expect(b.close[i] / s.typicalPrice).toBeLessThan(1.4);
        }
      }
    }
  });

  it("has month levels that wander over years but not away", () => {
    const levels = Array.from({ length: 240 }, (_, k) => demoLevel(eurusd, monthIndex("2005-01") + k));
    const min = Math.min(...levels);
    const max = Math.max(...levels);
    expect(max / min).toBeGreaterThan(1.05);
    expect(min).toBeGreaterThan(eurusd.typicalPrice * Math.exp(-0.101));
    expect(max).toBeLessThan(eurusd.typicalPrice * Math.exp(0.101));
  });
});

/** FNV-1a over the bytes of every column: a fingerprint of a month's bars, bit for bit. */
function fingerprint(b: Bars): string {
  let h = 0x811c9dc5;
  for (const column of [b.time, b.open, b.high, b.low, b.close, b.volume, b.spread]) {
    const bytes = new Uint8Array(column.buffer, column.byteOffset, column.byteLength);
    for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

describe("demo data, packed (issue 11)", () => {
  // The fingerprints were taken from the generator before it was rewritten for speed (closures, a minute
  // walk, Float64 columns): the rewrite must give the same prices, or every backtest on demo data changes.
  it("generates the same bars as before its speed-up, bit for bit", () => {
    expect(fingerprint(demoMonth(eurusd, "2022-07"))).toBe("8ecb1655");
    expect(fingerprint(demoMonth(getSymbol("USDJPY"), "2011-03"))).toBe("28c57c99");
  });

  it("unpacks to the generated bars and holds them in a fraction of their bytes", () => {
    for (const s of [eurusd, getSymbol("USDJPY"), getSymbol("GBPUSD")]) {
      const packed = packDemoMonth(s, "2024-02");
      const bars = unpackDemoMonth(packed);
      expect(bars.length).toBe(packed.length);
      expect(fingerprint(bars)).toBe(fingerprint(demoMonth(s, "2024-02")));
      // 56 bytes a bar decoded; the packed form must stay small enough for the cache to hold years.
      expect(packedBytes(packed) / packed.length).toBeLessThan(12);
    }
  });

  it("generates a month in pieces with a pause between them, to the same bars (issue 11)", () => {
    const steps = packDemoMonthInPieces(eurusd, "2022-07", 1_000);
    let pauses = 0;
    let r = steps.next();
    while (!r.done) {
      pauses++;
      r = steps.next();
    }
    // Two passes over some 30,000 bars, a pause every 1,000 bars of each.
    expect(pauses).toBeGreaterThan(50);
    expect(fingerprint(unpackDemoMonth(r.value))).toBe("8ecb1655");
  });

  it("unpacks a range (a neighbouring month's day) to exactly those bars of the whole month", () => {
    const packed = packDemoMonth(eurusd, "2024-02");
    const whole = unpackDemoMonth(packed);
    const cases: [number, number][] = [
      [Date.UTC(2024, 1, 29), Date.UTC(2024, 2, 1)], // the last day: opens carry the previous closes
      [Date.UTC(2024, 0, 31), Date.UTC(2024, 1, 1, 3)], // before the month into its first hours
      [Date.UTC(2024, 1, 14, 12, 30), Date.UTC(2024, 1, 14, 12, 31)], // one bar
      [Date.UTC(2024, 1, 10), Date.UTC(2024, 1, 11)], // a Saturday: no bar
    ];
    for (const [from, to] of cases) {
      const part = unpackDemoMonth(packed, from, to);
      const i = whole.time.findIndex((t) => t >= from);
      const j = whole.time.findIndex((t) => t >= to);
      const end = j < 0 ? whole.length : j;
      const start = i < 0 ? end : i;
      expect(part.length).toBe(end - start);
      for (const k of ["time", "open", "high", "low", "close", "volume", "spread"] as const) {
        expect(Array.from(part[k])).toEqual(Array.from(whole[k].subarray(start, end)));
      }
    }
  });
});
