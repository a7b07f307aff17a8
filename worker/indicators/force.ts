import type { MaMethod } from "../strategy/spec-indicators";
import { maOnBuffer } from "./ma-on-buffer";
import { checkPeriod, checkSameLength } from "./series";

/**
 * Force Index as MetaQuotes' Force_Index.mq5 (iForce, tick volume): volume[i] * (MA[i] - MA[i-1]),
 * MA = iMA(period, method) of the close. Warm-up: NaN before index period (the loop starts there).
 */
export function force(
  close: Float64Array,
  volume: Float64Array,
  period = 13,
  method: MaMethod = "SMA",
): Float64Array {
  checkPeriod("force period", period);
  const n = checkSameLength(close, volume);
  const ma = maOnBuffer(method, close, period, 0, true);
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = period; i < n; i++) out[i] = volume[i] * (ma[i] - ma[i - 1]);
  return out;
}
