import { checkPeriod, checkSameLength, nanSeries } from "./series";

/**
 * Money Flow Index as MetaQuotes' MFI.mq5 (iMFI, tick volume): over the `period` bar pairs ending at i,
 * money flow = volume * typical price of the later bar, positive when the typical price rose, negative
 * when it fell; MFI = 100 - 100 / (1 + positive / negative), 100 when there is no negative flow.
 * Warm-up: NaN before index period.
 */
export function mfi(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period = 14,
): Float64Array {
  checkPeriod("mfi period", period);
  const n = checkSameLength(high, low, close, volume);
  const out = nanSeries(n);
  const tp = new Float64Array(n);
  for (let i = 0; i < n; i++) tp[i] = (high[i] + low[i] + close[i]) / 3;
  for (let i = period; i < n; i++) {
    let pos = 0;
    let neg = 0;
    for (let j = i - period + 1; j <= i; j++) {
      if (tp[j] > tp[j - 1]) pos += volume[j] * tp[j];
      if (tp[j] < tp[j - 1]) neg += volume[j] * tp[j];
    }
    out[i] = neg !== 0 ? 100 - 100 / (1 + pos / neg) : 100;
  }
  return out;
}
