import { checkSameLength } from "./series";

/**
 * On Balance Volume as MetaQuotes' OBV.mq5 (iOBV, tick volume): OBV[0] = volume[0]; then the volume is
 * added on a higher close, subtracted on a lower one, and the value kept on an equal close. No warm-up.
 */
export function obv(close: Float64Array, volume: Float64Array): Float64Array {
  const n = checkSameLength(close, volume);
  const out = new Float64Array(n);
  if (n === 0) return out;
  out[0] = volume[0];
  for (let i = 1; i < n; i++) {
    const c = close[i];
    const p = close[i - 1];
    out[i] = c < p ? out[i - 1] - volume[i] : c > p ? out[i - 1] + volume[i] : out[i - 1];
  }
  return out;
}
