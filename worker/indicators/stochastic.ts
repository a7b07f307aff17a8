import { checkPeriod, checkSameLength, nanSeries } from "./series";

export interface StochasticResult {
  /** %K after slowing. */
  readonly main: Float64Array;
  /** SMA(main, dPeriod). */
  readonly signal: Float64Array;
}

/**
 * Stochastic Oscillator as MetaQuotes' Stochastic.mq5 (iStochastic with MODE_SMA, STO_LOWHIGH):
 *   lowest/highest = min(low)/max(high) over kPeriod bars
 *   main[i]   = 100 * sum(close - lowest) / sum(highest - lowest) over the last `slowing` bars,
 *               100 when that denominator is 0 (Stochastic.mq5's rule)
 *   signal[i] = mean of main over the last dPeriod bars
 * Warm-up: main is NaN before index kPeriod+slowing-2 (PLOT_DRAW_BEGIN). MT5's signal loop starts
 * at dPeriod-1 and averages main's undrawn zeros; we hide signal until its window is all real
 * values (index kPeriod+slowing+dPeriod-3), so every visible value equals MT5's.
 * Windows are summed directly as MT5 does (O(n*(kPeriod+slowing+dPeriod))): a sliding sum could
 * leave a tiny non-zero denominator where MT5 sees an exact 0 and returns 100.
 */
export function stochastic(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  kPeriod = 5,
  dPeriod = 3,
  slowing = 3,
): StochasticResult {
  checkPeriod("stochastic K period", kPeriod);
  checkPeriod("stochastic D period", dPeriod);
  checkPeriod("stochastic slowing", slowing);
  const n = checkSameLength(high, low, close);
  const main = nanSeries(n);
  const signal = nanSeries(n);
  const lowest = new Float64Array(n);
  const highest = new Float64Array(n);
  for (let i = kPeriod - 1; i < n; i++) {
    let lo = low[i];
    let hi = high[i];
    for (let k = i - kPeriod + 1; k < i; k++) {
      if (low[k] < lo) lo = low[k];
      if (high[k] > hi) hi = high[k];
    }
    lowest[i] = lo;
    highest[i] = hi;
  }
  const mainStart = kPeriod + slowing - 2;
  for (let i = mainStart; i < n; i++) {
    let sumLow = 0;
    let sumHigh = 0;
    for (let k = i - slowing + 1; k <= i; k++) {
      sumLow += close[k] - lowest[k];
      sumHigh += highest[k] - lowest[k];
    }
    main[i] = sumHigh === 0 ? 100 : (sumLow / sumHigh) * 100;
  }
  for (let i = mainStart + dPeriod - 1; i < n; i++) {
    let sum = 0;
    for (let k = 0; k < dPeriod; k++) sum += main[i - k];
    signal[i] = sum / dPeriod;
  }
  return { main, signal };
}
