/**
 * A sequence's window over every bar at once (worker/strategy/spec-sequence.ts): within(N, [c1..cm]) holds at
 * bar c when, for some k in 0..N-1, every ci holds with its shifts moved k bars back. Each shifted condition
 * is an ordinary condition (its codes shared with the unshifted one through the pair cache of signals.ts, a
 * shift being an offset into them), so NaN (warm-up, a bar before the first) keeps that k from holding, as the
 * EA's g_warm does for the same k.
 */
import { type SingleBarCondition, shiftCondition, type WithinCondition } from "../strategy/spec";

/** 1 where the window holds, from `maskOf` of single-bar conditions (signals.ts compiles them). */
export function windowMask(
  w: WithinCondition,
  n: number,
  maskOf: (c: SingleBarCondition) => Uint8Array,
): Uint8Array {
  const out = new Uint8Array(n);
  for (let k = 0; k < w.bars; k++) {
    let acc: Uint8Array | null = null;
    for (const c of w.all) {
      const m = maskOf(shiftCondition(c, k));
      if (acc === null) acc = m;
      else for (let i = 0; i < n; i++) acc[i] &= m[i];
    }
    if (acc !== null) for (let i = 0; i < n; i++) out[i] |= acc[i];
  }
  return out;
}
