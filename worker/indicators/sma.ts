import { checkPeriod, warmupSeries } from "./series";

/**
 * Simple moving average, as MetaQuotes' MovingAverages.mqh SimpleMAOnBuffer and
 * "Custom Moving Average.mq5" CalculateSimpleMA: first value at index period-1 (mean of the first
 * `period` values), then a sliding sum. Warm-up: indices 0..period-2 are NaN.
 */
export function sma(src: Float64Array, period: number): Float64Array {
  checkPeriod("sma period", period);
  const n = src.length;
  const out = warmupSeries(n, period - 1);
  if (n < period) return out;
  let sum = 0;
  for (let i = 0; i < period; i++) sum += src[i];
  out[period - 1] = sum / period;
  for (let i = period; i < n; i++) {
    sum += src[i] - src[i - period];
    out[i] = sum / period;
  }
  return out;
}
