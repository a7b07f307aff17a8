/**
 * Binary columnar candle chunks (DESIGN D6): one chunk = one symbol, one month, one stored period.
 *
 * Layout (little-endian), version 1:
 *   "SFC1" | u8 version | u8 flags | u8 period index | u8 price digits | u8 symbol length | symbol ASCII
 *   | u32 count | f64 first time (epoch ms) | u32 time unit (ms)
 *   | time deltas   : count-1 unsigned varints, (t[i] - t[i-1]) / unit
 *   | open          : zigzag varint open[0], then open[i] - close[i-1]     (integer price points)
 *   | high          : zigzag varint high - max(open, close)
 *   | low           : zigzag varint min(open, close) - low
 *   | close         : zigzag varint close - open
 *   | volume        : unsigned varints, or raw f64 when flag VOLUME_F64 (fractional volumes)
 *   | spread        : zigzag varints, or raw f64 when flag SPREAD_F64
 * Prices are stored as integers of 10^-digits; digits start at the symbol's and grow only when a
 * price is not on that grid, so decoding is exact: price = integer / 10^digits, the same double the
 * decimal text parsed to. Deltas against the previous close keep nearly every value in one byte, which
 * deflate then squeezes further (`compressChunk`).
 */
import { MarketError } from "./errors";
import { type Bars, PERIODS, type Period } from "./types";
import { ByteWriter, readVarints, type VarintFault } from "./varint";

const MAGIC = [0x53, 0x46, 0x43, 0x31]; // "SFC1"
const VERSION = 1;
const FLAG_DEMO = 1;
const FLAG_VOLUME_F64 = 2;
const FLAG_SPREAD_F64 = 4;
const MAX_DIGITS = 10;

export interface ChunkInfo {
  symbol: string;
  period: Period;
  /** The symbol's digits; the codec may use more when a price needs them. */
  digits: number;
  /** True for generated demo data: carried in the chunk so every answer built on it can say so. */
  demo: boolean;
}

export interface DecodedChunk extends ChunkInfo {
  bars: Bars;
}

class Reader {
  pos = 0;
  private view: DataView;
  constructor(private buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  need(n: number): void {
    if (this.pos + n > this.buf.length) throw new MarketError("BAD_CHUNK", "Candle chunk is truncated.");
  }
  u8(): number {
    this.need(1);
    return this.buf[this.pos++];
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }
  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }
}

function onGrid(values: Float64Array, n: number, scale: number): boolean {
  for (let i = 0; i < n; i++) {
    const x = values[i];
    const k = Math.round(x * scale);
    if (k / scale !== x || !Number.isSafeInteger(k)) return false;
  }
  return true;
}

function priceDigits(bars: Bars, start: number): number {
  for (let d = Math.max(0, start); d <= MAX_DIGITS; d++) {
    const scale = 10 ** d;
    if (
      onGrid(bars.open, bars.length, scale) &&
      onGrid(bars.high, bars.length, scale) &&
      onGrid(bars.low, bars.length, scale) &&
      onGrid(bars.close, bars.length, scale)
    ) {
      return d;
    }
  }
  throw new MarketError(
    "BAD_CHUNK",
    `Prices need more than ${MAX_DIGITS} decimals and cannot be stored exactly.`,
  );
}

function allIntegers(a: Float64Array, n: number, nonNegative: boolean): boolean {
  for (let i = 0; i < n; i++) {
    const x = a[i];
    if (!Number.isSafeInteger(x) || (nonNegative && x < 0)) return false;
  }
  return true;
}

