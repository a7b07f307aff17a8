import { checkPeriod, nanSeries } from "./series";

/**
 * Smoothed moving average as MovingAverages.mqh SmoothedMAOnBuffer / iMA(MODE_SMMA): the first
 * value at index period-1 is the SMA of the first `period` values, then
 * out[i] = (out[i-1]*(period-1) + src[i]) / period. Warm-up: indices 0..period-2 are NaN.
 */
export function smma(src: Float64Array, period: number): Float64Array {
  checkPeriod("smma period", period);
  const n = src.length;
  const out = nanSeries(n);
  if (n < period) return out;
  let sum = 0;
  for (let i = 0; i < period; i++) sum += src[i];
  let prev = sum / period;
  out[period - 1] = prev;
  for (let i = period; i < n; i++) {
    prev = (prev * (period - 1) + src[i]) / period;
    out[i] = prev;
  }
  return out;
}
