/**
 * Compiles a StrategySpec's rules over the closed strategy-timeframe bars. The rules are evaluated once
 * per run on every bar (read once per new bar, never per tick), at index `c` = the bar that just closed (shift 0).
 * Semantics are written once in worker/strategy/spec.ts; NaN (indicator warm-up, or a shift before the
 * first bar) makes every comparison false, so no signal fires before the indicators exist.
 */
import { type AppliedPrice, appliedPrice } from "../indicators";
import { periodMs } from "../market/periods";
import { type ServerZone, UTC_SERVER } from "../market/server-time";
import type { Bars, Period } from "../market/types";
import { zoneRule } from "../market/zone-rules";
import {
  type Condition,
  type Operand,
  operandLine,
  type Rule,
  SESSION_HOURS,
  type StrategySpec,
} from "../strategy/spec";
import { dayNumber, HOUR_MS, isoWeekday, msOfDay } from "./clock";
import {
  type FinerBars,
  higherPriceSeries,
  type IndicatorSeries,
  indicatorSeries,
  type LineSeries,
} from "./indicator-series";
import { constructSeries, expressionSeries, type PriceUnits, patternMask } from "./price-constructs";
import type { SeriesCache } from "./series-cache";
import { windowMask } from "./within";
import { zonedHour } from "./zoned-hours";

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

/** Bits of `CompiledStrategy.signals`. */
export const ENTRY_LONG = 1;
export const ENTRY_SHORT = 2;
export const EXIT_LONG = 4;
export const EXIT_SHORT = 8;
const ENTRY_BITS = ENTRY_LONG | ENTRY_SHORT;

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
  /** The strategy bars whose bits are not all 0, in order (where `signals` has anything to say). */
  readonly active: Int32Array;
  /**
   * The strategy bars with an entry bit, in order: all a flat account has to look at (an exit rule with
   * nothing open closes nothing), so exit rules that hold on most bars do not stop a flat run.
   */
  readonly entries: Int32Array;
  /** Line series per indicator id (ATR distances read them). */
  readonly lines: ReadonlyMap<string, LineSeries>;
  /** Entry gate of the spec's time filter, at a server-time instant (market/server-time.ts). */
  readonly timeAllowed: (timeMs: number) => boolean;
  /** An operand's value at every closed bar, its shift applied (NaN where it has none): v2 exits' and pending orders' prices. */
  readonly valueOf: (op: Operand) => Float64Array;
}

/**
 * Codes of `order`: how a compares with b under the tolerance. GT: gt(a, b); LT: gt(b, a); EQ: within the
 * tolerance (le both ways); NAN: a or b is NaN (every comparison false). gt(b, a) is the same test as
 * gt(a, b) on -(a - b), which IEEE subtraction gives exactly (b - a === -(a - b)), and the tolerance is
 * symmetric, so one code answers both directions: le(a, b) is code <= EQ, le(b, a) is code >= EQ.
 */
const LT = 0;
const EQ = 1;
const GT = 2;
const NAN = 3;

/** The codes of a pair. */
interface Codes {
  readonly codes: Uint8Array;
}

/**
 * The tolerance's scale, max(1, |a|, |b|), by comparisons: Math.max of three and two Math.abs in the
 * per-bar loops below were most of their time. The same value for any a and b that are not NaN (the
 * larger magnitude, at least 1); with a NaN, d is NaN and the code is NAN whatever the tolerance.
 */
function magnitude(a: number, b: number): number {
  let m = a < 0 ? -a : a;
  const mb = b < 0 ? -b : b;
  if (mb > m) m = mb;
  if (m < 1) m = 1;
  return m;
}

/** Code of l[c - ls] against r[c - rs] for every bar c, NAN where a shift reaches before bar 0. */
function orderSeries(l: Float64Array, ls: number, r: Float64Array, rs: number, n: number): Codes {
  const out = new Uint8Array(n);
  const first = Math.min(n, Math.max(ls, rs));
  out.fill(NAN, 0, first);
  for (let c = first; c < n; c++) {
    const a = l[c - ls];
    const b = r[c - rs];
    // gt(a, b) is d > t, gt(b, a) is -d > t (t > 0); neither and no NaN: equal within the tolerance.
    const d = a - b;
    const t = EPS * magnitude(a, b);
    const code = d > t ? GT : d < -t ? LT : Number.isNaN(d) ? NAN : EQ;
    out[c] = code;
  }
  return { codes: out };
}

