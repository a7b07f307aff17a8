import { checkPeriod, checkSameLength, nanSeries } from "./series";

/**
 * Average True Range as MetaQuotes' ATR.mq5 (iATR). Not Wilder's smoothing: MT5 takes a simple
 * moving average of the true range, sliding.
 *   TR[i]  = max(high[i], close[i-1]) - min(low[i], close[i-1])   (i >= 1; bar 0 has no TR)
 *   ATR[period] = mean(TR[1..period]); ATR[i] = ATR[i-1] + (TR[i] - TR[i-period]) / period
 * Warm-up: indices 0..period-1 are NaN (PLOT_DRAW_BEGIN = period; nothing when bars <= period).
 */
export function atr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  checkPeriod("atr period", period);
  const n = checkSameLength(high, low, close);
  const out = nanSeries(n);
  if (n <= period) return out;
  const tr = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    const pc = close[i - 1];
    tr[i] = Math.max(high[i], pc) - Math.min(low[i], pc);
  }
  let value = 0;
  for (let i = 1; i <= period; i++) value += tr[i];
  value /= period;
  out[period] = value;
  for (let i = period + 1; i < n; i++) {
    value += (tr[i] - tr[i - period]) / period;
    out[i] = value;
  }
  return out;
}
