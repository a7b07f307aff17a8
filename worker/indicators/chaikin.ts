import type { MaMethod } from "../strategy/spec-indicators";
import { ad } from "./ad";
import { maOnBuffer } from "./ma-on-buffer";

/**
 * Chaikin Oscillator as MetaQuotes' CHO.mq5 (iChaikin, tick volume): MA(AD, fast) - MA(AD, slow), both
 * averages of the A/D line with the same method (MovingAverages.mqh *OnBuffer, begin 0).
 * Warm-up: NaN before index max(fast, slow) - 1.
 */
export function chaikin(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  fast = 3,
  slow = 10,
  method: MaMethod = "EMA",
): Float64Array {
  const line = ad(high, low, close, volume);
  const f = maOnBuffer(method, line, fast, 0, true);
  const s = maOnBuffer(method, line, slow, 0, true);
  const first = Math.max(fast, slow) - 1;
  for (let i = 0; i < f.length; i++) f[i] = i < first ? Number.NaN : f[i] - s[i];
  return f;
}
