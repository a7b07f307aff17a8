import { describe, expect, it } from "vitest";
import { intlOffsetReader } from "./intl-offset";
import {
  daysFromCivil,
  lastSunday,
  nthSunday,
  summerTime,
  ZONE_RULES,
  type ZoneRule,
  zoneOffset,
  zoneRule,
} from "./zone-rules";

const readers = new Map<string, (utcMs: number) => number>();

/** The IANA database's offset (seconds) of a zone at a UTC instant (seconds), through Intl. */
function intlOffset(zone: string, utc: number): number {
  let read = readers.get(zone);
  if (read === undefined) {
    read = intlOffsetReader(zone);
    readers.set(zone, read);
  }
  return read(utc * 1000) / 1000;
}

/**
 * The instants where a zone's rule and the database could differ in a year: a minute before and at
 * each change the rule makes, and every fifth day (a change the rule lacks shows there).
 */
function probes(zone: ZoneRule, year: number): number[] {
  const out: number[] = [];
  for (let t = Date.UTC(year, 0, 1) / 1000; t < Date.UTC(year + 1, 0, 1) / 1000; t += 5 * 86_400 + 3_600)
    out.push(t);
  if (zone.dst !== "none") for (const c of summerTime(zone.dst, zone.std, year)) out.push(c - 60, c);
  return out;
}

function mismatches(zone: ZoneRule, years: [number, number]): string[] {
  const wrong: string[] = [];
  for (let year = years[0]; year <= years[1]; year++)
    for (const t of probes(zone, year))
      if (zoneOffset(zone, t) !== intlOffset(zone.name, t)) {
        wrong.push(`${zone.name} ${new Date(t * 1000).toISOString()}`);
        break;
      }
  return wrong;
}

describe("zone rules", () => {
  it("computes civil days and Sundays as the calendar has them", () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2024, 3, 1)).toBe(Date.UTC(2024, 2, 1) / 86_400_000);
    // EU summer time 2024: 31 March to 27 October; US 2024: 10 March to 3 November.
    expect(lastSunday(2024, 3)).toBe(Date.UTC(2024, 2, 31) / 86_400_000);
    expect(lastSunday(2024, 10)).toBe(Date.UTC(2024, 9, 27) / 86_400_000);
    expect(nthSunday(2024, 3, 2)).toBe(Date.UTC(2024, 2, 10) / 86_400_000);
    expect(nthSunday(2024, 11, 1)).toBe(Date.UTC(2024, 10, 3) / 86_400_000);
    // A month starting on a Sunday: its first Sunday is the 1st (December 2024).
    expect(nthSunday(2024, 12, 1)).toBe(Date.UTC(2024, 11, 1) / 86_400_000);
  });

  it("agrees with the IANA database at every change and every fifth day, 1997-2037, for every zone", () => {
    expect(ZONE_RULES.flatMap((zone) => mismatches(zone, [1997, 2037]))).toEqual([]);
  });

  it("follows the US rule of 1987-2006 before 2007", () => {
    const us = ZONE_RULES.filter((z) => z.dst === "us");
    expect(us.map((z) => z.name)).toContain("America/New_York");
    expect(us.flatMap((zone) => mismatches(zone, [1987, 2006]))).toEqual([]);
  });

  it("finds zones in any letter case and refuses zones without a written rule", () => {
    expect(zoneRule("europe/london")?.name).toBe("Europe/London");
    expect(zoneRule("Europe/London")?.city).toBe("London");
    expect(zoneRule("America/New_York")?.city).toBe("New York");
    expect(zoneRule("Australia/Sydney")).toBeUndefined();
    expect(zoneRule("Mars/Olympus")).toBeUndefined();
  });
});
