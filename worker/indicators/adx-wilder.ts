import type { AdxResult } from "./adx";
import { checkPeriod, checkSameLength, nanSeries } from "./series";

/**
 * ADX Wilder as MetaQuotes' ADXW.mq5 (iADXWilder): +DM/-DM as iADX (the smaller one and ties set to 0),
 * TR = max(|H-L|, |H-prevC|, |L-prevC|); from index `period` on, Wilder sums (MovingAverages.mqh
 * SmoothedMA with the previous value, which is 0 at index period-1: so ATR[period] = TR[period]/period):
 *   ATR, +DMs, -DMs = (prev*(period-1) + x) / period;  +DI = 100 * +DMs / ATR (0 when ATR = 0);
 *   DX = 100 * |+DI - -DI| / (+DI + -DI) (0 when the sum is 0); ADX = SmoothedMA(DX) from index
 *   period-1 (the mean of DX[0..period-1], all 0) on.
 * Warm-up: +DI/-DI NaN before index period+1, ADX before 2*period (PLOT_DRAW_BEGIN); nothing when
 * bars < period.
 */
export function adxWilder(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 14,
): AdxResult {
  checkPeriod("adx wilder period", period);
  const n = checkSameLength(high, low, close);
  const out = { adx: nanSeries(n), plusDi: nanSeries(n), minusDi: nanSeries(n) };
  if (n < period) return out;
  let atrS = 0;
  let pds = 0;
  let nds = 0;
  let adxS = 0;
  for (let i = 1; i < n; i++) {
    let up = high[i] - high[i - 1];
    let down = low[i - 1] - low[i];
    if (up < 0) up = 0;
    if (down < 0) down = 0;
    if (up === down) up = down = 0;
    else if (up < down) up = 0;
    else down = 0;
    const pc = close[i - 1];
    const tr = Math.max(Math.abs(high[i] - low[i]), Math.abs(high[i] - pc), Math.abs(low[i] - pc));
    let pdi = 0;
    let ndi = 0;
    if (i >= period) {
      atrS = (atrS * (period - 1) + tr) / period;
      pds = (pds * (period - 1) + up) / period;
      nds = (nds * (period - 1) + down) / period;
      if (atrS !== 0) {
        pdi = (100 * pds) / atrS;
        ndi = (100 * nds) / atrS;
      }
    }
    const sum = pdi + ndi;
    const dx = sum !== 0 ? 100 * Math.abs((pdi - ndi) / sum) : 0;
    if (i >= period) adxS = (adxS * (period - 1) + dx) / period;
    if (i > period) {
      out.plusDi[i] = pdi;
      out.minusDi[i] = ndi;
    }
    if (i >= 2 * period) out.adx[i] = adxS;
  }
  return out;
}
