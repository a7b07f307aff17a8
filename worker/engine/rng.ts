/**
 * A small seeded PRNG so that a backtest (generated ticks, random execution delays) is repeatable:
 * the same seed always yields the same sequence. Pure: no I/O (DESIGN D9).
 *
 * mulberry32 (Tommy Ettinger's 32-bit generator, public domain): one 32-bit state word, period
 * 2^32, good enough for simulation noise; NOT for anything security related.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
