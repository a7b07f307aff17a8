import { checkPeriod, nanSeries } from "./series";

/**
 * Adaptive Moving Average (Kaufman) as MetaQuotes' AMA.mq5 (iAMA):
 *   ER = |p[i] - p[i-period]| / sum(|p[j] - p[j-1]|, j = i-period+1..i) (0 when the noise is 0)
 *   SSC = ER * (2/(fast+1) - 2/(slow+1)) + 2/(slow+1);  AMA[i] = SSC^2 * (p[i] - AMA[i-1]) + AMA[i-1]
 * seeded AMA[period-1] = p[period-1]. Warm-up: NaN before index period (PLOT_DRAW_BEGIN).
 */
export function ama(src: Float64Array, period = 9, fast = 2, slow = 30): Float64Array {
  checkPeriod("ama period", period);
  checkPeriod("ama fast period", fast);
  checkPeriod("ama slow period", slow);
  const n = src.length;
  const out = nanSeries(n);
  if (n < period + 1) return out;
  const fastSc = 2 / (fast + 1);
  const slowSc = 2 / (slow + 1);
  let prev = src[period - 1];
  for (let i = period; i < n; i++) {
    const signal = Math.abs(src[i] - src[i - period]);
    let noise = 0;
    for (let d = 0; d < period; d++) noise += Math.abs(src[i - d] - src[i - d - 1]);
    const er = noise !== 0 ? signal / noise : 0;
    const ssc = er * (fastSc - slowSc) + slowSc;
    prev = ssc ** 2 * (src[i] - prev) + prev;
    out[i] = prev;
  }
  return out;
}
