/**
 * MT5 tick modelling from M1 bars: "Every tick" (generated) and "1 minute OHLC".
 * Pure and streaming: ticks go straight to a sink, no array per tick or per bar (a year of M1 is
 * ~370k bars and tens of millions of ticks). Rules: docs/mt5-report.md section 1, after
 * MetaQuotes' "Real and Generated Ticks" help [TG] and article 75 [A75].
 *
 * Every tick, per M1 bar of tick volume V (N = min(V, MAX_TICKS_PER_BAR) ticks in all):
 * - N = 1: one tick at Close. N = 2: Open, then Close.
 * - N >= 3: Open, then R = min(N - 1, 11) reference points. [TG] caps the reference points (Open
 *   not counted) at 11 and at the tick volume; we take N - 1 so that Open plus the points never
 *   exceed N. The points are split over open shadow / range / close shadow as
 *   3-5-3 (R = 11), 2-6-2, 2-5-2, 2-4-2, 2-3-2, 1-4-1, 1-3-1, 1-2-1, 1-1-1 (R = 3). A bull bar
 *   runs Open -> Low -> High -> Close, a bear bar Open -> High -> Low -> Close, a doji
 *   (Open == Close) takes the direction opposite to the previous bar's. A shadow of zero length
 *   gives its points to the range. Inside a part the points are evenly spaced and the last one
 *   is the part's end (the extreme, or Close). R = 2 (V = 3) cannot visit both extremes: it
 *   keeps the extreme with the longer shadow (ours, [TG] does not say).
 * - The other N - 1 - R ticks fill the segments between consecutive points, shared in
 *   proportion to the segment's length in points (the rounding remainder placed with `rng`).
 *   Where a segment has more points of distance than fill ticks, the fill is linear (strictly
 *   monotonic); otherwise it is a saw: the linear path +/- 1 point alternately, phase drawn
 *   with `rng`, clamped to the bar's range.
 * - Every price is on the symbol's point grid (Open/High/Low/Close are emitted as given) and
 *   inside [Low, High]. Tick k of N is stamped barTime + floor(k * 60000 / N): strictly
 *   increasing inside the minute.
 * The exact shapes of MT5's shadows (its "3/4 of the shadow" detail) and its fill are not
 * published in full; the counts, order and bounds above are what [TG] states and what tests check.
 */

/**
 * Most ticks generated for one M1 bar: a bar with a larger tick volume gets exactly this many.
 * MT5 has no such cap; ours keeps a year of M1 inside the 2 s budget (scripts/bench/indicators.ts)
 * while staying above the tick volume of nearly every real FX minute.
 */
export const MAX_TICKS_PER_BAR = 256;

/**
 * Ticks generated for an M1 bar whose source carries no tick volume (0: FXCM and Lean files have none):
 * Open plus the 11 reference points of the ideal 3-5-3 split, so that the open, both extremes and the
 * close are all visited. Modelling such a bar as one tick at Close (MT5's rule for a real volume of 1)
 * would check stops and targets at minute closes only and silently turn every tick into close prices.
 */
export const UNKNOWN_VOLUME_TICKS = 12;

/** Ticks generated for an M1 bar of tick volume `volume`: the one rule every caller shares. */
export function tickCount(volume: number): number {
  const n = Math.floor(volume);
  if (!(n >= 1)) return UNKNOWN_VOLUME_TICKS;
  return Math.min(n, MAX_TICKS_PER_BAR);
}

const MINUTE_MS = 60_000;

export type TickSink = (timeMs: number, bid: number) => void;

/** Reference-point splits (open shadow, range, close shadow) by point count R = 3..11. */
const SPLITS: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
  [1, 1, 1],
  [1, 2, 1],
  [1, 3, 1],
  [1, 4, 1],
  [2, 3, 2],
  [2, 4, 2],
  [2, 5, 2],
  [2, 6, 2],
  [3, 5, 3],
];

// Scratch for one bar's reference points (at most 11), reused: the generator is synchronous.
const pointInt = new Float64Array(12);
const pointRaw = new Float64Array(12);
const fill = new Int32Array(12);

