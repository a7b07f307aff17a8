import { checkPeriod, nanSeries } from "./series";

/**
 * Relative Strength Index as MetaQuotes' RSI.mq5 (iRSI): Wilder smoothing.
 * At index `period` the average gain/loss are the plain means of the first `period` price
 * changes; after that avg = (avg*(period-1) + change)/period. RSI = 100 - 100/(1 + gain/loss),
 * 100 when the average loss is 0 and the gain is not, 50 when both are 0 (RSI.mq5's rules).
 * Warm-up: indices 0..period-1 are NaN (PLOT_DRAW_BEGIN = period).
 */
export function rsi(src: Float64Array, period = 14): Float64Array {
  checkPeriod("rsi period", period);
  const n = src.length;
  const out = nanSeries(n);
  if (n <= period) return out;
  let pos = 0;
  let neg = 0;
  for (let i = 1; i <= period; i++) {
    const diff = src[i] - src[i - 1];
    pos += Math.max(diff, 0);
    neg += Math.max(-diff, 0);
  }
  pos /= period;
  neg /= period;
  out[period] = rsiValue(pos, neg);
  for (let i = period + 1; i < n; i++) {
    const diff = src[i] - src[i - 1];
    pos = (pos * (period - 1) + Math.max(diff, 0)) / period;
    neg = (neg * (period - 1) + Math.max(-diff, 0)) / period;
    out[i] = rsiValue(pos, neg);
  }
  return out;
}

function rsiValue(pos: number, neg: number): number {
  if (neg !== 0) return 100 - 100 / (1 + pos / neg);
  return pos !== 0 ? 100 : 50;
}
