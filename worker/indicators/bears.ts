import { movingAverage } from "./ma-on-buffer";
import { checkPeriod, checkSameLength } from "./series";

/**
 * Bears Power as MetaQuotes' Bears.mq5 (iBearsPower): low - EMA(close, period) (iMA's EMA, seeded
 * with the first close). Warm-up: NaN before index period (the loop starts there).
 */
export function bears(low: Float64Array, close: Float64Array, period = 13): Float64Array {
  checkPeriod("bears period", period);
  return power(low, close, period);
}

export function power(extreme: Float64Array, close: Float64Array, period: number): Float64Array {
  const n = checkSameLength(extreme, close);
  const ema = movingAverage("EMA", close, period);
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = period; i < n; i++) out[i] = extreme[i] - ema[i];
  return out;
}
