import { checkSameLength } from "./series";

export interface HeikenAshiResult {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/**
 * Heiken Ashi candles as MetaQuotes' Heiken_Ashi.mq5 (Indicators/Examples; the EA computes them itself):
 * bar 0 is the bar itself; then haOpen = (haOpen[i-1] + haClose[i-1]) / 2, haClose = (O+H+L+C)/4,
 * haHigh = max(high, haOpen, haClose), haLow = min(low, haOpen, haClose). No warm-up.
 */
export function heikenAshi(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
): HeikenAshiResult {
  const n = checkSameLength(open, high, low, close);
  const out = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
  };
  if (n === 0) return out;
  out.open[0] = open[0];
  out.high[0] = high[0];
  out.low[0] = low[0];
  out.close[0] = close[0];
  for (let i = 1; i < n; i++) {
    const o = (out.open[i - 1] + out.close[i - 1]) / 2;
    const c = (open[i] + high[i] + low[i] + close[i]) / 4;
    out.open[i] = o;
    out.close[i] = c;
    out.high[i] = Math.max(high[i], Math.max(o, c));
    out.low[i] = Math.min(low[i], Math.min(o, c));
  }
  return out;
}
