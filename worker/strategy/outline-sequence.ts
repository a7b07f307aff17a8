/**
 * The outline's words for a sequence's window (spec-sequence.ts): "A, then B" reads "A on one of the last 10 bars
 * (this one included) and B". The conditions' own wording is the outline's (passed in).
 */
import type { SingleBarCondition, WithinCondition } from "./spec";

export function describeWithin(w: WithinCondition, condition: (c: SingleBarCondition) => string): string {
  const inner = w.all.map(condition);
  const what = inner.length === 1 ? inner[0] : `${inner.slice(0, -1).join(", ")} and ${inner.at(-1)}`;
  if (w.bars === 1) return what;
  const when = `${inner.length > 1 ? ", together" : ""} on one of the last ${w.bars} bars (this one included)`;
  return `${what}${when}`;
}
