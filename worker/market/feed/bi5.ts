/**
 * Dukascopy hourly tick files (.bi5): an LZMA "alone" stream of 20-byte big-endian records
 *   u32 milliseconds into the hour | i32 ask (points) | i32 bid (points) | f32 ask volume | f32 bid volume
 * An hour without ticks is served as an empty (0-byte) file. Pure.
 */
import { MarketError } from "../errors";
import { lzmaDecompress } from "../lzma";
import { allocTicks, emptyTicks, type Ticks } from "./ticks";

export const BI5_RECORD = 20;
const HOUR_MS = 3_600_000;

/** Decodes the raw (decompressed) records of the hour starting at `hourStartMs`. */
export function decodeBi5Records(raw: Uint8Array, hourStartMs: number): Ticks {
  if (raw.length % BI5_RECORD !== 0) {
    throw new MarketError(
      "BAD_FEED_FILE",
      `The tick file holds ${raw.length} bytes, not a whole number of ${BI5_RECORD}-byte records.`,
    );
  }
  const n = raw.length / BI5_RECORD;
  const out = allocTicks(n);
  const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  let last = -1;
  for (let i = 0; i < n; i++) {
    const o = i * BI5_RECORD;
    const ms = dv.getUint32(o);
    if (ms >= HOUR_MS || ms < last) {
      throw new MarketError(
        "BAD_FEED_FILE",
        `Tick ${i + 1} has time ${ms} ms, outside the hour or out of order.`,
      );
    }
    last = ms;
    out.time[i] = hourStartMs + ms;
    out.ask[i] = dv.getInt32(o + 4);
    out.bid[i] = dv.getInt32(o + 8);
    out.askVolume[i] = dv.getFloat32(o + 12);
    out.bidVolume[i] = dv.getFloat32(o + 16);
  }
  return out;
}

/** Decodes a whole .bi5 file (empty file: no ticks). Throws MarketError BAD_FEED_FILE when damaged. */
export function decodeBi5(file: Uint8Array, hourStartMs: number): Ticks {
  if (file.length === 0) return emptyTicks();
  return decodeBi5Records(lzmaDecompress(file), hourStartMs);
}

/** The raw records of `ticks` (all in the hour starting at `hourStartMs`): what the tests and bench compress. */
export function encodeBi5Records(ticks: Ticks, hourStartMs: number): Uint8Array {
  const raw = new Uint8Array(ticks.length * BI5_RECORD);
  const dv = new DataView(raw.buffer);
  for (let i = 0; i < ticks.length; i++) {
    const o = i * BI5_RECORD;
    dv.setUint32(o, ticks.time[i] - hourStartMs);
    dv.setInt32(o + 4, ticks.ask[i]);
    dv.setInt32(o + 8, ticks.bid[i]);
    dv.setFloat32(o + 12, ticks.askVolume[i]);
    dv.setFloat32(o + 16, ticks.bidVolume[i]);
  }
  return raw;
}
