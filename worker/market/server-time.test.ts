import { describe, expect, it } from "vitest";
import { aggregate } from "./aggregate";
import { BarsBuilder } from "./bars";
import { getSymbol } from "./catalogue";
import { demoMonth } from "./demo";
import { intlOffsetReader } from "./intl-offset";
import { isoWithOffset, NY_CLOSE, serverZone, serverZoneName, toServerTime } from "./server-time";

const HOUR = 3_600_000;

describe("server time zones", () => {
  const ny = serverZone(undefined);

  it("defaults to GMT+2/+3, New York close: UTC+2 in winter, UTC+3 while New York is on summer time", () => {
    expect(ny.name).toBe(NY_CLOSE);
    expect(ny.offsetAt(Date.UTC(2017, 0, 15, 12))).toBe(2 * HOUR);
    expect(ny.offsetAt(Date.UTC(2017, 6, 15, 12))).toBe(3 * HOUR);
    // New York springs forward on 2017-03-12 at 07:00 UTC (02:00 EST), London only on 03-26.
    expect(ny.offsetAt(Date.UTC(2017, 2, 12, 6, 59))).toBe(2 * HOUR);
    expect(ny.offsetAt(Date.UTC(2017, 2, 12, 7, 0))).toBe(3 * HOUR);
    // Before 2007 the US rule was the first Sunday of April.
    expect(ny.offsetAt(Date.UTC(2005, 2, 20))).toBe(2 * HOUR);
    expect(ny.offsetAt(Date.UTC(2005, 3, 4))).toBe(3 * HOUR);
  });

  it("answers Intl's offset at every hour of March to November, with the span each offset holds", () => {
    // Cairo repeats an hour on a Thursday evening and skips one on a Friday (2023), Lord Howe moves by 30 minutes.
    for (const name of ["Africa/Cairo", "Australia/Lord_Howe", "America/New_York"]) {
      const intl = intlOffsetReader(name);
      // Two zones of one name: the second answers from what the first asked Intl (remembered per name).
      for (const zone of [serverZone(name), serverZone(name)]) {
        let changes = 0;
        const spans = new Set<number>();
        // Every hour from March to November (each zone's changes of 2023 fall in it) and every span's last minute.
        for (let t = Date.UTC(2023, 2, 1); t < Date.UTC(2023, 11, 1); t += HOUR) {
          const offset = zone.offsetAt(t);
          expect(offset).toBe(intl(t));
          const until = zone.offsetUntil(t);
          expect(until).toBeGreaterThan(t);
          if (spans.has(until)) continue;
          spans.add(until);
          expect(zone.offsetAt(until - 60_000)).toBe(offset);
          expect(intl(until - 60_000)).toBe(offset);
          if (intl(until) !== offset) changes++;
        }
        expect(changes).toBe(2);
      }
    }
  });

  it("puts server midnight at 17:00 in New York all year", () => {
    for (const utc of [Date.UTC(2017, 0, 10, 22), Date.UTC(2017, 6, 10, 21)]) {
      expect(new Date(ny.toServer(utc)).toISOString()).toMatch(/T00:00:00/);
    }
  });

  it("reads UTC and IANA names (any case), refuses others", () => {
    expect(serverZone("utc").isUtc).toBe(true);
    expect(serverZone("europe/london").name).toBe("Europe/London");
    expect(serverZone("Europe/London").offsetAt(Date.UTC(2017, 6, 1))).toBe(HOUR);
    expect(serverZoneName("Mars/Olympus")).toBeNull();
    expect(serverZoneName("mt5")).toBe(NY_CLOSE);
  });

  it("writes ISO 8601 with the server's offset", () => {
    const s = ny.toServer(Date.UTC(2017, 1, 28, 22));
    expect(isoWithOffset(s, ny)).toBe("2017-03-01T00:00:00+02:00");
    expect(isoWithOffset(ny.toServer(Date.UTC(2017, 6, 1, 9)), ny)).toBe("2017-07-01T12:00:00+03:00");
    expect(isoWithOffset(Date.UTC(2017, 6, 1, 9), serverZone("UTC"))).toBe("2017-07-01T09:00:00+00:00");
    const la = serverZone("America/Los_Angeles");
    expect(isoWithOffset(la.toServer(Date.UTC(2017, 0, 1, 20)), la)).toBe("2017-01-01T12:00:00-08:00");
  });

  it("shifts bars and merges the hour the server clock repeats, so times keep increasing", () => {
    const london = serverZone("Europe/London");
    // 2017-10-29 01:00 UTC: London goes from BST (+1) back to GMT.
    const b = new BarsBuilder();
    for (let h = -2; h < 2; h++)
      b.push(Date.UTC(2017, 9, 29, 1) + h * HOUR, 1 + h, 2 + h, h, 1.5 + h, 10, 3 - h);
    const out = toServerTime(b.finish(), london);
    expect(Array.from(out.time, (t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      "00:00",
      "01:00",
      "02:00",
    ]);
    // The 01:00 GMT bar (server 01:00 again) is folded into the 01:00 BST bar.
    expect(out.volume[1]).toBe(20);
    expect(out.high[1]).toBe(2);
    expect(out.close[1]).toBe(1.5);
    expect(out.spread[1]).toBe(3);
  });

  it("shifts a month without a clock change bar for bar, prices untouched", () => {
    const bars = demoMonth(getSymbol("EURUSD"), "2017-02");
    const out = toServerTime(bars, ny);
    expect(out.length).toBe(bars.length);
    for (let i = 0; i < bars.length; i += 997) {
      expect(out.time[i]).toBe(bars.time[i] + 2 * HOUR); // New York on winter time: UTC+2
      expect([out.open[i], out.high[i], out.low[i], out.close[i]]).toEqual([
        bars.open[i],
        bars.high[i],
        bars.low[i],
        bars.close[i],
      ]);
    }
  });

  it("cuts a D1 bar at 17:00 New York once shifted", () => {
    const b = new BarsBuilder();
    // Tuesday 2017-01-10 21:00 to 23:00 UTC, hourly: the 22:00 bar opens Wednesday on the server.
    for (let h = 21; h <= 23; h++) b.push(Date.UTC(2017, 0, 10, h), 1, 1, 1, 1, 1, 0);
    const d1 = aggregate(toServerTime(b.finish(), ny), "H1", "D1");
    expect(Array.from(d1.time, (t) => new Date(t).toISOString().slice(0, 10))).toEqual([
      "2017-01-10",
      "2017-01-11",
    ]);
    expect(d1.volume[0]).toBe(1);
    expect(d1.volume[1]).toBe(2);
  });
});
