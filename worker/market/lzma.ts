/**
 * LZMA "alone" (.lzma) decoder, the container of Dukascopy's .bi5 tick files. Pure.
 *
 * Written here rather than taken from npm: the pure-JS packages that run in workerd (lzma, lzma1) decode
 * about 3 MB/s (a day of EURUSD ticks, ~2 MB raw, took ~650 ms warm with lzma1), far over the 200 ms a
 * day's ingest may take (issue 18). This follows the reference decoder (LzmaSpec.cpp from the LZMA SDK,
 * public domain) over typed arrays: the whole output is the dictionary, as a bi5 file is decoded in one
 * piece. The tests compress with lzma1 (an independent encoder) and decode here.
 *
 * Speed: the range decoder lives in locals of the one function (helpers holding it in an object, a typed
 * array or module variables measured 1.5-2.2 times slower: calls, and state in memory instead of
 * registers). To keep that without writing the decision out at every use, the decisions are grouped into
 * four loops: the symbol's kind, a literal, the length's choice bits, and the bit trees.
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

// range and code are kept as int32 bit patterns (unboxed); `x >>> 0` reads one as unsigned.
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

// The bit trees after a match's choice bits, in order.
const LENGTH = 0;
const SLOT = 1;
const LOW_BITS = 2;
/** 6-bit values with their bits in reverse order (a reverse tree's bits come lowest first). */
const REVERSED6 = Uint8Array.from({ length: 64 }, (_, v) => {
  let r = 0;
  for (let j = 0; j < 6; j++) r |= ((v >>> j) & 1) << (5 - j);
  return r;
});

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
 * Every binary decision below is the reference's DecodeBit, written without a branch on the bit (which is
 * data, so a branch on it mispredicts about half the time): with p = probs[k],
 *   bound = (range >>> 11) * p; bit = code >= bound (unsigned); mask = -bit (all ones for a 1)
 *   bit 0: range = bound,          p += (2048 - p) >> 5
 *   bit 1: range -= bound, code -= bound, p -= p >> 5
 * where both updates of p are p -= (p - t) >> 5 with t = 2048 - 31 = 2017 for a 0 and 0 for a 1 (the LZMA
 * SDK's branch-free form); then, when range < 2^24, the next input byte is shifted in.
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
  // -1 (never reached) until the end marker sets it, when no size is declared.
  let size = known ? sizeLow : -1;

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
  let mask = 0;

  for (;;) {
    // Both checks also end the stream: nothing after the loop may compare (see below).
    if (ip > inLen) throw corrupt("truncated");
    if (n === size) break;
    const posState = n & pbMask;
    // The symbol's kind, one decision after another (a path with a leading 1): 10 a literal, 110 a new
    // match, 11100 a one-byte repeat of rep0, 11101 rep0, 11110 rep1, 111110 rep2, 111111 rep3.
    let kind = 1;
    k = IS_MATCH + (state << 4) + posState;
    for (;;) {
      p = probs[k];
      bound = Math.imul(range >>> 11, p);
      bit = +(code >>> 0 >= bound >>> 0);
      mask = -bit;
      range = (bound + ((range - bound - bound) & mask)) | 0;
      code = (code - (bound & mask)) | 0;
      probs[k] = p - ((p - (2017 & ~mask)) >> 5);
      if (range >>> 24 === 0) {
        range <<= 8;
        code = (code << 8) | buf[ip++];
      }
      kind = (kind << 1) | bit;
      if (kind === 0b11) k = IS_REP + state;
      else if (kind === 0b111) k = IS_REP_G0 + state;
      else if (kind === 0b1110) k = IS_REP0_LONG + (state << 4) + posState;
      else if (kind === 0b1111) k = IS_REP_G1 + state;
      else if (kind === 0b11111) k = IS_REP_G2 + state;
      else break;
    }

    if (kind === 0b10) {
      // A literal byte, coded with the previous byte's high bits (and after a match, the byte at rep0).
      if (n >= out.length) out = grown(out, n, 1, known, maxOutput);
      const prev = n > 0 ? out[n - 1] : 0;
      const base = LITERAL + 0x300 * (((n & lpMask) << lc) + (prev >>> (8 - lc)));
      // offs is 0x100 while the decoded bits equal the match byte's, 0 after (or for a plain literal).
      let matchByte = state >= 7 ? out[n - rep0 - 1] : 0;
      let offs = state >= 7 ? 0x100 : 0;
      let sym = 1;
      do {
        matchByte <<= 1;
        const matchBit = matchByte & offs;
        k = base + offs + matchBit + sym;
        p = probs[k];
        bound = Math.imul(range >>> 11, p);
        bit = +(code >>> 0 >= bound >>> 0);
        mask = -bit;
        range = (bound + ((range - bound - bound) & mask)) | 0;
        code = (code - (bound & mask)) | 0;
        probs[k] = p - ((p - (2017 & ~mask)) >> 5);
        sym = (sym << 1) | bit;
        offs &= ~(matchBit ^ (bit << 8));
        if (range >>> 24 === 0) {
          range <<= 8;
          code = (code << 8) | buf[ip++];
        }
      } while (sym < 0x100);
      out[n++] = sym - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    if (kind !== 0b110 && n === 0) throw corrupt("a repeat before any data");
    if (kind === 0b11100) {
      if (n >= out.length) out = grown(out, n, 1, known, maxOutput);
      state = state < 7 ? 9 : 11;
      out[n] = out[n - rep0 - 1];
      n++;
      continue;
    }
    const lenBase = kind === 0b110 ? LEN : REP_LEN;
    if (kind === 0b110) {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      state = state < 7 ? 7 : 10;
    } else {
      if (kind !== 0b11101) {
        const dist = kind === 0b11110 ? rep1 : kind === 0b111110 ? rep2 : rep3;
        if (kind === 0b111111) rep3 = rep2;
        if (kind !== 0b11110) rep2 = rep1;
        rep1 = rep0;
        rep0 = dist;
      }
      state = state < 7 ? 8 : 11;
    }

    // The length's choice bits: 0 picks the low tree (lengths 0-7), 10 the mid (8-15), 11 the high (16-271).
    k = lenBase;
    for (;;) {
      p = probs[k];
      bound = Math.imul(range >>> 11, p);
      bit = +(code >>> 0 >= bound >>> 0);
      mask = -bit;
      range = (bound + ((range - bound - bound) & mask)) | 0;
      code = (code - (bound & mask)) | 0;
      probs[k] = p - ((p - (2017 & ~mask)) >> 5);
      if (range >>> 24 === 0) {
        range <<= 8;
        code = (code << 8) | buf[ip++];
      }
      if (bit === 0 || k !== lenBase) break;
      k = lenBase + 1;
    }
    let tree =
      bit !== 0 ? lenBase + LEN_HIGH : lenBase + (k === lenBase ? LEN_LOW : LEN_MID) + (posState << 3);
    let bits = bit !== 0 ? 8 : 3;
    let len = bit !== 0 ? 16 : k === lenBase ? 0 : 8;
    // Then bit trees, each walked the same way: the length's; for a new match, the distance slot's (6 bits)
    // and the slot's low bits (a reverse tree: the first bit decoded is the lowest).
    let pass = LENGTH;
    let dist = 0;
    for (;;) {
      let m = 1;
      const top = 1 << bits;
      do {
        k = tree + m;
        p = probs[k];
        bound = Math.imul(range >>> 11, p);
        bit = +(code >>> 0 >= bound >>> 0);
        mask = -bit;
        range = (bound + ((range - bound - bound) & mask)) | 0;
        code = (code - (bound & mask)) | 0;
        probs[k] = p - ((p - (2017 & ~mask)) >> 5);
        if (range >>> 24 === 0) {
          range <<= 8;
          code = (code << 8) | buf[ip++];
        }
        m = (m << 1) | bit;
      } while (m < top);
      const v = m - top;
      if (pass === LENGTH) {
        len += v;
        if (lenBase !== LEN) break;
        tree = POS_SLOT + (Math.min(len, 3) << 6);
        bits = 6;
        pass = SLOT;
      } else if (pass === SLOT) {
        if (v < 4) {
          rep0 = v;
          break;
        }
        bits = (v >>> 1) - 1;
        dist = (2 | (v & 1)) << bits;
        if (v < END_POS_MODEL) tree = SPEC_POS + dist - v;
        else {
          // Direct bits (each with probability one half), then the low four through the align tree.
          let direct = 0;
          for (let j = bits - ALIGN_BITS; j > 0; j--) {
            range = range >>> 1;
            code = (code - range) | 0;
            mask = code >> 31;
            code = (code + (range & mask)) | 0;
            direct = (direct << 1) + (mask + 1);
            if (range >>> 24 === 0) {
              range <<= 8;
              code = (code << 8) | buf[ip++];
            }
          }
          dist = (dist + (direct << 4)) | 0;
          tree = ALIGN;
          bits = ALIGN_BITS;
        }
        pass = LOW_BITS;
      } else {
        rep0 = (dist + (REVERSED6[v] >>> (6 - bits))) | 0;
        break;
      }
    }
    if (lenBase === LEN) {
      if (rep0 === -1) {
        // The end marker: where a size is declared, the loop stops at it before any marker.
        if (known) throw corrupt("ends before its declared size");
        size = n;
        continue;
      }
      if (rep0 >>> 0 >= n) throw corrupt("a match reaches before the start");
    }
    len += MATCH_MIN;
    if (n + len > out.length) out = grown(out, n, len, known, maxOutput);
    const from = n - rep0 - 1;
    for (let i = 0; i < len; i++) out[n + i] = out[from + i];
    n += len;
  }
  // No check here: V8 optimizes this function in the middle of its first stream's loop, before any code
  // after the loop has run; a compare here would have no type feedback, and the optimized code would bail
  // out on it at the end of every later stream and fall back to the baseline tier (measured: the decoder
  // then stayed unoptimized, ~15% slower). The truncation check at the loop's top covers the last symbol.
  return known ? out : out.slice(0, n);
}
