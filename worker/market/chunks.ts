/**
 * Month chunks: how bars are cut into R2 objects and which objects a range needs.
 * One object per symbol, stored period and calendar month (UTC):
 *   candles/EURUSD/M1/2024-01.bin
 * plus one small manifest per symbol that records months replaced by imports (store.ts).
 */
import { sliceIndex } from "./bars";
import { MarketError } from "./errors";
import { bucketEnd, bucketStart } from "./periods";
import type { Bars, Period } from "./types";

/** "YYYY-MM" of a UTC time. */
export type MonthKey = string;

const MONTH_RE = /^(\d{4})-(\d{2})$/;

export function monthOf(timeMs: number): MonthKey {
  const d = new Date(timeMs);
  return `${String(d.getUTCFullYear()).padStart(4, "0")}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

export function parseMonth(month: MonthKey): { year: number; month: number } {
  const m = MONTH_RE.exec(month);
  const mm = m ? Number(m[2]) : 0;
  if (!m || mm < 1 || mm > 12) throw new MarketError("BAD_RANGE", `Bad month "${month}", expected YYYY-MM.`);
  return { year: Number(m[1]), month: mm };
}

/** [start, end) of a month in epoch ms. */
export function monthRange(month: MonthKey): { start: number; end: number } {
  const { year, month: m } = parseMonth(month);
  return { start: Date.UTC(year, m - 1, 1), end: Date.UTC(year, m, 1) };
}

/** Months since 1970-01 (1970-01 = 0): a compact index used by the demo generator's seeds. */
export function monthIndex(month: MonthKey): number {
  const { year, month: m } = parseMonth(month);
  return (year - 1970) * 12 + (m - 1);
}

export function monthFromIndex(index: number): MonthKey {
  return monthOf(Date.UTC(1970, index, 1));
}

export function chunkKey(symbol: string, period: Period, month: MonthKey): string {
  return `candles/${symbol}/${period}/${month}.bin`;
}

export function manifestKey(symbol: string): string {
  return `candles/${symbol}/manifest.json`;
}

/** Months that overlap [fromMs, toMs), oldest first. */
export function monthsInRange(fromMs: number, toMs: number): MonthKey[] {
  if (!(toMs > fromMs)) return [];
  const out: MonthKey[] = [];
  const first = new Date(fromMs);
  let i = (first.getUTCFullYear() - 1970) * 12 + first.getUTCMonth();
  for (;;) {
    const start = Date.UTC(1970, i, 1);
    if (start >= toMs) break;
    out.push(monthOf(start));
    i++;
  }
  return out;
}

/**
 * The stored-data span that answers bars of `period` whose open time is in [fromMs, toMs):
 * from the start of the bucket holding fromMs to the end of the bucket holding the last instant
 * before toMs, so the first and last bars are complete.
 */
export function sourceSpan(fromMs: number, toMs: number, period: Period): { start: number; end: number } {
  const start = bucketStart(fromMs, period);
  const end = toMs > fromMs ? bucketEnd(toMs - 1, period) : start;
  return { start, end };
}

/** Cuts time-ordered bars into calendar-month runs (zero-copy views). */
export function splitByMonth(bars: Bars): { month: MonthKey; bars: Bars }[] {
  const out: { month: MonthKey; bars: Bars }[] = [];
  let i = 0;
  while (i < bars.length) {
    const month = monthOf(bars.time[i]);
    const { end } = monthRange(month);
    let j = i + 1;
    while (j < bars.length && bars.time[j] < end) j++;
    out.push({ month, bars: sliceIndex(bars, i, j) });
    i = j;
  }
  return out;
}
