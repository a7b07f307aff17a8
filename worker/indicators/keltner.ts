import type { MaMethod } from "../strategy/spec-indicators";
import { atr } from "./atr";
import { movingAverage } from "./ma-on-buffer";

export interface KeltnerResult {
  readonly middle: Float64Array;
  readonly upper: Float64Array;
  readonly lower: Float64Array;
}

/**
 * Keltner channel (computed by the EA from an iMA and an iATR handle): middle = iMA(period, method)
 * of the price, upper/lower = middle +/- multiplier * ATR(atrPeriod) (MetaTrader's ATR).
 * Warm-up: NaN before index max(period-1, atrPeriod).
 */
export function keltner(
  src: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 20,
  atrPeriod = 10,
  multiplier = 2,
  method: MaMethod = "EMA",
): KeltnerResult {
  const middle = movingAverage(method, src, period);
  const a = atr(high, low, close, atrPeriod);
  const upper = new Float64Array(src.length);
  const lower = new Float64Array(src.length);
  for (let i = 0; i < src.length; i++) {
    if (Number.isNaN(a[i])) middle[i] = Number.NaN;
    upper[i] = middle[i] + multiplier * a[i];
    lower[i] = middle[i] - multiplier * a[i];
  }
  return { middle, upper, lower };
}
