/** Builders and views over columnar Bars (see types.ts). */
import type { Bars } from "./types";

export const BAR_FIELDS = ["time", "open", "high", "low", "close", "volume", "spread"] as const;
export type BarField = (typeof BAR_FIELDS)[number];

/** One bar as a plain object: for tests, logs and small answers, never for bulk work. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  spread: number;
}

export function emptyBars(): Bars {
  const z = new Float64Array(0);
  return { length: 0, time: z, open: z, high: z, low: z, close: z, volume: z, spread: z };
}

/** Growable column store; `finish()` returns exact-length views (no copy when the capacity was right). */
export class BarsBuilder {
  length = 0;
  private cap: number;
  private t: Float64Array;
  private o: Float64Array;
  private h: Float64Array;
  private l: Float64Array;
  private c: Float64Array;
  private v: Float64Array;
  private s: Float64Array;

  constructor(capacity = 1024) {
    this.cap = Math.max(1, capacity);
    this.t = new Float64Array(this.cap);
    this.o = new Float64Array(this.cap);
    this.h = new Float64Array(this.cap);
    this.l = new Float64Array(this.cap);
    this.c = new Float64Array(this.cap);
    this.v = new Float64Array(this.cap);
    this.s = new Float64Array(this.cap);
  }

  /** Doubles the capacity until `need` bars fit, keeping the bars held. */
  private reserve(need: number): void {
    if (need <= this.cap) return;
    let cap = this.cap;
    while (cap < need) cap *= 2;
    const g = (a: Float64Array) => {
      const grown = new Float64Array(cap);
      grown.set(a.subarray(0, this.length));
      return grown;
    };
    this.t = g(this.t);
    this.o = g(this.o);
    this.h = g(this.h);
    this.l = g(this.l);
    this.c = g(this.c);
    this.v = g(this.v);
    this.s = g(this.s);
    this.cap = cap;
  }

  push(time: number, open: number, high: number, low: number, close: number, volume = 0, spread = 0): void {
    if (this.length === this.cap) this.reserve(this.length + 1);
    const i = this.length++;
    this.t[i] = time;
    this.o[i] = open;
    this.h[i] = high;
    this.l[i] = low;
    this.c[i] = close;
    this.v[i] = volume;
    this.s[i] = spread;
  }

  /**
   * Folds a bar into the last one (same bucket split across two inputs, e.g. a week that straddles
   * two month chunks): max high, min low, last close, summed volume, min spread (aggregate.ts rule).
   */
  mergeLast(high: number, low: number, close: number, volume: number, spread: number): void {
    const i = this.length - 1;
    if (high > this.h[i]) this.h[i] = high;
    if (low < this.l[i]) this.l[i] = low;
    this.c[i] = close;
    this.v[i] += volume;
    if (spread < this.s[i]) this.s[i] = spread;
  }

  /**
   * Appends `b` whole, column by column, when its times strictly increase: what pushing bar by bar does,
   * merging its first bar into the last one when their times are equal (a bucket split across two inputs).
   * False, with nothing appended, when a time does not increase (the caller then goes bar by bar).
   */
  appendIncreasing(b: Bars): boolean {
    const n = b.length;
    const time = b.time;
    for (let j = 1; j < n; j++) if (!(time[j] > time[j - 1])) return false;
    let from = 0;
    if (n > 0 && this.lastTime() === time[0]) {
      this.mergeLast(b.high[0], b.low[0], b.close[0], b.volume[0], b.spread[0]);
      from = 1;
    }
    if (from >= n) return true;
    const need = this.length + n - from;
    this.reserve(need);
    const at = this.length;
    this.t.set(time.subarray(from, n), at);
    this.o.set(b.open.subarray(from, n), at);
    this.h.set(b.high.subarray(from, n), at);
    this.l.set(b.low.subarray(from, n), at);
    this.c.set(b.close.subarray(from, n), at);
    this.v.set(b.volume.subarray(from, n), at);
    this.s.set(b.spread.subarray(from, n), at);
    this.length = need;
    return true;
  }

  /** Time of the last pushed bar, or -Infinity. */
  lastTime(): number {
    return this.length > 0 ? this.t[this.length - 1] : Number.NEGATIVE_INFINITY;
  }

  finish(): Bars {
    const n = this.length;
    const cut = (a: Float64Array) => (a.length === n ? a : a.slice(0, n));
    return {
      length: n,
      time: cut(this.t),
      open: cut(this.o),
      high: cut(this.h),
      low: cut(this.l),
      close: cut(this.c),
      volume: cut(this.v),
      spread: cut(this.s),
    };
  }
}

export function barsFromRows(rows: readonly Bar[]): Bars {
  const b = new BarsBuilder(rows.length);
  for (const r of rows) b.push(r.time, r.open, r.high, r.low, r.close, r.volume, r.spread);
  return b.finish();
}