/** orderSeries against a constant b. */
function orderConstant(l: Float64Array, ls: number, b: number, n: number): Codes {
  const out = new Uint8Array(n);
  const first = Math.min(n, ls);
  out.fill(NAN, 0, first);
  for (let c = first; c < n; c++) {
    const a = l[c - ls];
    const d = a - b;
    const t = EPS * magnitude(a, b);
    const code = d > t ? GT : d < -t ? LT : Number.isNaN(d) ? NAN : EQ;
    out[c] = code;
  }
  return { codes: out };
}

/**
 * A condition read from pair codes: a crossing (`up`: (LT|EQ) -> GT, else (EQ|GT) -> LT), one code
 * (`want`), or `between` (x within [lower, upper] from the codes of (x, lower) and (x, upper)).
 */
type Check =
  | {
      readonly kind: "cross";
      readonly codes: Uint8Array;
      readonly shift: number;
      readonly up: boolean;
    }
  | { readonly kind: "code"; readonly codes: Uint8Array; readonly shift: number; readonly want: number }
  | { readonly kind: "between"; readonly lower: Pair; readonly upper: Pair }
  /** A candle pattern: 1 where it holds, read `shift` bars back. */
  | { readonly kind: "mask"; readonly mask: Uint8Array; readonly shift: number }
  // A cross read on a higher timeframe: `before` compares the operands one of their own bars back.
  | { readonly kind: "crossOf"; readonly before: Pair; readonly now: Pair; readonly up: boolean };

/** Code of a pair at bar c (NAN before its shift). */
function codeAt(p: Pair, c: number): number {
  return c >= p.shift ? p.codes[c - p.shift] : NAN;
}

/** Does the check hold at bar c? */
function holds(k: Check, c: number): boolean {
  switch (k.kind) {
    case "cross": {
      if (c < k.shift + 1) return false;
      const before = k.codes[c - k.shift - 1];
      const now = k.codes[c - k.shift];
      return k.up ? before <= EQ && now === GT : before >= EQ && before <= GT && now === LT;
    }
    case "code":
      return c >= k.shift && k.codes[c - k.shift] === k.want;
    case "mask":
      return c >= k.shift && k.mask[c - k.shift] === 1;
    case "crossOf": {
      const before = codeAt(k.before, c);
      const now = codeAt(k.now, c);
      return k.up ? before <= EQ && now === GT : before >= EQ && before <= GT && now === LT;
    }
    case "between": {
      // le(lower, x): x vs lower EQ or GT (LT or EQ when the pair is stored as lower vs x); le(x, upper) likewise.
      const a = codeAt(k.lower, c);
      const b = codeAt(k.upper, c);
      const aboveLower = k.lower.swapped ? a <= EQ : a >= EQ && a <= GT;
      const belowUpper = k.upper.swapped ? b >= EQ && b <= GT : b <= EQ;
      return aboveLower && belowUpper;
    }
  }
}

// A check over every bar at once: `bit` ORed into `out` where it holds (`out` starts as zeros, or as the
// signals themselves for a rule of one condition). Each kind has its own loop over typed arrays and
// plain arguments (closure variables and a property read of a check of any kind in a hot loop are slow:
// a rule that holds on most bars spent most of its run here when it was tested bar by bar).

/** Crossings: only bars whose code differs from the bar before need a second look. */
function crossMask(
  codes: Uint8Array,
  shift: number,
  up: boolean,
  n: number,
  out: Uint8Array,
  bit: number,
): void {
  // A code at x is the bar x + shift's: the last `shift` codes are past the last bar.
  const last = n - shift;
  for (let x = 1; x < last; x++) {
    const now = codes[x];
    const before = codes[x - 1];
    if (now === before) continue;
    if (up ? now === GT && before <= EQ : now === LT && (before === EQ || before === GT))
      out[x + shift] |= bit;
  }
}

function codeMask(
  codes: Uint8Array,
  shift: number,
  want: number,
  n: number,
  out: Uint8Array,
  bit: number,
): void {
  for (let c = shift; c < n; c++) if (codes[c - shift] === want) out[c] |= bit;
}

