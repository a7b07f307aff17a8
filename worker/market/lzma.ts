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

// range and code are kept as int32 bit patterns (unboxed); unsigned comparisons flip the sign bit of
// both sides first.
const SIGN = -0x80000000;
/** Zero bytes after the input: a symbol reads at most this many bytes, so the loop needs no bounds check. */
const PAD = 64;

// Offsets of the probability groups in one Uint16Array (the LZMA SDK's layout).
const IS_MATCH = 0;
const IS_REP = IS_MATCH + (STATES << 4);
const IS_REP_G0 = IS_REP + STATES;
const IS_REP_G1 = IS_REP_G0 + STATES;
const IS_REP_G2 = IS_REP_G1 + STATES;
const IS_REP0_LONG = IS_REP_G2 + STATES;
const POS_SLOT = IS_REP0_LONG + (STATES << 4);
const SPEC_POS = POS_SLOT + (4 << 6);
const ALIGN = SPEC_POS + 1 + FULL_DISTANCES - END_POS_MODEL;
/** A length decoder: choice, choice 2, low [16][8], mid [16][8], high [256]. */
const LEN_LOW = 2;
const LEN_MID = LEN_LOW + (POS_STATES_MAX << 3);
const LEN_HIGH = LEN_MID + (POS_STATES_MAX << 3);
const LEN_SIZE = LEN_HIGH + 256;
const LEN = ALIGN + (1 << ALIGN_BITS);
const REP_LEN = LEN + LEN_SIZE;
const LITERAL = REP_LEN + LEN_SIZE;

/**
 * The output grown to hold `extra` more bytes after `n` (unknown size only). A function of its own, not a
 * closure over the decoder's locals, which would move them out of registers.
 */
function grown(out: Uint8Array, n: number, extra: number, known: boolean, maxOutput: number): Uint8Array {
  if (known || n + extra > maxOutput) throw corrupt("more data than declared");
  const next = new Uint8Array(Math.min(maxOutput, Math.max(out.length * 2, n + extra)));
  next.set(out.subarray(0, n));
  return next;
}

