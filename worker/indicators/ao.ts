import { movingAverage } from "./ma-on-buffer";
import { checkSameLength } from "./series";

/**
 * Awesome Oscillator as MetaQuotes' Awesome_Oscillator.mq5 (iAO): SMA(median, 5) - SMA(median, 34),
 * median = (high+low)/2. Warm-up: NaN before index 33.
 */
export function ao(high: Float64Array, low: Float64Array): Float64Array {
  const n = checkSameLength(high, low);
  const median = new Float64Array(n);
  for (let i = 0; i < n; i++) median[i] = (high[i] + low[i]) / 2;
  const fast = movingAverage("SMA", median, 5);
  const slow = movingAverage("SMA", median, 34);
  for (let i = 0; i < n; i++) fast[i] -= slow[i];
  return fast;
}
