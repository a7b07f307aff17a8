/**
 * Timeframes of the candle chart: the visible window per timeframe (spec 2 s9) and the candle an
 * instant belongs to. The bucketing mirrors the datafeed's alignment rule (worker/market/periods.ts):
 * intraday and D1 candles start at whole multiples of their length from 00:00 UTC, W1 on Monday
 * 00:00 UTC, MN1 on the first of the month. Times are epoch seconds.
 */

const DAY = 86_400;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday; the first Monday 00:00 UTC came 4 days later. */
const MONDAY_OFFSET = 4 * DAY;

const VISIBLE_BARS: Readonly<Record<string, number>> = {
  m1: 240,
  m2: 180,
  m3: 160,
  m4: 150,
  m5: 144,
  m6: 120,
  m10: 100,
  m12: 96,
  m15: 96,
  m20: 72,
  m30: 48,
  h1: 72,
  h2: 60,
  h3: 56,
  h4: 42,
  h6: 40,
  h8: 36,
  h12: 28,
  d1: 60,
  w1: 52,
  mn1: 24,
};
export const DEFAULT_VISIBLE_BARS = 100;

/** How many candles the chart shows at once: by timeframe (case-insensitive), capped by the data. */
export function visibleBars(timeframe: string, dataLength: number): number {
  const bars = VISIBLE_BARS[timeframe.trim().toLowerCase()] ?? DEFAULT_VISIBLE_BARS;
  return Math.max(0, Math.min(bars, dataLength));
}

export type TimeframeUnit =
  | { readonly kind: "fixed"; readonly seconds: number }
  | { readonly kind: "week" }
  | { readonly kind: "month" };

/** m1..m30, h1..h12, d1, w1, mn1 (or mn), any case; undefined for anything else. */
export function timeframeUnit(timeframe: string): TimeframeUnit | undefined {
  const tf = timeframe.trim().toLowerCase();
  if (tf === "w1") return { kind: "week" };
  if (tf === "mn1" || tf === "mn") return { kind: "month" };
  if (tf === "d1") return { kind: "fixed", seconds: DAY };
  const match = /^([mh])(\d{1,2})$/.exec(tf);
  if (!match) return undefined;
  const n = Number(match[2]);
  const unit = match[1] === "m" ? 60 : 3600;
  // Only lengths that tile the day keep the datafeed's alignment (every listed timeframe does).
  if (n <= 0 || DAY % (n * unit) !== 0) return undefined;
  return { kind: "fixed", seconds: n * unit };
}

/** Open time of the candle of `timeframe` holding `time`; the time itself for an unknown timeframe. */
export function bucketTime(time: number, timeframe: string): number {
  const unit = timeframeUnit(timeframe);
  if (!unit) return time;
  if (unit.kind === "week") return Math.floor((time - MONDAY_OFFSET) / WEEK) * WEEK + MONDAY_OFFSET;
  if (unit.kind === "month") {
    const d = new Date(time * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  return Math.floor(time / unit.seconds) * unit.seconds;
}
