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

/** sfc32 PRNG: uniform [0, 1). */
export function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next(); // mix the seed
  return next;
}

/** Standard normal numbers from a uniform source (Box-Muller, both outputs used). */
function gaussian(rand: () => number): () => number {
  let spare = 0;
  let has = false;
  return () => {
    if (has) {
      has = false;
      return spare;
    }
    let u = rand();
    while (u <= 1e-12) u = rand();
    const v = rand();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    has = true;
    return r * Math.cos(2 * Math.PI * v);
  };
}

function seededGaussian(key: string): number {
  return gaussian(sfc32(hash128(key)))();
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

/** All M1 bars of `month` (YYYY-MM) for `s`. Same symbol and month give the same bars, bit for bit. */
export function demoMonth(s: SymbolInfo, month: MonthKey): Bars {
  const { start, end } = monthRange(month);
  const index = monthIndex(month);
  const rand = sfc32(hash128(`${s.name}|${month}|demo-v1`));
  const gauss = gaussian(rand);

  // Trading minutes, walked day by day (a day is either wholly open, wholly closed or cut at 22:00).
  const cap = Math.round((end - start) / MINUTE);
  const time = new Float64Array(cap);
  let n = 0;
  for (let t = start; t < end; t += MINUTE) {
    if (isTradingMinute(t)) time[n++] = t;
  }

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
  for (let i = 0; i < n; i++) {
    const t = time[i];
    const day = Math.floor(t / 86_400_000);
    if (day !== dayKey) {
      dayKey = day;
      regime = Math.exp(0.3 * gauss() - 0.045);
    }
    const hour = Math.floor((t % 86_400_000) / 3_600_000);
    const sd = sigmaMinute * activity[hour] * regime;
    let r = sd * gauss();
    if (rand() < 0.0004) r += sd * 6 * gauss();
    acc += r;
    path[i] = acc;
    sig[i] = sd;
  }
  // Brownian bridge: pin the last close to next month's opening level.
  const drift = n > 0 ? (path[n - 1] - Math.log(level1 / level0)) / n : 0;

  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  const spread = new Float64Array(n);
  const ticks = TICKS_PER_MINUTE[s.group];
  const min = 1; // lowest price in points
  let prev = Math.max(min, Math.round(level0 * scale));
  for (let i = 0; i < n; i++) {
    const t = time[i];
    const c = Math.max(min, Math.round(level0 * Math.exp(path[i] - drift * (i + 1)) * scale));
    const o = prev;
    const px = c * sig[i];
    const up = Math.round(Math.abs(gauss()) * px * 0.3);
    const down = Math.round(Math.abs(gauss()) * px * 0.3);
    const hi = Math.max(o, c) + up;
    const lo = Math.max(min, Math.min(o, c) - down);
    open[i] = o / scale;
    close[i] = c / scale;
    high[i] = hi / scale;
    low[i] = lo / scale;
    prev = c;

    const minuteOfDay = (t % 86_400_000) / MINUTE;
    const hour = Math.floor(minuteOfDay / 60);
    let m = SPREAD_BY_HOUR[hour] * (0.85 + 0.3 * rand());
    if (minuteOfDay >= 22 * 60 - 5 && minuteOfDay < 22 * 60 + 15) m *= 3 + 4 * rand(); // daily rollover
    if (i === 0 || t - time[i - 1] > 3_600_000) m *= 4; // thin book right after the weekend opens
    spread[i] = Math.max(1, Math.round(s.spread * m));
    const moved = sig[i] > 0 ? Math.abs(c - o) / (c * sig[i]) : 0;
    volume[i] = Math.max(1, Math.round(ticks * activity[hour] * (0.5 + rand()) * (0.7 + 0.4 * moved)));
  }
  return { length: n, time: time.slice(0, n), open, high, low, close, volume, spread };
}
