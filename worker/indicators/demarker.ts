import { checkPeriod, checkSameLength, nanSeries } from "./series";

/**
 * DeMarker as MetaQuotes' DeMarker.mq5 (iDeMarker): DeMax = high - prevHigh when positive, DeMin =
 * prevLow - low when positive (both 0 on bar 0); DeM = SMA(DeMax) / (SMA(DeMax) + SMA(DeMin)) over
 * `period` bars (0 when the sum is 0). Warm-up: NaN before index period (PLOT_DRAW_BEGIN).
 */
export function demarker(high: Float64Array, low: Float64Array, period = 14): Float64Array {
  checkPeriod("demarker period", period);
  const n = checkSameLength(high, low);
  const out = nanSeries(n);
  const max = new Float64Array(n);
  const min = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    max[i] = high[i] > high[i - 1] ? high[i] - high[i - 1] : 0;
    min[i] = low[i - 1] > low[i] ? low[i - 1] - low[i] : 0;
  }
  for (let i = period; i < n; i++) {
    let a = 0;
    let b = 0;
    for (let j = 0; j < period; j++) {
      a += max[i - j];
      b += min[i - j];
    }
    a /= period;
    b /= period;
    out[i] = a + b !== 0 ? a / (a + b) : 0;
  }
  return out;
}
