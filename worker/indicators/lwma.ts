import { checkPeriod, nanSeries } from "./series";

/**
 * Linear weighted moving average as "Custom Moving Average.mq5" CalculateLWMA / iMA(MODE_LWMA):
 * weights 1..period from oldest to newest, divided by period*(period+1)/2. Computed with the same
 * O(1) update as MetaQuotes (sum -= lsum, sum += period*x). Warm-up: indices 0..period-2 are NaN.
 * The running sums are recomputed from scratch every RESYNC bars: the weighted update drifts by
 * ~1e-12 within a few thousand bars, and a million-bar series must not accumulate it.
 */
const RESYNC = 256;

export function lwma(src: Float64Array, period: number): Float64Array {
  checkPeriod("lwma period", period);
  const n = src.length;
  const out = nanSeries(n);
  if (n < period) return out;
  let sum = 0;
  let lsum = 0;
  let weight = 0;
  for (let i = 0; i < period; i++) {
    sum += src[i] * (i + 1);
    lsum += src[i];
    weight += i + 1;
  }
  out[period - 1] = sum / weight;
  for (let i = period; i < n; i++) {
    if (i % RESYNC === 0) {
      sum = 0;
      lsum = 0;
      for (let j = 0; j < period; j++) {
        const x = src[i - period + 1 + j];
        sum += x * (j + 1);
        lsum += x;
      }
    } else {
      sum = sum - lsum + src[i] * period;
      lsum = lsum - src[i - period] + src[i];
    }
    out[i] = sum / weight;
  }
  return out;
}
