import { checkPeriod, nanSeries } from "./series";

/**
 * Variable Index Dynamic Average as MetaQuotes' VIDYA.mq5 (iVIDyA):
 *   CMO = (up - down) / (up + down) over the last cmoPeriod price changes (0 when both are 0),
 *   VIDYA[i] = price[i] * f * |CMO| + VIDYA[i-1] * (1 - f * |CMO|), f = 2 / (emaPeriod + 1),
 * from index emaPeriod+cmoPeriod-1, seeded with the price before it. Warm-up: NaN before that index.
 */
export function vidya(src: Float64Array, cmoPeriod = 9, emaPeriod = 12): Float64Array {
  checkPeriod("vidya cmo period", cmoPeriod);
  checkPeriod("vidya ema period", emaPeriod);
  const n = src.length;
  const out = nanSeries(n);
  const start = emaPeriod + cmoPeriod - 1;
  if (n < start || n === 0) return out;
  const f = 2 / (1 + emaPeriod);
  let prev = src[start - 1];
  for (let i = start; i < n; i++) {
    let up = 0;
    let down = 0;
    for (let j = 0; j < cmoPeriod; j++) {
      const d = src[i - j] - src[i - j - 1];
      if (d > 0) up += d;
      else down -= d;
    }
    const cmo = Math.abs(up + down !== 0 ? (up - down) / (up + down) : 0);
    prev = src[i] * f * cmo + prev * (1 - f * cmo);
    out[i] = prev;
  }
  return out;
}
