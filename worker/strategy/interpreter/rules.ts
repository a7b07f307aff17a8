import type { Indicator, Rule, Condition as SpecCondition } from "../spec";
import { same } from "./builder";
import { isMa } from "./indicators";

// Merging conditions into a rule: duplicates are skipped, and a refinement of the same
// subject ("RSI below 25 instead") replaces the old condition rather than adding a second.

/** The indicator kind read by the subject of a condition, for "replace the RSI level" refinements. */
function subjectKey(c: SpecCondition, indicators: readonly Indicator[]): string | null {
  if (c.type === "candlePattern" || c.type === "allOf" || c.type === "within") return null;
  const op = c.type === "between" ? c.operand : c.left;
  if (op.type !== "indicator") return null;
  const ind = indicators.find((i) => i.id === op.ref);
  if (!ind) return null;
  const family = c.type === "crossesAbove" || c.type === "crossesBelow" ? "x" : "c";
  const right = c.type === "between" ? "k" : c.right.type;
  return `${isMa(ind) ? "MA" : ind.kind}:${op.line ?? ""}:${family}:${right}`;
}

/**
 * Does cross `x` imply level `c`? A close crossing above a line ends above it (crossesAbove(l, r) is
 * l > r on the bar that closed), so "breaks the 50 EMA upwards and closes above it" is the cross alone.
 */
function implies(x: SpecCondition, c: SpecCondition): boolean {
  if (x.type !== "crossesAbove" && x.type !== "crossesBelow") return false;
  if (c.type !== (x.type === "crossesAbove" ? "greaterThan" : "lessThan")) return false;
  return same(x.left, c.left) && same(x.right, c.right);
}

export function addTo(
  rule: Rule | undefined,
  conds: readonly SpecCondition[],
  indicators: readonly Indicator[],
  replaceSame: boolean,
): Rule {
  const all = rule ? [...rule.all] : [];
  for (const c of conds) {
    const key = subjectKey(c, indicators);
    const i = replaceSame && key !== null ? all.findIndex((x) => subjectKey(x, indicators) === key) : -1;
    if (i >= 0) all[i] = c;
    else if (!all.some((x) => same(x, c) || implies(x, c))) {
      // A cross added after the level it implies takes its place.
      const j = all.findIndex((x) => implies(c, x));
      if (j >= 0) all[j] = c;
      else all.push(c);
    }
  }
  return { all, any: rule?.any ?? [] };
}
