import { atr } from "./atr";
import { checkSameLength, nanSeries } from "./series";

export interface SupertrendResult {
  /** The trailing line: the lower band in an up trend, the upper band in a down trend. */
  readonly main: Float64Array;
  /** +1 up trend, -1 down trend. */
  readonly direction: Float64Array;
}

/**
 * Supertrend (Olivier Seban's, as TradingView's built-in) on MetaTrader's ATR (iATR: the simple average
 * of the true range), computed by the EA itself. With mid = (high+low)/2 and a = ATR(period):
 *   basicUpper = mid + multiplier*a, basicLower = mid - multiplier*a;
 *   upper = basicUpper unless close[i-1] < upper[i-1], then min(basicUpper, upper[i-1]);
 *   lower = basicLower unless close[i-1] > lower[i-1], then max(basicLower, lower[i-1]);
 *   direction: -1 -> +1 when close > upper[i-1]; +1 -> -1 when close < lower[i-1]; else kept.
 * On the first bar with an ATR (index period) the bands are the basic ones and the direction is +1
 * unless the close is under the lower band. Warm-up: NaN before index period.
 */
export function supertrend(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 10,
  multiplier = 3,
): SupertrendResult {
  const n = checkSameLength(high, low, close);
  const a = atr(high, low, close, period);
  const main = nanSeries(n);
  const direction = nanSeries(n);
  let upper = 0;
  let lower = 0;
  let dir = 1;
  for (let i = period; i < n; i++) {
    const mid = (high[i] + low[i]) / 2;
    const bu = mid + multiplier * a[i];
    const bl = mid - multiplier * a[i];
    if (i === period) {
      upper = bu;
      lower = bl;
      dir = close[i] < lower ? -1 : 1;
    } else {
      const pu = upper;
      const pl = lower;
      upper = close[i - 1] < pu ? Math.min(bu, pu) : bu;
      lower = close[i - 1] > pl ? Math.max(bl, pl) : bl;
      if (dir === -1 && close[i] > pu) dir = 1;
      else if (dir === 1 && close[i] < pl) dir = -1;
    }
    main[i] = dir === 1 ? lower : upper;
    direction[i] = dir;
  }
  return { main, direction };
}
