import { checkPeriod } from "./series";
import { tripleEma } from "./tema";

/**
 * TRIX as MetaQuotes' TRIX.mq5 (iTriX): the one-bar rate of change of the triple EMA,
 * (EMA3[i] - EMA3[i-1]) / EMA3[i-1] (0 when EMA3[i-1] = 0). MT5 fills the buffer from index
 * 3*(period-1) (PLOT_DRAW_BEGIN 3*period-3); with period 1 EMA3[-1] does not exist, so the first
 * value is at max(1, 3*period-3) here. Warm-up: NaN before it.
 */
export function trix(src: Float64Array, period = 14): Float64Array {
  checkPeriod("trix period", period);
  const [, , e3] = tripleEma(src, period);
  const first = Math.max(1, 3 * period - 3);
  const out = new Float64Array(src.length);
  for (let i = 0; i < out.length; i++) {
    if (i < first) out[i] = Number.NaN;
    else out[i] = e3[i - 1] !== 0 ? (e3[i] - e3[i - 1]) / e3[i - 1] : 0;
  }
  return out;
}
