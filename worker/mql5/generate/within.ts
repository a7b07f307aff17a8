/**
 * A sequence's window in the EA (worker/strategy/spec-sequence.ts): within(N, [c1..cm]) is a function that
 * tries the window's bars k = 0..N-1 in turn, each with every read k bars further back (the conditions'
 * shifts moved by k, exactly as the engine's worker/engine/within.ts), and answers true at the first k where
 * all of them hold. A value inside its indicator's warm-up raises g_warm and makes that k not hold, as NaN
 * does in the engine; the other k are still tried.
 */
import { type Condition, conditionOperands, operandLeaves, shiftCondition } from "../../strategy/spec";
import type { Expr, Stmt } from "../ir";
import { and, assign, decl, id, ifThen, ret } from "../ir";
import { conditionExpr, describe } from "./conditions";
import type { Context } from "./context";

type Within = Extract<Condition, { type: "within" }>;

/**
 * Declares the window's function (once, as a helper printed after the signals) and returns its name. The
 * rule levels of its conditions are inputs made on the first bar tried and read again by every other one.
 */
export function windowFunction(
  ctx: Context,
  name: string,
  w: Within,
  levelName: (value: number) => Expr,
): string {
  const made: Expr[] = [];
  let next = 0;
  const level = (value: number): Expr => {
    if (next === made.length) made.push(levelName(value));
    return made[next++];
  };
  // Built now (not lazily) so the rule's levels are numbered in the order the rule reads them.
  const body: Stmt[] = [];
  const readsIndicator = w.all
    .flatMap(conditionOperands)
    .flatMap(operandLeaves)
    .some((op) => op.type !== "price" && op.type !== "constant" && op.type !== "candle");
  for (let k = 0; k < w.bars; k++) {
    next = 0;
    const local = `at${k}`;
    body.push({ kind: "comment", text: `${k} bar${k === 1 ? "" : "s"} back` });
    if (readsIndicator) body.push(assign("g_warm", id("false")));
    const parts = w.all.map((c) => conditionExpr(ctx, shiftCondition(c, k), level));
    body.push(decl("bool", local, and(...parts)));
    if (readsIndicator) body.push(ifThen(id("g_warm"), [assign(local, id("false"))]));
    body.push(ifThen(id(local), [ret(id("true"))]));
  }
  body.push(ret(id("false")));
  return ctx.helper(name, () => ({
    returnType: "bool",
    name,
    params: [],
    body,
    doc: `${describe(w)} (k = 0 is the bar that just closed)`,
  }));
}
