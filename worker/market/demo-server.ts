/**
 * Packed demo months (demo.ts) decoded straight into server-time M1 bars (issue 11). A backtest that models
 * ticks reads every month of its range twice as server-time M1 (backtest-work.ts): through the store and
 * server-time.ts that was an unpack of each month, a copy of it into the range's columns and a shifted copy
 * of its times, a third of a cold 10-year run's time beside the generation itself. Here each bar is decoded,
 * shifted and kept in one pass, into the answer's columns.
 *
 * RULE: the answer is exactly `sliceTime(toServerTime(utcBars, zone), fromMs, toMs)` where utcBars are the
 * months' bars (unpackDemoMonth) in [utcFrom, utcTo) before `nowMs`: the same prices, the same merges where
 * the server clock repeats an hour (high/low extremes, last close, summed volume, smallest spread), the
 * same values bit for bit (demo-server.test.ts compares them on real demo months).
 */
import { emptyBars, lowerBound } from "./bars";
import { monthRange } from "./chunks";
import { type PackedDemoMonth, tradingMinutes } from "./demo";
import type { ServerZone } from "./server-time";
import type { Bars } from "./types";

const MINUTE = 60_000;

/**
 * The trading minutes of the last few months asked (demo.ts tradingMinutes): a run reads each month three
 * times, as itself and as the day either side of its neighbours, and the times are the same every time.
 */
const recentMinutes = new Map<string, Float64Array>();
const RECENT_MONTHS = 4;

function minutesOf(month: string, start: number, end: number): Float64Array {
  const hit = recentMinutes.get(month);
  if (hit) return hit;
  const minutes = tradingMinutes(start, end);
  if (recentMinutes.size >= RECENT_MONTHS) {
    const oldest = recentMinutes.keys().next().value;
    if (oldest !== undefined) recentMinutes.delete(oldest);
  }
  recentMinutes.set(month, minutes);
  return minutes;
}

export interface ServerDemoRange {
  /** The server-time range kept, [fromMs, toMs). */
  readonly fromMs: number;
  readonly toMs: number;
  /** The UTC range read, [utcFrom, utcTo): bars outside it are neither kept nor merged into. */
  readonly utcFrom: number;
  readonly utcTo: number;
  /** Demo data stops before this UTC minute (the present). */
  readonly nowMs: number;
}

/** The bars of `months` (consecutive, oldest first) in server time over `r` (see RULE). */
export function serverDemoBars(
  months: readonly PackedDemoMonth[],
  zone: ServerZone,
  r: ServerDemoRange,
): Bars {
  // Kept bars have strictly increasing minute times inside [fromMs, toMs): no more of them than its minutes.
  const cap = Math.max(0, Math.ceil((r.toMs - r.fromMs) / MINUTE));
  if (cap === 0) return emptyBars();
  const time = new Float64Array(cap);
  const open = new Float64Array(cap);
  const high = new Float64Array(cap);
  const low = new Float64Array(cap);
  const close = new Float64Array(cap);
  const volume = new Float64Array(cap);
  const spread = new Float64Array(cap);
  const utcEnd = Math.min(r.utcTo, r.nowMs);
  const { fromMs, toMs } = r;
  let n = 0;
  // Server time of the last bar kept by toServerTime (kept in the answer or not), and whether it is in it.
  let last = Number.NEGATIVE_INFINITY;
  let lastKept = false;
  // The zone's offset over [segStart, segEnd) of UTC, asked again only when a bar leaves it.
  let segStart = 0;
  let segEnd = 0;
  let offset = 0;
  for (const p of months) {
    const { start, end } = monthRange(p.month);
    if (end <= r.utcFrom || start >= utcEnd) continue;
    const minutes = minutesOf(p.month, start, end);
    if (minutes.length !== p.length) {
      throw new Error(`packed demo month ${p.month} has ${p.length} bars, not ${minutes.length}`);
    }
    const { scale, up, down } = p;
    const closes = p.close;
    const volumes = p.volume;
    const spreads = p.spread;
    const i0 = lowerBound(minutes, r.utcFrom);
    const i1 = lowerBound(minutes, utcEnd);
    // Every open is the previous close.
    let o = i0 === 0 ? p.firstOpen : closes[i0 - 1];
    for (let i = i0; i < i1; i++) {
      const c = closes[i];
      const prevClose = o;
      o = c;
      const t = minutes[i];
      if (t < segStart || t >= segEnd) {
        offset = zone.offsetAt(t);
        segStart = t;
        segEnd = zone.offsetUntil(t);
      }
      const s = t + offset;
      const hi = (Math.max(prevClose, c) + up[i]) / scale;
      const lo = (Math.min(prevClose, c) - down[i]) / scale;
      if (s > last) {
        last = s;
        lastKept = s >= fromMs && s < toMs;
        if (!lastKept) continue;
        time[n] = s;
        open[n] = prevClose / scale;
        high[n] = hi;
        low[n] = lo;
        close[n] = c / scale;
        volume[n] = volumes[i];
        spread[n] = spreads[i];
        n++;
      } else if (lastKept) {
        // The server clock went back: folded into the bar kept last (BarsBuilder.mergeLast).
        const k = n - 1;
        if (hi > high[k]) high[k] = hi;
        if (lo < low[k]) low[k] = lo;
        close[k] = c / scale;
        volume[k] += volumes[i];
        if (spreads[i] < spread[k]) spread[k] = spreads[i];
      }
    }
  }
  if (n === 0) return emptyBars();
  return {
    length: n,
    time: time.subarray(0, n),
    open: open.subarray(0, n),
    high: high.subarray(0, n),
    low: low.subarray(0, n),
    close: close.subarray(0, n),
    volume: volume.subarray(0, n),
    spread: spread.subarray(0, n),
  };
}
