import {
  type BasicOperand,
  conditionOperands,
  type Distance,
  type Indicator,
  mapSingleBar,
  type Operand,
  operandLeaves,
  type SingleBarCondition,
  type Condition as SpecCondition,
  type StrategySpec,
  sourceOf,
} from "../spec";
import { applyChatEdit } from "./edit-apply";
import { setAtrMultiple, setLevel, setPendingAt } from "./edit-levels";
import type { Edit, Problem } from "./facts";
import { indicatorId, isMa, maKind } from "./indicators";

// Refinements applied to the spec in place: removing an indicator and the conditions that read
// it, renaming an average's kind or length (ids follow the parameters), dropping risk settings.

const RULE_SLOTS: ReadonlyArray<readonly ["long" | "short", "entry" | "exit"]> = [
  ["long", "entry"],
  ["short", "entry"],
  ["long", "exit"],
  ["short", "exit"],
];

/** Every basic operand a condition reads (an expression's parts included). */
function operandsOf(c: SpecCondition): Operand[] {
  return conditionOperands(c).flatMap(operandLeaves);
}

function distancesOf(spec: StrategySpec): Distance[] {
  const out: Distance[] = [];
  for (const d of [
    spec.stopLoss,
    spec.takeProfit,
    spec.trailingStop?.distance,
    spec.trailingStop?.start,
    spec.trailingStop?.step,
    spec.breakEven?.trigger,
    spec.breakEven?.offset,
  ]) {
    if (d) out.push(d);
  }
  return out;
}

/** Ids of the indicators that a rule or a distance reads. */
export function referenced(spec: StrategySpec): Set<string> {
  const ids = new Set<string>();
  for (const [side, part] of RULE_SLOTS) {
    const rule = spec[part][side];
    for (const c of rule ? [...rule.all, ...rule.any] : []) {
      for (const o of operandsOf(c)) if (o.type === "indicator") ids.add(o.ref);
    }
  }
  for (const d of distancesOf(spec)) if (d.unit === "atr") ids.add(d.ref);
  // v2 price levels outside the rules: structural stops and trails, pending orders' prices.
  const levels = [
    spec.exits?.stop?.long,
    spec.exits?.stop?.short,
    spec.exits?.trail?.long,
    spec.exits?.trail?.short,
    spec.pendingEntry?.long,
    spec.pendingEntry?.short,
  ];
  for (const o of levels) {
    if (!o) continue;
    for (const b of o.type === "expression" ? [o.a, o.b] : [o]) if (b?.type === "indicator") ids.add(b.ref);
  }
  // The indicator an average reads (spec-smoothing.ts) is read through it.
  for (let grown = true; grown; ) {
    grown = false;
    for (const ind of spec.indicators) {
      const src = ids.has(ind.id) ? sourceOf(ind, spec.indicators) : undefined;
      if (src && !ids.has(src.id)) {
        ids.add(src.id);
        grown = true;
      }
    }
  }
  return ids;
}

function renameBasic(o: BasicOperand, from: string, to: string): BasicOperand {
  return o.type === "indicator" && o.ref === from ? { ...o, ref: to } : o;
}

function renameOperand(o: Operand, from: string, to: string): Operand {
  if (o.type !== "expression") return renameBasic(o, from, to);
  return { ...o, a: renameBasic(o.a, from, to), b: o.b && renameBasic(o.b, from, to) };
}

function renameCondition(c: SpecCondition, from: string, to: string): SpecCondition {
  return mapSingleBar(c, (x) => renameSingle(x, from, to));
}

function renameSingle(c: SingleBarCondition, from: string, to: string): SingleBarCondition {
  if (c.type === "candlePattern") return c;
  if (c.type === "between") {
    return {
      ...c,
      operand: renameOperand(c.operand, from, to),
      lower: renameOperand(c.lower, from, to),
      upper: renameOperand(c.upper, from, to),
    };
  }
  return { ...c, left: renameOperand(c.left, from, to), right: renameOperand(c.right, from, to) };
}

function renameDistance<D extends Distance | undefined>(d: D, from: string, to: string): D {
  if (d?.unit === "atr" && d.ref === from) return { ...d, ref: to };
  return d;
}

