import { checkSameLength } from "./series";

export interface FractalsResult {
  readonly upper: Float64Array;
  readonly lower: Float64Array;
}

/**
 * Bill Williams' Fractals as MetaQuotes' Fractals.mq5 (iFractals), read when they are known: an up
 * fractal at bar j (high[j] > high[j+1], high[j] > high[j+2], high[j] >= high[j-1], high[j] >=
 * high[j-2]) is confirmed when bar j+2 closes, so upper[j+2] = high[j]; likewise lower with lows.
 * NaN where no fractal was confirmed (MT5's EMPTY_VALUE) and before index 4 (MT5 starts at j = 2).
 * The EA reads MT5's buffer two bars further back (CopyBuffer index shift+3).
 */
export function fractals(high: Float64Array, low: Float64Array): FractalsResult {
  const n = checkSameLength(high, low);
  const upper = new Float64Array(n).fill(Number.NaN);
  const lower = new Float64Array(n).fill(Number.NaN);
  for (let c = 4; c < n; c++) {
    const j = c - 2;
    const h = high[j];
    if (h > high[j + 1] && h > high[j + 2] && h >= high[j - 1] && h >= high[j - 2]) upper[c] = h;
    const l = low[j];
    if (l < low[j + 1] && l < low[j + 2] && l <= low[j - 1] && l <= low[j - 2]) lower[c] = l;
  }
  return { upper, lower };
}
