/**
 * Which candles the chart asks for (spec 2 s9): first a 14-day window from the backtest start, then
 * a calendar week (Sunday to Saturday, UTC) at a time when the visible range comes within 20 bars
 * of either end of the loaded candles. Times are epoch seconds, ranges inclusive like the datafeed.
 */

const DAY = 86_400;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday; the first Sunday 00:00 UTC came 3 days later. */
const SUNDAY_OFFSET = 3 * DAY;

export const INITIAL_DAYS = 14;
export const EDGE_BARS = 20;

export interface TimeRange {
  readonly from: number;
  readonly to: number;
}

/**
 * Spec 2 s7: the first window "starts at the backtest start and ends 14 days later (end of that day)": from
 * a 2024-01-01 start it runs to 2024-01-15 23:59:59 UTC. Clamped to the backtest end.
 */
export function initialWindow(start: number, end: number): TimeRange | null {
  if (!(start <= end)) return null;
  const lastDay = Math.floor(start / DAY) * DAY + INITIAL_DAYS * DAY;
  return { from: start, to: Math.min(end, lastDay + DAY - 1) };
}

/** Sunday 00:00 UTC of the calendar week holding `time`. */
export function weekStart(time: number): number {
  return Math.floor((time - SUNDAY_OFFSET) / WEEK) * WEEK + SUNDAY_OFFSET;
}

export type Edge = "before" | "after";

/**
 * The ends of the data the visible logical range (bar indexes) is within 20 bars of. Indexes past
 * the data count as near too, so a range that shows fewer bars than exist still triggers.
 */
export function edgesNear(range: TimeRange, length: number): Edge[] {
  if (length === 0) return [];
  const edges: Edge[] = [];
  if (range.from < EDGE_BARS) edges.push("before");
  if (range.to > length - 1 - EDGE_BARS) edges.push("after");
  return edges;
}

/**
 * The next range to load on one side: the calendar week 7 days before the start of the loaded range
 * (or after its end), clamped to the backtest. It runs from that week up to the loaded range, not just
 * the week itself: the 14-day window rarely ends on a Saturday, and the days between it and the next
 * whole week must not be skipped. The loaded range (not the first or last candle) is the anchor, so an
 * empty week (a holiday, missing data) moves on instead of being asked for again. Null once the
 * backtest's end on that side is loaded.
 */
export function weekToLoad(edge: Edge, loaded: TimeRange, backtest: TimeRange): TimeRange | null {
  if (edge === "before") {
    const from = Math.max(backtest.from, weekStart(loaded.from - WEEK));
    const to = loaded.from - 1;
    return from <= to ? { from, to } : null;
  }
  const from = loaded.to + 1;
  const to = Math.min(backtest.to, weekStart(loaded.to + WEEK) + WEEK - 1);
  return from <= to ? { from, to } : null;
}
