/**
 * LZMA "alone" (.lzma) decoder, the container of Dukascopy's .bi5 tick files. Pure.
 *
 * Written here rather than taken from npm: the pure-JS packages that run in workerd (lzma, lzma1) decode
 * about 3 MB/s (a day of EURUSD ticks, ~2 MB raw, took ~650 ms warm with lzma1), far over the 200 ms a
 * day's ingest may take (issue 18). This is a straight port of the reference decoder (LzmaSpec.cpp from
 * the LZMA SDK, public domain) over typed arrays: the whole output is the dictionary, as a bi5 file is
 * decoded in one piece. The tests compress with lzma1 (an independent encoder) and decode here.
 *
 * Header: 1 byte lc/lp/pb, 4 bytes dictionary size (LE), 8 bytes uncompressed size (LE, all ones when
 * unknown: the stream then ends with the end marker).
 */
import { MarketError } from "./errors";

/** Refuse outputs larger than this: an hour of ticks is well under 2 MB, a bomb is not. */
export const LZMA_MAX_OUTPUT = 64 * 1024 * 1024;

const PROB_INIT = 1024;
const STATES = 12;
const POS_STATES_MAX = 16;
const END_POS_MODEL = 14;
const FULL_DISTANCES = 128;
const ALIGN_BITS = 4;
const MATCH_MIN = 2;

function corrupt(why: string): MarketError {
  return new MarketError("BAD_FEED_FILE", `The LZMA data is damaged: ${why}.`);
}

// range and code are kept as int32 bit patterns (V8 keeps them unboxed); unsigned comparisons flip the
// sign bit of both sides first.
const SIGN = -0x80000000;

class RangeDecoder {
  range = -1;
  code = 0;
  pos: number;

  constructor(
    private readonly buf: Uint8Array,
    start: number,
  ) {
    if (buf.length < start + 5) throw corrupt("truncated");
    if (buf[start] !== 0) throw corrupt("bad range coder start");
    this.pos = start + 1;
    for (let i = 0; i < 4; i++) this.code = (this.code << 8) | buf[this.pos++];
    if (this.code === -1) throw corrupt("bad range coder start");
  }

  private next(): number {
    if (this.pos >= this.buf.length) throw corrupt("truncated");
    return this.buf[this.pos++];
  }

  bit(probs: Uint16Array, i: number): number {
    const p = probs[i];
    const bound = Math.imul(this.range >>> 11, p);
    let bit: number;
    if ((this.code ^ SIGN) < (bound ^ SIGN)) {
      this.range = bound;
      probs[i] = p + ((2048 - p) >>> 5);
      bit = 0;
    } else {
      this.range = (this.range - bound) | 0;
      this.code = (this.code - bound) | 0;
      probs[i] = p - (p >>> 5);
      bit = 1;
    }
    if (this.range >>> 24 === 0) {
      this.range <<= 8;
      this.code = (this.code << 8) | this.next();
    }
    return bit;
  }

  direct(count: number): number {
    let res = 0;
    for (let i = 0; i < count; i++) {
      this.range = this.range >>> 1;
      let b = 0;
      if ((this.code ^ SIGN) >= (this.range ^ SIGN)) {
        this.code = (this.code - this.range) | 0;
        b = 1;
      }
      res = res * 2 + b;
      if (this.range >>> 24 === 0) {
        this.range <<= 8;
        this.code = (this.code << 8) | this.next();
      }
    }
    return res;
  }

  tree(probs: Uint16Array, offset: number, bits: number): number {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) + this.bit(probs, offset + m);
    return m - (1 << bits);
  }

  reverse(probs: Uint16Array, offset: number, bits: number): number {
    let m = 1;
    let sym = 0;
    for (let i = 0; i < bits; i++) {
      const b = this.bit(probs, offset + m);
      m = (m << 1) + b;
      sym |= b << i;
    }
    return sym;
  }
}

class LenDecoder {
  readonly choice = new Uint16Array(2).fill(PROB_INIT);
  readonly low = new Uint16Array(POS_STATES_MAX << 3).fill(PROB_INIT);
  readonly mid = new Uint16Array(POS_STATES_MAX << 3).fill(PROB_INIT);
  readonly high = new Uint16Array(256).fill(PROB_INIT);

  decode(rc: RangeDecoder, posState: number): number {
    if (rc.bit(this.choice, 0) === 0) return rc.tree(this.low, posState << 3, 3);
    if (rc.bit(this.choice, 1) === 0) return 8 + rc.tree(this.mid, posState << 3, 3);
    return 16 + rc.tree(this.high, 0, 8);
  }
}

