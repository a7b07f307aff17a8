import { describe, expect, it } from "vitest";
import { serverZone, UTC_SERVER } from "../market/server-time";
import { zoneRule } from "../market/zone-rules";
import type { StrategySpecInput } from "../strategy/spec";
import { barsOf, specOf } from "./scenario.fixture";
import { compileStrategy } from "./signals";
import { zonedHour } from "./zoned-hours";

const MT5 = serverZone("GMT+2/+3");
const london = zoneRule("Europe/London");
const newYork = zoneRule("America/New_York");

/** A server-time instant: the server's wall clock on a date at an hour. */
const server = (y: number, m: number, d: number, hour: number) => Date.UTC(y, m - 1, d, hour);

function gate(hours: NonNullable<NonNullable<StrategySpecInput["timeFilter"]>["hours"]>, zone = MT5) {
  const spec = specOf({
    specVersion: 2,
    timeframe: "H1",
    entry: {
      long: {
        all: [
          {
            type: "greaterThan",
            left: { type: "price", field: "CLOSE" },
            right: { type: "constant", value: 0 },
          },
        ],
      },
    },
    timeFilter: { hours },
  });
  const bars = barsOf([[1, 1, 1, 1]]);
  return compileStrategy(spec, bars, undefined, undefined, zone).timeAllowed;
}

/** The server hours of a day the gate lets entries through. */
function openHours(allowed: (t: number) => boolean, y: number, m: number, d: number): number[] {
  const out: number[] = [];
  for (let h = 0; h < 24; h++) if (allowed(server(y, m, d, h))) out.push(h);
  return out;
}

describe("hours in a named time zone (timeFilter.hours.zone)", () => {
  if (london === undefined || newYork === undefined) throw new Error("zones missing");

  it("reads London's hour from a New York close server through both clock changes of 2024", () => {
    // Winter: server UTC+2, London UTC+0.
    expect(zonedHour(server(2024, 3, 5, 10), MT5, london)).toBe(8);
    // 10-30 March: New York (so the server, UTC+3) is on summer time, London not yet.
    expect(zonedHour(server(2024, 3, 15, 10), MT5, london)).toBe(7);
    expect(zonedHour(server(2024, 3, 15, 11), MT5, london)).toBe(8);
    // Both on summer time: server UTC+3, London UTC+1.
    expect(zonedHour(server(2024, 4, 5, 10), MT5, london)).toBe(8);
    // 27 October - 2 November: London back on winter time, New York not yet.
    expect(zonedHour(server(2024, 10, 29, 11), MT5, london)).toBe(8);
    expect(zonedHour(server(2024, 11, 5, 10), MT5, london)).toBe(8);
  });

  it("opens 08:00-12:00 London time at the server hours that follow London's daylight saving", () => {
    const allowed = gate({ from: 8, to: 12, zone: "Europe/London" });
    expect(openHours(allowed, 2024, 3, 5)).toEqual([10, 11, 12, 13]);
    expect(openHours(allowed, 2024, 3, 15)).toEqual([11, 12, 13, 14]);
    expect(openHours(allowed, 2024, 4, 5)).toEqual([10, 11, 12, 13]);
    expect(openHours(allowed, 2024, 10, 29)).toEqual([11, 12, 13, 14]);
    expect(openHours(allowed, 2024, 11, 5)).toEqual([10, 11, 12, 13]);
    // Without a zone the same hours are server hours, all year.
    const serverHours = gate({ from: 8, to: 12 });
    expect(openHours(serverHours, 2024, 3, 15)).toEqual([8, 9, 10, 11]);
  });

  it("keeps New York 09:00-11:00 at 16-17 server time all year, and moves it on a UTC server", () => {
    const ny = gate({ from: 9, to: 11, zone: "America/New_York" });
    for (const [m, d] of [
      [3, 5],
      [3, 15],
      [10, 29],
      [11, 5],
    ])
      expect(openHours(ny, 2024, m, d)).toEqual([16, 17]);
    const onUtc = gate({ from: 9, to: 11, zone: "America/New_York" }, UTC_SERVER);
    expect(openHours(onUtc, 2024, 3, 5)).toEqual([14, 15]);
    expect(openHours(onUtc, 2024, 3, 15)).toEqual([13, 14]);
  });

  it("wraps past midnight in the zone: Tokyo 22:00-02:00 (no daylight saving)", () => {
    const tokyo = gate({ from: 22, to: 2, zone: "Asia/Tokyo" }, UTC_SERVER);
    // Tokyo is UTC+9: 22:00-02:00 there is 13:00-17:00 UTC.
    expect(openHours(tokyo, 2024, 7, 3)).toEqual([13, 14, 15, 16]);
  });
});
