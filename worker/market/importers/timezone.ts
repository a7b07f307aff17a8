/**
 * Time zones for importers. Files carry wall-clock times; a zone turns them into UTC.
 * Accepted: "UTC"/"GMT"/"Z"; fixed offsets "+02:00", "-0500", "+2", "UTC+2", "GMT-05:00";
 * "EST" = fixed UTC-5 without daylight saving (HistData's convention); any IANA name such as
 * "Europe/Athens" or "America/New_York", with daylight saving, through Intl.
 */
import { MarketError } from "../errors";
import { intlOffsetReader } from "../intl-offset";

/** Maps a wall-clock time (its fields read as if UTC, in ms) to the UTC instant. */
export type ZoneFn = (wallMs: number) => number;

const HOUR = 3_600_000;
const OFFSET_RE = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

export function parseOffset(text: string): number | undefined {
  const m = OFFSET_RE.exec(text.trim());
  if (!m) return undefined;
  const h = Number(m[2]);
  const min = m[3] ? Number(m[3]) : 0;
  if (h > 14 || min > 59) return undefined;
  return (m[1] === "-" ? -1 : 1) * (h * HOUR + min * 60_000);
}

export const UTC_ZONE: ZoneFn = (t) => t;

export function fixedZone(offsetMs: number): ZoneFn {
  return offsetMs === 0 ? UTC_ZONE : (t) => t - offsetMs;
}

function ianaZone(name: string): ZoneFn {
  let intl: (utcMs: number) => number;
  try {
    intl = intlOffsetReader(name, true);
  } catch {
    throw new MarketError(
      "IMPORT_FORMAT",
      `Unknown time zone "${name}". Use an offset like +02:00 or a name like Europe/Athens.`,
    );
  }
  // Offset (local - UTC) at a UTC instant; constant within an hour for every real zone, so cache by hour.
  const cache = new Map<number, number>();
  const offsetAt = (utc: number): number => {
    const key = Math.floor(utc / HOUR);
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const off = intl(key * HOUR);
    cache.set(key, off);
    return off;
  };
  return (wall) => {
    const guess = wall - offsetAt(wall);
    return wall - offsetAt(guess);
  };
}

/** A zone from its name; undefined or empty means UTC. Throws IMPORT_FORMAT for an unknown zone. */
export function zoneOf(name: string | undefined): ZoneFn {
  const tz = (name ?? "").trim();
  if (tz === "" || /^(utc|gmt|z)$/i.test(tz)) return UTC_ZONE;
  if (/^est$/i.test(tz)) return fixedZone(-5 * HOUR);
  const off = parseOffset(tz);
  if (off !== undefined) return fixedZone(off);
  return ianaZone(tz);
}