/** Raw (uncompressed) chunk bytes. Throws BAD_CHUNK when times do not strictly increase. */
export function encodeChunk(bars: Bars, info: ChunkInfo): Uint8Array {
  const n = bars.length;
  const digits = priceDigits(bars, info.digits);
  const scale = 10 ** digits;
  const { time, open, high, low, close, volume, spread } = bars;
  let unit = 60_000;
  for (let i = 0; i < n && unit > 1; i++) {
    if (!Number.isSafeInteger(time[i])) {
      throw new MarketError("BAD_CHUNK", `Bar ${i} has a time that is not whole milliseconds.`);
    }
    while (unit > 1 && time[i] % unit !== 0) unit = unit === 60_000 ? 1000 : 1;
  }
  const volF64 = !allIntegers(volume, n, true);
  const sprF64 = !allIntegers(spread, n, false);
  const w = new ByteWriter(64 + n * 10);
  for (const m of MAGIC) w.u8(m);
  w.u8(VERSION);
  w.u8((info.demo ? FLAG_DEMO : 0) | (volF64 ? FLAG_VOLUME_F64 : 0) | (sprF64 ? FLAG_SPREAD_F64 : 0));
  w.u8(PERIODS.indexOf(info.period));
  w.u8(digits);
  const sym = new TextEncoder().encode(info.symbol);
  if (sym.length > 255) throw new MarketError("BAD_CHUNK", "Symbol name is too long.");
  w.u8(sym.length);
  w.bytes(sym);
  w.u32(n);
  w.f64(n > 0 ? time[0] : 0);
  w.u32(unit);
  for (let i = 1; i < n; i++) {
    const d = time[i] - time[i - 1];
    if (!(d > 0)) {
      throw new MarketError(
        "BAD_CHUNK",
        `Bar times must strictly increase (bar ${i} at ${new Date(time[i]).toISOString()}).`,
      );
    }
    w.uvar(d / unit);
  }
  let prevClose = 0;
  for (let i = 0; i < n; i++) {
    const o = Math.round(open[i] * scale);
    w.zvar(o - prevClose);
    prevClose = Math.round(close[i] * scale);
  }
  for (let i = 0; i < n; i++) {
    const o = Math.round(open[i] * scale);
    const c = Math.round(close[i] * scale);
    w.zvar(Math.round(high[i] * scale) - Math.max(o, c));
  }
  for (let i = 0; i < n; i++) {
    const o = Math.round(open[i] * scale);
    const c = Math.round(close[i] * scale);
    w.zvar(Math.min(o, c) - Math.round(low[i] * scale));
  }
  for (let i = 0; i < n; i++) w.zvar(Math.round(close[i] * scale) - Math.round(open[i] * scale));
  if (volF64) for (let i = 0; i < n; i++) w.f64(volume[i]);
  else for (let i = 0; i < n; i++) w.uvar(volume[i]);
  if (sprF64) for (let i = 0; i < n; i++) w.f64(spread[i]);
  else for (let i = 0; i < n; i++) w.zvar(spread[i]);
  return w.written();
}

/** The candle codec's own words for a varint column that cannot be read. */
function varintFault(fault: VarintFault): MarketError {
  return new MarketError(
    "BAD_CHUNK",
    fault === "truncated" ? "Candle chunk is truncated." : "Candle chunk has a malformed number.",
  );
}

