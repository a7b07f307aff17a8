import { maOnBuffer } from "./ma-on-buffer";
import { checkPeriod } from "./series";

/** EMA, EMA of it (from period-1) and EMA of that (from 2*period-2), as TEMA.mq5 and TRIX.mq5 chain them. */
export function tripleEma(src: Float64Array, period: number): Float64Array[] {
  const e1 = maOnBuffer("EMA", src, period, 0, true);
  const e2 = maOnBuffer("EMA", e1, period, period - 1, true);
  const e3 = maOnBuffer("EMA", e2, period, 2 * period - 2, true);
  return [e1, e2, e3];
}

/**
 * Triple EMA as MetaQuotes' TEMA.mq5 (iTEMA): 3*EMA - 3*EMA2 + EMA3. Warm-up: NaN before 3*period-3.
 */
export function tema(src: Float64Array, period = 14): Float64Array {
  checkPeriod("tema period", period);
  const [e1, e2, e3] = tripleEma(src, period);
  const out = new Float64Array(src.length);
  for (let i = 0; i < out.length; i++)
    out[i] = i < 3 * period - 3 ? Number.NaN : 3 * e1[i] - 3 * e2[i] + e3[i];
  return out;
}
