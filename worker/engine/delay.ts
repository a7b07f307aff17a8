/**
 * Execution delay of EA requests (mt5-report.md section 2). 0: none; > 0: that many ms; -1: MT5's
 * random rule: draw 0-9 s, and when the draw is 9 add a second 0-9 s draw (90 % within 0-8 s, 10 %
 * within 9-18 s). Draws are whole seconds ([T] describes them in seconds), from a seeded PRNG so a run
 * is reproducible. SL/TP triggers never wait (they are server-side orders).
 */
import { mulberry32 } from "./rng";

export type DelayFn = () => number;

export function delayFunction(executionMode: number, seed: number): DelayFn {
  if (executionMode === -1) {
    const rnd = mulberry32(seed);
    return () => {
      let s = Math.floor(rnd() * 10);
      if (s === 9) s += Math.floor(rnd() * 10);
      return s * 1000;
    };
  }
  const fixed = Math.max(executionMode, 0);
  return () => fixed;
}
