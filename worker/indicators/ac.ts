import { ao } from "./ao";

/**
 * Accelerator/Decelerator as MetaQuotes' Accelerator.mq5 (iAC): AC = AO - SMA(AO, 5), AO as iAO.
 * Warm-up: NaN before index 37 (the SMA's window holds AO values from index 33 on).
 */
export function ac(high: Float64Array, low: Float64Array): Float64Array {
  const a = ao(high, low);
  const n = a.length;
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = 37; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < 5; j++) sum += a[i - j];
    out[i] = a[i] - sum / 5;
  }
  return out;
}
