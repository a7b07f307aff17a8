/**
 * The outline's sentences for the v2 exits (spec-exits.ts): what a trader reads in the Summary panel for a
 * structural stop, an R target, a measured target, a partial close, trailing by a price or by steps and the
 * time exits. The operand wording is the outline's own (passed in: outline.ts owns it and renders these lines).
 */
import { describeWeekdays } from "./outline";
import type { Exits, Operand } from "./spec";

function num(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(6)));
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** The exit-rule lines of a spec's exits block. `operand` words a price the outline's way. */
export function describeExits(ex: Exits, operand: (op: Operand) => string): string[] {
  const lines: string[] = [];
  const sides = [
    ["buy", "below", "up", "long"],
    ["sell", "above", "down", "short"],
  ] as const;
  for (const [name, where, , side] of sides) {
    const op = ex.stop?.[side];
    if (op)
      lines.push(
        `Stop loss of a ${name} at ${operand(op)} on the last closed bar when the order is sent (no ${name} when that is not ${where} the price).`,
      );
  }
  if (ex.targetR !== undefined)
    lines.push(`Take profit at ${num(ex.targetR)}R (${num(ex.targetR)} x the stop distance from entry).`);
  if (ex.targetDistance) {
    const { of, multiple } = ex.targetDistance;
    // "1.5 x (the high minus the low)": the multiple applies to the whole difference.
    const words = of.type === "expression" && multiple !== 1 ? `(${operand(of)})` : operand(of);
    const times = multiple === 1 ? "" : `${num(multiple)} x `;
    lines.push(
      `Take profit at ${times}${words} from entry, measured on the last closed bar when the order is sent and kept (no order when that is not above zero).`,
    );
  }
  if (ex.breakEvenAtTarget !== undefined)
    lines.push(
      `Move the stop to the entry price once a position has covered ${num(ex.breakEvenAtTarget * 100)}% of the way to its take profit (once, never loosening it; none without a take profit).`,
    );
  if (ex.partial) {
    const p = ex.partial;
    const then = p.breakEven ? ", then move the stop to the entry price" : "";
    lines.push(
      `Close ${num(p.percent)}% of a position once it is ${num(p.atR)}R in profit (${num(p.atR)} x its stop distance)${then}; once per position.`,
    );
  }
  if (ex.scaleOut) {
    const parts = ex.scaleOut.map(
      (t, i) =>
        `${i === 0 ? "" : "then "}${num(t.percent)}% of ${i === 0 ? "its volume" : "what is left"} at ${num(t.distance)} ${t.unit} of profit`,
    );
    lines.push(
      `Scale out: close ${parts.join(", ")} (rounded down to 0.01 lot, one target per tick, in this order); the rest runs.`,
    );
  }
  for (const [name, where, way, side] of sides) {
    const op = ex.trail?.[side];
    if (op)
      lines.push(
        `On each new bar, move a ${name}'s stop ${way} to ${operand(op)} on the bar that just closed (only ${way}, and only while ${where} the price).`,
      );
  }
  if (ex.steps) {
    const { unit, every, move } = ex.steps;
    const u = (n: number) =>
      `${num(n)} ${unit === "pips" ? (n === 1 ? "pip" : "pips") : n === 1 ? "point" : "points"}`;
    const first = every === move ? "to the entry price" : `to ${u(every - move)} behind the entry price`;
    lines.push(
      `Staircase stop: each time a position's profit grows by another ${u(every)}, its stop moves ${u(move)} further (at the first step ${first}); checked on every tick the EA sees, never loosened.`,
    );
  }
  if (ex.afterBars !== undefined)
    lines.push(
      `Close a position at the open of the ${ordinal(ex.afterBars)} bar after the one it opened in.`,
    );
  if (ex.closeAt) {
    const days = ex.closeAt.weekdays ? ` on ${describeWeekdays(ex.closeAt.weekdays)}` : " every day";
    lines.push(
      `Close every position on a bar opening at or after ${ex.closeAt.time} server time${days}; no new trade opens then.`,
    );
  }
  return lines;
}
