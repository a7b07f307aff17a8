/**
 * Named time zones a strategy's hours may be written in ("08:00-12:00 London time", issue 14), with their
 * daylight-saving rules written out, so the engine and the generated EA (worker/mql5/generate/zone-time.ts)
 * compute the same local hour from the same arithmetic. MetaTrader has no time zone database, and in its
 * tester TimeGMT() is only the server clock, so the EA converts server time -> UTC -> the zone with these
 * rules. A unit test checks every zone against the IANA database (Intl) from 1997 on.
 *
 * Rules (the legal ones since 1996 in the EU, 2007 in the US, with the US rule of 1987-2006 before):
 *   - "eu": summer time from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC.
 *   - "us": from the second Sunday of March 02:00 local standard time to the first Sunday of November
 *     02:00 local summer time (1987-2006: first Sunday of April to last Sunday of October).
 *   - "none": a fixed offset.
 * Zones of other rules (the southern hemisphere's, Moscow's changes) are refused by the spec's validation.
 */

export type DstRule = "none" | "eu" | "us";

export interface ZoneRule {
  /** The IANA name, canonical spelling. */
  readonly name: string;
  /** The plain name of the outline: "London time". */
  readonly city: string;
  /** Standard offset east of UTC, seconds. */
  readonly std: number;
  readonly dst: DstRule;
}

const H = 3600;

function zones(dst: DstRule, std: number, names: readonly string[]): ZoneRule[] {
  return names.map((name) => ({
    name,
    city: name === "UTC" ? "UTC" : (name.split("/").pop() ?? name).replaceAll("_", " "),
    std,
    dst,
  }));
}

/** Every zone the hours filter accepts, by rule and standard offset (the order of the EA's name table). */
export const ZONE_RULES: readonly ZoneRule[] = [
  ...zones("eu", 0, ["Europe/London", "Europe/Dublin", "Europe/Lisbon"]),
  ...zones("eu", H, [
    "Europe/Amsterdam",
    "Europe/Berlin",
    "Europe/Brussels",
    "Europe/Copenhagen",
    "Europe/Luxembourg",
    "Europe/Madrid",
    "Europe/Oslo",
    "Europe/Paris",
    "Europe/Prague",
    "Europe/Rome",
    "Europe/Stockholm",
    "Europe/Vienna",
    "Europe/Warsaw",
    "Europe/Zurich",
  ]),
  ...zones("eu", 2 * H, ["Europe/Athens", "Europe/Bucharest", "Europe/Helsinki", "Europe/Sofia"]),
  ...zones("us", -5 * H, ["America/New_York", "America/Toronto"]),
  ...zones("us", -6 * H, ["America/Chicago"]),
  ...zones("us", -7 * H, ["America/Denver"]),
  ...zones("us", -8 * H, ["America/Los_Angeles"]),
  ...zones("none", 0, ["UTC"]),
  ...zones("none", -7 * H, ["America/Phoenix"]),
  ...zones("none", 4 * H, ["Asia/Dubai"]),
  ...zones("none", 5.5 * H, ["Asia/Kolkata"]),
  ...zones("none", 8 * H, ["Asia/Hong_Kong", "Asia/Shanghai", "Asia/Singapore"]),
  ...zones("none", 9 * H, ["Asia/Tokyo", "Asia/Seoul"]),
];

const BY_NAME = new Map(ZONE_RULES.map((z) => [z.name.toLowerCase(), z]));

/** The rule of a zone name (any letter case), or undefined when the hours filter does not support it. */
export function zoneRule(name: string): ZoneRule | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

export const ZONE_MESSAGE = `Unsupported time zone. Use an IANA name with known daylight saving rules: ${ZONE_RULES.map((z) => z.name).join(", ")}.`;

const DAY = 86_400;

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil; years >= 1 only). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The day number of the n-th Sunday of a month (1970-01-04 was a Sunday). */
export function nthSunday(year: number, month: number, n: number): number {
  const first = daysFromCivil(year, month, 1);
  return first + ((7 - ((first + 4) % 7)) % 7) + 7 * (n - 1);
}

/** The day number of the last Sunday of a month. */
export function lastSunday(year: number, month: number): number {
  const last = daysFromCivil(year, month + 1, 1) - 1;
  return last - ((last + 4) % 7);
}

/** [start, end) of a rule's summer time in UTC seconds, for the UTC calendar year `year`. */
export function summerTime(dst: "eu" | "us", std: number, year: number): [number, number] {
  if (dst === "eu") return [lastSunday(year, 3) * DAY + H, lastSunday(year, 10) * DAY + H];
  const [start, end] =
    year >= 2007
      ? [nthSunday(year, 3, 2), nthSunday(year, 11, 1)]
      : [nthSunday(year, 4, 1), lastSunday(year, 10)];
  // 02:00 local: standard time at the start, summer time (std + 1 h) at the end.
  return [start * DAY + 2 * H - std, end * DAY + 2 * H - std - H];
}

/** A zone's offset east of UTC (seconds) at a UTC instant (seconds). */
export function zoneOffset(zone: Pick<ZoneRule, "std" | "dst">, utcSeconds: number): number {
  if (zone.dst === "none") return zone.std;
  const year = new Date(utcSeconds * 1000).getUTCFullYear();
  const [start, end] = summerTime(zone.dst, zone.std, year);
  return utcSeconds >= start && utcSeconds < end ? zone.std + H : zone.std;
}
