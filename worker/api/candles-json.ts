/**
 * The datafeed's JSON array `[{"time":..,"open":..,"high":..,"low":..,"close":..}, ...]`, times in
 * epoch seconds. Written as one template string per candle and joined: measured 2-3x faster than
 * building objects for JSON.stringify on a 14-day M1 window (~14k candles, 1.1 MB), and also faster
 * than writing digits into a byte buffer by hand (V8 prints doubles quickly; per-digit JS loops do
 * not). Prices are finite numbers (importers refuse anything else), so the text is valid JSON and
 * identical to JSON.stringify's.
 */
import type { Bars } from "../market/types";

export function candlesJson(bars: Bars): string {
  const { time, open, high, low, close } = bars;
  const rows = new Array<string>(bars.length);
  for (let i = 0; i < bars.length; i++) {
    rows[i] =
      `{"time":${Math.floor(time[i] / 1000)},"open":${open[i]},"high":${high[i]},` +
      `"low":${low[i]},"close":${close[i]}}`;
  }
  return `[${rows.join(",")}]`;
}