function patternShifted(mask: Uint8Array, shift: number, n: number, out: Uint8Array, bit: number): void {
  for (let c = shift; c < n; c++) if (mask[c - shift] === 1) out[c] |= bit;
}

/** x within [lower, upper]: the codes of (x, lower) and (x, upper), each maybe stored mirrored. */
function betweenMask(lower: Pair, upper: Pair, n: number, out: Uint8Array, bit: number): void {
  const lc = lower.codes;
  const uc = upper.codes;
  const ls = lower.shift;
  const us = upper.shift;
  const lSwapped = lower.swapped;
  const uSwapped = upper.swapped;
  for (let c = Math.max(ls, us); c < n; c++) {
    const a = lc[c - ls];
    const b = uc[c - us];
    const aboveLower = lSwapped ? a <= EQ : a >= EQ && a <= GT;
    const belowUpper = uSwapped ? b >= EQ && b <= GT : b <= EQ;
    if (aboveLower && belowUpper) out[c] |= bit;
  }
}

/** ORs `bit` into out[c] for every bar c where the check holds. */
function markInto(k: Check, n: number, out: Uint8Array, bit: number): void {
  if (k.kind === "cross") crossMask(k.codes, k.shift, k.up, n, out, bit);
  else if (k.kind === "code") codeMask(k.codes, k.shift, k.want, n, out, bit);
  else if (k.kind === "mask") patternShifted(k.mask, k.shift, n, out, bit);
  else if (k.kind === "between") betweenMask(k.lower, k.upper, n, out, bit);
  else for (let c = 0; c < n; c++) if (holds(k, c)) out[c] |= bit;
}

/** The check as a mask over every bar: 1 where it holds, else 0. */
function maskOf(k: Check, n: number): Uint8Array {
  const out = new Uint8Array(n);
  markInto(k, n, out, 1);
  return out;
}

/** acc &= m over [0, n) (plain arguments: see above). */
function andInto(acc: Uint8Array, m: Uint8Array, n: number): void {
  for (let c = 0; c < n; c++) acc[c] &= m[c];
}

/** acc |= m over [0, n). */
function orInto(acc: Uint8Array, m: Uint8Array, n: number): void {
  for (let c = 0; c < n; c++) acc[c] |= m[c];
}

/** ORs `bit` into signals wherever acc is set. */
function setBits(signals: Uint8Array, acc: Uint8Array, bit: number, n: number): void {
  for (let c = 0; c < n; c++) if (acc[c] !== 0) signals[c] |= bit;
}

/**
 * The bars with any bit set (`active`) and those with an entry bit (`entries`), ascending: one pass to
 * count both, one to fill both.
 */
function barLists(signals: Uint8Array): { active: Int32Array; entries: Int32Array } {
  const n = signals.length;
  let any = 0;
  let entry = 0;
  for (let c = 0; c < n; c++) {
    const s = signals[c];
    if (s !== 0) {
      any++;
      if ((s & ENTRY_BITS) !== 0) entry++;
    }
  }
  const active = new Int32Array(any);
  const entries = new Int32Array(entry);
  let a = 0;
  let e = 0;
  for (let c = 0; c < n; c++) {
    const s = signals[c];
    if (s !== 0) {
      active[a++] = c;
      if ((s & ENTRY_BITS) !== 0) entries[e++] = c;
    }
  }
  return { active, entries };
}

/** A series operand: its values (unshifted) and a key naming them, or a constant. */
type Source =
  | { readonly kind: "series"; readonly key: string; readonly values: Float64Array; readonly shift: number }
  | { readonly kind: "constant"; readonly value: number };

/** Codes of (left, right) at bar c: codes[c - shift] when c >= shift, else NAN. */
interface Pair {
  readonly codes: Uint8Array;
  readonly shift: number;
  /** The codes compare (right, left): read them mirrored (GT <-> LT). */
  readonly swapped: boolean;
}

/**
 * `units`: the symbol's point and pip, needed by offsets in pips or points (price-constructs.ts); the
 * backtest passes its symbol's. `server`: the broker's server time zone of the bars' times (default UTC),
 * needed only by hours in a named zone (timeFilter.hours.zone). `finer`: the bars of each timeframe below
 * the strategy's that the spec reads (lowerTimeframes, spec-timeframes.ts), built by the backtest.
 */
