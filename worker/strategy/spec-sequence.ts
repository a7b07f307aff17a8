/**
 * Sequences of events across bars (issue 15): "wait for the 9 to cross the 21, then enter when the price comes
 * back to the 9" is `all: [within(N, cross), touch]`. One construct says it: `within`, "these conditions held
 * together on at least one of the last N closed bars".
 *
 * SEMANTICS (the engine and the EA, DESIGN D6; spec.ts SEMANTICS holds the rest):
 *   - within(N, [c1..cm]) holds at a bar when, for some k in 0..N-1, every ci holds with every shift of its
 *     operands increased by k (a constant has none; a candle pattern's own shift moves too). So the window
 *     INCLUDES the bar that just closed (k = 0): "A, then B" also fires when A and B happen on the same bar;
 *     N = 1 is the conditions on the last closed bar alone.
 *   - k counts bars as every shift does: chart bars, and an indicator on another timeframe its own bars.
 *   - Warm-up: a k whose values do not exist yet (indicator warm-up, or before the first bar) does not hold;
 *     the others still may. So within holds from the first bar at which any k holds.
 *   - The window is a condition like any other: it joins `all` or `any` and is re-evaluated on every bar (it
 *     keeps no state between bars), so the same setup may trigger again while it is inside the window.
 *   - The inner conditions are single-bar conditions (no window inside a window): a longer chain "A, then B,
 *     then C" is `all: [within(N, A), within(M, B), C]` (order between A and B not enforced).
 */
import { z } from "zod";
import type { BasicOperand, Condition, LeafCondition, Operand, SingleBarCondition } from "./spec";

/** The window a trader's "then" gets when the text gives none; the interpreter states it as an assumption. */
export const WITHIN_DEFAULT_BARS = 10;
/** The longest window: the EA evaluates the conditions once per bar of it. */
export const WITHIN_MAX_BARS = 100;

/** The `within` condition over the single-bar conditions `inner` (spec.ts passes its own). */
export function withinConditionSchema<C extends z.ZodType>(inner: C) {
  return z
    .object({
      type: z.literal("within"),
      bars: z
        .number()
        .int()
        .min(1)
        .max(WITHIN_MAX_BARS)
        .default(WITHIN_DEFAULT_BARS)
        .describe(
          `the window in closed bars, the bar that just closed included; default ${WITHIN_DEFAULT_BARS}`,
        ),
      all: z
        .array(inner)
        .min(1)
        .max(8)
        .describe("conditions that held together on one bar of the window (the earlier event of a sequence)"),
    })
    .describe(
      'a sequence step: "A, then B" is all: [{type: "within", bars: N, all: [A]}, B]; A held on at least one of the last N closed bars',
    );
}

/** An operand read k bars further back: every part's shift moves by k (a constant has none). */
export function shiftOperand(op: Operand, k: number): Operand {
  if (op.type === "constant" || k === 0) return op;
  if (op.type === "expression")
    return { ...op, a: shiftBasic(op.a, k), ...(op.b ? { b: shiftBasic(op.b, k) } : {}) };
  return shiftBasic(op, k);
}

function shiftBasic(op: BasicOperand, k: number): BasicOperand {
  return op.type === "constant" ? op : { ...op, shift: op.shift + k };
}

/** A single-bar condition read k bars further back (the window's bar k). */
export function shiftCondition(c: SingleBarCondition, k: number): SingleBarCondition {
  if (k === 0) return c;
  switch (c.type) {
    case "candlePattern":
      return { ...c, shift: c.shift + k };
    case "between":
      return {
        ...c,
        operand: shiftOperand(c.operand, k),
        lower: shiftOperand(c.lower, k),
        upper: shiftOperand(c.upper, k),
      };
    default:
      return { ...c, left: shiftOperand(c.left, k), right: shiftOperand(c.right, k) };
  }
}

/** A condition with `f` applied to each single-bar condition (a window's own, or the condition itself). */
export function mapSingleBar(c: Condition, f: (x: SingleBarCondition) => SingleBarCondition): Condition {
  if (c.type === "allOf") return { ...c, conditions: c.conditions.map((x) => mapWindowOrBar(x, f)) };
  return mapWindowOrBar(c, f);
}

function mapWindowOrBar(c: LeafCondition, f: (x: SingleBarCondition) => SingleBarCondition): LeafCondition {
  return c.type === "within" ? { ...c, all: c.all.map(f) } : f(c);
}