/** Direction of a bar: by its body, a doji opposite to the previous bar. */
export function barIsBullish(open: number, close: number, prevBullish: boolean): boolean {
  if (close > open) return true;
  if (close < open) return false;
  return !prevBullish;
}

/**
 * "Every tick" for one M1 bar. Returns the direction used (pass it as `prevBullish` for the next
 * bar so that a doji reverses it). `point` is the symbol's price step (1e-5 for EURUSD).
 * A tick volume below 1 (missing) gets UNKNOWN_VOLUME_TICKS ticks; fractions are dropped.
 */
export function generateTicks(
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
  barTimeMs: number,
  prevBullish: boolean,
  point: number,
  rng: () => number,
  sink: TickSink,
): boolean {
  const bullish = barIsBullish(open, close, prevBullish);
  const n = tickCount(volume);
  if (n === 1) {
    sink(barTimeMs, close);
    return bullish;
  }
  if (n === 2) {
    sink(barTimeMs, open);
    sink(barTimeMs + MINUTE_MS / 2, close);
    return bullish;
  }

  // Integer points make rounding exact; prices go back out as int/scale, the closest double to
  // the decimal price (int*point would print as 1.0723000000000001).
  const inverse = 1 / point;
  const rounded = Math.round(inverse);
  const scale = Math.abs(inverse - rounded) < 1e-9 * inverse ? rounded : inverse;
  // Grid bounds inside [low, high], also when the bar's prices are off the grid.
  const lo = Math.ceil(low * inverse - 1e-6);
  const hi = Math.floor(high * inverse + 1e-6);

  sink(barTimeMs, open);
  if (hi <= lo) {
    // A flat bar (or one narrower than a point): nothing to walk, the price stays put.
    for (let k = 1; k < n; k++) sink(barTimeMs + Math.floor((k * MINUTE_MS) / n), close);
    return bullish;
  }

  // Anchors: Open, first extreme, second extreme, Close (integers clamped to the grid range).
  const a0 = clamp(Math.round(open * inverse), lo, hi);
  const a1 = bullish ? lo : hi;
  const a2 = bullish ? hi : lo;
  const a3 = clamp(Math.round(close * inverse), lo, hi);
  const openShadow = Math.abs(a1 - a0);
  const closeShadow = Math.abs(a3 - a2);

  const r = Math.min(n - 1, 11);
  let s1: number;
  let s2: number;
  let s3: number;
  if (r >= 3) {
    const split = SPLITS[r];
    s1 = split[0];
    s2 = split[1];
    s3 = split[2];
    if (openShadow === 0) {
      s2 += s1;
      s1 = 0;
    }
    if (closeShadow === 0) {
      s2 += s3;
      s3 = 0;
    }
  } else if (openShadow === 0 || closeShadow === 0) {
    // Two points and a missing shadow: the walk has only two legs anyway.
    s1 = openShadow === 0 ? 0 : 1;
    s3 = closeShadow === 0 ? 0 : 1;
    s2 = 2 - s1 - s3;
  } else if (openShadow >= closeShadow) {
    s1 = 1; // Open -> first extreme -> Close
    s2 = 0;
    s3 = 1;
  } else {
    s1 = 0; // Open -> second extreme -> Close
    s2 = 1;
    s3 = 1;
  }

  let count = placePoints(0, a0, a1, bullish ? low : high, s1);
  count = placePoints(count, a1, a2, bullish ? high : low, s2);
  count = placePoints(count, a2, a3, close, s3);

  // Share the fill ticks by segment length. Each segment gets the floor of its exact share; the
  // leftover ticks go to segments with probability equal to their fractional share (systematic
  // sampling: one draw per bar). Floating-point error can leave one tick unplaced: it goes to the
  // longest segment, so the bar always has exactly n ticks.
  const fillTotal = n - 1 - count;
  let weight = 0;
  let longest = 0;
  let longestLength = -1;
  let previous = a0;
  for (let j = 0; j < count; j++) {
    const d = Math.abs(pointInt[j] - previous);
    weight += d;
    if (d > longestLength) {
      longest = j;
      longestLength = d;
    }
    previous = pointInt[j];
  }
  let given = 0;
  let threshold = fillTotal > 0 ? rng() : 0;
  let cumulative = 0;
  previous = a0;
  for (let j = 0; j < count; j++) {
    const exactShare =
      weight > 0 ? (fillTotal * Math.abs(pointInt[j] - previous)) / weight : fillTotal / count;
    const whole = Math.floor(exactShare);
    cumulative += exactShare - whole;
    fill[j] = whole;
    given += whole;
    if (cumulative > threshold && given < fillTotal) {
      fill[j]++;
      given++;
      threshold++;
    }
    previous = pointInt[j];
  }
  fill[longest] += fillTotal - given;

  // Emission: tick k of n at barTime + floor(k * 60000 / n). Written out without helper
  // closures: this loop runs tens of millions of times per backtested year.
  let k = 1;
  previous = a0;
  for (let j = 0; j < count; j++) {
    const target = pointInt[j];
    const f = fill[j];
    const delta = target - previous;
    if (f > 0) {
      // Linear when each step can be at least one point (never reaching the target early),
      // else a saw: the linear path +/- 1 point alternately, clamped to the bar.
      const linear = f < (delta < 0 ? -delta : delta);
      let saw = linear ? 0 : rng() < 0.5 ? 1 : -1;
      const step = delta / (f + 1);
      for (let m = 1; m <= f; m++) {
        let v = previous + Math.round(step * m) + saw;
        if (v < lo) v = lo;
        else if (v > hi) v = hi;
        sink(barTimeMs + (((k * MINUTE_MS) / n) | 0), v / scale);
        k++;
        saw = -saw;
      }
    }
    const raw = pointRaw[j];
    sink(barTimeMs + (((k * MINUTE_MS) / n) | 0), Number.isNaN(raw) ? target / scale : raw);
    k++;
    previous = target;
  }
  return bullish;
}

