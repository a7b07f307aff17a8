/**
 * The engine's clock for everything that reads a time of day or a calendar day: the time filter and the
 * v2 price constructs (previous day/week, time windows) go through these, so a change of the clock
 * (a broker's server time zone) reaches all of them at once. Times are UTC milliseconds; arithmetic
 * only (no Date per call), 1970-01-01 was a Thursday.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a time. */
export function dayNumber(timeMs: number): number {
  return Math.floor(timeMs / DAY_MS);
}

/** Milliseconds since the day's midnight. */
export function msOfDay(timeMs: number): number {
  return timeMs - dayNumber(timeMs) * DAY_MS;
}

/** ISO weekday of a day number: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Week number of a day, weeks starting on Sunday (MetaTrader's W1 bars): day 3 (a Sunday) opens week 1. */
export function weekNumber(day: number): number {
  return Math.floor((day + 4) / 7);
}
