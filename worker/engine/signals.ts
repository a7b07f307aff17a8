/**
 * Compiles a StrategySpec's rules into evaluators over the closed strategy-timeframe bars. The rules
 * are evaluated once per new bar (not per tick), at index `c` = the bar that just closed (shift 0).
 * Semantics are written once in worker/strategy/spec.ts; NaN (indicator warm-up, or a shift before the
 * first bar) makes every comparison false, so no signal fires before the indicators exist.
 */
import { appliedPrice } from "../indicators";
import type { Bars } from "../market/types";
import {
  type Condition,
  type Operand,
  operandLine,
  type Rule,
  SESSION_HOURS,
  type StrategySpec,
} from "../strategy/spec";
import { indicatorLines, type LineSeries } from "./indicator-series";

interface CompiledOperand {
  readonly series: Float64Array | null;
  readonly shift: number;
  readonly value: number;
}

function valueAt(op: CompiledOperand, c: number): number {
  if (op.series === null) return op.value;
  const i = c - op.shift;
  return i >= 0 ? op.series[i] : Number.NaN;
}

type Test = (c: number) => boolean;

/**
 * Comparisons with a relative tolerance of 1e-9 (spec.ts "EQUALITY"): two values closer than that are
 * equal, so a tie in exact arithmetic (e.g. SMA10 == SMA20) is a tie here too, whatever rounding noise
 * (~1e-15) the kernel's summation order left. NaN makes every comparison false.
 */
const EPS = 1e-9;
function tol(a: number, b: number): number {
  return EPS * Math.max(1, Math.abs(a), Math.abs(b));
}
export function gt(a: number, b: number): boolean {
  return a - b > tol(a, b);
}
export function le(a: number, b: number): boolean {
  return a - b <= tol(a, b);
}

export interface CompiledStrategy {
  readonly entryLong: Test | null;
  readonly entryShort: Test | null;
  readonly exitLong: Test | null;
  readonly exitShort: Test | null;
  /** Line series per indicator id (ATR distances read them). */
  readonly lines: ReadonlyMap<string, LineSeries>;
  /** Entry gate of the spec's time filter, at a UTC time. */
  readonly timeAllowed: (timeMs: number) => boolean;
}

export function compileStrategy(spec: StrategySpec, bars: Bars): CompiledStrategy {
  const lines = new Map<string, LineSeries>();
  for (const ind of spec.indicators) lines.set(ind.id, indicatorLines(ind, bars));
  const prices = new Map<string, Float64Array>();

  const operand = (op: Operand): CompiledOperand => {
    if (op.type === "constant") return { series: null, shift: 0, value: op.value };
    if (op.type === "price") {
      let s = prices.get(op.field);
      if (!s) {
        s = appliedPrice(bars, op.field);
        prices.set(op.field, s);
      }
      return { series: s, shift: op.shift, value: 0 };
    }
    const ind = spec.indicators.find((i) => i.id === op.ref);
    const ls = lines.get(op.ref);
    if (!ind || !ls) throw new Error(`unknown indicator "${op.ref}" (parseSpec rejects this)`);
    return { series: ls[operandLine(ind, op.line)], shift: op.shift, value: 0 };
  };

  const condition = (cond: Condition): Test => {
    switch (cond.type) {
      case "crossesAbove": {
        const l = operand(cond.left);
        const r = operand(cond.right);
        return (c) => le(valueAt(l, c - 1), valueAt(r, c - 1)) && gt(valueAt(l, c), valueAt(r, c));
      }
      case "crossesBelow": {
        const l = operand(cond.left);
        const r = operand(cond.right);
        return (c) => le(valueAt(r, c - 1), valueAt(l, c - 1)) && gt(valueAt(r, c), valueAt(l, c));
      }
      case "greaterThan": {
        const l = operand(cond.left);
        const r = operand(cond.right);
        return (c) => gt(valueAt(l, c), valueAt(r, c));
      }
      case "lessThan": {
        const l = operand(cond.left);
        const r = operand(cond.right);
        return (c) => gt(valueAt(r, c), valueAt(l, c));
      }
      case "between": {
        const x = operand(cond.operand);
        const lo = operand(cond.lower);
        const hi = operand(cond.upper);
        return (c) => {
          const v = valueAt(x, c);
          return le(valueAt(lo, c), v) && le(v, valueAt(hi, c));
        };
      }
    }
  };

  const rule = (r: Rule | undefined): Test | null => {
    if (!r || (r.all.length === 0 && r.any.length === 0)) return null;
    const all = r.all.map(condition);
    const any = r.any.map(condition);
    return (c) => {
      for (const t of all) if (!t(c)) return false;
      if (any.length === 0) return true;
      for (const t of any) if (t(c)) return true;
      return false;
    };
  };

  return {
    entryLong: spec.direction === "short" ? null : rule(spec.entry.long),
    entryShort: spec.direction === "long" ? null : rule(spec.entry.short),
    exitLong: rule(spec.exit.long),
    exitShort: rule(spec.exit.short),
    lines,
    timeAllowed: timeGate(spec),
  };
}

function inHours(hour: number, from: number, to: number): boolean {
  // [from, to), wrapping past midnight when to <= from (e.g. 22 -> 2).
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

function timeGate(spec: StrategySpec): (timeMs: number) => boolean {
  const f = spec.timeFilter;
  if (!f) return () => true;
  return (timeMs) => {
    const d = new Date(timeMs);
    const hour = d.getUTCHours();
    if (f.hours && !inHours(hour, f.hours.from, f.hours.to)) return false;
    if (f.weekdays) {
      const wd = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
      if (!f.weekdays.includes(wd)) return false;
    }
    if (f.sessions && f.sessions.length > 0) {
      if (!f.sessions.some((s) => inHours(hour, SESSION_HOURS[s][0], SESSION_HOURS[s][1]))) return false;
    }
    return true;
  };
}
