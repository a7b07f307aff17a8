import { checkPeriod, checkSameLength, nanSeries } from "./series";

export interface AdxResult {
  readonly adx: Float64Array;
  readonly plusDi: Float64Array;
  readonly minusDi: Float64Array;
}

/**
 * Average Directional Movement Index as MetaQuotes' ADX.mq5 (iADX). This is MetaQuotes' variant,
 * not Welles Wilder's (that one is iADXWilder / ADXW.mq5, with Wilder sums):
 *   +DM = high - prevHigh, -DM = prevLow - low, negatives set to 0, the smaller one set to 0
 *         (both 0 when equal)
 *   TR  = max(|high-low|, |high-prevClose|, |low-prevClose|)
 *   +DI = EMA(100 * +DM / TR), -DI = EMA(100 * -DM / TR)   (0 when TR = 0)
 *   DX  = 100 * |+DI - -DI| / (+DI + -DI) (0 when the sum is 0); ADX = EMA(DX)
 * where each EMA is MovingAverages.mqh ExponentialMA with k = 2/(period+1), started at bar 1 from
 * a previous value of 0 (ADX.mq5 sets bar 0 of every buffer to 0.0).
 * Warm-up: +DI/-DI are NaN before index period, ADX before index 2*period (PLOT_DRAW_BEGIN);
 * nothing when bars < period.
 */
export function adx(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): AdxResult {
  checkPeriod("adx period", period);
  const n = checkSameLength(high, low, close);
  const out = { adx: nanSeries(n), plusDi: nanSeries(n), minusDi: nanSeries(n) };
  if (n < period) return out;
  const k = 2 / (period + 1);
  let pdi = 0;
  let ndi = 0;
  let adxValue = 0;
  for (let i = 1; i < n; i++) {
    const hi = high[i];
    const lo = low[i];
    const prevClose = close[i - 1];
    let up = hi - high[i - 1];
    let down = low[i - 1] - lo;
    if (up < 0) up = 0;
    if (down < 0) down = 0;
    if (up > down) down = 0;
    else if (up < down) up = 0;
    else {
      up = 0;
      down = 0;
    }
    const tr = Math.max(Math.max(Math.abs(hi - lo), Math.abs(hi - prevClose)), Math.abs(lo - prevClose));
    const pd = tr !== 0 ? (100 * up) / tr : 0;
    const nd = tr !== 0 ? (100 * down) / tr : 0;
    pdi = pd * k + pdi * (1 - k);
    ndi = nd * k + ndi * (1 - k);
    const sum = pdi + ndi;
    const dx = sum !== 0 ? 100 * Math.abs((pdi - ndi) / sum) : 0;
    adxValue = dx * k + adxValue * (1 - k);
    if (i >= period) {
      out.plusDi[i] = pdi;
      out.minusDi[i] = ndi;
    }
    if (i >= 2 * period) out.adx[i] = adxValue;
  }
  return out;
}
