/**
 * A zone's UTC offset as Intl (the IANA database) gives it: the one place that reads a wall clock out of
 * Intl.DateTimeFormat, for the importers' zones, broker server time and the tests that check both.
 */

/**
 * The offset (wall clock minus UTC, ms) of an IANA zone at a UTC instant. `seconds` reads the wall clock
 * to the second (historic zones have offsets like +01:34:52); without it, to the minute. Throws RangeError
 * for an unknown zone.
 */
export function intlOffsetReader(zone: string, seconds = false): (utcMs: number) => number {
  const fmt = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: seconds ? "numeric" : undefined,
  });
  return (utc) => {
    const p: Record<string, number> = {};
    for (const part of fmt.formatToParts(new Date(utc))) p[part.type] = Number(part.value);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, seconds ? p.second : 0) - utc;
  };
}
