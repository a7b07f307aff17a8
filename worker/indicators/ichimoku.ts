import { rollingMax, rollingMin } from "./extremes";
import { checkPeriod, checkSameLength } from "./series";

export interface IchimokuResult {
  readonly tenkan: Float64Array;
  readonly kijun: Float64Array;
  readonly spanA: Float64Array;
  readonly spanB: Float64Array;
  readonly chikou: Float64Array;
}

/**
 * Ichimoku Kinko Hyo as MetaQuotes' Ichimoku.mq5 (iIchimoku), buffers as computed on each bar:
 *   tenkan = (max high + min low of `tenkan` bars) / 2, kijun likewise over `kijun` bars,
 *   spanA = (tenkan + kijun) / 2, spanB = mid of the `senkou`-bar range, chikou = close.
 * MetaTrader draws spanA/spanB `kijun` bars to the right (the cloud under bar c is spanA/spanB at
 * shift kijun) and chikou `kijun` bars to the left. Warm-up (full windows): tenkan NaN before
 * tenkan-1, kijun before kijun-1, spanA before max(tenkan, kijun)-1, spanB before senkou-1.
 */
export function ichimoku(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  tenkan = 9,
  kijun = 26,
  senkou = 52,
): IchimokuResult {
  checkPeriod("tenkan period", tenkan);
  checkPeriod("kijun period", kijun);
  checkPeriod("senkou period", senkou);
  const n = checkSameLength(high, low, close);
  const mid = (p: number) => {
    const hi = rollingMax(high, p);
    const lo = rollingMin(low, p);
    for (let i = 0; i < n; i++) hi[i] = i < p - 1 ? Number.NaN : (hi[i] + lo[i]) / 2;
    return hi;
  };
  const t = mid(tenkan);
  const k = mid(kijun);
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) a[i] = (t[i] + k[i]) / 2;
  return { tenkan: t, kijun: k, spanA: a, spanB: mid(senkou), chikou: close.slice() };
}
