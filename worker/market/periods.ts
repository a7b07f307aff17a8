/**
 * Periods and the one alignment rule for bars (DESIGN D6).
 *
 * ALIGNMENT RULE (UTC, the only place it is written):
 *   - M1 ... H12 and D1: a bar starts at a whole multiple of the period counted from 00:00 UTC of
 *     its day. Every intraday period divides 24 h, so this equals flooring the epoch time by the
 *     period length (the epoch started at midnight).
 *   - W1: a bar starts on Monday 00:00 UTC (Sunday-evening ticks belong to the week before).
 *   - MN1: a bar starts at 00:00 UTC on the first day of the calendar month.
 * `bucketStart(t, p)` implements it; aggregation, chunking, importers and the datafeed all call it.
 */
import { MarketError, PeriodError } from "./errors";
import { PERIODS, type Period } from "./types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY_MS = 24 * HOUR;
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday; the first Monday 00:00 UTC after the epoch is 4 days later. */
const MONDAY_OFFSET_MS = 4 * DAY_MS;

/**
 * Nominal length of each period in seconds. MN1 is nominal (30 days): months vary, so code that needs
 * the real extent of a monthly bar uses `bucketEnd`.
 */
export const PERIOD_SECONDS: Readonly<Record<Period, number>> = {
  M1: 60,
  M2: 120,
  M3: 180,
  M4: 240,
  M5: 300,
  M6: 360,
  M10: 600,
  M12: 720,
  M15: 900,
  M20: 1200,
  M30: 1800,
  H1: 3600,
  H2: 7200,
  H3: 10800,
  H4: 14400,
  H6: 21600,
  H8: 28800,
  H12: 43200,
  D1: 86400,
  W1: 604800,
  MN1: 2592000,
};

const BY_UPPER = new Map<string, Period>(PERIODS.map((p) => [p, p]));
// MT5 names MN1 "MN" in places, and the datafeed uses lower-case names (spec 2 section 9).
BY_UPPER.set("MN", "MN1");

export function isPeriod(name: string): name is Period {
  return (PERIODS as readonly string[]).includes(name);
}

/** Case-insensitive period name ("h1", "MN", "mn1") to Period; throws UNKNOWN_PERIOD otherwise. */
export function periodOf(name: string): Period {
  const p = BY_UPPER.get(name.trim().toUpperCase());
  if (!p)
    throw new MarketError("UNKNOWN_PERIOD", `Unknown period "${name}". Use one of ${PERIODS.join(", ")}.`);
  return p;
}

/** Same as periodOf but returns undefined instead of throwing. */
export function tryPeriodOf(name: string): Period | undefined {
  return BY_UPPER.get(name.trim().toUpperCase());
}

/** Periods whose bars have a fixed length and tile the UTC day: M1 ... D1. */
export function isFixed(p: Period): boolean {
  return p !== "W1" && p !== "MN1";
}

export function periodMs(p: Period): number {
  return PERIOD_SECONDS[p] * 1000;
}

/** Open time of the bar of period `p` that contains `timeMs` (the alignment rule above). */
export function bucketStart(timeMs: number, p: Period): number {
  if (p === "MN1") {
    const d = new Date(timeMs);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (p === "W1") {
    return Math.floor((timeMs - MONDAY_OFFSET_MS) / WEEK_MS) * WEEK_MS + MONDAY_OFFSET_MS;
  }
  const len = PERIOD_SECONDS[p] * 1000;
  return Math.floor(timeMs / len) * len;
}

/** Open time of the bar after the one that contains `timeMs`. */
export function bucketEnd(timeMs: number, p: Period): number {
  if (p === "MN1") {
    const d = new Date(timeMs);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return bucketStart(timeMs, p) + (p === "W1" ? WEEK_MS : PERIOD_SECONDS[p] * 1000);
}

export function isAligned(timeMs: number, p: Period): boolean {
  return bucketStart(timeMs, p) === timeMs;
}

/**
 * Can bars of period `from` be combined into bars of period `to`? True when every `to` bucket is an
 * exact union of `from` buckets: same period; fixed into fixed of a whole multiple; any fixed period
 * (they all tile the day) into W1 or MN1. W1 never goes into MN1 (weeks straddle months).
 */
export function canAggregate(from: Period, to: Period): boolean {
  if (from === to) return true;
  if (!isFixed(from)) return false;
  if (!isFixed(to)) return true;
  return PERIOD_SECONDS[to] % PERIOD_SECONDS[from] === 0;
}

/** Throws the typed error that explains why `stored` data cannot answer a `requested` period. */
export function assertAggregatable(stored: Period, requested: Period, where = "the stored data"): void {
  if (canAggregate(stored, requested)) return;
  if (PERIODS.indexOf(requested) < PERIODS.indexOf(stored)) {
    throw new PeriodError(
      "PERIOD_TOO_FINE",
      `Period ${requested} is finer than ${where} (${stored}); ask for ${stored} or a multiple of it.`,
      stored,
      requested,
    );
  }
  throw new PeriodError(
    "PERIOD_NOT_MULTIPLE",
    `Period ${requested} is not a whole multiple of ${where} (${stored}).`,
    stored,
    requested,
  );
}
