import { macd } from "./macd";

/**
 * Moving Average of Oscillator as MetaQuotes' OsMA.mq5 (iOsMA): MACD main - MACD signal (iMACD's EMAs
 * and signal SMA). Warm-up: NaN before index max(fast, slow) + signal - 2, as MACD's signal line.
 */
export function osma(src: Float64Array, fast = 12, slow = 26, signal = 9): Float64Array {
  const m = macd(src, fast, slow, signal);
  const out = new Float64Array(src.length);
  for (let i = 0; i < out.length; i++) out[i] = m.main[i] - m.signal[i];
  return out;
}
