import { checkPeriod, checkSameLength, nanSeries } from "./series";

/**
 * Fractal Adaptive Moving Average as MetaQuotes' FrAMA.mq5 (iFrAMA), p = period:
 *   N1 = (max high - min low of bars i-p+1..i) / p, N2 = the same of bars i-2p+1..i-p,
 *   N3 = (max high - min low of bars i-2p+1..i) / (2p), D = (ln(N1+N2) - ln(N3)) / ln 2,
 *   alpha = exp(-4.6 * (D - 1)), FrAMA[i] = alpha * price[i] + (1 - alpha) * FrAMA[i-1]
 * from index 2p-1 on, seeded FrAMA[2p-2] = price[2p-2]. Warm-up: NaN before index 2p-1.
 * A flat stretch of 2p bars (N3 = 0) makes D undefined in MT5 too: NaN there and after.
 */
export function frama(src: Float64Array, high: Float64Array, low: Float64Array, period = 14): Float64Array {
  checkPeriod("frama period", period);
  const n = checkSameLength(src, high, low);
  const out = nanSeries(n);
  if (n < 2 * period) return out;
  const range = (from: number, to: number) => {
    let hi = high[from];
    let lo = low[from];
    for (let j = from + 1; j <= to; j++) {
      if (high[j] > hi) hi = high[j];
      if (low[j] < lo) lo = low[j];
    }
    return hi - lo;
  };
  let prev = src[2 * period - 2];
  const ln2 = Math.log(2);
  for (let i = 2 * period - 1; i < n; i++) {
    const n1 = range(i - period + 1, i) / period;
    const n2 = range(i - 2 * period + 1, i - period) / period;
    const n3 = range(i - 2 * period + 1, i) / (2 * period);
    const d = (Math.log(n1 + n2) - Math.log(n3)) / ln2;
    const alpha = Math.exp(-4.6 * (d - 1));
    prev = alpha * src[i] + (1 - alpha) * prev;
    out[i] = prev;
  }
  return out;
}
