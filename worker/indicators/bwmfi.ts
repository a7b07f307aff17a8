import { checkSameLength } from "./series";

/**
 * Market Facilitation Index as MetaQuotes' MarketFacilitationIndex.mq5 (iBWMFI, tick volume), in price
 * units: (high - low) / volume, the previous value when the volume is 0 (0 on bar 0). MT5's buffer is
 * in points ((high - low) / _Point / volume): the EA multiplies it by _Point. No warm-up.
 */
export function bwmfi(high: Float64Array, low: Float64Array, volume: Float64Array): Float64Array {
  const n = checkSameLength(high, low, volume);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (volume[i] === 0) out[i] = i > 0 ? out[i - 1] : 0;
    else out[i] = (high[i] - low[i]) / volume[i];
  }
  return out;
}
