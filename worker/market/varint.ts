/**
 * The byte layer both chunk codecs share (candles in codec.ts, ticks in feed/tick-chunk.ts): a growing
 * little-endian writer with unsigned LEB128 varints and zigzag varints, and a column reader for them. Pure.
 * Varints are written with arithmetic, not 32-bit bit operations, so any integer up to 2^53 fits; zigzag
 * maps 0, -1, 1, -2 ... to 0, 1, 2, 3 ... so that small moves either way take one byte.
 */

export class ByteWriter {
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
  u8(v: number): void {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }
  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
  u32(v: number): void {
    this.ensure(4);
    new DataView(this.buf.buffer, this.buf.byteOffset).setUint32(this.pos, v, true);
    this.pos += 4;
  }
  f32(v: number): void {
    this.ensure(4);
    new DataView(this.buf.buffer, this.buf.byteOffset).setFloat32(this.pos, v, true);
    this.pos += 4;
  }
  f64(v: number): void {
    this.ensure(8);
    new DataView(this.buf.buffer, this.buf.byteOffset).setFloat64(this.pos, v, true);
    this.pos += 8;
  }
  /** Unsigned LEB128 of an integer in [0, 2^53). */
  uvar(v: number): void {
    this.ensure(8);
    const b = this.buf;
    while (v >= 128) {
      b[this.pos++] = (v % 128) + 128;
      v = Math.floor(v / 128);
    }
    b[this.pos++] = v;
  }
  /** Zigzag varint of a safe integer. */
  zvar(v: number): void {
    this.uvar(v >= 0 ? v * 2 : -v * 2 - 1);
  }
  /** What was written, as a copy of its own size. */
  written(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

/** What went wrong while reading: the bytes end early, or a varint runs past 2^56. */
export type VarintFault = "truncated" | "malformed";

/**
 * Reads `count` varints (zigzag-decoded when `zig`) into out[at...] and answers the new position; `fail`
 * makes the codec's own error. One flat loop per column: several times faster than a method call per number.
 */
export function readVarints(
  buf: Uint8Array,
  pos: number,
  count: number,
  out: Float64Array | Int32Array,
  at: number,
  zig: boolean,
  fail: (fault: VarintFault) => Error,
): number {
  const len = buf.length;
  for (let k = 0; k < count; k++) {
    if (pos >= len) throw fail("truncated");
    let b = buf[pos++];
    let v: number;
    if (b < 128) v = b;
    else {
      v = b - 128;
      let mul = 128;
      for (;;) {
        if (pos >= len) throw fail("truncated");
        b = buf[pos++];
        if (b < 128) {
          v += b * mul;
          break;
        }
        v += (b - 128) * mul;
        mul *= 128;
        if (mul > 2 ** 56) throw fail("malformed");
      }
    }
    out[at + k] = zig ? (v % 2 === 0 ? v / 2 : -(v + 1) / 2) : v;
  }
  return pos;
}