export function barAt(bars: Bars, i: number): Bar {
  return {
    time: bars.time[i],
    open: bars.open[i],
    high: bars.high[i],
    low: bars.low[i],
    close: bars.close[i],
    volume: bars.volume[i],
    spread: bars.spread[i],
  };
}

export function toRows(bars: Bars): Bar[] {
  const out: Bar[] = [];
  for (let i = 0; i < bars.length; i++) out.push(barAt(bars, i));
  return out;
}

/** Index range [i, j) as zero-copy views. */
export function sliceIndex(bars: Bars, i: number, j: number): Bars {
  const a = Math.max(0, i);
  const b = Math.min(bars.length, j);
  if (b <= a) return emptyBars();
  if (a === 0 && b === bars.length) return bars;
  return {
    length: b - a,
    time: bars.time.subarray(a, b),
    open: bars.open.subarray(a, b),
    high: bars.high.subarray(a, b),
    low: bars.low.subarray(a, b),
    close: bars.close.subarray(a, b),
    volume: bars.volume.subarray(a, b),
    spread: bars.spread.subarray(a, b),
  };
}

/** First index whose time is >= t (times strictly increasing). */
export function lowerBound(time: Float64Array, t: number): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Bars whose open time is in [fromMs, toMs) as zero-copy views. */
export function sliceTime(bars: Bars, fromMs: number, toMs: number): Bars {
  return sliceIndex(bars, lowerBound(bars.time, fromMs), lowerBound(bars.time, toMs));
}

/** Concatenates runs that are already in time order (each later run starts after the previous ends). */
export function concatBars(parts: readonly Bars[]): Bars {
  const nonEmpty = parts.filter((p) => p.length > 0);
  if (nonEmpty.length === 0) return emptyBars();
  if (nonEmpty.length === 1) return nonEmpty[0];
  let n = 0;
  for (const p of nonEmpty) n += p.length;
  const cols = BAR_FIELDS.map(() => new Float64Array(n));
  let at = 0;
  for (const p of nonEmpty) {
    BAR_FIELDS.forEach((f, k) => {
      cols[k].set(p[f], at);
    });
    at += p.length;
  }
  const [time, open, high, low, close, volume, spread] = cols;
  return { length: n, time, open, high, low, close, volume, spread };
}

/** Deep copy (own buffers), e.g. before handing bars to code that may keep them. */
export function copyBars(b: Bars): Bars {
  return {
    length: b.length,
    time: b.time.slice(),
    open: b.open.slice(),
    high: b.high.slice(),
    low: b.low.slice(),
    close: b.close.slice(),
    volume: b.volume.slice(),
    spread: b.spread.slice(),
  };
}

/** Problems of SOURCES.md's sanity checks, first one found; null when the bars pass. */
export function checkBars(b: Bars): string | null {
  const at = (i: number) =>
    `bar ${i} (${Number.isFinite(b.time[i]) ? new Date(b.time[i]).toISOString() : b.time[i]})`;
  for (let i = 0; i < b.length; i++) {
    const o = b.open[i];
    const h = b.high[i];
    const l = b.low[i];
    const c = b.close[i];
    if (!Number.isFinite(o + h + l + c + b.time[i])) return `${at(i)}: a value is not a finite number`;
    if (o <= 0 || h <= 0 || l <= 0 || c <= 0) return `${at(i)}: a price is not positive`;
    if (h < l) return `${at(i)}: high ${h} is below low ${l}`;
    if (h < Math.max(o, c)) return `${at(i)}: high ${h} is below open/close`;
    if (l > Math.min(o, c)) return `${at(i)}: low ${l} is above open/close`;
    if (i > 0 && b.time[i] <= b.time[i - 1]) return `${at(i)}: time does not increase`;
    if (!(b.volume[i] >= 0)) return `${at(i)}: negative volume`;
  }
  return null;
}

/**
 * Spread column from a separate ask series with the same times (e.g. the bid and ask files of FXCM):
 * the smaller of the open and close spreads, in points (see aggregate.ts for why minimum).
 * Bars whose time has no ask bar keep their spread.
 */
export function withAskSpread(bid: Bars, ask: Bars, point: number): Bars {
  const out = copyBars(bid);
  let j = 0;
  for (let i = 0; i < bid.length; i++) {
    while (j < ask.length && ask.time[j] < bid.time[i]) j++;
    if (j < ask.length && ask.time[j] === bid.time[i]) {
      out.spread[i] = spreadPoints(bid.open[i], ask.open[j], bid.close[i], ask.close[j], point);
    }
  }
  return out;
}

/** min(askOpen - bidOpen, askClose - bidClose) in points, never below 0. */
export function spreadPoints(
  bidOpen: number,
  askOpen: number,
  bidClose: number,
  askClose: number,
  point: number,
) {
  const s = Math.min(askOpen - bidOpen, askClose - bidClose) / point;
  return s > 0 ? Math.round(s) : 0;
}
