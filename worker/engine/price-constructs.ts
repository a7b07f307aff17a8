/**
 * The v2 price constructs (worker/strategy/spec-price.ts) as whole series over the strategy bars, computed
 * once before the main loop like the indicators (DESIGN D6). A value at index j is the construct read at
 * closed bar j; NaN where it has no value (too few bars, no previous day, an empty window), which makes
 * every comparison false. Times go through ./clock, the time filter's clock.
 */
import type { Bars } from "../market/types";
import type { BasicOperand, CandlePattern, Offset } from "../strategy/spec";
import { DAY_MS, dayNumber, msOfDay, weekNumber } from "./clock";

type Construct = Extract<
  BasicOperand,
  { type: "extreme" | "previousPeriod" | "timeWindow" | "candle" | "swing" }
>;

/** Price sizes of the symbol, for offsets in pips and points. */
export interface PriceUnits {
  readonly point: number;
  readonly pip: number;
}

/** The construct's series at shift 0 (the caller applies the operand's shift). */
export function constructSeries(op: Construct, bars: Bars, barMs: number): Float64Array {
  switch (op.type) {
    case "extreme":
      return op.side === "highest" ? rollingMax(bars.high, op.bars) : rollingMin(bars.low, op.bars);
    case "previousPeriod":
      return previousPeriod(bars, barMs, op.period, op.field, op.back);
    case "timeWindow":
      return timeWindow(bars, barMs, clockMinutes(op.from), clockMinutes(op.to), op.side);
    case "candle":
      return candle(bars, op.measure);
    case "swing":
      return swing(op.side === "high" ? bars.high : bars.low, op.side === "high", op.strength);
  }
}

/**
 * The latest confirmed swing point's value at each bar (spec-price.ts: MT5's Fractals with `n` bars each
 * side). Bar i = j - n is confirmed when bar j closes; until one is, NaN.
 */
function swing(v: Float64Array, high: boolean, n: number): Float64Array {
  const out = new Float64Array(v.length).fill(Number.NaN);
  let latest = Number.NaN;
  for (let j = 2 * n; j < v.length; j++) {
    const i = j - n;
    const x = v[i];
    let hit = true;
    for (let k = 1; k <= n && hit; k++) {
      // Strictly beyond the later bars; a tie with an earlier bar still counts (Fractals.mq5).
      hit = high ? x > v[i + k] && x >= v[i - k] : x < v[i + k] && x <= v[i - k];
    }
    if (hit) latest = x;
    out[j] = latest;
  }
  return out;
}

function clockMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Highest value of the `n` values ending at each index (a monotonic deque: O(length)). */
function rollingMax(v: Float64Array, n: number): Float64Array {
  return rolling(v, n, true);
}
function rollingMin(v: Float64Array, n: number): Float64Array {
  return rolling(v, n, false);
}
// `max` is a flag, not a comparison function: a function argument called in the loop is not inlined
// once both sides have run.
function rolling(v: Float64Array, n: number, max: boolean): Float64Array {
  const length = v.length;
  const out = new Float64Array(length);
  const q = new Int32Array(length);
  let head = 0;
  let tail = 0;
  for (let j = 0; j < length; j++) {
    const x = v[j];
    if (max) while (tail > head && x >= v[q[tail - 1]]) tail--;
    else while (tail > head && x <= v[q[tail - 1]]) tail--;
    q[tail++] = j;
    if (q[head] <= j - n) head++;
    out[j] = j >= n - 1 ? v[q[head]] : Number.NaN;
  }
  return out;
}

const FIELD_INDEX = { OPEN: 0, HIGH: 1, LOW: 2, CLOSE: 3 } as const;

/**
 * OHLC of the `back`-th completed day (week) before the one holding each bar's close time (back 0: that
 * day so far). Groups of bars by day (week) are built as the bars go; at bar j the groups before the close
 * time's are complete.
 */
function previousPeriod(
  bars: Bars,
  barMs: number,
  period: "day" | "week",
  field: keyof typeof FIELD_INDEX,
  back: number,
): Float64Array {
  const n = bars.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const keyOf = (t: number) => (period === "day" ? dayNumber(t) : weekNumber(dayNumber(t)));
  const keys: number[] = [];
  const values: number[][] = [];
  const f = FIELD_INDEX[field];
  for (let j = 0; j < n; j++) {
    const k = keyOf(bars.time[j]);
    const last = values.length - 1;
    if (last < 0 || keys[last] !== k) {
      keys.push(k);
      values.push([bars.open[j], bars.high[j], bars.low[j], bars.close[j]]);
    } else {
      const g = values[last];
      if (bars.high[j] > g[1]) g[1] = bars.high[j];
      if (bars.low[j] < g[2]) g[2] = bars.low[j];
      g[3] = bars.close[j];
    }
    const current = keyOf(bars.time[j] + barMs);
    if (back === 0) {
      // The close time's period so far: its bars up to bar j, when bar j is one of them.
      if (keys[keys.length - 1] === current) out[j] = values[values.length - 1][f];
      continue;
    }
    // The newest group before the close time's period: the last one, unless it is that period.
    const newest = keys[keys.length - 1] < current ? keys.length - 1 : keys.length - 2;
    const g = newest - (back - 1);
    if (g >= 0) out[j] = values[g][f];
  }
  return out;
}

