import { checkPeriod, nanSeries } from "./series";

export interface BollingerResult {
  readonly upper: Float64Array;
  readonly middle: Float64Array;
  readonly lower: Float64Array;
}

/**
 * Bollinger Bands as MetaQuotes' BB.mq5 (iBands): middle = SMA(period) summed afresh at every bar
 * (MovingAverages.mqh SimpleMA); band = middle +/- deviation * population standard deviation
 * sqrt(sum((x - middle)^2) / period) over the same `period` values.
 * Warm-up: indices 0..period-1 are NaN: BB.mq5's StdDev_Func returns 0 until position >= period
 * and PLOT_DRAW_BEGIN = period for all three lines.
 */
export function bollinger(src: Float64Array, period = 20, deviation = 2): BollingerResult {
  checkPeriod("bollinger period", period);
  const n = src.length;
  const upper = nanSeries(n);
  const middle = nanSeries(n);
  const lower = nanSeries(n);
  for (let i = period; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < period; j++) sum += src[i - j];
    const mean = sum / period;
    let sq = 0;
    for (let j = 0; j < period; j++) {
      const d = src[i - j] - mean;
      sq += d * d;
    }
    const sd = Math.sqrt(sq / period);
    middle[i] = mean;
    upper[i] = mean + deviation * sd;
    lower[i] = mean - deviation * sd;
  }
  return { upper, middle, lower };
}