/** Reads a raw chunk written by encodeChunk. Throws BAD_CHUNK on anything malformed. */
export function decodeChunk(bytes: Uint8Array): DecodedChunk {
  const r = new Reader(bytes);
  for (const m of MAGIC) {
    if (r.u8() !== m) throw new MarketError("BAD_CHUNK", "Not a candle chunk (bad magic).");
  }
  const version = r.u8();
  if (version !== VERSION) throw new MarketError("BAD_CHUNK", `Unsupported candle chunk version ${version}.`);
  const flags = r.u8();
  const period = PERIODS[r.u8()];
  if (!period) throw new MarketError("BAD_CHUNK", "Candle chunk names an unknown period.");
  const digits = r.u8();
  if (digits > MAX_DIGITS) throw new MarketError("BAD_CHUNK", "Candle chunk has bad price digits.");
  const symLen = r.u8();
  r.need(symLen);
  const symbol = new TextDecoder().decode(bytes.subarray(r.pos, r.pos + symLen));
  r.pos += symLen;
  const n = r.u32();
  const t0 = r.f64();
  const unit = r.u32();
  if (n > bytes.length) throw new MarketError("BAD_CHUNK", "Candle chunk count does not match its size.");
  const time = new Float64Array(n);
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  const spread = new Float64Array(n);
  // Columns are read with one tight loop each (readVarints); integer points are rebuilt in place and
  // divided by the scale once. open[] first holds the open deltas (against the previous close),
  // high[]/low[] the extensions, close[] the close-open moves.
  let pos = r.pos;
  if (n > 0) {
    pos = readVarints(bytes, pos, n - 1, time, 1, false, varintFault);
    time[0] = t0;
    for (let i = 1; i < n; i++) time[i] = time[i - 1] + time[i] * unit;
  }
  pos = readVarints(bytes, pos, n, open, 0, true, varintFault);
  pos = readVarints(bytes, pos, n, high, 0, true, varintFault);
  pos = readVarints(bytes, pos, n, low, 0, true, varintFault);
  pos = readVarints(bytes, pos, n, close, 0, true, varintFault);
  const scale = 10 ** digits;
  let prevClose = 0;
  for (let i = 0; i < n; i++) {
    const o = prevClose + open[i];
    const c = o + close[i];
    open[i] = o / scale;
    close[i] = c / scale;
    high[i] = (Math.max(o, c) + high[i]) / scale;
    low[i] = (Math.min(o, c) - low[i]) / scale;
    prevClose = c;
  }
  r.pos = pos;
  if (flags & FLAG_VOLUME_F64) for (let i = 0; i < n; i++) volume[i] = r.f64();
  else r.pos = readVarints(bytes, r.pos, n, volume, 0, false, varintFault);
  if (flags & FLAG_SPREAD_F64) for (let i = 0; i < n; i++) spread[i] = r.f64();
  else r.pos = readVarints(bytes, r.pos, n, spread, 0, true, varintFault);
  if (r.pos !== bytes.length) throw new MarketError("BAD_CHUNK", "Candle chunk has trailing bytes.");
  return {
    symbol,
    period,
    digits,
    demo: (flags & FLAG_DEMO) !== 0,
    bars: { length: n, time, open, high, low, close, volume, spread },
  };
}

/**
 * Compression of raw chunks with the runtime's CompressionStream (a global in workerd and Node 22).
 * "deflate" (zlib) carries a checksum, so a damaged object fails to decompress instead of decoding
 * into wrong prices.
 */
export const CHUNK_COMPRESSION: CompressionFormat = "deflate";

async function pipe(
  bytes: Uint8Array,
  stream: TransformStream<ArrayBuffer | ArrayBufferView, Uint8Array>,
): Promise<Uint8Array> {
  const source = new ReadableStream<ArrayBuffer | ArrayBufferView>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const reader = source.pipeThrough(stream).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    total += value.length;
  }
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function compress(
  bytes: Uint8Array,
  format: CompressionFormat = CHUNK_COMPRESSION,
): Promise<Uint8Array> {
  return pipe(bytes, new CompressionStream(format));
}

export async function decompress(
  bytes: Uint8Array,
  format: CompressionFormat = CHUNK_COMPRESSION,
): Promise<Uint8Array> {
  try {
    return await pipe(bytes, new DecompressionStream(format));
  } catch (e) {
    throw new MarketError(
      "BAD_CHUNK",
      `Candle chunk does not decompress: ${e instanceof Error ? e.message : e}`,
    );
  }
}

/** Encode + compress: the bytes stored in R2. */
export async function packChunk(bars: Bars, info: ChunkInfo): Promise<Uint8Array> {
  return compress(encodeChunk(bars, info));
}

/** Decompress + decode the bytes stored in R2. */
export async function unpackChunk(bytes: Uint8Array): Promise<DecodedChunk> {
  return decodeChunk(await decompress(bytes));
}