/**
 * High/low of the bars opened in [from, to) (minutes of the day) of the latest window ended by each bar's
 * close time. The window's end moves once a day, so each window is measured once.
 */
function timeWindow(bars: Bars, barMs: number, from: number, to: number, side: "high" | "low"): Float64Array {
  const n = bars.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const length = (((to - from) % 1440) + 1440) % 1440 || 1440;
  const values = side === "high" ? bars.high : bars.low;
  let endMs = Number.NaN;
  let value = Number.NaN;
  let first = 0;
  for (let j = 0; j < n; j++) {
    const close = bars.time[j] + barMs;
    let end = close - msOfDay(close) + to * 60_000;
    if (end > close) end -= DAY_MS;
    if (end !== endMs) {
      endMs = end;
      const start = end - length * 60_000;
      while (first < n && bars.time[first] < start) first++;
      value = Number.NaN;
      for (let i = first; i < n && bars.time[i] < end; i++) {
        const v = values[i];
        if (Number.isNaN(value) || (side === "high" ? v > value : v < value)) value = v;
      }
    }
    out[j] = value;
  }
  return out;
}

function candle(bars: Bars, measure: "body" | "range" | "upperWick" | "lowerWick"): Float64Array {
  const { open, high, low, close } = bars;
  const out = new Float64Array(bars.length);
  for (let j = 0; j < out.length; j++) {
    const o = open[j];
    const c = close[j];
    out[j] =
      measure === "body"
        ? Math.abs(c - o)
        : measure === "range"
          ? high[j] - low[j]
          : measure === "upperWick"
            ? high[j] - Math.max(o, c)
            : Math.min(o, c) - low[j];
  }
  return out;
}

/** A series value plus k x another plus an offset; each part read at its own shift (NaN before it). */
export function expressionSeries(
  a: Float64Array,
  aShift: number,
  k: number,
  b: { readonly values: Float64Array; readonly shift: number } | null,
  offset: Offset | undefined,
  units: PriceUnits,
): Float64Array {
  const n = a.length;
  const out = new Float64Array(n);
  const fixed =
    offset === undefined || offset.unit === "percent"
      ? 0
      : offset.value * (offset.unit === "pips" ? units.pip : units.point);
  const percent = offset?.unit === "percent" ? offset.value / 100 : 0;
  for (let j = 0; j < n; j++) {
    const x = j >= aShift ? a[j - aShift] : Number.NaN;
    let v = x;
    if (b) v += k * (j >= b.shift ? b.values[j - b.shift] : Number.NaN);
    if (percent !== 0) v += x * percent;
    out[j] = v + fixed;
  }
  return out;
}

/** 1 where the pattern holds at bar j (spec-price.ts defines each), else 0. */
export function patternMask(pattern: CandlePattern, bars: Bars): Uint8Array {
  const { open: O, high: H, low: L, close: C } = bars;
  const out = new Uint8Array(bars.length);
  for (let j = 0; j < out.length; j++) {
    let hit: boolean;
    switch (pattern) {
      case "bullish":
        hit = C[j] > O[j];
        break;
      case "bearish":
        hit = C[j] < O[j];
        break;
      case "insideBar":
        hit = j > 0 && H[j] < H[j - 1] && L[j] > L[j - 1];
        break;
      case "bullishEngulfing":
        hit = j > 0 && C[j - 1] < O[j - 1] && C[j] > O[j] && O[j] <= C[j - 1] && C[j] >= O[j - 1];
        break;
      case "bearishEngulfing":
        hit = j > 0 && C[j - 1] > O[j - 1] && C[j] < O[j] && O[j] >= C[j - 1] && C[j] <= O[j - 1];
        break;
      case "bullishPinBar":
        hit = H[j] > L[j] && 3 * (Math.min(O[j], C[j]) - L[j]) >= 2 * (H[j] - L[j]);
        break;
      case "bearishPinBar":
        hit = H[j] > L[j] && 3 * (H[j] - Math.max(O[j], C[j])) >= 2 * (H[j] - L[j]);
        break;
      case "outsideBar":
        hit = j > 0 && H[j] > H[j - 1] && L[j] < L[j - 1];
        break;
      case "doji":
        hit = H[j] > L[j] && 10 * Math.abs(C[j] - O[j]) <= H[j] - L[j];
        break;
    }
    out[j] = hit ? 1 : 0;
  }
  return out;
}
