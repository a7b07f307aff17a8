/**
 * Binary columnar tick chunks: one chunk = one symbol, one UTC day of real ticks (stored deflated in R2
 * by the ingest, like the candle chunks of codec.ts). Pure.
 *
 * Layout (little-endian), version 1:
 *   "SFT1" | u8 version | u8 flags | u8 digits | u8 symbol length | symbol ASCII | u32 count | f64 day start
 *   | time   : count unsigned varints, t[i] - t[i-1] in ms (t[-1] = day start)
 *   | bid    : zigzag varints, bid[i] - bid[i-1] in points (bid[-1] = 0)
 *   | spread : zigzag varints, (ask - bid)[i] - (ask - bid)[i-1]
 *   | ask volume, bid volume: unsigned varints of volume x 10^e, e the fewest decimals (0..4) that
 *     hold every volume of the chunk exactly (Dukascopy quotes volumes in millions with few
 *     decimals), kept in the flags byte's high nibble; raw f32 when flag VOLUME_F32 (off every grid).
 * Decoding is exact: times, points and the float32 volumes come back bit for bit. Consecutive ticks
 * differ by a few ms and a point or two, so time and prices take ~3 bytes a tick before deflate.
 */
import { MarketError } from "../errors";
import { ByteWriter, readVarints, type VarintFault } from "../varint";
import { allocTicks, type Ticks } from "./ticks";

const MAGIC = [0x53, 0x46, 0x54, 0x31]; // "SFT1"
const VERSION = 1;
const FLAG_VOLUME_F32 = 1;
const MAX_VOLUME_DECIMALS = 4;

export interface TickChunkInfo {
  symbol: string;
  digits: number;
  /** UTC midnight of the day the ticks belong to. */
  dayStart: number;
}

export interface DecodedTickChunk extends TickChunkInfo {
  ticks: Ticks;
}

function onGrid(v: Float32Array, n: number, scale: number): boolean {
  for (let i = 0; i < n; i++) {
    const q = Math.round(v[i] * scale);
    if (!(q >= 0 && q < 2 ** 31) || Math.fround(q / scale) !== v[i]) return false;
  }
  return true;
}

/** The fewest decimals that keep every volume exactly, or -1 when none does. */
function volumeDecimals(t: Ticks): number {
  for (let e = 0; e <= MAX_VOLUME_DECIMALS; e++) {
    if (onGrid(t.askVolume, t.length, 10 ** e) && onGrid(t.bidVolume, t.length, 10 ** e)) return e;
  }
  return -1;
}

export function encodeTickChunk(t: Ticks, info: TickChunkInfo): Uint8Array {
  const n = t.length;
  const sym = new TextEncoder().encode(info.symbol);
  const decimals = volumeDecimals(t);
  const scale = 10 ** decimals;
  const w = new ByteWriter(32 + sym.length + n * 8);
  for (const m of MAGIC) w.u8(m);
  w.u8(VERSION);
  w.u8(decimals < 0 ? FLAG_VOLUME_F32 : decimals << 4);
  w.u8(info.digits);
  w.u8(sym.length);
  w.bytes(sym);
  w.u32(n);
  w.f64(info.dayStart);
  let prev = info.dayStart;
  for (let i = 0; i < n; i++) {
    const d = t.time[i] - prev;
    if (!(d >= 0 && d < 2 ** 32) || !Number.isInteger(d)) {
      throw new MarketError(
        "BAD_CHUNK",
        `Tick times must be whole ms in order within the day (tick ${i + 1}).`,
      );
    }
    w.uvar(d);
    prev = t.time[i];
  }
  // Bid and spread moves wrap to int32 as the Int32Array columns do, so decoding is exact.
  let pb = 0;
  for (let i = 0; i < n; i++) {
    w.zvar((t.bid[i] - pb) | 0);
    pb = t.bid[i];
  }
  let ps = 0;
  for (let i = 0; i < n; i++) {
    const s = (t.ask[i] - t.bid[i]) | 0;
    w.zvar((s - ps) | 0);
    ps = s;
  }
  for (const v of [t.askVolume, t.bidVolume]) {
    if (decimals >= 0) for (let i = 0; i < n; i++) w.uvar(Math.round(v[i] * scale));
    else for (let i = 0; i < n; i++) w.f32(v[i]);
  }
  return w.written();
}

function bad(why: string): MarketError {
  return new MarketError("BAD_CHUNK", `Tick chunk is damaged: ${why}.`);
}

export function decodeTickChunk(bytes: Uint8Array): DecodedTickChunk {
  if (bytes.length < 20 || MAGIC.some((m, i) => bytes[i] !== m)) throw bad("not a tick chunk");
  if (bytes[4] !== VERSION) throw bad(`unknown version ${bytes[4]}`);
  const flags = bytes[5];
  const scale = 10 ** (flags >> 4);
  const digits = bytes[6];
  const symLen = bytes[7];
  if (bytes.length < 20 + symLen) throw bad("truncated");
  const symbol = new TextDecoder().decode(bytes.subarray(8, 8 + symLen));
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = dv.getUint32(8 + symLen, true);
  const dayStart = dv.getFloat64(12 + symLen, true);
  let p = 20 + symLen;
  const len = bytes.length;
  const fault = (f: VarintFault) => bad(f === "truncated" ? "truncated" : "bad varint");
  const t = allocTicks(n);
  // Each column is read whole (readVarints), then its moves are summed back into values.
  p = readVarints(bytes, p, n, t.time, 0, false, fault);
  let prev = dayStart;
  for (let i = 0; i < n; i++) {
    prev += t.time[i];
    t.time[i] = prev;
  }
  p = readVarints(bytes, p, n, t.bid, 0, true, fault);
  for (let i = 1; i < n; i++) t.bid[i] = (t.bid[i - 1] + t.bid[i]) | 0;
  p = readVarints(bytes, p, n, t.ask, 0, true, fault);
  let ps = 0;
  for (let i = 0; i < n; i++) {
    ps = (ps + t.ask[i]) | 0;
    t.ask[i] = t.bid[i] + ps;
  }
  // Volumes are read as doubles and divided there: a float32 column would round the integers first.
  const scaled = new Float64Array(flags & FLAG_VOLUME_F32 ? 0 : n);
  for (const v of [t.askVolume, t.bidVolume]) {
    if (flags & FLAG_VOLUME_F32) {
      if (p + n * 4 > len) throw bad("truncated");
      for (let i = 0; i < n; i++) v[i] = dv.getFloat32(p + i * 4, true);
      p += n * 4;
    } else {
      p = readVarints(bytes, p, n, scaled, 0, false, fault);
      for (let i = 0; i < n; i++) v[i] = scaled[i] / scale;
    }
  }
  if (p !== len) throw bad("trailing bytes");
  return { symbol, digits, dayStart, ticks: t };
}
