import { checkSameLength } from "./series";

/**
 * Accumulation/Distribution as MetaQuotes' AD.mq5 (iAD, tick volume):
 *   AD[i] = AD[i-1] + ((close-low) - (high-close)) / (high-low) * volume, 0 added when high = low.
 * No warm-up: a value from bar 0 (AD[0] is that bar's own term).
 */
export function ad(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
): Float64Array {
  const n = checkSameLength(high, low, close, volume);
  const out = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const hi = high[i];
    const lo = low[i];
    const cl = close[i];
    if (hi !== lo) sum += ((cl - lo - (hi - cl)) / (hi - lo)) * volume[i];
    out[i] = sum;
  }
  return out;
}