export function compileStrategy(
  spec: StrategySpec,
  bars: Bars,
  units?: PriceUnits,
  cache?: SeriesCache,
  server: ServerZone = UTC_SERVER,
  finer?: FinerBars,
): CompiledStrategy {
  const n = bars.length;
  // Applied prices are read, never written (kernels and conditions only read their inputs): one array
  // per field for every indicator and price operand, the bars' own columns for O/H/L/C (no copy).
  const prices = new Map<string, Float64Array>();
  const price = (field: AppliedPrice): Float64Array => {
    let s = prices.get(field);
    if (!s) {
      s =
        field === "CLOSE"
          ? bars.close
          : field === "OPEN"
            ? bars.open
            : field === "HIGH"
              ? bars.high
              : field === "LOW"
                ? bars.low
                : appliedPrice(bars, field);
      prices.set(field, s);
    }
    return s;
  };
  const lines = new Map<string, LineSeries>();
  const series = new Map<string, IndicatorSeries>();
  for (const ind of spec.indicators) {
    // An optimisation's runs share series (series-cache.ts); alone, each run computes its own.
    const s = cache
      ? cache.get(
          ind,
          bars,
          spec.timeframe,
          () => indicatorSeries(ind, bars, spec.timeframe, price, spec.indicators, finer),
          spec.indicators,
        )
      : indicatorSeries(ind, bars, spec.timeframe, price, spec.indicators, finer);
    series.set(ind.id, s);
    lines.set(ind.id, s.lines);
  }
  // A higher-timeframe indicator's shift counts its own bars: its own series per shift, read at shift 0.
  // So does a price read on a higher timeframe (the H4 high on H1), and both on a lower one (the M15 close).
  const higherPrice = (op: Operand): op is Operand & { type: "price"; timeframe: Period } =>
    op.type === "price" && op.timeframe !== undefined && op.timeframe !== spec.timeframe;
  const higher = (op: Operand): boolean =>
    higherPrice(op) || (op.type === "indicator" && series.get(op.ref)?.shifted !== undefined);
  // One bar further back: an expression moves its parts (a constant has no bars).
  const backBasic = <T extends Operand>(op: T): T =>
    op.type === "constant" || op.type === "expression" ? op : { ...op, shift: op.shift + 1 };
  const back = (op: Operand): Operand =>
    op.type === "expression" ? { ...op, a: backBasic(op.a), b: op.b && backBasic(op.b) } : backBasic(op);

  const barMs = periodMs(spec.timeframe);
  const constructs = new Map<string, Float64Array>();
  const source = (op: Operand): Source => {
    if (op.type === "constant") {
      // A constant in pips or points is a price distance (spec.ts SEMANTICS): value x the pip or point.
      if (op.unit === undefined) return { kind: "constant", value: op.value };
      if (!units)
        throw new Error("a constant in pips or points needs the symbol's point (compileStrategy's units)");
      return { kind: "constant", value: op.value * (op.unit === "pips" ? units.pip : units.point) };
    }
    if (op.type === "expression") {
      // One series per distinct expression: its parts at their own shifts, combined once.
      const key = `x:${JSON.stringify(op)}`;
      let values = constructs.get(key);
      if (!values) {
        const a = seriesOf(op.a);
        const b = op.b ? seriesOf(op.b) : null;
        if (op.offset && op.offset.unit !== "percent" && !units)
          throw new Error("an offset in pips or points needs the symbol's point (compileStrategy's units)");
        values = expressionSeries(a.values, a.shift, op.k, b, op.offset, units ?? { point: 0, pip: 0 });
        constructs.set(key, values);
      }
      return { kind: "series", key, values, shift: 0 };
    }
    if (
      op.type === "extreme" ||
      op.type === "previousPeriod" ||
      op.type === "timeWindow" ||
      op.type === "candle" ||
      op.type === "swing"
    ) {
      const key = `c:${JSON.stringify({ ...op, shift: 0 })}`;
      let values = constructs.get(key);
      if (!values) {
        values = constructSeries(op, bars, barMs);
        constructs.set(key, values);
      }
      return { kind: "series", key, values, shift: op.shift };
    }
    if (higherPrice(op)) {
      const key = `p:${op.timeframe}:${op.field}:${op.shift}`;
      let values = constructs.get(key);
      if (!values) {
        values = higherPriceSeries(bars, spec.timeframe, op.timeframe, op.field, op.shift, finer);
        constructs.set(key, values);
      }
      return { kind: "series", key, values, shift: 0 };
    }
    if (op.type === "price")
      return { kind: "series", key: `p:${op.field}`, values: price(op.field), shift: op.shift };
    const ind = spec.indicators.find((i) => i.id === op.ref);
    const ls = lines.get(op.ref);
    if (!ind || !ls) throw new Error(`unknown indicator "${op.ref}" (parseSpec rejects this)`);
    const line = operandLine(ind, op.line);
    const shifted = series.get(op.ref)?.shifted;
    if (shifted && op.shift > 0)
      return {
        kind: "series",
        key: `i:${op.ref}:${line}:${op.shift}`,
        values: shifted(line, op.shift),
        shift: 0,
      };
    return { kind: "series", key: `i:${op.ref}:${line}`, values: ls[line], shift: op.shift };
  };

  /** A non-constant part of an expression as (values, shift); a constant is a flat series. */
  const seriesOf = (op: Operand): { values: Float64Array; shift: number } => {
    const src = source(op);
    return src.kind === "series"
      ? { values: src.values, shift: src.shift }
      : { values: new Float64Array(n).fill(src.value), shift: 0 };
  };

  // Codes per compared pair, computed once: crossesAbove(a, b), crossesBelow(a, b) and lessThan on the
  // same two lines two bars back all read one array. Shared shifts are an offset into the codes.
  const pairs = new Map<string, Codes>();
  const pair = (left: Operand, right: Operand): Pair => {
    let l = source(left);
    let r = source(right);
    let swapped = false;
    if (l.kind === "constant") {
      if (r.kind === "constant") {
        const one = orderConstant(Float64Array.of(l.value), 0, r.value, 1);
        return { codes: new Uint8Array(n).fill(one.codes[0]), shift: 0, swapped: false };
      }
      [l, r] = [r, l];
      swapped = true;
    }
    const ls = (l as Source & { kind: "series" }).shift;
    const lk = (l as Source & { kind: "series" }).key;
    const lv = (l as Source & { kind: "series" }).values;
    if (r.kind === "constant") {
      const key = `${lk}@0|c:${r.value}`;
      let found = pairs.get(key);
      if (!found) {
        found = orderConstant(lv, 0, r.value, n);
        pairs.set(key, found);
      }
      return { codes: found.codes, shift: ls, swapped };
    }
    const shift = Math.min(ls, r.shift);
    const key = `${lk}@${ls - shift}|${r.key}@${r.shift - shift}`;
    const mirror = `${r.key}@${r.shift - shift}|${lk}@${ls - shift}`;
    let found = pairs.get(key);
    if (!found) {
      const m = pairs.get(mirror);
      if (m) return { codes: m.codes, shift, swapped: !swapped };
      found = orderSeries(lv, ls - shift, r.values, r.shift - shift, n);
      pairs.set(key, found);
    }
    return { codes: found.codes, shift, swapped };
  };

  const masks = new Map<string, Uint8Array>();
  const check = (cond: Condition): Check => {
    switch (cond.type) {
      case "crossesAbove":
      case "crossesBelow": {
        // crossesAbove(l, r): le(l, r) at c - 1 and gt(l, r) at c; crossesBelow(l, r) = crossesAbove(r, l).
        if (higher(cond.left) || higher(cond.right)) {
          const now = pair(cond.left, cond.right);
          const before = pair(back(cond.left), back(cond.right));
          return { kind: "crossOf", before, now, up: (cond.type === "crossesAbove") !== now.swapped };
        }
        const p = pair(cond.left, cond.right);
        const up = (cond.type === "crossesAbove") !== p.swapped;
        return { kind: "cross", codes: p.codes, shift: p.shift, up };
      }
      case "greaterThan":
      case "lessThan": {
        const p = pair(cond.left, cond.right);
        const want = (cond.type === "greaterThan") !== p.swapped ? GT : LT;
        return { kind: "code", codes: p.codes, shift: p.shift, want };
      }
      case "candlePattern": {
        const key = `pattern:${cond.pattern}`;
        let mask = masks.get(key);
        if (!mask) {
          mask = patternMask(cond.pattern, bars);
          masks.set(key, mask);
        }
        return { kind: "mask", mask, shift: cond.shift };
      }
      case "between":
        return {
          kind: "between",
          lower: pair(cond.operand, cond.lower),
          upper: pair(cond.operand, cond.upper),
        };
      case "allOf": {
        // A group (spec-groups.ts): the bars where every member holds, as one mask.
        let acc: Uint8Array | null = null;
        for (const inner of cond.conditions) {
          const m = maskOf(check(inner), n);
          if (acc === null) acc = m;
          else andInto(acc, m, n);
        }
        return { kind: "mask", mask: acc ?? new Uint8Array(n), shift: 0 };
      }
      case "within":
        // spec-sequence.ts: the conditions together at shift +k, for any k of the window (within.ts).
        return { kind: "mask", mask: windowMask(cond, n, (c) => maskOf(check(c), n)), shift: 0 };
    }
  };

  const signals = new Uint8Array(n);
  /** ORs `bit` into the bars where the rule holds: all of `all`, and one of `any` when there are some. */
  const rule = (r: Rule | undefined, bit: number): Test | null => {
    if (!r || (r.all.length === 0 && r.any.length === 0)) return null;
    const test: Test = (c) => c >= 0 && c < n && (signals[c] & bit) !== 0;
    // One condition (the usual entry): its bars get the bit directly, with no mask in between.
    if (r.all.length + r.any.length === 1) {
      markInto(check(r.all[0] ?? r.any[0]), n, signals, bit);
      return test;
    }
    let acc: Uint8Array | null = null;
    for (const cond of r.all) {
      const m = maskOf(check(cond), n);
      if (acc === null) acc = m;
      else andInto(acc, m, n);
    }
    if (r.any.length > 0) {
      let some: Uint8Array | null = null;
      for (const cond of r.any) {
        const m = maskOf(check(cond), n);
        if (some === null) some = m;
        else orInto(some, m, n);
      }
      if (some !== null) {
        if (acc === null) acc = some;
        else andInto(acc, some, n);
      }
    }
    if (acc !== null) setBits(signals, acc, bit, n);
    return test;
  };

  const entryLong = spec.direction === "short" ? null : rule(spec.entry.long, ENTRY_LONG);
  const entryShort = spec.direction === "long" ? null : rule(spec.entry.short, ENTRY_SHORT);
  const exitLong = rule(spec.exit.long, EXIT_LONG);
  const exitShort = rule(spec.exit.short, EXIT_SHORT);
  const { active, entries } = barLists(signals);
  return {
    entryLong,
    entryShort,
    exitLong,
    exitShort,
    signals,
    active,
    entries,
    lines,
    timeAllowed: timeGate(spec, server),
    valueOf: (op) => {
      const { values, shift } = seriesOf(op);
      if (shift === 0) return values;
      const out = new Float64Array(n).fill(Number.NaN);
      out.set(values.subarray(0, Math.max(0, n - shift)), Math.min(n, shift));
      return out;
    },
  };
}

