import { maOnBuffer } from "./ma-on-buffer";
import { checkPeriod } from "./series";

/**
 * Double EMA as MetaQuotes' DEMA.mq5 (iDEMA): EMA = ExponentialMAOnBuffer(price), EMA2 = the same on
 * EMA from index period-1; DEMA = 2*EMA - EMA2. Warm-up: NaN before index 2*period-2.
 */
export function dema(src: Float64Array, period = 14): Float64Array {
  checkPeriod("dema period", period);
  const e1 = maOnBuffer("EMA", src, period, 0, true);
  const e2 = maOnBuffer("EMA", e1, period, period - 1, true);
  const out = new Float64Array(src.length);
  for (let i = 0; i < out.length; i++) out[i] = i < 2 * period - 2 ? Number.NaN : 2 * e1[i] - e2[i];
  return out;
}
