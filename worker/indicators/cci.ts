import { checkPeriod, checkSameLength, nanSeries } from "./series";

/**
 * Commodity Channel Index of any applied price, as MetaQuotes' CCI.mq5:
 *   SP = SMA(price, period); D = 0.015/period * sum|price - SP|; CCI = (price - SP) / D, 0 when D = 0.
 * Warm-up: indices 0..period-2 are NaN (PLOT_DRAW_BEGIN = period-1).
 */
export function cciOfPrice(price: Float64Array, period = 14): Float64Array {
  checkPeriod("cci period", period);
  const n = price.length;
  const out = nanSeries(n);
  const mul = 0.015 / period;
  for (let i = period - 1; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < period; j++) sum += price[i - j];
    const sp = sum / period;
    let dev = 0;
    for (let j = 0; j < period; j++) dev += Math.abs(price[i - j] - sp);
    const d = dev * mul;
    out[i] = d !== 0 ? (price[i] - sp) / d : 0;
  }
  return out;
}

/** iCCI with its default applied price, PRICE_TYPICAL = (high + low + close) / 3. */
export function cci(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = checkSameLength(high, low, close);
  const typical = new Float64Array(n);
  for (let i = 0; i < n; i++) typical[i] = (high[i] + low[i] + close[i]) / 3;
  return cciOfPrice(typical, period);
}
