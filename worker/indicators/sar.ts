import { checkSameLength, nanSeries } from "./series";

/**
 * Parabolic SAR as MetaQuotes' ParabolicSAR.mq5 (iSAR), ported statement by statement: the first pass
 * starts SHORT with SAR[0] = high[0], SAR[1] = max(high[0..1]), EP = low[1], AF = step; at each bar i
 * the direction reverses when the SAR crosses the bar (long: SAR > low; short: SAR < high), the SAR
 * jumping to the extreme since the last reversal and the AF resetting; a new extreme raises AF by step
 * up to `maximum`; SAR[i+1] = SAR[i] + AF * (EP - SAR[i]), kept outside the last two bars' range.
 * MT5 processes a bar once it has closed, so SAR[i] here is the value after bar i's reversal check.
 * Warm-up: NaN at index 0; nothing when bars < 3.
 */
export function sar(high: Float64Array, low: Float64Array, step = 0.02, maximum = 0.2): Float64Array {
  const n = checkSameLength(high, low);
  const out = nanSeries(n);
  if (n < 3) return out;
  const s = new Float64Array(n);
  const ep = new Float64Array(n);
  const af = new Float64Array(n);
  af[0] = af[1] = step;
  s[0] = high[0];
  let lastRev = 0;
  let long = false;
  s[1] = extreme(high, 1, 0, true);
  ep[0] = ep[1] = low[1];
  for (let i = 1; i < n; i++) {
    if (long) {
      if (s[i] > low[i]) {
        long = false;
        s[i] = extreme(high, i, lastRev, true);
        ep[i] = low[i];
        lastRev = i;
        af[i] = step;
      }
    } else if (s[i] < high[i]) {
      long = true;
      s[i] = extreme(low, i, lastRev, false);
      ep[i] = high[i];
      lastRev = i;
      af[i] = step;
    }
    const newExtreme = long ? high[i] > ep[i - 1] : low[i] < ep[i - 1];
    if (newExtreme && i !== lastRev) {
      ep[i] = long ? high[i] : low[i];
      af[i] = af[i - 1] + step;
      if (af[i] > maximum) af[i] = maximum;
    } else if (i !== lastRev) {
      af[i] = af[i - 1];
      ep[i] = ep[i - 1];
    }
    if (i + 1 < n) {
      let next = s[i] + af[i] * (ep[i] - s[i]);
      if (long) {
        if (next > low[i] || next > low[i - 1]) next = Math.min(low[i], low[i - 1]);
      } else if (next < high[i] || next < high[i - 1]) next = Math.max(high[i], high[i - 1]);
      s[i + 1] = next;
    }
  }
  out.set(s.subarray(1), 1);
  return out;
}

/** MT5's GetHigh/GetLow: the highest (lowest) of src[from..to]. */
function extreme(src: Float64Array, to: number, from: number, highest: boolean): number {
  let r = src[from];
  for (let i = from + 1; i <= to; i++) if (highest ? r < src[i] : r > src[i]) r = src[i];
  return r;
}