function inHours(hour: number, from: number, to: number): boolean {
  // [from, to), wrapping past midnight when to <= from (e.g. 22 -> 2).
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

function timeGate(spec: StrategySpec, server: ServerZone): (timeMs: number) => boolean {
  const f = spec.timeFilter;
  if (!f) return () => true;
  // The schema admits only zones with a written rule; a zone it lacks would be a bug, not input.
  const zone = f.hours?.zone === undefined ? undefined : zoneRule(f.hours.zone);
  if (f.hours?.zone !== undefined && zone === undefined) throw new Error(`no rule for zone ${f.hours.zone}`);
  return (timeMs) => {
    const day = dayNumber(timeMs);
    const hour = Math.floor(msOfDay(timeMs) / HOUR_MS);
    const hoursHour = zone === undefined ? hour : zonedHour(timeMs, server, zone);
    if (f.hours && !inHours(hoursHour, f.hours.from, f.hours.to)) return false;
    if (f.weekdays) {
      const wd = isoWeekday(day);
      if (!f.weekdays.includes(wd)) return false;
    }
    if (f.sessions && f.sessions.length > 0) {
      if (!f.sessions.some((s) => inHours(hour, SESSION_HOURS[s][0], SESSION_HOURS[s][1]))) return false;
    }
    return true;
  };
}
