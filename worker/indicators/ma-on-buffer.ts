import type { MaMethod } from "../strategy/spec-indicators";
import { checkPeriod, nanSeries } from "./series";

/**
 * A moving average of `src` from index `begin` on, as MetaQuotes' *MAOnBuffer functions
 * (MovingAverages.mqh) compute one on another indicator's buffer:
 *   SMA  first value at begin+period-1 (the mean), then sliding;
 *   EMA  out[begin] = src[begin], then out[i] = src[i]*k + out[i-1]*(1-k), k = 2/(period+1);
 *   SMMA first value the SMA at begin+period-1, then (prev*(period-1) + src[i]) / period;
 *   LWMA weights 1..period over the window ending at i.
 * With begin 0 these are iMA's four methods. Values before begin+period-1 are NaN here (MetaTrader
 * leaves them undrawn; the EMA's are computed but meaningless), except that `emaFromBegin` keeps the
 * EMA's early values for kernels (DEMA, TEMA, TRIX) that feed them to the next average as MT5 does.
 */
export function maOnBuffer(
  method: MaMethod,
  src: Float64Array,
  period: number,
  begin = 0,
  emaFromBegin = false,
): Float64Array {
  checkPeriod("moving average period", period);
  const n = src.length;
  const out = nanSeries(n);
  const first = begin + period - 1;
  if (method === "EMA") {
    if (n <= begin) return out;
    const k = 2 / (period + 1);
    let prev = src[begin];
    out[begin] = prev;
    for (let i = begin + 1; i < n; i++) {
      prev = src[i] * k + prev * (1 - k);
      out[i] = prev;
    }
    if (!emaFromBegin) out.fill(Number.NaN, 0, Math.min(first, n));
    return out;
  }
  if (n <= first) return out;
  if (method === "LWMA") {
    const weight = (period * (period + 1)) / 2;
    for (let i = first; i < n; i++) {
      let sum = 0;
      for (let j = 0; j < period; j++) sum += src[i - period + 1 + j] * (j + 1);
      out[i] = sum / weight;
    }
    return out;
  }
  let sum = 0;
  for (let i = begin; i <= first; i++) sum += src[i];
  let prev = sum / period;
  out[first] = prev;
  for (let i = first + 1; i < n; i++) {
    if (method === "SMMA") prev = (prev * (period - 1) + src[i]) / period;
    else {
      sum += src[i] - src[i - period];
      prev = sum / period;
    }
    out[i] = prev;
  }
  return out;
}

/** iMA of `src` with one of the four methods (worker/indicators' sma/ema/smma/lwma agree with it). */
export const movingAverage = (method: MaMethod, src: Float64Array, period: number): Float64Array =>
  maOnBuffer(method, src, period, 0);

/**
 * iMA on another indicator's handle (spec-smoothing.ts, WARM-UP): the average starts at the source's
 * draw begin `begin`, and a source bar from there on without a value (NaN here) counts as the 0 that
 * MetaTrader's buffer holds. Values before begin + period - 1 are NaN.
 */
export function maOfIndicator(
  method: MaMethod,
  src: Float64Array,
  period: number,
  begin: number,
): Float64Array {
  const filled = src.slice();
  for (let i = Math.max(0, begin); i < filled.length; i++) if (Number.isNaN(filled[i])) filled[i] = 0;
  return maOnBuffer(method, filled, period, Math.max(0, begin));
}
