/**
 * Demo data (DESIGN D6 source a): a deterministic generator of realistic M1 bid bars for any
 * catalogue symbol and month, so the app backtests offline with nothing to download. Everything
 * built on it is labelled demo (the chunk's demo flag).
 *
 * Determinism: every random number comes from sfc32 seeded by a hash of (symbol, month), or of
 * (symbol, scale, anchor) for the long-horizon level, so a month is the same bytes whenever and
 * wherever it is generated, and no month depends on generating another.
 *
 * Shape of the data:
 *  - Level: the catalogue's typicalPrice times exp(X(m)), where X is smooth value noise over months
 *    (anchors at 1, 6, 24 and 72 months, amplitudes scaled by the pair's annual volatility), so the
 *    price wanders around the real level over years. Month m opens at level(m) and a Brownian bridge
 *    pins its last close to level(m+1): months join without a gap.
 *  - Volatility follows the UTC hour (quiet Asia, busy London, busiest London/New York overlap,
 *    quiet after 21:00), with a livelier Asia for JPY, AUD, NZD and Asian currencies, a random daily
 *    regime and rare jumps.
 *  - No bars from Friday 22:00 to Sunday 22:00 UTC.
 *  - Spreads (points) hover around the catalogue spread, wider in Asia and much wider at the
 *    22:00 UTC rollover and at the Sunday open.
 *  - Tick volume follows activity and the size of the move.
 */

import { lowerBound } from "./bars";
import { CURRENCIES } from "./catalogue";
import { type MonthKey, monthIndex, monthRange } from "./chunks";
import type { Bars, SymbolInfo } from "./types";

// ---------- deterministic randomness ----------

