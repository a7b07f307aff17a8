import { checkPeriod } from "./series";

/**
 * The recursion of MetaQuotes' ExponentialMAOnBuffer (MovingAverages.mqh) and "Custom Moving
 * Average.mq5" CalculateEMA, for every index: out[0] = src[0], then
 * out[i] = src[i]*k + out[i-1]*(1-k) with k = 2/(period+1). No warm-up masking: MACD needs these
 * raw values because MT5's iMACD feeds them to its signal SMA.
 */
export function emaRaw(src: Float64Array, period: number, out: Float64Array): void {
  const n = src.length;
  if (n === 0) return;
  const k = 2 / (period + 1);
  let prev = src[0];
  out[0] = prev;
  for (let i = 1; i < n; i++) {
    prev = src[i] * k + prev * (1 - k);
    out[i] = prev;
  }
}

/**
 * Exponential moving average as MetaTrader 5's iMA(MODE_EMA).
 *
 * The seed is NOT an SMA: MetaQuotes' ExponentialMAOnBuffer (MovingAverages.mqh, 2009-2020
 * versions) and "Custom Moving Average.mq5" set buffer[0] = price[0] and run the recursion from
 * index 1. Values before index period-1 are computed but not drawn (PLOT_DRAW_BEGIN =
 * period-1), so they are NaN here; the values from index period-1 on are MT5's, seed included.
 * This differs from the textbook "SMA seed at index period-1" (technicalindicators' EMA); the
 * two converge as (1-k)^i.
 */
export function ema(src: Float64Array, period: number): Float64Array {
  checkPeriod("ema period", period);
  const out = new Float64Array(src.length);
  emaRaw(src, period, out);
  out.fill(Number.NaN, 0, Math.min(period - 1, src.length));
  return out;
}