/** Decodes one LZMA "alone" stream. Throws MarketError BAD_FEED_FILE on anything malformed. */
export function lzmaDecompress(input: Uint8Array, maxOutput = LZMA_MAX_OUTPUT): Uint8Array {
  if (input.length < 13) throw corrupt("shorter than its header");
  let d = input[0];
  if (d >= 9 * 5 * 5) throw corrupt("bad properties");
  const lc = d % 9;
  d = (d / 9) | 0;
  const lp = d % 5;
  const pb = (d / 5) | 0;
  let sizeLow = 0;
  for (let i = 3; i >= 0; i--) sizeLow = sizeLow * 256 + input[5 + i];
  let sizeHigh = 0;
  for (let i = 3; i >= 0; i--) sizeHigh = sizeHigh * 256 + input[9 + i];
  const known = !(sizeLow === 0xffffffff && sizeHigh === 0xffffffff);
  if (known && (sizeHigh !== 0 || sizeLow > maxOutput)) throw corrupt("declared size too large");
  const size = known ? sizeLow : -1;

  let out = new Uint8Array(known ? size : Math.min(1 << 16, maxOutput));
  if (known && size === 0) return out;
  const rc = new RangeDecoder(input, 13);

  const literal = new Uint16Array(0x300 << (lc + lp)).fill(PROB_INIT);
  const isMatch = new Uint16Array(STATES << 4).fill(PROB_INIT);
  const isRep = new Uint16Array(STATES).fill(PROB_INIT);
  const isRepG0 = new Uint16Array(STATES).fill(PROB_INIT);
  const isRepG1 = new Uint16Array(STATES).fill(PROB_INIT);
  const isRepG2 = new Uint16Array(STATES).fill(PROB_INIT);
  const isRep0Long = new Uint16Array(STATES << 4).fill(PROB_INIT);
  const posSlot = new Uint16Array(4 << 6).fill(PROB_INIT);
  const posDecoders = new Uint16Array(1 + FULL_DISTANCES - END_POS_MODEL).fill(PROB_INIT);
  const align = new Uint16Array(1 << ALIGN_BITS).fill(PROB_INIT);
  const lenDecoder = new LenDecoder();
  const repLenDecoder = new LenDecoder();

  const pbMask = (1 << pb) - 1;
  const lpMask = (1 << lp) - 1;
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  let n = 0;

  const ensure = (extra: number) => {
    if (n + extra <= out.length) return;
    if (known || n + extra > maxOutput) throw corrupt("more data than declared");
    const grown = new Uint8Array(Math.min(maxOutput, Math.max(out.length * 2, n + extra)));
    grown.set(out.subarray(0, n));
    out = grown;
  };

  for (;;) {
    if (known && n === size) break;
    const posState = n & pbMask;
    if (rc.bit(isMatch, (state << 4) + posState) === 0) {
      ensure(1);
      const prev = n > 0 ? out[n - 1] : 0;
      const base = 0x300 * (((n & lpMask) << lc) + (prev >>> (8 - lc)));
      let sym = 1;
      if (state >= 7) {
        let matchByte = out[n - rep0 - 1];
        do {
          const matchBit = (matchByte >>> 7) & 1;
          matchByte <<= 1;
          const b = rc.bit(literal, base + ((1 + matchBit) << 8) + sym);
          sym = (sym << 1) | b;
          if (matchBit !== b) break;
        } while (sym < 0x100);
      }
      while (sym < 0x100) sym = (sym << 1) | rc.bit(literal, base + sym);
      out[n++] = sym - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len: number;
    if (rc.bit(isRep, state) !== 0) {
      if (n === 0) throw corrupt("a repeat before any data");
      if (rc.bit(isRepG0, state) === 0) {
        if (rc.bit(isRep0Long, (state << 4) + posState) === 0) {
          ensure(1);
          state = state < 7 ? 9 : 11;
          out[n] = out[n - rep0 - 1];
          n++;
          continue;
        }
      } else {
        let dist: number;
        if (rc.bit(isRepG1, state) === 0) dist = rep1;
        else {
          if (rc.bit(isRepG2, state) === 0) dist = rep2;
          else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      len = repLenDecoder.decode(rc, posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      len = lenDecoder.decode(rc, posState);
      state = state < 7 ? 7 : 10;
      const lenState = Math.min(len, 3);
      const slot = rc.tree(posSlot, lenState << 6, 6);
      if (slot < 4) rep0 = slot;
      else {
        const bits = (slot >>> 1) - 1;
        let dist = (2 | (slot & 1)) * 2 ** bits;
        if (slot < END_POS_MODEL) dist += rc.reverse(posDecoders, dist - slot, bits);
        else dist += rc.direct(bits - ALIGN_BITS) * 16 + rc.reverse(align, 0, ALIGN_BITS);
        rep0 = dist;
      }
      if (rep0 === 0xffffffff) {
        if (known && n !== size) throw corrupt("ends before its declared size");
        break;
      }
      if (rep0 >= n) throw corrupt("a match reaches before the start");
    }
    len += MATCH_MIN;
    ensure(len);
    const from = n - rep0 - 1;
    for (let i = 0; i < len; i++) out[n + i] = out[from + i];
    n += len;
  }
  return known ? out : out.slice(0, n);
}
