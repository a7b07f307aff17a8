/**
 * Compiles a StrategySpec's rules over the closed strategy-timeframe bars. The rules are evaluated once
 * per run on every bar (read once per new bar, never per tick), at index `c` = the bar that just closed (shift 0).
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
// The tolerance is > 0 (or NaN when a value is NaN, where d is NaN too), so the sign of d settles most
// comparisons without computing it; the results are those of `d > tol` and `d <= tol` exactly.
export function gt(a: number, b: number): boolean {
  const d = a - b;
  return d > 0 && d > tol(a, b);
}
export function le(a: number, b: number): boolean {
  const d = a - b;
  return d <= 0 || d <= tol(a, b);
}

/** 1 when gt(a, b), 0 when le(a, b), 2 when either is NaN (both comparisons false). */
function relation(a: number, b: number): number {
  return gt(a, b) ? 1 : le(a, b) ? 0 : 2;
}

/** Bits of `CompiledStrategy.signals`. */
export const ENTRY_LONG = 1;
export const ENTRY_SHORT = 2;
export const EXIT_LONG = 4;
export const EXIT_SHORT = 8;

export interface CompiledStrategy {
  readonly entryLong: Test | null;
  readonly entryShort: Test | null;
  readonly exitLong: Test | null;
  readonly exitShort: Test | null;
  /**
   * The four rules evaluated once per run on every strategy bar, as bits (ENTRY_LONG ...) per bar: the
   * simulation reads one byte at each new bar instead of evaluating conditions. The Test functions above
   * read the same bits.
   */
  readonly signals: Uint8Array;
  /** Line series per indicator id (ATR distances read them). */
  readonly lines: ReadonlyMap<string, LineSeries>;
  /** Entry gate of the spec's time filter, at a UTC time. */
  readonly timeAllowed: (timeMs: number) => boolean;
}

export function compileStrategy(spec: StrategySpec, bars: Bars): CompiledStrategy {
  const n = bars.length;
  const lines = new Map<string, LineSeries>();
  for (const ind of spec.indicators) lines.set(ind.id, indicatorLines(ind, bars));
  const prices = new Map<string, Float64Array>();

  // Every operand becomes one whole series aligned on the bars (value at bar c = element c; NaN where a
  // shift reaches before the first bar), so each condition is one plain loop over Float64Arrays.
  const operand = (op: Operand): Float64Array => {
    if (op.type === "constant") return new Float64Array(n).fill(op.value);
    let s: Float64Array;
    if (op.type === "price") {
      const cached = prices.get(op.field);
      s = cached ?? appliedPrice(bars, op.field);
      if (!cached) prices.set(op.field, s);
    } else {
      const ind = spec.indicators.find((i) => i.id === op.ref);
      const ls = lines.get(op.ref);
      if (!ind || !ls) throw new Error(`unknown indicator "${op.ref}" (parseSpec rejects this)`);
      s = ls[operandLine(ind, op.line)];
    }
    if (op.shift === 0) return s;
    const shifted = new Float64Array(n).fill(Number.NaN);
    shifted.set(s.subarray(0, Math.max(0, n - op.shift)), Math.min(n, op.shift));
    return shifted;
  };

  /** 1 where the condition holds at bar c. */
  const condition = (cond: Condition): Uint8Array => {
    const out = new Uint8Array(n);
    switch (cond.type) {
      case "crossesAbove":
      case "crossesBelow": {
        // crossesBelow(l, r) is crossesAbove(r, l).
        const above = cond.type === "crossesAbove";
        const l = operand(above ? cond.left : cond.right);
        const r = operand(above ? cond.right : cond.left);
        // le at c - 1 and gt at c.
        let previous = n > 0 ? relation(l[0], r[0]) : 2;
        for (let c = 1; c < n; c++) {
          const now = relation(l[c], r[c]);
          out[c] = previous === 0 && now === 1 ? 1 : 0;
          previous = now;
        }
        return out;
      }
      case "greaterThan":
      case "lessThan": {
        const greater = cond.type === "greaterThan";
        const l = operand(greater ? cond.left : cond.right);
        const r = operand(greater ? cond.right : cond.left);
        for (let c = 0; c < n; c++) out[c] = gt(l[c], r[c]) ? 1 : 0;
        return out;
      }
      case "between": {
        const x = operand(cond.operand);
        const lo = operand(cond.lower);
        const hi = operand(cond.upper);
        for (let c = 0; c < n; c++) {
          const v = x[c];
          out[c] = le(lo[c], v) && le(v, hi[c]) ? 1 : 0;
        }
        return out;
      }
    }
  };

  const signals = new Uint8Array(n);
  /** ORs `bit` into the bars where the rule holds: all of `all`, and one of `any` when there are some. */
  const rule = (r: Rule | undefined, bit: number): Test | null => {
    if (!r || (r.all.length === 0 && r.any.length === 0)) return null;
    const all = r.all.map(condition);
    const any = r.any.map(condition);
    if (all.length === 1 && any.length === 0) {
      // The common single-condition rule: its bars are the condition's.
      const only = all[0];
      for (let c = 0; c < n; c++) if (only[c] === 1) signals[c] |= bit;
    } else {
      for (let c = 0; c < n; c++) {
        let ok = true;
        for (let k = 0; k < all.length && ok; k++) ok = all[k][c] === 1;
        if (ok && any.length > 0) {
          ok = false;
          for (let k = 0; k < any.length && !ok; k++) ok = any[k][c] === 1;
        }
        if (ok) signals[c] |= bit;
      }
    }
    return (c) => c >= 0 && c < n && (signals[c] & bit) !== 0;
  };

  return {
    entryLong: spec.direction === "short" ? null : rule(spec.entry.long, ENTRY_LONG),
    entryShort: spec.direction === "long" ? null : rule(spec.entry.short, ENTRY_SHORT),
    exitLong: rule(spec.exit.long, EXIT_LONG),
    exitShort: rule(spec.exit.short, EXIT_SHORT),
    signals,
    lines,
    timeAllowed: timeGate(spec),
  };
}

function inHours(hour: number, from: number, to: number): boolean {
  // [from, to), wrapping past midnight when to <= from (e.g. 22 -> 2).
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function timeGate(spec: StrategySpec): (timeMs: number) => boolean {
  const f = spec.timeFilter;
  if (!f) return () => true;
  return (timeMs) => {
    // UTC hour and ISO weekday by arithmetic (no Date per call): 1970-01-01 was a Thursday (4).
    const day = Math.floor(timeMs / DAY_MS);
    const hour = Math.floor((timeMs - day * DAY_MS) / HOUR_MS);
    if (f.hours && !inHours(hour, f.hours.from, f.hours.to)) return false;
    if (f.weekdays) {
      const wd = ((((day + 3) % 7) + 7) % 7) + 1;
      if (!f.weekdays.includes(wd)) return false;
    }
    if (f.sessions && f.sessions.length > 0) {
      if (!f.sessions.some((s) => inHours(hour, SESSION_HOURS[s][0], SESSION_HOURS[s][1]))) return false;
    }
    return true;
  };
}