function renameIndicator(spec: StrategySpec, from: string, to: string): void {
  if (from === to) return;
  for (const [side, part] of RULE_SLOTS) {
    const rule = spec[part][side];
    if (!rule) continue;
    spec[part][side] = {
      all: rule.all.map((c) => renameCondition(c, from, to)),
      any: rule.any.map((c) => renameCondition(c, from, to)),
    };
  }
  spec.stopLoss = renameDistance(spec.stopLoss, from, to);
  spec.takeProfit = renameDistance(spec.takeProfit, from, to);
  if (spec.trailingStop) {
    spec.trailingStop = {
      ...spec.trailingStop,
      distance: renameDistance(spec.trailingStop.distance, from, to),
      start: renameDistance(spec.trailingStop.start, from, to),
      step: renameDistance(spec.trailingStop.step, from, to),
    };
  }
  if (spec.breakEven) {
    spec.breakEven = {
      ...spec.breakEven,
      trigger: renameDistance(spec.breakEven.trigger, from, to),
      offset: renameDistance(spec.breakEven.offset, from, to),
    };
  }
}

/** Replaces an indicator by a changed copy, keeping references (and merging into an equal one). */
export function replaceIndicator(spec: StrategySpec, old: Indicator, changed: Indicator): void {
  const fresh = { ...changed, id: indicatorId(changed) };
  const twin = spec.indicators.find((i) => i.id === fresh.id && i !== old);
  if (twin) {
    spec.indicators = spec.indicators.filter((i) => i !== old);
  } else {
    spec.indicators = spec.indicators.map((i) => (i === old ? fresh : i));
  }
  renameIndicator(spec, old.id, fresh.id);
}

function removeKind(spec: StrategySpec, kind: string, period?: number): boolean {
  const ids = new Set(
    spec.indicators
      .filter((i) => (kind === "ma" ? isMa(i) : i.kind === kind.toUpperCase()))
      .filter((i) => period === undefined || ("period" in i && i.period === period))
      .map((i) => i.id),
  );
  if (ids.size === 0) return false;
  const usesRemoved = (c: SpecCondition) =>
    operandsOf(c).some((o) => o.type === "indicator" && ids.has(o.ref));
  for (const [side, part] of RULE_SLOTS) {
    const rule = spec[part][side];
    if (!rule) continue;
    const next = {
      all: rule.all.filter((c) => !usesRemoved(c)),
      any: rule.any.filter((c) => !usesRemoved(c)),
    };
    if (next.all.length === 0 && next.any.length === 0) delete spec[part][side];
    else spec[part][side] = next;
  }
  return true;
}

