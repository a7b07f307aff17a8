import type { MaMethod } from "../strategy/spec-indicators";
import { movingAverage } from "./ma-on-buffer";
import { checkPeriod, nanSeries } from "./series";

/**
 * Standard Deviation as MetaQuotes' StdDev.mq5 (iStdDev): sqrt(sum((price[i-j] - MA[i])^2, j < period)
 * / period), population form, around the bar's moving average. The MA is iMA's for SMA, SMMA and
 * LWMA; for EMA StdDev.mq5 seeds its own EMA with the SMA at index period-1 (not iMA's EMA).
 * Warm-up: NaN before index period-1.
 */
export function stddev(src: Float64Array, period = 20, method: MaMethod = "SMA"): Float64Array {
  checkPeriod("stddev period", period);
  const n = src.length;
  const out = nanSeries(n);
  if (n < period) return out;
  let ma: Float64Array;
  if (method === "EMA") {
    ma = nanSeries(n);
    let sum = 0;
    for (let i = 0; i < period; i++) sum += src[i];
    let prev = sum / period;
    ma[period - 1] = prev;
    const k = 2 / (period + 1);
    for (let i = period; i < n; i++) {
      prev = src[i] * k + prev * (1 - k);
      ma[i] = prev;
    }
  } else ma = movingAverage(method, src, period);
  for (let i = period - 1; i < n; i++) {
    let dev = 0;
    for (let j = 0; j < period; j++) dev += (src[i - j] - ma[i]) ** 2;
    out[i] = Math.sqrt(dev / period);
  }
  return out;
}
