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
  const mask = new Uint8Array(t.length);
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    if (keep(i)) {
      mask[i] = 1;
      n++;
    }
  }
  return n === t.length ? t : compactTicks(t, mask, n);
}

/**
 * The `n` ticks whose `mask` byte is 1, copied into arrays of their exact size (one pass over typed
 * arrays: no index list that grows, no object per tick).
 */
export function compactTicks(t: Ticks, mask: Uint8Array, n: number): Ticks {
  const out = allocTicks(n);
  let k = 0;
  for (let i = 0; i < t.length; i++) {
    if (mask[i] === 0) continue;
    out.time[k] = t.time[i];
    out.bid[k] = t.bid[i];
    out.ask[k] = t.ask[i];
    out.bidVolume[k] = t.bidVolume[i];
    out.askVolume[k] = t.askVolume[i];
    k++;
  }
  return out;
}
