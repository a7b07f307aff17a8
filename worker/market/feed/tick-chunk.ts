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

class Out {
  buf: Uint8Array;
  pos = 0;
  constructor(size: number) {
    this.buf = new Uint8Array(Math.max(64, size));
  }
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const b = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    b.set(this.buf.subarray(0, this.pos));
    this.buf = b;
  }
  /** Unsigned varint of a value in [0, 2^32). */
  uvar(v: number): void {
    this.ensure(5);
    const b = this.buf;
    let p = this.pos;
    while (v >= 0x80) {
      b[p++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    b[p++] = v;
    this.pos = p;
  }
  /** Zigzag varint of an int32. */
  zvar(v: number): void {
    this.uvar(((v << 1) ^ (v >> 31)) >>> 0);
  }
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
  const w = new Out(32 + sym.length + n * 8);
  const head = new DataView(w.buf.buffer);
  w.buf.set(MAGIC, 0);
  w.buf[4] = VERSION;
  w.buf[5] = decimals < 0 ? FLAG_VOLUME_F32 : decimals << 4;
  w.buf[6] = info.digits;
  w.buf[7] = sym.length;
  w.buf.set(sym, 8);
  head.setUint32(8 + sym.length, n, true);
  head.setFloat64(12 + sym.length, info.dayStart, true);
  w.pos = 20 + sym.length;
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
    else {
      w.ensure(n * 4);
      const dv = new DataView(w.buf.buffer);
      for (let i = 0; i < n; i++) dv.setFloat32(w.pos + i * 4, v[i], true);
      w.pos += n * 4;
    }
  }
  return w.buf.slice(0, w.pos);
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
  const uvar = (): number => {
    let v = 0;
    let shift = 0;
    for (;;) {
      if (p >= len) throw bad("truncated");
      const b = bytes[p++];
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return v;
      shift += 7;
      if (shift > 28) throw bad("bad varint");
    }
  };
  const zvar = (): number => {
    const u = uvar();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  };
  const t = allocTicks(n);
  let prev = dayStart;
  for (let i = 0; i < n; i++) {
    prev += uvar();
    t.time[i] = prev;
  }
  let pb = 0;
  for (let i = 0; i < n; i++) {
    pb += zvar();
    t.bid[i] = pb;
  }
  let ps = 0;
  for (let i = 0; i < n; i++) {
    ps += zvar();
    t.ask[i] = t.bid[i] + ps;
  }
  for (const v of [t.askVolume, t.bidVolume]) {
    if (flags & FLAG_VOLUME_F32) {
      if (p + n * 4 > len) throw bad("truncated");
      for (let i = 0; i < n; i++) v[i] = dv.getFloat32(p + i * 4, true);
      p += n * 4;
    } else for (let i = 0; i < n; i++) v[i] = uvar() / scale;
  }
  if (p !== len) throw bad("trailing bytes");
  return { symbol, digits, dayStart, ticks: t };
}