/** cyrb128: a fast 128-bit string hash, used only to seed sfc32. */
export function hash128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * sfc32 PRNG, uniform [0, 1), with normal numbers (Box-Muller, both outputs used) beside it: one monomorphic
 * object the generator's hot loops call, not closures over boxed variables (issue 11: generation was most of
 * a cold backtest). Every operation is 32-bit (`| 0`, `^`, shifts), so the sequence is the one the original
 * closure form gave, number for number.
 *
 * The state lives in an Int32Array and the spare normal in a Float64Array, not in object fields: workerd's V8
 * uses pointer compression, where a small integer is only 31 bits, so an int32 field above 2^30 (half of
 * sfc32's states) becomes a boxed number and every next() read and wrote heap numbers. That made a demo month
 * about 1.5x slower to generate in workerd than in Node (whose V8 keeps 32-bit small integers); typed-array
 * elements are never boxed.
 */
class Sfc32 {
  private readonly s = new Int32Array(4);
  private readonly spare = new Float64Array(1);
  private hasSpare = false;

  constructor(seed: readonly [number, number, number, number]) {
    const s = this.s;
    s[0] = seed[0] | 0;
    s[1] = seed[1] | 0;
    s[2] = seed[2] | 0;
    s[3] = seed[3] | 0;
    for (let i = 0; i < 12; i++) this.next(); // mix the seed
  }

  next(): number {
    const s = this.s;
    const a = s[0];
    const b = s[1];
    const c = s[2];
    let t = (a + b) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    const c2 = (c << 21) | (c >>> 11);
    const d = (s[3] + 1) | 0;
    s[3] = d;
    t = (t + d) | 0;
    s[2] = (c2 + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** A standard normal number. */
  gauss(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare[0];
    }
    let u = this.next();
    while (u <= 1e-12) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare[0] = r * Math.sin(2 * Math.PI * v);
    this.hasSpare = true;
    return r * Math.cos(2 * Math.PI * v);
  }
}

/** sfc32 PRNG: uniform [0, 1). */
export function sfc32(seed: [number, number, number, number]): () => number {
  const rng = new Sfc32(seed);
  return () => rng.next();
}

function seededGaussian(key: string): number {
  return new Sfc32(hash128(key)).gauss();
}

// ---------- symbol character ----------

const ASIAN = new Set([
  "JPY",
  "AUD",
  "NZD",
  "CNH",
  "SGD",
  "HKD",
  "THB",
  "KRW",
  "IDR",
  "INR",
  "PHP",
  "TWD",
  "MYR",
]);

/** Annual volatility of a pair from its currencies' volatilities against USD (crosses partly offset). */
export function annualVol(s: SymbolInfo): number {
  const vb = CURRENCIES[s.base]?.vol ?? 0.1;
  const vq = CURRENCIES[s.quote]?.vol ?? 0.1;
  const v = s.base === "USD" || s.quote === "USD" ? vb + vq : Math.sqrt(vb * vb + vq * vq) * 0.75;
  return Math.max(0.01, v);
}

/** Relative activity by UTC hour (mean 1): quiet Asia, London from 07:00, overlap 12-16, quiet after 21. */
const ACTIVITY_BASE = [
  0.55, 0.55, 0.5, 0.5, 0.5, 0.55, 0.7, 1.0, 1.35, 1.35, 1.3, 1.25, 1.5, 1.75, 1.75, 1.6, 1.3, 1.0, 0.85,
  0.75, 0.65, 0.55, 0.4, 0.45,
];

function activityProfile(s: SymbolInfo): Float64Array {
  const asian = ASIAN.has(s.base) || ASIAN.has(s.quote);
  const a = Float64Array.from(ACTIVITY_BASE, (x, h) => (asian && (h <= 6 || h === 23) ? x * 1.5 : x));
  let sum = 0;
  for (const x of a) sum += x;
  for (let h = 0; h < 24; h++) a[h] = (a[h] * 24) / sum;
  return a;
}

/** Spread multiplier by UTC hour: Asia a little wider, late New York wider, rollover handled apart. */
const SPREAD_BY_HOUR = [
  1.3, 1.3, 1.2, 1.2, 1.2, 1.2, 1.1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.05, 1.1, 1.15, 1.2,
  1.6, 2.0, 1.5,
];

const TICKS_PER_MINUTE = { major: 110, minor: 70, exotic: 30 } as const;

// ---------- long-horizon level ----------

const OCTAVES: readonly { months: number; amp: number }[] = [
  { months: 72, amp: 0.6 },
  { months: 24, amp: 0.45 },
  { months: 6, amp: 0.3 },
  { months: 1, amp: 0.1 },
];

function smooth(x: number): number {
  return x * x * (3 - 2 * x);
}

/** Opening mid level of a month (month index since 1970-01), deterministic and smooth across months. */
export function demoLevel(s: SymbolInfo, index: number): number {
  const vol = annualVol(s);
  let x = 0;
  for (const o of OCTAVES) {
    const k = Math.floor(index / o.months);
    const f = smooth((index - k * o.months) / o.months);
    const a = seededGaussian(`${s.name}|L${o.months}|${k}`);
    const b = seededGaussian(`${s.name}|L${o.months}|${k + 1}`);
    x += o.amp * vol * (a + (b - a) * f);
  }
  // Keep the level near the real one whatever the draw: a trader reading demo EURUSD should see a price
  // that looks like EURUSD (halved wander, then within about ±10%).
  x = Math.max(-0.1, Math.min(0.1, 0.5 * x));
  return s.typicalPrice * Math.exp(x);
}

// ---------- the generator ----------

const MINUTE = 60_000;
const TRADING_MINUTES_PER_YEAR = 260 * 1440;

/** Is the market open during the minute starting at t? Closed Friday 22:00 to Sunday 22:00 UTC. */
export function isTradingMinute(t: number): boolean {
  const days = Math.floor(t / 86_400_000);
  const day = (days + 4) % 7; // 1970-01-01 was a Thursday (4); 0 = Sunday
  const h = Math.floor((t - days * 86_400_000) / 3_600_000);
  if (day === 6) return false;
  if (day === 5 && h >= 22) return false;
  if (day === 0 && h < 22) return false;
  return true;
}

const DAY = 86_400_000;
const ROLLOVER_FROM = 22 * 60 - 5;
const ROLLOVER_TO = 22 * 60 + 15;

/**
 * The trading minutes of [start, end) (whole UTC days), oldest first, as isTradingMinute says, walked a
 * day at a time: a day is wholly open, wholly closed, or cut at 22:00 (Friday close, Sunday open).
 */
export function tradingMinutes(start: number, end: number): Float64Array {
  const time = new Float64Array(Math.round((end - start) / MINUTE));
  let n = 0;
  for (let day = start; day < end; day += DAY) {
    const weekday = (Math.floor(day / DAY) + 4) % 7; // 1970-01-01 was a Thursday (4); 0 = Sunday
    if (weekday === 6) continue;
    const from = weekday === 0 ? 22 * 60 : 0;
    const to = weekday === 5 ? 22 * 60 : 1440;
    for (let m = from; m < to; m++) time[n++] = day + m * MINUTE;
  }
  return time.slice(0, n);
}

/**
 * A demo month as the generator makes it: integer points, before they become decimal prices. It is the
 * form the candle cache keeps (store.ts): about 9 bytes a bar instead of 56, so the isolate's cache holds
 * years of M1 and a backtest's second pass over its months (backtest-work.ts) unpacks them in about a
 * millisecond instead of generating them again. unpackDemoMonth gives exactly demoMonth's bars.
 */
export interface PackedDemoMonth {
  readonly kind: "packed-demo";
  readonly month: MonthKey;
  /** Points per price unit (10^digits). */
  readonly scale: number;
  /** Number of bars. */
  readonly length: number;
  /** The first bar's open, in points (every later open is the previous close). */
  readonly firstOpen: number;
  /** Closes in points. */
  readonly close: Int32Array | Float64Array;
  /** high - max(open, close) and min(open, close) - low, in points. */
  readonly up: IntColumn;
  readonly down: IntColumn;
  readonly volume: IntColumn;
  readonly spread: IntColumn;
}

type IntColumn = Uint8Array | Uint16Array | Int32Array | Float64Array;

/** The smallest typed array that holds these integers exactly. */
function narrow(values: Float64Array, n: number): IntColumn {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // The constructors copy element by element natively; `.from` walks an iterator (a tenth of a month's time).
  if (lo >= 0 && hi <= 0xff) return new Uint8Array(values.subarray(0, n));
  if (lo >= 0 && hi <= 0xffff) return new Uint16Array(values.subarray(0, n));
  if (lo >= -0x80000000 && hi <= 0x7fffffff) return new Int32Array(values.subarray(0, n));
  return values.slice(0, n);
}

/** Bytes a packed month holds (the cache's size of it). */
export function packedBytes(p: PackedDemoMonth): number {
  return p.close.byteLength + p.up.byteLength + p.down.byteLength + p.volume.byteLength + p.spread.byteLength;
}

/** All M1 bars of `month` (YYYY-MM) for `s`. Same symbol and month give the same bars, bit for bit. */
export function demoMonth(s: SymbolInfo, month: MonthKey): Bars {
  return unpackDemoMonth(packDemoMonth(s, month));
}

/**
 * demoMonth's bars from their packed form; with a range, only the bars whose time is in [fromMs, toMs), the
 * same values as slicing the whole month (the backtest's reads of a neighbouring month want a day of it).
 */
export function unpackDemoMonth(
  p: PackedDemoMonth,
  fromMs = Number.NEGATIVE_INFINITY,
  toMs = Number.POSITIVE_INFINITY,
): Bars {
  const { start, end } = monthRange(p.month);
  const all = tradingMinutes(start, end);
  if (all.length !== p.length) {
    throw new Error(`packed demo month ${p.month} has ${p.length} bars, not ${all.length}`);
  }
  const i0 = lowerBound(all, fromMs);
  const i1 = Math.max(i0, lowerBound(all, toMs));
  const time = i0 === 0 && i1 === all.length ? all : all.slice(i0, i1);
  const n = i1 - i0;
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  const spread = new Float64Array(n);
  const { scale, up, down } = p;
  const closes = p.close;
  // Every open is the previous close.
  let o = i0 === 0 ? p.firstOpen : closes[i0 - 1];
  for (let k = 0; k < n; k++) {
    const i = i0 + k;
    const c = closes[i];
    open[k] = o / scale;
    close[k] = c / scale;
    high[k] = (Math.max(o, c) + up[i]) / scale;
    low[k] = (Math.min(o, c) - down[i]) / scale;
    volume[k] = p.volume[i];
    spread[k] = p.spread[i];
    o = c;
  }
  return { length: n, time, open, high, low, close, volume, spread };
}

/** Generates `month` for `s` in its packed form (see demoMonth). */
export function packDemoMonth(s: SymbolInfo, month: MonthKey): PackedDemoMonth {
  const steps = packDemoMonthInPieces(s, month, Number.POSITIVE_INFINITY);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Bars generated between two pauses of packDemoMonthInPieces: about half a millisecond of work (a month is some
 * 31,000 bars and about 28 ms over two passes). The caller decides at each pause whether to yield (the runner
 * yields once it has held the isolate a few milliseconds), so the pieces only have to be small (issue 11).
 */
export const DEMO_PIECE_BARS = 1_024;

/**
 * packDemoMonth's work, pausing (yield) after every `piece` bars of each of its two passes, so the
 * BacktestRunner's store can let waiting requests run while a month is generated (store.ts `pause`).
 * The same numbers in the same order whatever `piece`: the month is bit for bit packDemoMonth's.
 */
export function* packDemoMonthInPieces(
  s: SymbolInfo,
  month: MonthKey,
  piece = DEMO_PIECE_BARS,
): Generator<void, PackedDemoMonth, void> {
  const { start, end } = monthRange(month);
  const index = monthIndex(month);
  const rng = new Sfc32(hash128(`${s.name}|${month}|demo-v1`));

  const time = tradingMinutes(start, end);
  const n = time.length;

  const scale = 10 ** s.digits;
  const level0 = demoLevel(s, index);
  const level1 = demoLevel(s, index + 1);
  const activity = activityProfile(s);
  const sigmaMinute = annualVol(s) / Math.sqrt(TRADING_MINUTES_PER_YEAR);

  // Pass 1: log-returns with hourly activity, a daily regime and rare jumps.
  const sig = new Float64Array(n);
  const path = new Float64Array(n);
  let dayKey = -1;
  let regime = 1;
  let acc = 0;
  // A countdown to the next pause, not `(i + 1) % piece`: a division per bar (a float one when piece is
  // Infinity) was a tenth of the generator's time.
  let untilPause = piece;
  for (let i = 0; i < n; i++) {
    const t = time[i];
    const day = Math.floor(t / DAY);
    if (day !== dayKey) {
      dayKey = day;
      regime = Math.exp(0.3 * rng.gauss() - 0.045);
    }
    const hour = Math.floor((t - day * DAY) / 3_600_000);
    const sd = sigmaMinute * activity[hour] * regime;
    let r = sd * rng.gauss();
    if (rng.next() < 0.0004) r += sd * 6 * rng.gauss();
    acc += r;
    path[i] = acc;
    sig[i] = sd;
    if (--untilPause === 0) {
      untilPause = piece;
      yield;
    }
  }
  // Brownian bridge: pin the last close to next month's opening level.
  const drift = n > 0 ? (path[n - 1] - Math.log(level1 / level0)) / n : 0;

  // Pass 2 writes integer points; the scratch columns reuse pass 1's arrays where their values are spent.
  const closeP = new Float64Array(n);
  const upP = path; // path[i] is read before up is written at i
  const downP = new Float64Array(n);
  const volumeP = new Float64Array(n);
  const spreadP = sig; // sig[i] is read before spread is written at i
  const ticks = TICKS_PER_MINUTE[s.group];
  const min = 1; // lowest price in points
  const firstOpen = Math.max(min, Math.round(level0 * scale));
  let prev = firstOpen;
  untilPause = piece;
  for (let i = 0; i < n; i++) {
    const t = time[i];
    const sd = sig[i];
    const c = Math.max(min, Math.round(level0 * Math.exp(path[i] - drift * (i + 1)) * scale));
    const o = prev;
    const px = c * sd;
    const up = Math.round(Math.abs(rng.gauss()) * px * 0.3);
    const down = Math.round(Math.abs(rng.gauss()) * px * 0.3);
    const lower = Math.min(o, c);
    const lo = Math.max(min, lower - down);
    closeP[i] = c;
    upP[i] = up;
    downP[i] = lower - lo;
    prev = c;

    const minuteOfDay = (t - Math.floor(t / DAY) * DAY) / MINUTE;
    const hour = Math.floor(minuteOfDay / 60);
    let m = SPREAD_BY_HOUR[hour] * (0.85 + 0.3 * rng.next());
    if (minuteOfDay >= ROLLOVER_FROM && minuteOfDay < ROLLOVER_TO) m *= 3 + 4 * rng.next(); // daily rollover
    if (i === 0 || t - time[i - 1] > 3_600_000) m *= 4; // thin book right after the weekend opens
    spreadP[i] = Math.max(1, Math.round(s.spread * m));
    const moved = sd > 0 ? Math.abs(c - o) / px : 0;
    volumeP[i] = Math.max(1, Math.round(ticks * activity[hour] * (0.5 + rng.next()) * (0.7 + 0.4 * moved)));
    if (--untilPause === 0) {
      untilPause = piece;
      yield;
    }
  }
  const narrowed = narrow(closeP, n);
  const close = narrowed instanceof Float64Array ? narrowed : new Int32Array(narrowed);
  return {
    kind: "packed-demo",
    month,
    scale,
    length: n,
    firstOpen,
    close,
    up: narrow(upP, n),
    down: narrow(downP, n),
    volume: narrow(volumeP, n),
    spread: narrow(spreadP, n),
  };
}