export function applyEdits(
  draft: StrategySpec,
  edits: readonly Edit[],
): { notes: string[]; problems: Problem[]; questions: string[] } {
  const notes: string[] = [];
  const problems: Problem[] = [];
  const questions: string[] = [];
  for (const e of edits) {
    switch (e.type) {
      case "removeIndicator":
        if (!removeKind(draft, e.kind, e.period))
          notes.push(
            `There was no ${e.period ?? ""}${e.period ? " " : ""}${e.kind.toUpperCase()} in the strategy to remove.`,
          );
        break;
      case "setMaMethod":
        for (const ind of draft.indicators.filter(isMa)) {
          if (e.from !== null && ind.kind !== maKind(e.from)) continue;
          replaceIndicator(draft, ind, { ...ind, kind: maKind(e.method) });
        }
        break;
      case "setMaPeriod": {
        const mas = draft.indicators.filter(isMa).sort((x, y) => x.period - y.period);
        const target = e.role === "fast" ? mas[0] : mas[mas.length - 1];
        if (target && mas.length >= 1) replaceIndicator(draft, target, { ...target, period: e.period });
        else problems.push("maPeriod");
        break;
      }
      case "setMaPeriodFrom": {
        const mas = draft.indicators.filter(isMa);
        const target =
          e.from === 0 ? (mas.length === 1 ? mas[0] : undefined) : mas.find((i) => i.period === e.from);
        if (target) replaceIndicator(draft, target, { ...target, period: e.to });
        else
          questions.push(
            mas.length === 0
              ? "The strategy has no moving average to change. Which rule should use it?"
              : `Which moving average should become ${e.to}: ${mas.map((m) => `the ${m.period} ${m.kind}`).join(" or ")}?`,
          );
        break;
      }
      case "setMaPair": {
        const mas = draft.indicators.filter(isMa).sort((x, y) => x.period - y.period);
        if (mas.length !== 2) {
          questions.push(
            mas.length < 2
              ? `The strategy has ${mas.length === 0 ? "no moving average" : "one moving average"}: which rule should use the ${e.fast} and the ${e.slow}?`
              : `Which moving averages should become ${e.fast} and ${e.slow}: ${mas.map((m) => `the ${m.period} ${m.kind}`).join(", ")}?`,
          );
          break;
        }
        const [short, long] = mas;
        // The longer one first when the new short length reaches it, so that no rename meets a twin.
        const steps: Array<[typeof short, number]> =
          e.fast >= long.period
            ? [
                [long, e.slow],
                [short, e.fast],
              ]
            : [
                [short, e.fast],
                [long, e.slow],
              ];
        for (const [ind, period] of steps) {
          const current = draft.indicators.find((i) => i.id === ind.id);
          if (current && isMa(current)) replaceIndicator(draft, current, { ...current, period });
        }
        break;
      }
      case "setPeriod": {
        const kind = e.kind.toUpperCase();
        if (!draft.indicators.some((i) => i.kind === kind && "period" in i))
          questions.push(
            `There is no ${kind} in the strategy to change. Should I add one? Tell me the rule that uses it.`,
          );
        for (const ind of draft.indicators) {
          if (ind.kind === kind && "period" in ind)
            replaceIndicator(draft, ind, { ...ind, period: e.period });
        }
        break;
      }
      case "setBands": {
        const bands = draft.indicators.filter((i) => i.kind === "BOLLINGER");
        if (bands.length === 0)
          questions.push(
            "There are no Bollinger Bands in the strategy to change. Should I add them? Tell me the rule.",
          );
        for (const ind of bands)
          replaceIndicator(draft, ind, { ...ind, period: e.period ?? ind.period, deviation: e.deviation });
        break;
      }
      case "setMacd": {
        const macds = draft.indicators.filter((i) => i.kind === "MACD");
        if (macds.length === 0)
          questions.push("There is no MACD in the strategy to change. Should I add one? Tell me the rule.");
        for (const ind of macds)
          replaceIndicator(draft, ind, { ...ind, fast: e.fast, slow: e.slow, signal: e.signal });
        break;
      }
      case "removeStopLoss":
        delete draft.stopLoss;
        if (draft.sizing.type === "riskPercent") draft.sizing = { type: "fixed", lots: 0.1 };
        break;
      case "removeTakeProfit":
        delete draft.takeProfit;
        // A target in R or measured on the chart is the take profit too (spec-exits.ts).
        if (draft.exits) {
          delete draft.exits.targetR;
          delete draft.exits.targetDistance;
        }
        break;
      case "removeTrailing":
        delete draft.trailingStop;
        break;
      case "removeBreakEven":
        delete draft.breakEven;
        if (draft.exits) delete draft.exits.breakEvenAtTarget;
        break;
      case "removeTimeFilters":
        delete draft.timeFilter;
        break;
      case "removeSessions":
        if (draft.timeFilter) delete draft.timeFilter.sessions;
        break;
      case "removeHours":
        if (draft.timeFilter) delete draft.timeFilter.hours;
        break;
      case "removeWeekdays":
        if (draft.timeFilter) delete draft.timeFilter.weekdays;
        break;
      case "removeExits":
        draft.exit = {};
        break;
      case "undo":
        // Needs the previous version: index.ts answers it before any edit is applied.
        break;
      case "setLevel":
        setLevel(draft, e, { notes, questions });
        break;
      case "setAtrMultiple":
        setAtrMultiple(draft, e, { notes, questions });
        break;
      case "pendingAt":
        // Both sides' orders of one message are placed together, after the loop.
        break;
      default:
        applyChatEdit(draft, e, { notes, questions });
    }
  }
  const pending = edits.filter((e): e is Extract<Edit, { type: "pendingAt" }> => e.type === "pendingAt");
  if (pending.length > 0) setPendingAt(draft, pending, { notes, questions });
  return { notes, problems, questions };
}