/*
 * Every binary decision below is the same five lines (the reference's DecodeBit): with p = probs[k],
 *   bound = (range >>> 11) * p; code < bound (unsigned) ? bit 0, range = bound, p += (2048 - p) >> 5
 *                                                      : bit 1, range -= bound, code -= bound, p -= p >> 5
 *   then, when range < 2^24, shift in the next input byte.
 */

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

  let out: Uint8Array = new Uint8Array(known ? size : Math.min(1 << 16, maxOutput));
  if (known && size === 0) return out;
  const inLen = input.length;
  if (inLen < 13 + 5) throw corrupt("truncated");
  if (input[13] !== 0) throw corrupt("bad range coder start");
  const buf = new Uint8Array(inLen + PAD);
  buf.set(input);
  let ip = 14;
  let code = 0;
  for (let i = 0; i < 4; i++) code = (code << 8) | buf[ip++];
  if (code === -1) throw corrupt("bad range coder start");
  let range = -1;

  const probs = new Uint16Array(LITERAL + (0x300 << (lc + lp))).fill(PROB_INIT);
  const pbMask = (1 << pb) - 1;
  const lpMask = (1 << lp) - 1;
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  let n = 0;
  // Scratch of the inlined decisions.
  let k = 0;
  let p = 0;
  let bound = 0;
  let bit = 0;

  for (;;) {
    if (known && n === size) break;
    if (ip > inLen) throw corrupt("truncated");
    const posState = n & pbMask;
    k = IS_MATCH + (state << 4) + posState;
    p = probs[k];
    bound = Math.imul(range >>> 11, p);
    if ((code ^ SIGN) < (bound ^ SIGN)) {
      range = bound;
      probs[k] = p + ((2048 - p) >>> 5);
      bit = 0;
    } else {
      range = (range - bound) | 0;
      code = (code - bound) | 0;
      probs[k] = p - (p >>> 5);
      bit = 1;
    }
    if (range >>> 24 === 0) {
      range <<= 8;
      code = (code << 8) | buf[ip++];
    }

    if (bit === 0) {
      // A literal byte, coded with the previous byte's high bits (and after a match, the byte at rep0).
      if (n >= out.length) out = grown(out, n, 1, known, maxOutput);
      const prev = n > 0 ? out[n - 1] : 0;
      const base = LITERAL + 0x300 * (((n & lpMask) << lc) + (prev >>> (8 - lc)));
      let sym = 1;
      if (state >= 7) {
        let matchByte = out[n - rep0 - 1];
        do {
          const matchBit = (matchByte >>> 7) & 1;
          matchByte <<= 1;
          k = base + ((1 + matchBit) << 8) + sym;
          p = probs[k];
          bound = Math.imul(range >>> 11, p);
          if ((code ^ SIGN) < (bound ^ SIGN)) {
            range = bound;
            probs[k] = p + ((2048 - p) >>> 5);
            bit = 0;
          } else {
            range = (range - bound) | 0;
            code = (code - bound) | 0;
            probs[k] = p - (p >>> 5);
            bit = 1;
          }
          if (range >>> 24 === 0) {
            range <<= 8;
            code = (code << 8) | buf[ip++];
          }
          sym = (sym << 1) | bit;
          if (matchBit !== bit) break;
        } while (sym < 0x100);
      }
      while (sym < 0x100) {
        k = base + sym;
        p = probs[k];
        bound = Math.imul(range >>> 11, p);
        if ((code ^ SIGN) < (bound ^ SIGN)) {
          range = bound;
          probs[k] = p + ((2048 - p) >>> 5);
          sym <<= 1;
        } else {
          range = (range - bound) | 0;
          code = (code - bound) | 0;
          probs[k] = p - (p >>> 5);
          sym = (sym << 1) | 1;
        }
        if (range >>> 24 === 0) {
          range <<= 8;
          code = (code << 8) | buf[ip++];
        }
      }
      out[n++] = sym - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }

    k = IS_REP + state;
    p = probs[k];
    bound = Math.imul(range >>> 11, p);
    if ((code ^ SIGN) < (bound ^ SIGN)) {
      range = bound;
      probs[k] = p + ((2048 - p) >>> 5);
      bit = 0;
    } else {
      range = (range - bound) | 0;
      code = (code - bound) | 0;
      probs[k] = p - (p >>> 5);
      bit = 1;
    }
    if (range >>> 24 === 0) {
      range <<= 8;
      code = (code << 8) | buf[ip++];
    }
    let lenBase: number;
    if (bit !== 0) {
      // A repeated distance: rep0 (possibly one byte only), or rep1..3 moved to the front.
      if (n === 0) throw corrupt("a repeat before any data");
      k = IS_REP_G0 + state;
      p = probs[k];
      bound = Math.imul(range >>> 11, p);
      if ((code ^ SIGN) < (bound ^ SIGN)) {
        range = bound;
        probs[k] = p + ((2048 - p) >>> 5);
        bit = 0;
      } else {
        range = (range - bound) | 0;
        code = (code - bound) | 0;
        probs[k] = p - (p >>> 5);
        bit = 1;
      }
      if (range >>> 24 === 0) {
        range <<= 8;
        code = (code << 8) | buf[ip++];
      }
      if (bit === 0) {
        k = IS_REP0_LONG + (state << 4) + posState;
        p = probs[k];
        bound = Math.imul(range >>> 11, p);
        if ((code ^ SIGN) < (bound ^ SIGN)) {
          range = bound;
          probs[k] = p + ((2048 - p) >>> 5);
          bit = 0;
        } else {
          range = (range - bound) | 0;
          code = (code - bound) | 0;
          probs[k] = p - (p >>> 5);
          bit = 1;
        }
        if (range >>> 24 === 0) {
          range <<= 8;
          code = (code << 8) | buf[ip++];
        }
        if (bit === 0) {
          if (n >= out.length) out = grown(out, n, 1, known, maxOutput);
          state = state < 7 ? 9 : 11;
          out[n] = out[n - rep0 - 1];
          n++;
          continue;
        }
      } else {
        let dist: number;
        k = IS_REP_G1 + state;
        p = probs[k];
        bound = Math.imul(range >>> 11, p);
        if ((code ^ SIGN) < (bound ^ SIGN)) {
          range = bound;
          probs[k] = p + ((2048 - p) >>> 5);
          bit = 0;
        } else {
          range = (range - bound) | 0;
          code = (code - bound) | 0;
          probs[k] = p - (p >>> 5);
          bit = 1;
        }
        if (range >>> 24 === 0) {
          range <<= 8;
          code = (code << 8) | buf[ip++];
        }
        if (bit === 0) dist = rep1;
        else {
          k = IS_REP_G2 + state;
          p = probs[k];
          bound = Math.imul(range >>> 11, p);
          if ((code ^ SIGN) < (bound ^ SIGN)) {
            range = bound;
            probs[k] = p + ((2048 - p) >>> 5);
            bit = 0;
          } else {
            range = (range - bound) | 0;
            code = (code - bound) | 0;
            probs[k] = p - (p >>> 5);
            bit = 1;
          }
          if (range >>> 24 === 0) {
            range <<= 8;
            code = (code << 8) | buf[ip++];
          }
          if (bit === 0) dist = rep2;
          else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      lenBase = REP_LEN;
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      lenBase = LEN;
      state = state < 7 ? 7 : 10;
    }

    // The length: choice bits pick the low (0-7), mid (8-15) or high (16-271) tree.
    k = lenBase;
    p = probs[k];
    bound = Math.imul(range >>> 11, p);
    if ((code ^ SIGN) < (bound ^ SIGN)) {
      range = bound;
      probs[k] = p + ((2048 - p) >>> 5);
      bit = 0;
    } else {
      range = (range - bound) | 0;
      code = (code - bound) | 0;
      probs[k] = p - (p >>> 5);
      bit = 1;
    }
    if (range >>> 24 === 0) {
      range <<= 8;
      code = (code << 8) | buf[ip++];
    }
    let tree: number;
    let bits: number;
    let len: number;
    if (bit === 0) {
      tree = lenBase + LEN_LOW + (posState << 3);
      bits = 3;
      len = 0;
    } else {
      k = lenBase + 1;
      p = probs[k];
      bound = Math.imul(range >>> 11, p);
      if ((code ^ SIGN) < (bound ^ SIGN)) {
        range = bound;
        probs[k] = p + ((2048 - p) >>> 5);
        bit = 0;
      } else {
        range = (range - bound) | 0;
        code = (code - bound) | 0;
        probs[k] = p - (p >>> 5);
        bit = 1;
      }
      if (range >>> 24 === 0) {
        range <<= 8;
        code = (code << 8) | buf[ip++];
      }
      if (bit === 0) {
        tree = lenBase + LEN_MID + (posState << 3);
        bits = 3;
        len = 8;
      } else {
        tree = lenBase + LEN_HIGH;
        bits = 8;
        len = 16;
      }
    }
    let m = 1;
    for (let j = 0; j < bits; j++) {
      k = tree + m;
      p = probs[k];
      bound = Math.imul(range >>> 11, p);
      if ((code ^ SIGN) < (bound ^ SIGN)) {
        range = bound;
        probs[k] = p + ((2048 - p) >>> 5);
        m <<= 1;
      } else {
        range = (range - bound) | 0;
        code = (code - bound) | 0;
        probs[k] = p - (p >>> 5);
        m = (m << 1) | 1;
      }
      if (range >>> 24 === 0) {
        range <<= 8;
        code = (code << 8) | buf[ip++];
      }
    }
    len += m - (1 << bits);

    if (lenBase === LEN) {
      // A new distance: a 6-bit slot, then its low bits (reverse trees, direct bits and the align tree).
      tree = POS_SLOT + (Math.min(len, 3) << 6);
      m = 1;
      for (let j = 0; j < 6; j++) {
        k = tree + m;
        p = probs[k];
        bound = Math.imul(range >>> 11, p);
        if ((code ^ SIGN) < (bound ^ SIGN)) {
          range = bound;
          probs[k] = p + ((2048 - p) >>> 5);
          m <<= 1;
        } else {
          range = (range - bound) | 0;
          code = (code - bound) | 0;
          probs[k] = p - (p >>> 5);
          m = (m << 1) | 1;
        }
        if (range >>> 24 === 0) {
          range <<= 8;
          code = (code << 8) | buf[ip++];
        }
      }
      const slot = m - 64;
      if (slot < 4) rep0 = slot;
      else {
        const nb = (slot >>> 1) - 1;
        let dist = (2 | (slot & 1)) * (1 << nb);
        let reverseBits = nb;
        if (slot < END_POS_MODEL) tree = SPEC_POS + dist - slot;
        else {
          let direct = 0;
          for (let j = nb - ALIGN_BITS; j > 0; j--) {
            range = range >>> 1;
            if ((code ^ SIGN) >= (range ^ SIGN)) {
              code = (code - range) | 0;
              direct = direct * 2 + 1;
            } else direct = direct * 2;
            if (range >>> 24 === 0) {
              range <<= 8;
              code = (code << 8) | buf[ip++];
            }
          }
          dist += direct * 16;
          tree = ALIGN;
          reverseBits = ALIGN_BITS;
        }
        m = 1;
        let sym = 0;
        for (let j = 0; j < reverseBits; j++) {
          k = tree + m;
          p = probs[k];
          bound = Math.imul(range >>> 11, p);
          if ((code ^ SIGN) < (bound ^ SIGN)) {
            range = bound;
            probs[k] = p + ((2048 - p) >>> 5);
            m <<= 1;
          } else {
            range = (range - bound) | 0;
            code = (code - bound) | 0;
            probs[k] = p - (p >>> 5);
            m = (m << 1) | 1;
            sym |= 1 << j;
          }
          if (range >>> 24 === 0) {
            range <<= 8;
            code = (code << 8) | buf[ip++];
          }
        }
        rep0 = dist + sym;
      }
      if (rep0 === 0xffffffff) {
        if (known && n !== size) throw corrupt("ends before its declared size");
        break;
      }
      if (rep0 >= n) throw corrupt("a match reaches before the start");
    }
    len += MATCH_MIN;
    if (n + len > out.length) out = grown(out, n, len, known, maxOutput);
    const from = n - rep0 - 1;
    for (let i = 0; i < len; i++) out[n + i] = out[from + i];
    n += len;
  }
  if (ip > inLen) throw corrupt("truncated");
  return known ? out : out.slice(0, n);
}
