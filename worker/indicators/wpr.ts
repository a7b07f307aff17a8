import { rollingMax, rollingMin } from "./extremes";
import { checkPeriod, checkSameLength, nanSeries } from "./series";

/**
 * Williams' Percent Range as MetaQuotes' WPR.mq5 (iWPR): -(max high - close) * 100 / (max high - min low)
 * over the `period` bars ending at i; the previous value when the range is 0 (0 for the first).
 * Warm-up: NaN before index period-1.
 */
export function wpr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  checkPeriod("wpr period", period);
  const n = checkSameLength(high, low, close);
  const out = nanSeries(n);
  const hi = rollingMax(high, period);
  const lo = rollingMin(low, period);
  let prev = 0;
  for (let i = period - 1; i < n; i++) {
    if (hi[i] !== lo[i]) prev = (-(hi[i] - close[i]) * 100) / (hi[i] - lo[i]);
    out[i] = prev;
  }
  return out;
}
