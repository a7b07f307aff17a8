import { checkPeriod, nanSeries } from "./series";

/**
 * Momentum as MetaQuotes' Momentum.mq5 (iMomentum): 100 * src[i] / src[i-period].
 * Warm-up: indices 0..period-1 are NaN (the loop starts at `period`; bar period-1 stays at the
 * empty value 0 although PLOT_DRAW_BEGIN says period-1).
 */
export function momentum(src: Float64Array, period = 14): Float64Array {
  checkPeriod("momentum period", period);
  const n = src.length;
  const out = nanSeries(n);
  for (let i = period; i < n; i++) out[i] = (src[i] * 100) / src[i - period];
  return out;
}
