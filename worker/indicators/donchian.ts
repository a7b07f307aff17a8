import { rollingMax, rollingMin } from "./extremes";
import { checkPeriod, checkSameLength } from "./series";

export interface DonchianResult {
  readonly upper: Float64Array;
  readonly lower: Float64Array;
  readonly middle: Float64Array;
}

/**
 * Donchian channel (computed by the EA with iHighest/iLowest): the highest high and lowest low of the
 * `period` bars ending at i (the bar itself included: "the 20-bar high before this bar" is shift 1),
 * middle = their mean. Warm-up: NaN before index period-1.
 */
export function donchian(high: Float64Array, low: Float64Array, period = 20): DonchianResult {
  checkPeriod("donchian period", period);
  const n = checkSameLength(high, low);
  const upper = rollingMax(high, period);
  const lower = rollingMin(low, period);
  const middle = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (i < period - 1) upper[i] = lower[i] = middle[i] = Number.NaN;
    else middle[i] = (upper[i] + lower[i]) / 2;
  }
  return { upper, lower, middle };
}
