import { movingAverage } from "./ma-on-buffer";
import { checkPeriod, nanSeries } from "./series";

/** The half and root periods of Hull's average: floor(period/2) and floor(sqrt(period)), at least 1. */
export function hullPeriods(period: number): [number, number] {
  return [Math.max(1, Math.floor(period / 2)), Math.max(1, Math.floor(Math.sqrt(period)))];
}

/**
 * Hull Moving Average (computed by the EA from two iMA LWMA handles): LWMA over floor(sqrt(period)) bars
 * of 2 * LWMA(price, floor(period/2)) - LWMA(price, period). Warm-up: NaN before index
 * period - 1 + floor(sqrt(period)) - 1.
 */
export function hull(src: Float64Array, period = 14): Float64Array {
  checkPeriod("hull period", period);
  const [half, root] = hullPeriods(period);
  const a = movingAverage("LWMA", src, half);
  const b = movingAverage("LWMA", src, period);
  const n = src.length;
  const out = nanSeries(n);
  const weight = (root * (root + 1)) / 2;
  for (let i = period - 1 + root - 1; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < root; j++) {
      const k = i - root + 1 + j;
      sum += (2 * a[k] - b[k]) * (j + 1);
    }
    out[i] = sum / weight;
  }
  return out;
}
