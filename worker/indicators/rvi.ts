import { checkPeriod, checkSameLength, nanSeries } from "./series";

export interface RviResult {
  readonly main: Float64Array;
  readonly signal: Float64Array;
}

/**
 * Relative Vigor Index as MetaQuotes' RVI.mq5 (iRVI): with the symmetric weights 1,2,2,1 over bars
 * j..j-3, up = sum of weighted (close - open), down = sum of weighted (high - low), each summed over
 * the `period` values of j ending at i; RVI = up / down (up when down is 0); signal = (RVI[i] +
 * 2 RVI[i-1] + 2 RVI[i-2] + RVI[i-3]) / 6. Warm-up: main NaN before index period+2, signal before
 * period+5; nothing when bars <= period+8.
 */
export function rvi(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 10,
): RviResult {
  checkPeriod("rvi period", period);
  const n = checkSameLength(open, high, low, close);
  const main = nanSeries(n);
  const signal = nanSeries(n);
  const co = (j: number) => close[j] - open[j];
  const hl = (j: number) => high[j] - low[j];
  // MT5 calculates nothing until it has more than period + 8 bars.
  if (n <= period + 8) return { main, signal };
  for (let i = period + 2; i < n; i++) {
    let up = 0;
    let down = 0;
    for (let j = i; j > i - period; j--) {
      up += co(j) + 2 * co(j - 1) + 2 * co(j - 2) + co(j - 3);
      down += hl(j) + 2 * hl(j - 1) + 2 * hl(j - 2) + hl(j - 3);
    }
    main[i] = down !== 0 ? up / down : up;
  }
  for (let i = period + 5; i < n; i++)
    signal[i] = (main[i] + 2 * main[i - 1] + 2 * main[i - 2] + main[i - 3]) / 6;
  return { main, signal };
}
