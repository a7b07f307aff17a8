/**
 * The balance and equity over time, small enough to store with the result and draw on the results screen
 * (issue 16 Charts). The engine samples equity and balance at every test-timeframe bar; a year of M1 is
 * half a million samples, so they are cut into at most MAX_BUCKETS runs of consecutive bars and each run
 * keeps its lowest and highest equity and its deepest drawdown, measured on every sample, so a drawdown
 * inside a run is never averaged away.
 */

export const MAX_BUCKETS = 1000;

/** Columns of the same length, one entry per bucket (columns rather than objects: a third of the JSON). */
export interface EquityCurve {
  /** The bucket's first bar open time, epoch ms UTC. */
  readonly time: number[];
  /** Balance at the bucket's last sample, cents. */
  readonly balance: number[];
  /** Lowest and highest equity of the bucket's samples, cents. */
  readonly equityLow: number[];
  readonly equityHigh: number[];
  /** Deepest equity drawdown in the bucket, percent below the running equity peak (2 decimals). */
  readonly drawdown: number[];
}

export interface CurveSamples {
  readonly time: ArrayLike<number>;
  readonly equity: ArrayLike<number>;
  readonly balance: ArrayLike<number>;
}

/** Where the run ended: the bars sample each bar's start, so the final balance comes after the last one. */
export interface CurveEnd {
  readonly time: number;
  readonly balance: number;
}

const cents = (v: number) => Math.round(v * 100) / 100;

export function equityCurve(
  samples: CurveSamples,
  end: CurveEnd | null,
  maxBuckets = MAX_BUCKETS,
): EquityCurve {
  const n = samples.time.length;
  const withEnd = end !== null && (n === 0 || end.time > samples.time[n - 1]);
  const total = n + (withEnd ? 1 : 0);
  // Sample i of the run: the bars', then the end (equity = balance once everything is closed). Plain
  // index reads, no object per sample: a year of M1 is half a million of them.
  const { time, equity, balance } = samples;
  const endTime = end?.time ?? 0;
  const endBalance = end?.balance ?? 0;
  const timeAt = (i: number) => (i < n ? time[i] : endTime);
  const balanceAt = (i: number) => (i < n ? balance[i] : endBalance);

  const out: EquityCurve = { time: [], balance: [], equityLow: [], equityHigh: [], drawdown: [] };
  if (total === 0) return out;
  const buckets = Math.min(total, Math.max(1, maxBuckets));
  let peak = Number.NEGATIVE_INFINITY;
  let i = 0;
  for (let b = 0; b < buckets; b++) {
    // Bucket b holds samples [floor(b * total / buckets), floor((b + 1) * total / buckets)): sizes differ by one at most.
    const stop = Math.floor(((b + 1) * total) / buckets);
    const first = i;
    let low = i < n ? equity[i] : endBalance;
    let high = low;
    let deepest = 0;
    for (; i < stop; i++) {
      const e = i < n ? equity[i] : endBalance;
      if (e < low) low = e;
      if (e > high) high = e;
      if (e > peak) peak = e;
      else if (peak > 0 && peak - e > 0) deepest = Math.max(deepest, ((peak - e) / peak) * 100);
    }
    out.time.push(timeAt(first));
    out.balance.push(cents(balanceAt(stop - 1)));
    out.equityLow.push(cents(low));
    out.equityHigh.push(cents(high));
    out.drawdown.push(cents(deepest));
  }
  return out;
}
