/**
 * Integrity of the feed's hour files (issue 18): what is detected, counted per symbol and month, and never
 * silently stored. Pure.
 *
 *   missing hour  the feed answered 404 for an hour of the trading week
 *   empty file    the feed answered an empty file (or no ticks) for an hour of the trading week
 *   weekend tick  a tick between Friday 22:00 and Sunday 21:00 UTC: dropped
 *   crossed quote ask below bid: dropped
 *   spike         a tick whose mid is more than SPIKE_FRACTION away from both neighbours' while those
 *                 two agree within it (a lone outlier, not a jump the market stayed at): dropped.
 *                 The first and last tick of an hour have one neighbour in the file and are not judged.
 *   failed file   undecodable (corrupt) or unreachable after every retry: not stored, retried next run
 */
import { compactTicks, type Ticks } from "./ticks";

export const SPIKE_FRACTION = 0.003;

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The FX week: Sunday 22:00 UTC to Friday 21:00 UTC for certain (the open moves between 21:00 and
 * 22:00 with daylight saving in New York; those two edge hours are neither required nor refused).
 */
export function isWeekendTime(ms: number): boolean {
  // Plain arithmetic, not a Date per tick (it runs on every tick of the ingest): 1970-01-01 was a Thursday.
  const days = Math.floor(ms / DAY);
  const day = (((days + 4) % 7) + 7) % 7;
  const h = Math.floor((ms - days * DAY) / HOUR);
  return day === 6 || (day === 5 && h >= 22) || (day === 0 && h < 21);
}

/** An hour whose file must hold ticks: missing or empty ones are reported. */
export function isTradingHour(hourStartMs: number): boolean {
  const d = new Date(hourStartMs);
  const day = d.getUTCDay();
  const h = d.getUTCHours();
  if (day === 6) return false;
  if (day === 5) return h < 21;
  if (day === 0) return h >= 22;
  return true;
}

export interface TickCheck {
  /** The ticks that pass every check: the ones to store. */
  kept: Ticks;
  weekend: number;
  crossed: number;
  spikes: number;
}

/** Applies the tick checks to one hour's ticks. */
export function checkTicks(t: Ticks): TickCheck {
  const len = t.length;
  const { time, bid, ask } = t;
  let weekend = 0;
  let crossed = 0;
  const pass = new Uint8Array(len);
  let n = 0;
  for (let i = 0; i < len; i++) {
    if (isWeekendTime(time[i])) weekend++;
    else if (ask[i] < bid[i]) crossed++;
    else {
      pass[i] = 1;
      n++;
    }
  }
  const pass1 = n === len ? t : compactTicks(t, pass, n);
  // Mids doubled (bid + ask): the tolerance scales with them, so the test is the same as on mids.
  const b1 = pass1.bid;
  const a1 = pass1.ask;
  const keep = new Uint8Array(n).fill(1);
  let spikes = 0;
  for (let i = 1; i + 1 < n; i++) {
    const a = b1[i - 1] + a1[i - 1];
    const m = b1[i] + a1[i];
    const b = b1[i + 1] + a1[i + 1];
    const tol = SPIKE_FRACTION * Math.min(Math.abs(a), Math.abs(b));
    if (Math.abs(m - a) > tol && Math.abs(m - b) > tol && Math.abs(a - b) <= tol) {
      keep[i] = 0;
      spikes++;
    }
  }
  const kept = spikes ? compactTicks(pass1, keep, n - spikes) : pass1;
  return { kept, weekend, crossed, spikes };
}

export type HourStatus = "ok" | "empty" | "missing" | "failed";

/** What the ingest recorded for one hour file (kept per symbol and month). */
export interface HourLog {
  status: HourStatus;
  /** Ticks stored. */
  ticks: number;
  weekend: number;
  crossed: number;
  spikes: number;
  /** Why a file failed (status "failed"). */
  error?: string;
}

export interface MonthLog {
  version: 1;
  /** Keyed by the hour's start, ISO "YYYY-MM-DDTHH". */
  hours: Record<string, HourLog>;
}

export function hourKey(hourStartMs: number): string {
  return new Date(hourStartMs).toISOString().slice(0, 13);
}

export function hourFromKey(key: string): number {
  return Date.parse(`${key}:00:00Z`);
}

export interface MonthIntegrity {
  month: string;
  hoursFetched: number;
  ticks: number;
  missingHours: number;
  emptyFiles: number;
  failedFiles: number;
  weekendTicks: number;
  spikes: number;
  crossedQuotes: number;
  /** The hours behind the counts above (at most 100 listed per kind). */
  missing: string[];
  empty: string[];
  failed: { hour: string; error: string }[];
}

/** Sums one month's hour log into the report's figures. Missing/empty count on trading hours only. */
export function summarizeMonth(month: string, log: MonthLog): MonthIntegrity {
  const r: MonthIntegrity = {
    month,
    hoursFetched: 0,
    ticks: 0,
    missingHours: 0,
    emptyFiles: 0,
    failedFiles: 0,
    weekendTicks: 0,
    spikes: 0,
    crossedQuotes: 0,
    missing: [],
    empty: [],
    failed: [],
  };
  for (const key of Object.keys(log.hours).sort()) {
    const h = log.hours[key];
    const trading = isTradingHour(hourFromKey(key));
    r.ticks += h.ticks;
    r.weekendTicks += h.weekend;
    r.spikes += h.spikes;
    r.crossedQuotes += h.crossed;
    if (h.status === "failed") {
      r.failedFiles++;
      if (r.failed.length < 100) r.failed.push({ hour: key, error: h.error ?? "" });
      continue;
    }
    r.hoursFetched++;
    if (h.status === "missing" && trading) {
      r.missingHours++;
      if (r.missing.length < 100) r.missing.push(key);
    }
    if (h.status === "empty" && trading) {
      r.emptyFiles++;
      if (r.empty.length < 100) r.empty.push(key);
    }
  }
  return r;
}

export function hourStarts(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let t = Math.floor(fromMs / HOUR) * HOUR; t < toMs; t += HOUR) out.push(t);
  return out;
}