/** Time of the last tick generateTicks emits for a bar (tick N - 1 of N, or the bar time when N = 1). */
export function lastTickTime(volume: number, barTimeMs: number): number {
  const n = tickCount(volume);
  if (n === 1) return barTimeMs;
  if (n === 2) return barTimeMs + MINUTE_MS / 2;
  return barTimeMs + Math.floor(((n - 1) * MINUTE_MS) / n);
}

/**
 * Bid of the last tick generateTicks emits for a bar, without generating the others: Close, except when
 * the walk has no close shadow (Close rounds to the second extreme's grid point): then the walk ends on
 * that extreme's own price, which differs from Close only for prices off the point grid.
 */
export function lastTickBid(
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
  prevBullish: boolean,
  point: number,
): number {
  if (tickCount(volume) < 3) return close;
  const inverse = 1 / point;
  const lo = Math.ceil(low * inverse - 1e-6);
  const hi = Math.floor(high * inverse + 1e-6);
  if (hi <= lo) return close;
  const bullish = barIsBullish(open, close, prevBullish);
  const a2 = bullish ? hi : lo;
  const a3 = clamp(Math.round(close * inverse), lo, hi);
  if (a3 !== a2) return close;
  return bullish ? high : low;
}

/**
 * "1 minute OHLC": four ticks per M1 bar at 0, 15, 30 and 45 s: Open, then Low and High for a
 * bull bar or High and Low for a bear bar (a doji opposite to the previous bar), then Close.
 * Returns the direction used.
 */
export function ohlcTicks(
  open: number,
  high: number,
  low: number,
  close: number,
  barTimeMs: number,
  prevBullish: boolean,
  sink: TickSink,
): boolean {
  const bullish = barIsBullish(open, close, prevBullish);
  sink(barTimeMs, open);
  sink(barTimeMs + 15_000, bullish ? low : high);
  sink(barTimeMs + 30_000, bullish ? high : low);
  sink(barTimeMs + 45_000, close);
  return bullish;
}

/** Appends `parts` evenly spaced points from `from` to `to` (the last one exactly `to`). */
function placePoints(count: number, from: number, to: number, rawTo: number, parts: number): number {
  for (let j = 1; j <= parts; j++) {
    const last = j === parts;
    pointInt[count] = last ? to : from + Math.round(((to - from) * j) / parts);
    pointRaw[count] = last ? rawTo : Number.NaN;
    count++;
  }
  return count;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}
