/**
 * Builds Dukascopy-style .bi5 files from known ticks (tests and the bench): the raw 20-byte records
 * compressed in LZMA "alone" format by lzma1, an encoder independent of the decoder under test.
 */
import { compress } from "lzma1";
import { encodeBi5Records } from "../feed/bi5";
import { allocTicks, type Ticks } from "../feed/ticks";

export function buildBi5(ticks: Ticks, hourStartMs: number, mode: 1 | 5 | 9 = 1): Uint8Array {
  if (ticks.length === 0) return new Uint8Array(0);
  return compress(encodeBi5Records(ticks, hourStartMs), mode);
}

export interface TickRow {
  /** ms into the hour */
  ms: number;
  bid: number;
  ask: number;
  bidVolume?: number;
  askVolume?: number;
}

export function ticksOf(hourStartMs: number, rows: readonly TickRow[]): Ticks {
  const t = allocTicks(rows.length);
  rows.forEach((r, i) => {
    t.time[i] = hourStartMs + r.ms;
    t.bid[i] = r.bid;
    t.ask[i] = r.ask;
    t.bidVolume[i] = r.bidVolume ?? 1.5;
    t.askVolume[i] = r.askVolume ?? 0.75;
  });
  return t;
}

/**
 * A realistic synthetic hour: `n` ticks spread over the hour, a random walk of the bid by a point or two,
 * a spread of 1-3 points, volumes on Dukascopy's grid (millions, 2 decimals). Deterministic per seed.
 */
export function syntheticHour(hourStartMs: number, n: number, seed: number, startBid = 108_000): Ticks {
  let s = seed >>> 0 || 1;
  const rnd = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  const t = allocTicks(n);
  let bid = startBid;
  let ms = 0;
  const step = 3_600_000 / n;
  for (let i = 0; i < n; i++) {
    ms = Math.min(3_599_999, Math.max(ms, Math.floor(i * step + rnd() * step * 0.9)));
    bid += Math.round((rnd() - 0.5) * 4);
    t.time[i] = hourStartMs + ms;
    t.bid[i] = bid;
    t.ask[i] = bid + 1 + Math.floor(rnd() * 3);
    t.bidVolume[i] = Math.round(rnd() * 500) / 100;
    t.askVolume[i] = Math.round(rnd() * 500) / 100;
  }
  return t;
}
