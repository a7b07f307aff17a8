/**
 * Real ticks, columnar (DESIGN D6): one typed array per field, prices as integers of the feed's point so
 * every transform (chunk codec, M1 aggregation, integrity checks) is exact. Pure.
 */
export interface Ticks {
  readonly length: number;
  /** UTC epoch milliseconds, non-decreasing. */
  readonly time: Float64Array;
  /** Bid and ask in points of `digits` (price = points / 10^digits). */
  readonly bid: Int32Array;
  readonly ask: Int32Array;
  /** Volumes as the feed gives them (Dukascopy: millions of base units, float32). */
  readonly bidVolume: Float32Array;
  readonly askVolume: Float32Array;
}

export function allocTicks(n: number): Ticks & { length: number } {
  return {
    length: n,
    time: new Float64Array(n),
    bid: new Int32Array(n),
    ask: new Int32Array(n),
    bidVolume: new Float32Array(n),
    askVolume: new Float32Array(n),
  };
}

export function emptyTicks(): Ticks {
  return allocTicks(0);
}

/** Ticks [i, j) as views (no copy). */
export function sliceTicks(t: Ticks, i: number, j: number): Ticks {
  return {
    length: Math.max(0, j - i),
    time: t.time.subarray(i, j),
    bid: t.bid.subarray(i, j),
    ask: t.ask.subarray(i, j),
    bidVolume: t.bidVolume.subarray(i, j),
    askVolume: t.askVolume.subarray(i, j),
  };
}

/** Index of the first tick at or after `ms` (binary search). */
export function tickLowerBound(t: Ticks, ms: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t.time[mid] < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Time-ordered runs joined into one. */
export function concatTicks(parts: readonly Ticks[]): Ticks {
  const n = parts.reduce((s, p) => s + p.length, 0);
  const out = allocTicks(n);
  let at = 0;
  for (const p of parts) {
    out.time.set(p.time.subarray(0, p.length), at);
    out.bid.set(p.bid.subarray(0, p.length), at);
    out.ask.set(p.ask.subarray(0, p.length), at);
    out.bidVolume.set(p.bidVolume.subarray(0, p.length), at);
    out.askVolume.set(p.askVolume.subarray(0, p.length), at);
    at += p.length;
  }
  return out;
}

/** Keeps the ticks whose index passes `keep`. */
export function filterTicks(t: Ticks, keep: (i: number) => boolean): Ticks {
  const idx: number[] = [];
  for (let i = 0; i < t.length; i++) if (keep(i)) idx.push(i);
  if (idx.length === t.length) return t;
  const out = allocTicks(idx.length);
  idx.forEach((k, i) => {
    out.time[i] = t.time[k];
    out.bid[i] = t.bid[k];
    out.ask[i] = t.ask[k];
    out.bidVolume[i] = t.bidVolume[k];
    out.askVolume[i] = t.askVolume[k];
  });
  return out;
}
