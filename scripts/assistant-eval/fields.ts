// Each scored field of the corpus (README "Scoring" 1) compared with a produced StrategySpec. A comparer answers
// null when the field matches, or a short reason naming what differs; the reasons are counted as failure causes.

import { zoneRule } from "../../worker/market/zone-rules";
import type {
  Condition,
  Distance,
  Indicator,
  Rule,
  Operand as SpecOperand,
  StrategySpec,
} from "../../worker/strategy/spec";
import { clockMinutes, INDICATOR_LINES, mapSingleBar, sourceOf } from "../../worker/strategy/spec";
import {
  type Atom,
  alternativesOf,
  type Ctx,
  clockUtc,
  distanceOperand,
  flip,
  mirrorOperand,
  mirrorRule,
  normalizeHistogram,
  type Offset,
  type Op,
  type Operand,
  offsetOf,
  type Parsed,
  parseExit,
  parseOperand,
  parseRule,
  type RuleShape,
  ruleSize,
  showOperand,
  showRule,
} from "./phrase";
import { sequenceAlternatives, windowAtom } from "./phrase-sequence";
import { patternOf } from "./phrase-words";
import { canonicalMeasure, type Measure, measureOf, targetFractionOf } from "./target-measure";

type Json = unknown;
const rec = (v: Json): Record<string, Json> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, Json>) : {};
const num = (v: Json): number | null => (typeof v === "number" ? v : null);
const eq = (a: number, b: number) => Math.abs(a - b) <= 1e-6;

const KIND_OUT: Record<string, string> = { BOLLINGER: "BANDS", STOCHASTIC: "STOCH" };
const MA_KINDS = new Set(["SMA", "EMA", "SMMA", "LWMA"]);

/** A spec operand in the corpus notation's terms (fields.ts compares the two structurally). */
export function operandOf(spec: StrategySpec, o: SpecOperand): Operand {
  switch (o.type) {
    case "constant":
      // A constant in pips or points is a price distance (the phrase grammar's distanceOperand).
      return o.unit ? distanceOperand(o.value, o.unit) : { t: "const", value: o.value };
    case "price":
      return {
        t: "price",
        field: o.field.toLowerCase(),
        ...(o.shift ? { shift: o.shift } : {}),
        // A price on another timeframe ("H4 high") is that timeframe's, not the chart's.
        ...(o.timeframe && o.timeframe !== spec.timeframe ? { tf: o.timeframe } : {}),
      };
    case "extreme":
      return { t: "extreme", side: o.side, bars: o.bars, shift: o.shift, tf: spec.timeframe };
    case "previousPeriod":
      return { t: "prev", period: o.period, field: o.field.toLowerCase(), back: o.back };
    case "timeWindow":
      return { t: "window", from: o.from, to: o.to, side: o.side };
    case "candle":
      return { t: "candle", measure: o.measure, ...(o.shift ? { shift: o.shift } : {}) };
    case "swing":
      return { t: "swing", side: o.side, strength: o.strength, ...(o.shift ? { shift: o.shift } : {}) };
    case "expression":
      return {
        t: "expr",
        a: operandOf(spec, o.a),
        k: o.k,
        ...(o.b ? { b: operandOf(spec, o.b) } : {}),
        ...(o.offset ? { off: o.offset } : {}),
      };
    case "indicator":
      break;
  }
  const ind = spec.indicators.find((i) => i.id === o.ref);
  if (!ind) return { t: "const", value: Number.NaN };
  const tf = ind.timeframe && ind.timeframe !== spec.timeframe ? ind.timeframe : undefined;
  if (ind.kind === "DONCHIAN" && (o.line === "upper" || o.line === "lower" || o.line === undefined)) {
    // A Donchian line is the N-bar extreme (bar included, as "extreme"); on a higher timeframe its last
    // closed bar already lies before the chart's bar, one bar further back than the chart's shift 0.
    return {
      t: "extreme",
      side: o.line === "lower" ? "lowest" : "highest",
      bars: ind.period,
      shift: o.shift + (tf ? 1 : 0),
      tf: tf ?? spec.timeframe,
    };
  }
  const kind = KIND_OUT[ind.kind] ?? ind.kind;
  const out: Operand = { t: "ind", kind };
  if ("period" in ind) out.period = ind.period;
  // An average of another indicator: its source, read at the average's own bar.
  const src = sourceOf(ind, spec.indicators);
  if (src) {
    out.of = operandOf(spec, { type: "indicator", ref: src.id, shift: 0 });
    if (tf) out.tf = tf;
    if (o.shift) out.shift = o.shift;
    return out;
  }
  if (ind.kind === "STOCHASTIC") out.period = ind.kPeriod;
  if ("appliedPrice" in ind && ind.appliedPrice !== "CLOSE" && ind.kind !== "CCI")
    out.price = ind.appliedPrice.toLowerCase();
  // The middle band is the bands' moving average: its value does not depend on the deviation.
  if (ind.kind === "BOLLINGER" && o.line !== "middle") out.dev = ind.deviation;
  if (tf) out.tf = tf;
  if (o.shift) out.shift = o.shift;
  const line = o.line ?? INDICATOR_LINES[ind.kind][0];
  if (INDICATOR_LINES[ind.kind].length > 1) out.line = line;
  return out;
}

function atomsOf(spec: StrategySpec, list: Condition[]): Atom[] {
  const out: Atom[] = [];
  for (const c of list) {
    if (c.type === "allOf") {
      out.push(...atomsOf(spec, c.conditions));
      continue;
    }
    if (c.type === "within") {
      out.push(windowAtom(atomsOf(spec, c.all), c.bars));
      continue;
    }
    if (c.type === "between") {
      out.push({ op: "gt", l: operandOf(spec, c.operand), r: operandOf(spec, c.lower) });
      out.push({ op: "lt", l: operandOf(spec, c.operand), r: operandOf(spec, c.upper) });
      continue;
    }
    if (c.type === "candlePattern") {
      // bullish/bearish are the corpus's "last bar bullish" (close > open); other patterns have no notation.
      const close: Operand = { t: "price", field: "close", ...(c.shift ? { shift: c.shift } : {}) };
      const open: Operand = { t: "price", field: "open", ...(c.shift ? { shift: c.shift } : {}) };
      if (c.pattern === "bullish") out.push({ op: "gt", l: close, r: open });
      else if (c.pattern === "bearish") out.push({ op: "lt", l: close, r: open });
      else
        out.push({
          op: "is",
          l: { t: "pattern", name: c.pattern, ...(c.shift ? { shift: c.shift } : {}) },
          r: { t: "const", value: 1 },
        });
      continue;
    }
    const op =
      c.type === "crossesAbove"
        ? "xa"
        : c.type === "crossesBelow"
          ? "xb"
          : c.type === "greaterThan"
            ? "gt"
            : "lt";
    out.push(normalizeHistogram({ op, l: operandOf(spec, c.left), r: operandOf(spec, c.right) }));
  }
  return out;
}

export function ruleShape(spec: StrategySpec, r: Rule | undefined): RuleShape | null {
  if (!r) return null;
  // An allOf in `all` is more AND members; in `any`, an alternative of several (a group).
  const leaves = r.any.filter((c) => c.type !== "allOf");
  const groups = r.any.flatMap((c) => (c.type === "allOf" ? [atomsOf(spec, c.conditions)] : []));
  const shape: RuleShape = {
    all: atomsOf(spec, r.all),
    any: atomsOf(spec, leaves),
    ...(groups.length > 0 ? { groups } : {}),
  };
  // A one-element "any" (or a lone group) is AND members.
  if (shape.any.length === 1 && groups.length === 0) return { all: [...shape.all, ...shape.any], any: [] };
  if (shape.any.length === 0 && groups.length === 1) return { all: [...shape.all, ...groups[0]], any: [] };
  return shape;
}

export function operandMatch(e: Operand, s: Operand): boolean {
  if (e.t !== s.t) return false;
  switch (e.t) {
    case "const":
      return s.t === "const" && eq(e.value, s.value);
    case "price":
      if (s.t !== "price" || e.field !== s.field) return false;
      // "close[x]": any look-back of at least one bar.
      if (e.anyShift) return (s.shift ?? 0) >= 1 && tfMatch(e.tf, s.tf);
      if ((e.shift ?? 0) !== (s.shift ?? 0)) return false;
      // A lower timeframe's last close is the chart bar's close (their bars end together).
      if (e.field === "close" && !e.shift && !s.tf && lowerTf(e.tf, chartTf)) return true;
      return tfMatch(e.tf, s.tf);
    case "candle":
      return s.t === "candle" && e.measure === s.measure && (e.shift ?? 0) === (s.shift ?? 0);
    case "pattern":
      return s.t === "pattern" && e.name === s.name && (e.shift ?? 0) === (s.shift ?? 0);
    case "swing":
      // A swing said without its strength is MetaTrader's fractal (2 bars each side).
      return (
        s.t === "swing" &&
        e.side === s.side &&
        (e.strength ?? 2) === (s.strength ?? 2) &&
        (e.shift ?? 0) === (s.shift ?? 0)
      );
    case "extreme":
      return (
        s.t === "extreme" &&
        e.side === s.side &&
        e.bars === s.bars &&
        e.shift === s.shift &&
        (e.tf === undefined || e.tf === s.tf)
      );
    case "prev":
      return s.t === "prev" && e.period === s.period && e.field === s.field && e.back === s.back;
    case "window":
      return s.t === "window" && e.from === s.from && e.to === s.to && e.side === s.side;
    case "expr":
      return (
        s.t === "expr" &&
        operandMatch(e.a, s.a) &&
        eq(e.k, s.k) &&
        (e.b === undefined ? s.b === undefined : s.b !== undefined && operandMatch(e.b, s.b)) &&
        (e.off === undefined ? s.off === undefined : s.off !== undefined && offsetMatch(e.off, s.off))
      );
    case "ind": {
      if (s.t !== "ind") return false;
      if (e.kind !== s.kind && !(e.kind === "MA" && MA_KINDS.has(s.kind))) return false;
      // An average of an indicator matches only an average of the same indicator.
      if ((e.of === undefined) !== (s.of === undefined)) return false;
      if (e.of && s.of && !operandMatch(e.of, s.of)) return false;
      if (e.period !== undefined && e.period !== s.period) return false;
      if (e.price !== undefined && e.price !== (s.price ?? "close")) return false;
      if (e.price === undefined && s.price !== undefined && e.period !== undefined) return false;
      // The middle band is the bands' moving average: the deviation does not change it.
      if (e.dev !== undefined && e.line !== "middle" && (s.dev === undefined || !eq(e.dev, s.dev)))
        return false;
      // An indicator named on the chart's own timeframe ("on H4 EMA(4)" on an H4 chart) is the chart's.
      const [etf, stf] = [e.tf === chartTf ? undefined : e.tf, s.tf === chartTf ? undefined : s.tf];
      if ((e.shift ?? 0) !== (s.shift ?? 0) || etf !== stf) return false;
      const defLine: Record<string, string> = { MACD: "main", BANDS: "middle", STOCH: "main", ADX: "adx" };
      return (e.line ?? defLine[e.kind]) === (s.line ?? defLine[s.kind]);
    }
  }
}

/**
 * The same distance: a range accepts any value inside it, "a few" any amount on the same side. As the distance
 * forms (distanceMatch), "points" may be a 4-digit text's pips (README conventions) and pips are ten 5-digit
 * points: the spec's offset is read in the annotation's unit.
 */
function offsetMatch(e: Offset, s: Offset): boolean {
  const value =
    e.unit === s.unit
      ? s.value
      : e.unit === "points" && s.unit === "pips"
        ? s.value
        : e.unit === "pips" && s.unit === "points"
          ? s.value / 10
          : undefined;
  if (value === undefined) return false;
  if (e.any) return Math.sign(e.value) === Math.sign(value);
  if (e.hi !== undefined) return value >= e.value - 1e-6 && value <= e.hi + 1e-6;
  return eq(e.value, value);
}

const TF_MINUTES: Record<string, number> = {
  M1: 1,
  M5: 5,
  M15: 15,
  M30: 30,
  H1: 60,
  H4: 240,
  D1: 1440,
  W1: 10080,
};
function lowerTf(tf: string | undefined, chart: string | undefined): boolean {
  const a = TF_MINUTES[tf ?? ""];
  const b = TF_MINUTES[chart ?? ""];
  return a !== undefined && b !== undefined && a < b && b % a === 0;
}

/** A price on a named timeframe is the chart's price only when the spec's chart is that timeframe. */
let chartTf: string | undefined;
function tfMatch(e: string | undefined, s: string | undefined): boolean {
  return (e ?? chartTf) === (s ?? chartTf);
}

/** "up"/"down" (a stop order or "reaches" a level): the price rising through (or closing beyond) it. */
function opOk(e: Op, s: Op): boolean {
  if (e === s) return true;
  if (e === "x") return s === "xa" || s === "xb";
  if (e === "up") return s === "xa" || s === "gt";
  if (e === "down") return s === "xb" || s === "lt";
  return false;
}

/**
 * One form for values that v2 can state two ways: a period-1 moving average of a price is that price, and
 * MT5's Momentum(n) against 100 is the price against itself n bars back (iMomentum = price / price[n] x 100).
 */
function canonOperand(o: Operand): Operand {
  if (o.t === "ind" && MA_KINDS.has(o.kind) && o.period === 1 && !o.line && !o.of)
    return {
      t: "price",
      field: o.price ?? "close",
      ...(o.tf ? { tf: o.tf } : {}),
      ...(o.shift ? { shift: o.shift } : {}),
    };
  if (o.t === "expr") return { ...o, a: canonOperand(o.a), ...(o.b ? { b: canonOperand(o.b) } : {}) };
  // The MACD histogram is the main line less the signal line on the same bar (the engine computes it so), so
  // "histogram[n]" and "(MACD[n] - signal MACD[n])" are one value.
  if (o.t === "ind" && o.kind === "MACD" && o.line === "histogram")
    return { t: "expr", a: { ...o, line: "main" }, k: -1, b: { ...o, line: "signal" } };
  return o;
}
function canonAtom(a: Atom): Atom {
  const mom = (o: Operand) =>
    o.t === "ind" && o.kind === "MOMENTUM" && o.period !== undefined && (o.price ?? "close") === "close";
  const hundred = (o: Operand) => o.t === "const" && eq(o.value, 100);
  const back = (o: Operand): [Operand, Operand] | null => {
    if (o.t !== "ind" || o.period === undefined) return null;
    const sh = o.shift ?? 0;
    const tf = o.tf ? { tf: o.tf } : {};
    return [
      { t: "price", field: "close", ...tf, ...(sh ? { shift: sh } : {}) },
      { t: "price", field: "close", ...tf, shift: sh + o.period },
    ];
  };
  if (mom(a.l) && hundred(a.r)) {
    const p = back(a.l);
    if (p) return { ...a, l: p[0], r: p[1] };
  }
  if (mom(a.r) && hundred(a.l)) {
    const p = back(a.r);
    if (p) return { ...a, op: flip(a.op), l: p[0], r: p[1] };
  }
  return { ...a, l: canonOperand(a.l), r: canonOperand(a.r) };
}

/**
 * An annotation's "Momentum(12) > 0" is the zero line of the difference form other platforms plot (close minus the
 * close n bars back); MT5's Momentum is the ratio times 100, so that line is its 100. Only the expected side is
 * read so: a spec's Momentum against 0 is an MT5 rule that never changes, and stays a mismatch.
 */
function momentumZeroLine(a: Atom): Atom {
  const mom = (o: Operand) => o.t === "ind" && o.kind === "MOMENTUM";
  const zero = (o: Operand) => o.t === "const" && eq(o.value, 0);
  const hundred: Operand = { t: "const", value: 100 };
  if (mom(a.l) && zero(a.r)) return { ...a, r: hundred };
  if (mom(a.r) && zero(a.l)) return { ...a, l: hundred };
  return a;
}

function atomMatch(expected: Atom, got: Atom): boolean {
  // A window: the same conditions, and the same length when the phrase gives one.
  if (expected.seq || got.seq)
    return (
      expected.seq !== undefined &&
      got.seq !== undefined &&
      (expected.seq.bars === undefined || expected.seq.bars === got.seq.bars) &&
      listMatch(expected.seq.all, got.seq.all)
    );
  const e = canonAtom(momentumZeroLine(expected));
  const s = canonAtom(got);
  return (
    (opOk(e.op, s.op) && operandMatch(e.l, s.l) && operandMatch(e.r, s.r)) ||
    (opOk(flip(e.op), s.op) && operandMatch(e.l, s.r) && operandMatch(e.r, s.l))
  );
}

/** Each expected atom matched by its own produced atom (AND and OR are commutative). */
function listMatch(e: Atom[], s: Atom[]): boolean {
  return betweenOrders(e)
    .flatMap(sequenceAlternatives)
    .some((alt) => oneToOne(alt, s));
}
function oneToOne(e: Atom[], s: Atom[]): boolean {
  if (e.length !== s.length) return false;
  const used = new Set<number>();
  for (const a of e) {
    const i = s.findIndex((b, j) => !used.has(j) && atomMatch(a, b));
    if (i < 0) return false;
    used.add(i);
  }
  return true;
}

/**
 * "between A and B" does not say which line is on top: the list as written, and with the bounds of each
 * between swapped ("x > A, x < B" or "x > B, x < A").
 */
function betweenOrders(e: Atom[]): Atom[][] {
  let alts: Atom[][] = [e];
  for (let i = 0; i + 1 < e.length; i++) {
    const [a, b] = [e[i], e[i + 1]];
    if (!a.bw || !b.bw || a.op !== "gt" || b.op !== "lt") continue;
    alts = alts.flatMap((alt) => {
      const swapped = [...alt];
      swapped[i] = { ...a, r: b.r };
      swapped[i + 1] = { ...b, r: a.r };
      return [alt, swapped];
    });
  }
  return alts;
}

function shapeMatch(e: RuleShape, s: RuleShape | null, oppositeOk: boolean): boolean {
  if (e.opposite) return oppositeOk && (s === null || ruleSize(s) === 0);
  if (!s) return ruleSize(e) === 0;
  if (!e.groups && !s.groups && listMatch(e.all, s.all) && listMatch(e.any, s.any)) return true;
  return alternativesMatch(alternativesOf(e), alternativesOf(s));
}

/**
 * The same OR of ANDs: each expected alternative matched by its own produced one, atom for atom. Forms
 * that distribute differently ("X AND (A OR B)" and "(X AND A) OR (X AND B)") say the same and match;
 * a different grouping ("(A AND B) OR C" against "A AND (B OR C)") does not.
 */
function alternativesMatch(e: Atom[][], s: Atom[][]): boolean {
  if (e.length !== s.length) return false;
  const used = new Set<number>();
  const assign = (i: number): boolean => {
    if (i === e.length) return true;
    for (let j = 0; j < s.length; j++) {
      if (used.has(j) || !listMatch(e[i], s[j])) continue;
      used.add(j);
      if (assign(i + 1)) return true;
      used.delete(j);
    }
    return false;
  };
  return assign(0);
}

/** Why an expected phrase cannot be scored: v2 cannot say it, or the phrase is outside the grammar. */
function unscorable(field: string, why: string): string {
  return why.startsWith("not expressible")
    ? `${field}: annotated rule ${why}`
    : `${field}: expected phrase beyond the scorer's grammar (${why})`;
}

/** The context the item's earlier phrases set up ("the range low" after "the 19:00-04:00 range high"). */
function contextOf(all: Record<string, Json>, before: string[], keepLast = false): Ctx {
  const ctx: Ctx = { last: null };
  for (const f of before) if (typeof all[f] === "string") parseRule(String(all[f]), ctx);
  // The last indicator named ("the lower band" in a stop after an entry on BANDS(20,2)).
  return { last: keepLast ? ctx.last : null, window: ctx.window };
}

export function compareEntry(
  expected: Json,
  spec: StrategySpec,
  side: "long" | "short",
  all: Record<string, Json>,
): string | null {
  chartTf = spec.timeframe;
  if (expected === null) return null;
  if (typeof expected !== "string") return "unscorable phrase";
  const field = `entry_${side}`;
  const e = readEntry(expected, side, all);
  if (!e.ok) return unscorable(field, e.why);
  if (side === "long" ? spec.direction === "short" : spec.direction === "long")
    return `${field}: side not traded`;
  const got = ruleShape(spec, spec.entry[side]);
  const { rule, order } = e.value;
  if (rule.maxSpread) {
    const ms = spec.limits?.maxSpread;
    const want = rule.maxSpread;
    const okSpread =
      ms !== undefined &&
      (ms.unit === want.unit
        ? eq(ms.value, want.value)
        : ms.unit === "points" && want.unit === "pips" && eq(ms.value, want.value * 10));
    if (!okSpread)
      return `${field}: expected a spread limit of ${want.value} ${want.unit}, got ${JSON.stringify(ms ?? null)}`;
  }
  if (rule.minGap !== undefined && spec.limits?.minMinutesBetween !== rule.minGap)
    return `${field}: expected at least ${rule.minGap} minutes between entries, got ${spec.limits?.minMinutesBetween ?? "none"}`;
  if (!order) {
    return shapeMatch(rule, got, false) ? null : `${field}: expected ${showRule(rule)}, got ${showRule(got)}`;
  }
  const pe = spec.pendingEntry;
  const price = pe?.[side];
  const orderText = `a ${side === "long" ? "buy" : "sell"} ${order.type} at ${showOperand(order.level)}`;
  if (!pe || !price) {
    // An order with no signal placed at a level the price rises (falls) through: a market entry on the cross
    // says the same (the close instead of the touch).
    const cross: RuleShape = {
      all: [{ op: side === "long" ? "up" : "down", l: { t: "price", field: "close" }, r: order.level }],
      any: [],
    };
    if (order.type === "stop" && ruleSize(rule) === 0 && shapeMatch(cross, got, false)) return null;
    return `${field}: expected ${orderText}, got a market entry ${showRule(got)}`;
  }
  if (ruleSize(rule) > 0 && !shapeMatch(rule, got, false))
    return `${field}: expected ${showRule(rule)}, got ${showRule(got)}`;
  if (pe.order !== order.type) return `${field}: expected a ${order.type} order, got a ${pe.order} order`;
  if (!operandMatch(order.level, operandOf(spec, price)))
    return `${field}: expected the order at ${showOperand(order.level)}, got ${showOperand(operandOf(spec, price))}`;
  if (order.expiry && (pe.expiry?.type !== "timeOfDay" || pe.expiry.at !== order.expiry))
    return `${field}: expected the order to expire at ${order.expiry} UTC, got ${JSON.stringify(pe.expiry ?? null)}`;
  return null;
}

/** An entry phrase read: its signal (empty for a bare order) and the pending order it places, if any. */
interface EntryShape {
  rule: RuleShape;
  order?: { type: "stop" | "limit"; level: Operand; expiry?: string };
}

/** "mirror: ...", "all three reversed", "vice versa", "the opposite conditions": the other side turned round. */
const MIRROR =
  /^(?:mirror(?:ed)?\b.*|(?:all|both)(?: \w+)? (?:conditions )?reversed|(?:the )?reverse(?: of the (?:buy|sell|long|short)(?: side| rule)?)?|vice versa|(?:the )?opposite(?: conditions?)?|same in reverse)$/i;

/**
 * "CONDITION: buy stop at that candle's high", "CONDITION; buy stop 2-5 pips above its high, valid until
 * 00:00 GMT", "buy stop 2 points above the previous day high (placed 00:00 GMT)".
 */
const PENDING =
  /^(?:(.+?)\s*[:;,]\s*)?(buy|sell) (stop|limit)(?: order)? (?:at (.+?)|((?:\d*\.?\d+(?:\s*-\s*\d*\.?\d+)?)|a few|few|some) (pips?|points?) (above|below) (.+?))(?:,?\s*(?:valid until|expires? at|cancel(?:led)? at) (\d{1,2}):(\d{2})(?:\s+(gmt|utc|est|edt))?)?(?:\s*\((?:placed|set|valid)[^)]*\))?$/i;

function readEntry(
  text: string,
  side: "long" | "short",
  all: Record<string, Json>,
  depth = 0,
): Parsed<EntryShape> {
  const otherSide = side === "long" ? "short" : "long";
  const other = all[`entry_${otherSide}`];
  let t = text.trim();
  if (MIRROR.test(t)) {
    if (typeof other !== "string" || depth > 0)
      return { ok: false, why: `beyond grammar: "${t}" with no other side` };
    const o = readEntry(other, otherSide, all, depth + 1);
    if (!o.ok) return o;
    const order = o.value.order;
    return {
      ok: true,
      value: {
        rule: mirrorRule(o.value.rule),
        ...(order ? { order: { ...order, level: mirrorOperand(order.level) } } : {}),
      },
    };
  }
  // "...; same filters": the other side's clauses after its signal.
  if (/;\s*(?:the )?same filters$/i.test(t) && typeof other === "string") {
    const filters = other.split(";").slice(1).join(";");
    t = t.replace(/;\s*(?:the )?same filters$/i, filters ? `;${filters}` : "");
  }
  const ctx: Ctx = { ...contextOf(all, side === "short" ? ["entry_long"] : []), side };
  const m = PENDING.exec(t);
  if (!m) {
    const r = parseRule(t, ctx);
    return r.ok ? { ok: true, value: { rule: r.value } } : r;
  }
  const cond: Parsed<RuleShape> = m[1] ? parseRule(m[1], ctx) : { ok: true, value: { all: [], any: [] } };
  if (!cond.ok) return cond;
  const levelText = (m[4] ?? m[8]).replace(/^(?:the )?(?:candle|bar)'s /i, "");
  const base = parseOperand(levelText, ctx);
  if (!base) return { ok: false, why: `operand "${levelText}"` };
  const level: Operand = m[5]
    ? { t: "expr", a: base, k: 1, off: offsetOf(m[5], m[6], m[7].toLowerCase() === "above" ? 1 : -1) }
    : base;
  const expiry = m[9] !== undefined ? clockUtc(m[9], m[10], m[11]) : undefined;
  const type = m[3].toLowerCase() === "stop" ? "stop" : "limit";
  return { ok: true, value: { rule: cond.value, order: { type, level, ...(expiry ? { expiry } : {}) } } };
}

/**
 * "opposite SMA cross" in an exit: the long entry's cross of that kind the other way round (a phrase for both
 * sides is read for buys and mirrored for sells).
 */
function oppositeCross(exit: string, entryLong: Json): string {
  if (typeof entryLong !== "string") return exit;
  return exit.replace(/\bopposite ([A-Za-z]+) cross\b/g, (whole: string, kind: string) => {
    const cross = new RegExp(
      String.raw`(${kind}\([^)]*\)) crosses (above|below) (${kind}\([^)]*\))`,
      "i",
    ).exec(entryLong);
    if (!cross) return whole;
    return `${cross[1]} crosses ${cross[2].toLowerCase() === "above" ? "below" : "above"} ${cross[3]}`;
  });
}

/**
 * "close long when X; close short when Y", "long: X; short: Y", or one phrase for the traded side(s), with
 * the exits that are not rules: the opposite signal (closeOnOpposite), a time exit (v2 exits.closeAt, its
 * clock in UTC as the time filter's), a trailing level (v2 exits.trail, or the rule of the close beyond it).
 */
export function compareExit(
  expected: Json,
  spec: StrategySpec,
  all: Record<string, Json> = {},
): string | null {
  chartTf = spec.timeframe;
  if (typeof expected !== "string") return "exit: unscorable";
  const long = ruleShape(spec, spec.exit.long);
  const short = ruleShape(spec, spec.exit.short);
  const show = `got long ${showRule(long)} / short ${showRule(short)}${spec.closeOnOpposite ? " + opposite" : ""}`;
  const e = parseExit(oppositeCross(expected, all.entry_long), contextOf(all, ["entry_long", "entry_short"]));
  if (!e.ok) return unscorable("exit", e.why);
  if (!("both" in e.value)) {
    const { long: a, short: b } = e.value;
    const ok =
      (spec.direction === "short" || !a || shapeMatch(a, long, spec.closeOnOpposite)) &&
      (spec.direction === "long" || !b || shapeMatch(b, short, spec.closeOnOpposite));
    return ok ? null : `exit: expected long ${showRule(a ?? null)} / short ${showRule(b ?? null)}, ${show}`;
  }
  const v = e.value.both;
  if (v.closeAt) {
    const got = spec.exits?.closeAt;
    // "The end of the day": a close on one of the day's last hours (20:00 or later), every day.
    const okAt =
      got !== undefined &&
      !got.weekdays &&
      (v.closeAt === "eod" ? clockMinutes(got.time) >= 20 * 60 : got.time === v.closeAt);
    if (!okAt)
      return `exit: expected a close at ${v.closeAt === "eod" ? "the end of the day" : `${v.closeAt} UTC`}, got ${JSON.stringify(got ?? null)}`;
  }
  if (v.opposite && !spec.closeOnOpposite) return `exit: expected the opposite signal, ${show}`;
  const rules = { ...v, opposite: false };
  const hasRule = ruleSize(rules) > 0;
  if (v.trail) {
    const why = compareTrailLevel(v.trail, rules, spec, long, short);
    if (why) return why;
    if (!hasRule) return null;
  }
  // No exit rule stated (only the opposite signal, a time exit, "trailing stop only"): none may be added.
  if (!hasRule) return !long && !short ? null : `exit: expected ${showRule(v)}, ${show}`;
  const longOk = shapeMatch(rules, long, false);
  const shortOk = shapeMatch(rules, short, false) || shapeMatch(mirrorRule(rules), short, false);
  const ok = spec.direction === "long" ? longOk : spec.direction === "short" ? shortOk : longOk && shortOk;
  return ok ? null : `exit: expected ${showRule(v)}, ${show}`;
}

/**
 * A trailing exit at a level (the long side's; the short side's mirrored): v2 exits.trail at that level on
 * the bar that closed or the one before (the phrase does not say whether the channel includes the last bar),
 * or an exit rule that closes when the price closes beyond the level of the bars before.
 */
function compareTrailLevel(
  level: Operand,
  rules: RuleShape,
  spec: StrategySpec,
  long: RuleShape | null,
  short: RuleShape | null,
): string | null {
  const sides = (["long", "short"] as const).filter((x) => spec.direction === "both" || spec.direction === x);
  for (const side of sides) {
    const want = side === "long" ? level : mirrorOperand(level);
    const alts = [want, shiftOne(want)];
    const trail = spec.exits?.trail?.[side];
    if (trail && alts.some((w) => operandMatch(w, operandOf(spec, trail)))) continue;
    const op = side === "long" ? "down" : "up";
    const asRule: RuleShape = {
      all: [
        ...(side === "long" ? rules.all : mirrorRule(rules).all),
        { op, l: { t: "price", field: "close" }, r: shiftOne(want) },
      ],
      any: [],
    };
    if (shapeMatch(asRule, side === "long" ? long : short, false)) continue;
    return `exit: expected the ${side} trailed at ${showOperand(want)}, got ${JSON.stringify(spec.exits?.trail ?? null)}`;
  }
  return null;
}
function shiftOne(o: Operand): Operand {
  return o.t === "extreme" ? { ...o, shift: o.shift + 1 } : o;
}

function distanceMatch(
  e: Record<string, Json>,
  d: Distance | undefined,
  what: string,
  stop?: Distance,
): string | null {
  if (!d) return `${what}: missing`;
  const show = d.unit === "atr" ? `${d.multiple} x ATR` : `${d.value} ${d.unit}`;
  const range = (r: Json, units: string[]) => {
    if (!Array.isArray(r) || d.unit === "atr" || !units.includes(d.unit)) return false;
    const [lo, hi] = r.map(Number);
    return d.value >= lo - 1e-6 && d.value <= hi + 1e-6;
  };
  const checks: [string, () => boolean][] = [
    [
      "pips",
      () =>
        d.unit !== "atr" &&
        (d.unit === "pips" || d.unit === "points") &&
        (e.pips === null || eq(d.value, Number(e.pips) * (d.unit === "points" ? 10 : 1))),
    ],
    [
      "points",
      () =>
        d.unit !== "atr" &&
        (d.unit === "pips" || d.unit === "points") &&
        (e.points === null || eq(d.value, Number(e.points))),
    ],
    [
      "atr_multiple",
      () => d.unit === "atr" && (e.atr_multiple === null || eq(d.multiple, Number(e.atr_multiple))),
    ],
    ["percent", () => d.unit === "percent" && eq(d.value, Number(e.percent))],
    ["pips_range", () => range(e.pips_range, ["pips"])],
    ["points_range", () => range(e.points_range, ["points", "pips"])],
    // A multiple of the stop distance: v1 stores the product in the stop's own unit.
    [
      "rr",
      () =>
        stop !== undefined &&
        (stop.unit === "atr"
          ? d.unit === "atr" && eq(d.multiple, stop.multiple * Number(e.rr))
          : d.unit === stop.unit && eq(d.value, stop.value * Number(e.rr))),
    ],
    [
      "pips_options",
      () =>
        Array.isArray(e.pips_options) &&
        d.unit === "pips" &&
        e.pips_options.some((x) => eq(Number(x), d.value)),
    ],
  ];
  const form = checks.find(([k]) => k in e);
  if (!form) {
    const key = Object.keys(e).find((k) => !["unit_stated", "note", "alt", "alt_rule"].includes(k)) ?? "?";
    return `${what}: form "${key}" cannot be expressed by the spec`;
  }
  return form[1]() ? null : `${what}: expected ${JSON.stringify(e)}, got ${show}`;
}

export function compareStop(
  expected: Json,
  d: Distance | undefined,
  what: string,
  stop?: Distance,
): string | null {
  return distanceMatch(rec(expected), d, what, stop);
}

/**
 * A structural stop (v2 exits.stop) against a `rule` stop, read with the phrase grammar on every traded
 * side: "the previous candle's low (long) / high (short)", "5-10 pips beyond the entry bar's low/high",
 * "15 pips beyond SMMA(21)", "3 points beyond the lower (long) / upper (short) band", "the opposite side of
 * the 20-day channel (3 pips beyond)", "SMA(5,low) for longs, SMA(5,high) for shorts", "the 10-bar low".
 */
export function compareStopRule(
  expected: Json,
  spec: StrategySpec,
  all: Record<string, Json> = {},
): string | null {
  chartTf = spec.timeframe;
  const e = rec(expected);
  const stop = spec.exits?.stop;
  if (!("rule" in e) || typeof e.rule !== "string")
    return `stop_loss: expected ${JSON.stringify(e)}, got a stop at a price level`;
  const levels = stopLevels(e.rule, contextOf(all, ["entry_long", "entry_short"], true));
  if (!levels.ok) return unscorable("stop_loss", levels.why);
  for (const side of ["long", "short"] as const) {
    if (spec.direction !== "both" && spec.direction !== side) continue;
    const w = levels.value[side];
    const got = stop?.[side];
    if (!got)
      return spec.stopLoss
        ? `stop_loss: expected the level "${e.rule}", got a distance`
        : "stop_loss: missing";
    // An N-bar extreme as a stop may include the bar that just closed or start before it, also with a
    // margin beyond it ("the opposite side of the 20-day channel (3 pips beyond)").
    const alts =
      w.t === "extreme"
        ? [w, shiftOne(w)]
        : w.t === "expr" && w.a.t === "extreme"
          ? [w, { ...w, a: shiftOne(w.a) }]
          : [w];
    if (!alts.some((a) => operandMatch(a, operandOf(spec, got))))
      return `stop_loss: expected ${showOperand(w)} (${side}), got ${showOperand(operandOf(spec, got))}`;
  }
  return null;
}

/** The stop level of each side named by a rule phrase (the long side's words mirrored for shorts). */
function stopLevels(rule: string, ctx: Ctx): Parsed<{ long: Operand; short: Operand }> {
  const text = rule.trim();
  // A swing level is v2's "swing"; one kept within distance bounds is not said by it.
  const swingWords = /\b(?:swing|local|nearest|formation|fractal)\w*/i.test(text);
  const unsaid = { ok: false as const, why: "not expressible in v2: a swing or pattern level" };
  if (
    swingWords &&
    /\b(?:clamp\w*|not less than|no more than|at least|at most|minimum of|maximum of)\b/i.test(text)
  )
    return unsaid;
  const read = stopLevelsOf(text, ctx);
  return !read.ok && swingWords ? unsaid : read;
}

function stopLevelsOf(text: string, ctx: Ctx): Parsed<{ long: Operand; short: Operand }> {
  const perSide = /^(.+?)\s+for longs?,\s*(.+?)\s+for shorts?$/i.exec(text);
  if (perSide) {
    const a = stopLevel(perSide[1], ctx, false);
    const b = stopLevel(perSide[2], ctx, false);
    if (!a || !b) return { ok: false, why: `beyond grammar: "${text}"` };
    return { ok: true, value: { long: a, short: b } };
  }
  // "X low (long) / high (short)", "the lower (long) / upper (short) band", "the bar's low/high".
  const longText = text
    .replace(/\s*\(long\)\s*\/\s*\S+(?:\s+\S+){0,3}\s*\(short\)/i, "")
    .replace(/\b(low|lower|lowest)\s*\/\s*(?:high|upper|highest)\b/i, "$1")
    .trim();
  const long = stopLevel(longText, ctx, true);
  if (!long) return { ok: false, why: `beyond grammar: "${text}"` };
  return { ok: true, value: { long, short: mirrorOperand(long) } };
}

/** One stop level; `beyondBelow`: "beyond" is below the level (the long side's words). */
function stopLevel(raw: string, ctx: Ctx, beyondBelow: boolean): Operand | null {
  // Without an amount, "below the swing low" is the swing low itself.
  let s = raw.trim().replace(/^(?:at|on|below|under|beneath|beyond|behind|past|above|over)\s+/i, "");
  let off: Offset | undefined;
  const amount = String.raw`(\d*\.?\d+(?:\s*-\s*\d*\.?\d+)?)\s*(pips?|points?)`;
  const lead = new RegExp(
    String.raw`^${amount}\s+(beyond|below|under|above|past|outside)\s+(?:of\s+)?(.+)$`,
    "i",
  ).exec(s);
  const tail = new RegExp(String.raw`^(.+?)\s*\(${amount}\s+(beyond|below|above|outside)\)$`, "i").exec(s);
  if (lead) {
    const sign = /^(above)$/i.test(lead[3])
      ? 1
      : /^(below|under)$/i.test(lead[3])
        ? -1
        : beyondBelow
          ? -1
          : 1;
    off = offsetOf(lead[1], lead[2], sign);
    s = lead[4];
  } else if (tail) {
    const sign = /^above$/i.test(tail[4]) ? 1 : /^below$/i.test(tail[4]) ? -1 : beyondBelow ? -1 : 1;
    off = offsetOf(tail[2], tail[3], sign);
    s = tail[1];
  }
  const base = stopBase(s, ctx);
  if (!base) return null;
  return off ? { t: "expr", a: base, k: 1, off } : base;
}

/** The level itself: the signal bar's low (the bar that just closed when the order is sent), an N-bar low. */
function stopBase(raw: string, ctx: Ctx): Operand | null {
  const s = raw
    .trim()
    .toLowerCase()
    .replace(/^the\s+/, "");
  const bar =
    /^(?:(?:previous|prior|last|signal|entry|preceding|setup|breakout) )?(?:candle|bar|candlestick|formation|pattern)(?:'s)? (low|high)$|^(low|high) of the (?:(?:previous|prior|last|signal|entry|preceding|setup|breakout) )?(?:candle|bar|candlestick|formation|pattern)$/.exec(
      s,
    );
  if (bar) return { t: "price", field: bar[1] ?? bar[2] };
  // A bare fractal in a stop rule is the long side's, a swing low (mirrored for shorts).
  if (/^(?:(?:previous|prior|last|latest|recent|most recent|nearest|closest) )?fractal$/.test(s))
    return { t: "swing", side: "low" };
  const nbar =
    /^(\d+)[- ](bar|candle|day)s? (low|high)$|^(?:lowest low|highest high) of (?:the )?(?:last |previous )?(\d+) (bars|candles)$/.exec(
      s,
    );
  if (nbar) {
    const bars = Number(nbar[1] ?? nbar[4]);
    const low = nbar[3] ? nbar[3] === "low" : s.startsWith("lowest");
    return {
      t: "extreme",
      side: low ? "lowest" : "highest",
      bars,
      shift: 0,
      ...(nbar[2] === "day" ? { tf: "D1" } : {}),
    };
  }
  const channel =
    /^(?:opposite side of the )?(\d+)[- ](bar|day|period) (?:channel|donchian channel|range)(?: (low|high))?$/.exec(
      s,
    );
  if (channel)
    return {
      t: "extreme",
      side: channel[3] === "high" ? "highest" : "lowest",
      bars: Number(channel[1]),
      shift: 0,
      ...(channel[2] === "day" ? { tf: "D1" } : {}),
    };
  // "the lower band": the item's Bollinger bands.
  const band = /^(lower|upper|middle) (?:bollinger )?band$|^(?:bollinger )?(lower|upper|middle) band$/.exec(
    s,
  );
  if (band && ctx.last?.t === "ind" && ctx.last.kind === "BANDS")
    return { ...ctx.last, line: band[1] ?? band[2] };
  return parseOperand(raw, { ...ctx });
}

/**
 * A take profit at a structural level ("the middle Bollinger band", "the previous day high"): v2 has no
 * target price, so the exit rule of each traded side must close when the price reaches it (the short
 * side's level mirrored). A target measured as a distance from a bar or a range is exits.targetDistance.
 */
export function compareTargetRule(
  rule: string,
  spec: StrategySpec,
  all: Record<string, Json>,
): string | null {
  chartTf = spec.timeframe;
  const ctx = contextOf(all, ["entry_long", "entry_short"], true);
  const measure = measureOf(rule);
  if (measure) return compareMeasuredTarget(measure, spec);
  const level = /\b(?:distance|size|height|equal to)\b/i.test(rule) ? null : stopBase(rule, ctx);
  if (!level) return unscorable("take_profit", "not expressible in v2: a target at a measured distance");
  for (const side of ["long", "short"] as const) {
    if (spec.direction !== "both" && spec.direction !== side) continue;
    const want: Atom = {
      op: side === "long" ? "up" : "down",
      l: { t: "price", field: "close" },
      r: side === "long" ? level : mirrorOperand(level),
    };
    const got = ruleShape(spec, spec.exit[side]);
    if (!got || ![...got.all, ...got.any, ...(got.groups ?? []).flat()].some((a) => atomMatch(want, a)))
      return `take_profit: expected the ${side} closed at ${showOperand(want.r)}, got ${showRule(got)}`;
  }
  return null;
}

/**
 * A target at a measured distance ("distance equal to the previous candle's height", "size of last week's
 * range"): v2 exits.targetDistance measuring the same thing (a candle's range and its high - low are one) with
 * the same multiple.
 */
function compareMeasuredTarget(want: Measure, spec: StrategySpec): string | null {
  const got = spec.exits?.targetDistance;
  const wanted = `${want.multiple === 1 ? "" : `${want.multiple} x `}${showOperand(want.of)}`;
  if (!got)
    return `take_profit: expected a target at ${wanted} from the entry, got ${spec.takeProfit ? JSON.stringify(spec.takeProfit) : "none"}`;
  const same =
    operandMatch(canonicalMeasure(want.of), canonicalMeasure(operandOf(spec, got.of))) &&
    eq(want.multiple, got.multiple);
  return same
    ? null
    : `take_profit: expected a target at ${wanted}, got ${got.multiple} x ${showOperand(operandOf(spec, got.of))}`;
}

const PER_SIDE_KEYS = ["long_pips", "short_pips", "long_points", "short_points"];

/**
 * A stop at a different distance per side ("20 points below the entry for buys, 10 above for sells"): v2
 * states it as exits.stop per side, the last close (the price the order is sent at) moved by the distance;
 * a side without one takes stopLoss.
 */
export function compareSideStops(e: Record<string, Json>, spec: StrategySpec): string | null {
  for (const side of ["long", "short"] as const) {
    if (spec.direction !== "both" && spec.direction !== side) continue;
    const unit = `${side}_pips` in e ? "pips" : `${side}_points` in e ? "points" : null;
    if (!unit) continue;
    const value = Number(e[`${side}_${unit}`]);
    const level = spec.exits?.stop?.[side];
    if (!level) {
      const r = distanceMatch({ [unit]: value }, spec.stopLoss, `stop_loss (${side})`);
      if (r) return r;
      continue;
    }
    // The distance read as the distance forms above read it: "points" may be 4-digit pips.
    const got = operandOf(spec, level);
    const sign = side === "long" ? -1 : 1;
    const off = got.t === "expr" && !got.b ? got.off : undefined;
    const distOk =
      off !== undefined &&
      (unit === "points"
        ? (off.unit === "points" || off.unit === "pips") && eq(off.value, sign * value)
        : (off.unit === "pips" && eq(off.value, sign * value)) ||
          (off.unit === "points" && eq(off.value, sign * value * 10)));
    if (!(got.t === "expr" && distOk && operandMatch({ t: "price", field: "close" }, got.a)))
      return `stop_loss: expected ${value} ${unit} from the entry (${side})`;
  }
  return null;
}

/**
 * Scale-out targets ("pips_multi": [40, 70, null]): v2 exits.scaleOut closing parts at those distances in order
 * (pips, or ten points each); the last entry is the take profit of what is left, and null there means the last
 * part runs with no target.
 */
export function compareScaleOut(list: Json[], spec: StrategySpec): string | null {
  const targets = spec.exits?.scaleOut ?? [];
  const last = list[list.length - 1];
  const parts = list.slice(0, -1);
  const pips = (t: { unit: string; distance: number }) =>
    t.unit === "points" ? t.distance / 10 : t.distance;
  const same =
    targets.length === parts.length && parts.every((v, i) => v !== null && eq(pips(targets[i]), Number(v)));
  if (!same)
    return `take_profit: expected scale-out targets at ${parts.join(", ")} pips, got ${targets.length ? targets.map(pips).join(", ") : "none"}`;
  if (last === null)
    return spec.takeProfit ? "take_profit: expected the last part to run, got a take profit" : null;
  return distanceMatch({ pips: last }, spec.takeProfit, "take_profit");
}

export function compareTrailing(expected: Json, spec: StrategySpec): string | null {
  const e = rec(expected);
  const t = spec.trailingStop;
  if (!t) return "trailing_stop: missing";
  const main = Object.fromEntries(
    Object.entries(e).filter(([k]) => !["start_pips", "step_pips", "step_rr"].includes(k)),
  );
  if ("step_rr" in e) {
    // A step of N R is N x the stop distance, in the stop's unit.
    if (!t.step || distanceMatch({ rr: e.step_rr }, t.step, "trailing_stop", spec.stopLoss))
      return `trailing_stop: step expected ${e.step_rr} R of the stop`;
  }
  if (Object.keys(main).length > 0) {
    const r = distanceMatch(main, t.distance, "trailing_stop");
    if (r) return r;
  }
  if ("start_pips" in e && (t.start?.unit !== "pips" || !eq(t.start.value, Number(e.start_pips))))
    return `trailing_stop: start expected ${e.start_pips} pips`;
  if ("step_pips" in e && (t.step?.unit !== "pips" || !eq(t.step.value, Number(e.step_pips))))
    return `trailing_stop: step expected ${e.step_pips} pips`;
  return null;
}

export function compareBreakEven(expected: Json, spec: StrategySpec): string | null {
  const e = rec(expected);
  const beAt = spec.exits?.breakEvenAtTarget;
  const tp = spec.takeProfit;
  const fixedTp = tp?.unit === "pips" || tp?.unit === "points" ? tp : undefined;
  // Part of the way to a fixed target is that distance: the two forms say the same.
  const b =
    spec.breakEven ??
    (beAt !== undefined && fixedTp
      ? { trigger: { unit: fixedTp.unit, value: beAt * fixedTp.value } }
      : undefined);
  if ("rule" in e) {
    const fraction = typeof e.rule === "string" ? targetFractionOf(e.rule) : null;
    if (fraction === null) return "break_even: form cannot be expressed by the spec";
    if (beAt !== undefined)
      return eq(beAt, fraction)
        ? null
        : `break_even: expected at ${fraction} of the way to the target, got ${beAt}`;
    const t = spec.breakEven?.trigger;
    const same =
      t &&
      !spec.breakEven?.offset &&
      fixedTp &&
      t.unit === fixedTp.unit &&
      eq(t.value, fraction * fixedTp.value);
    return same
      ? null
      : `break_even: expected at ${fraction} of the way to the target, got ${JSON.stringify(spec.breakEven ?? null)}`;
  }
  if (!b) return "break_even: missing";
  // A trigger or lock in R is that multiple of the stop distance, in the stop's own unit (as "rr" targets).
  if (("rr" in e || "lock_rr" in e) && !spec.stopLoss)
    return "break_even: a multiple of the stop needs a stop distance, got none";
  const stop = spec.stopLoss;
  const trig = "pips" in e ? { pips: e.pips } : "points" in e ? { points: e.points } : { rr: e.rr };
  const r = distanceMatch(trig, b.trigger, "break_even", stop);
  if (r) return r;
  if ("lock_rr" in e && (!b.offset || distanceMatch({ rr: e.lock_rr }, b.offset, "break_even", stop)))
    return `break_even: lock expected ${e.lock_rr} R`;
  if ("lock_pips" in e && (b.offset?.unit !== "pips" || !eq(b.offset.value, Number(e.lock_pips))))
    return `break_even: lock expected ${e.lock_pips} pips`;
  return null;
}

export function compareSizing(expected: Json, spec: StrategySpec): string | null {
  const e = rec(expected);
  const s = spec.sizing;
  const show =
    s.type === "fixed" ? `${s.lots} lots` : s.type === "riskPercent" ? `${s.percent}% risk` : s.type;
  if ("rule" in e) return compareTiers(e, s, show);
  if ("lots" in e)
    return s.type === "fixed" && eq(s.lots, Number(e.lots))
      ? null
      : `sizing: expected ${e.lots} lots, got ${show}`;
  if ("units" in e)
    return s.type === "fixed" && eq(s.lots, Number(e.units) / 100000)
      ? null
      : `sizing: expected ${e.units} units, got ${show}`;
  if ("risk_percent" in e)
    return s.type === "riskPercent" && (e.risk_percent === null || eq(s.percent, Number(e.risk_percent)))
      ? null
      : `sizing: expected ${e.risk_percent}% risk, got ${show}`;
  if ("risk_percent_range" in e && Array.isArray(e.risk_percent_range)) {
    const [lo, hi] = e.risk_percent_range.map(Number);
    return s.type === "riskPercent" && s.percent >= lo && s.percent <= hi
      ? null
      : `sizing: expected risk in ${lo}-${hi}%, got ${show}`;
  }
  return "sizing: unscorable";
}

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const ZONE_SHIFT: Record<string, number> = { gmt: 0, utc: 0, est: 5, edt: 4 };

/**
 * The spec's hours as UTC hours, one pair per daylight-saving variant: hours without a zone are compared as
 * UTC (as before), hours with a named zone (v2 `hours.zone`) at its standard and, where it has one, its
 * summer offset, as the window is in UTC in winter and in summer.
 */
function utcHours(h: { from: number; to: number; zone?: string } | undefined): Array<[number, number]> {
  if (!h) return [];
  const rule = h.zone === undefined ? undefined : zoneRule(h.zone);
  const offsets = rule
    ? rule.dst === "none"
      ? [rule.std / 3600]
      : [rule.std / 3600, rule.std / 3600 + 1]
    : [0];
  const wrap = (x: number) => ((x % 24) + 24) % 24;
  return offsets.map((o) => [wrap(h.from - o), wrap(h.to - o)]);
}

/**
 * "orders placed at 00:00 GMT, replaced daily": pending orders (v2 pendingEntry) that expire at that time
 * (or after a day of bars) so that new ones replace them; an hours filter, if any, opens at that time.
 * Undefined when the text is not of this form.
 */
function compareDailyOrders(text: string, spec: StrategySpec): string | null | undefined {
  const m =
    /^(?:pending )?orders? (?:are )?(?:placed|set|sent) (?:at|from) (\d{1,2}):(\d{2})(?:\s+(gmt|utc|est|edt))?(?:,?\s*(?:and )?(?:replaced|renewed|re-?placed|cancelled and replaced) (?:daily|every day|each day))?$/.exec(
      text.trim(),
    );
  if (!m) return undefined;
  const at = clockUtc(m[1], m[2], m[3]);
  const pe = spec.pendingEntry;
  if (!pe) return `time_filter: expected pending orders placed at ${at} UTC, got a market entry`;
  const day = 1440 / (TF_MINUTES[spec.timeframe] ?? 1440);
  const expires =
    (pe.expiry?.type === "timeOfDay" && pe.expiry.at === at) ||
    (pe.expiry?.type === "bars" && pe.expiry.bars === day);
  if (!expires)
    return `time_filter: expected the orders replaced daily at ${at} UTC, got ${JSON.stringify(pe.expiry ?? null)}`;
  const hours = spec.timeFilter?.hours;
  if (hours && !utcHours(hours).some(([from]) => from === Number(at.slice(0, 2))))
    return `time_filter: expected orders placed at ${at} UTC, got hours ${JSON.stringify(hours)}`;
  return null;
}

/** A session's opening and closing hours in UTC (either daylight-saving variant), as the session check reads them. */
const SESSION_EDGES: Record<string, { open: number[]; close: number[] }> = {
  london: { open: [7, 8], close: [16, 17] },
  "new york": { open: [12, 13], close: [21, 22] },
  tokyo: { open: [0], close: [9] },
  asian: { open: [0], close: [9] },
};

/**
 * "09:00 UTC London open to New York close", "London open to 15:00 GMT": a window whose ends are clocks or
 * session edges (a clock stated beside an edge is the one compared). Undefined when the text is not of this form.
 */
function compareSessionEdges(text: string, spec: StrategySpec): string | null | undefined {
  const end = String.raw`(?:(\d{1,2}):(\d{2})(?:\s+(gmt|utc|est|edt))?)?\s*(?:(london|new york|tokyo|asian) (open|close))?`;
  const m = new RegExp(String.raw`^${end}\s+(?:to|until|-)\s+${end}$`).exec(text.trim());
  if (!m || (!m[1] && !m[4]) || (!m[6] && !m[9])) return undefined;
  const side = (h?: string, mm?: string, zone?: string, session?: string, edge?: string): number[] | null => {
    if (h && mm) return mm === "00" ? [Number(clockUtc(h, mm, zone).slice(0, 2))] : null;
    const e = session ? SESSION_EDGES[session] : undefined;
    return e && edge ? e[edge as "open" | "close"] : null;
  };
  const from = side(m[1], m[2], m[3] ?? m[8], m[4], m[5]);
  const to = side(m[6], m[7], m[8] ?? m[3], m[9], m[10]);
  if (!from || !to) return "time_filter: minutes cannot be expressed by the spec";
  const h = spec.timeFilter?.hours;
  return utcHours(h).some(([f, t]) => from.includes(f) && to.includes(t))
    ? null
    : `time_filter: expected ${from.join("/")}-${to.join("/")} UTC, got ${JSON.stringify(spec.timeFilter ?? null)}`;
}

/** Every session range (v2 timeWindow operand) the spec reads, wherever it sits (rules, pending prices, exits). */
function timeWindows(
  value: unknown,
  out: Array<{ from: string; to: string }> = [],
): Array<{ from: string; to: string }> {
  if (Array.isArray(value)) for (const v of value) timeWindows(v, out);
  else if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (o.type === "timeWindow" && typeof o.from === "string" && typeof o.to === "string")
      out.push({ from: o.from, to: o.to });
    else for (const v of Object.values(o)) timeWindows(v, out);
  }
  return out;
}

/**
 * "range 19:00-04:00 EST; trading until 12:00 EST", "range 22:00-00:00 UTC, trade after 00:00 UTC": the hours a
 * session range forms over (a timeWindow the rules read, its clocks in UTC as the time filter's), then when
 * entries are taken. "until T": an hours filter ending at T, or a daily time exit at T (v2 exits.closeAt opens
 * no entry from T to the day's end). "after T": an hours filter opening at T, or none when T is the range's end
 * (the range is complete, and read, only from then). The clauses also stand alone ("no new trades after 15:00
 * GMT", "no entries before 07:00 UTC": an hours filter opening then). Undefined when the text is not of this form.
 */
function compareRangeWindow(text: string, spec: StrategySpec): string | null | undefined {
  const clauses = text.trim().split(/\s*[;,]\s*/);
  const head =
    /^(?:the )?range (?:from )?(\d{1,2}):(\d{2})\s*(?:-|to)\s*(\d{1,2}):(\d{2})(?:\s+(gmt|utc|est|edt))?$/.exec(
      clauses[0],
    );
  const CLAUSE =
    /^(?:(?:trad(?:e|es|ing)|entries|enter|open trades)(?: only)? (until|till|up to|after|from)|no (?:new )?(?:trades|entries) (after|before)) (\d{1,2}):(\d{2})(?:\s+(gmt|utc|est|edt))?$/;
  // Without a range, only a text made of these clauses ("no new trades after 15:00 GMT") is of this form.
  if (!head && !clauses.every((c) => CLAUSE.test(c))) return undefined;
  const hours = spec.timeFilter?.hours;
  let to: string | undefined;
  if (head) {
    const from = clockUtc(head[1], head[2], head[5]);
    to = clockUtc(head[3], head[4], head[5]);
    const windows = timeWindows(spec);
    if (!windows.some((w) => w.from === from && w.to === to))
      return `time_filter: expected a range over ${from}-${to} UTC, got ${JSON.stringify(windows)}`;
  }
  for (const clause of head ? clauses.slice(1) : clauses) {
    const m = CLAUSE.exec(clause);
    if (!m) return `time_filter: "${text}" beyond the scorer's grammar`;
    const at = clockUtc(m[3], m[4], m[5] ?? head?.[5]);
    const hour = m[4] === "00" ? Number(at.slice(0, 2)) : Number.NaN;
    const word = m[1] ?? m[2];
    if (word === "after" && m[2] === undefined) {
      // "trade after T": an hours filter opening at T, or none when T is the range's end.
      const ok = hours ? utcHours(hours).some(([f]) => f === hour) : at === to;
      if (!ok)
        return `time_filter: expected entries from ${at} UTC, got ${JSON.stringify(spec.timeFilter ?? null)}`;
    } else if (word === "from" || word === "before") {
      if (!utcHours(hours).some(([f]) => f === hour))
        return `time_filter: expected entries from ${at} UTC, got ${JSON.stringify(spec.timeFilter ?? null)}`;
    } else {
      const close = spec.exits?.closeAt;
      const ok =
        utcHours(hours).some(([, t]) => t === hour) ||
        (close !== undefined && close.weekdays === undefined && close.time === at);
      if (!ok)
        return `time_filter: expected no entry after ${at} UTC, got hours ${JSON.stringify(hours ?? null)} and close ${JSON.stringify(close ?? null)}`;
    }
  }
  return null;
}

/** "07:00-17:00 GMT", "Monday to Friday", "New York session", "Monday-Thursday 06:00-15:00". */
export function compareTimeFilter(expected: Json, spec: StrategySpec): string | null {
  if (typeof expected !== "string") return "time_filter: unscorable";
  const text = expected.toLowerCase();
  const tf = spec.timeFilter;
  const show = JSON.stringify(tf ?? null);
  const placed = compareDailyOrders(text, spec);
  if (placed !== undefined) return placed;
  const edges = compareSessionEdges(text, spec);
  if (edges !== undefined) return edges;
  const ranged = compareRangeWindow(text, spec);
  if (ranged !== undefined) return ranged;
  const rest = text
    .replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/g, "")
    .replace(/\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}/g, "")
    .replace(/\b(to|gmt|utc|est|new york|london|asia|asian|tokyo|sydney|session|sessions|and|only|-)\b/g, "")
    .replace(/[\s,;-]+/g, "");
  if (rest.length > 0) return `time_filter: "${expected}" beyond the scorer's grammar`;
  const sessions = (["london", "new york", "asia"] as const).filter((s) => text.includes(s));
  if (sessions.length > 0) {
    const want = sessions.map((s) => (s === "new york" ? "newyork" : s));
    const got = tf?.sessions ?? [];
    const hoursOk = (from: number, to: number) =>
      want.length === 1 && utcHours(tf?.hours).some(([f, t]) => f === from && t === to % 24);
    const alt =
      want[0] === "newyork"
        ? hoursOk(12, 21) || hoursOk(13, 22)
        : want[0] === "london"
          ? hoursOk(7, 16) || hoursOk(8, 17)
          : false;
    if (!(alt || (got.length === want.length && want.every((w) => got.includes(w as "london")))))
      return `time_filter: expected sessions ${want.join(",")}, got ${show}`;
  }
  const hours = /(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})/.exec(text);
  if (hours) {
    const zone = /\b(gmt|utc|est|edt)\b/.exec(text)?.[1] ?? "utc";
    const shift = ZONE_SHIFT[zone];
    const from = (Number(hours[1]) + shift) % 24;
    const to = (Number(hours[3]) + shift) % 24;
    if (hours[2] !== "00" || hours[4] !== "00") return "time_filter: minutes cannot be expressed by the spec";
    if (!utcHours(tf?.hours).some(([f, t]) => f === from && t === to))
      return `time_filter: expected ${from}-${to} UTC, got ${show}`;
  }
  const range =
    /(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s*(?:to|-)\s*(monday|tuesday|wednesday|thursday|friday|saturday|sunday)/.exec(
      text,
    );
  if (range) {
    const a = DAYS.indexOf(range[1]) + 1;
    const b = DAYS.indexOf(range[2]) + 1;
    const want = Array.from({ length: b - a + 1 }, (_, i) => a + i);
    const got = tf?.weekdays;
    // Monday to Friday is every day the forex market trades: no weekday filter means the same.
    const ok = got
      ? got.length === want.length && want.every((d) => got.includes(d))
      : want.length === 5 && a === 1;
    if (!ok) return `time_filter: expected days ${want.join(",")}, got ${show}`;
  }
  return null;
}

/** The v2 candle patterns an annotation's OTHER name means: one named pattern, or both sides of a sideless one. */
function patternsNamed(name: string): string[] {
  const n = name
    .toLowerCase()
    .replace(/\s*\((?:candle(?:stick)?\s+)?pattern\)\s*$/, "")
    .replace(/\s+(?:candle(?:stick)?\s+)?pattern$/, "")
    .trim();
  const one = patternOf(n);
  if (one) return [one.name];
  if (/^(?:an? )?engulfing(?: (?:candle|bar))?$/.test(n)) return ["bullishEngulfing", "bearishEngulfing"];
  if (/^(?:an? )?pin ?bars?$/.test(n)) return ["bullishPinBar", "bearishPinBar"];
  return [];
}

/** Whether an entry or exit rule of the spec holds a candle pattern the OTHER name means. */
function patternInRules(name: string, spec: StrategySpec): boolean {
  const want = patternsNamed(name);
  if (want.length === 0) return false;
  const held = new Set<string>();
  const rules = [spec.entry.long, spec.entry.short, spec.exit.long, spec.exit.short];
  for (const c of rules.flatMap((r) => (r ? [...r.all, ...r.any] : [])))
    mapSingleBar(c, (x) => {
      if (x.type === "candlePattern") held.add(x.pattern);
      return x;
    });
  return want.some((p) => held.has(p));
}

/** Names of v2 kinds the corpus files under OTHER. */
const V2_NAMED: [RegExp, string][] = [
  [/\b(HMA|Hull)\b/i, "HULL"],
  [/\bIchimoku\b/i, "ICHIMOKU"],
  [/\bTRIX\b/i, "TRIX"],
  [/\bParabolic SAR\b/i, "SAR"],
  [/\bWilliams\b/i, "WPR"],
  [/\bSupertrend\b/i, "SUPERTREND"],
  [/\bKeltner\b/i, "KELTNER"],
];

/**
 * An annotation's smoothing: a bare number is the period of an average whose kind the text leaves open
 * ("atrSmooth (10)"); "EMA(5) of RSI" names it. Null: a form the scorer does not read.
 */
export function smoothingOf(v: Json): { kind?: string; period: number } | null {
  if (typeof v === "number" && Number.isInteger(v) && v > 0) return { period: v };
  if (typeof v !== "string") return null;
  const m = /^\s*(SMA|EMA|SMMA|LWMA|MA)\s*\(\s*(\d+)\s*\)(?:\s+of\b.*)?$/i.exec(v);
  if (!m) return null;
  const kind = m[1].toUpperCase();
  return { ...(kind === "MA" ? {} : { kind }), period: Number(m[2]) };
}

export function compareIndicators(expected: Json, spec: StrategySpec): string | null {
  if (!Array.isArray(expected)) return "indicators: unscorable";
  const have = spec.indicators.map((i) => ({ ind: i, kind: KIND_OUT[i.kind] ?? i.kind, used: false }));
  for (const raw of expected) {
    const e = rec(raw);
    const params = rec(e.params);
    let kind = String(e.kind);
    if (kind === "OTHER") {
      if (params.price_rule === true) continue;
      // An "OTHER" that StrategySpec v2 declares by name (its further kinds): the same kind is expected.
      const name = String(params.name ?? "");
      const v2 = V2_NAMED.find(([re]) => re.test(name) && !/\bwith signal\b/i.test(name));
      // A candle pattern v2 defines is a rule primitive, not an indicator: present when a rule holds it.
      if (!v2 && patternInRules(name, spec)) continue;
      if (!v2) return `indicators: ${name || "an unsupported indicator"} is not in v2`;
      kind = v2[1];
    }
    const ma = new Set(["SMA", "EMA", "SMMA", "LWMA"]);
    // "smoothing": an average of this indicator must be declared too (its kind when named, its period).
    const smoothing = "smoothing" in params ? smoothingOf(params.smoothing) : undefined;
    if (smoothing === null) return `indicators: smoothing ${JSON.stringify(params.smoothing)} unscorable`;
    const averageOf = (base: Indicator) =>
      have.find(
        (h) =>
          !h.used &&
          h.ind !== base &&
          sourceOf(h.ind, spec.indicators) === base &&
          (smoothing?.kind === undefined || h.kind === smoothing.kind) &&
          "period" in h.ind &&
          h.ind.period === smoothing?.period,
      );
    const found = have.find((h) => {
      if (h.used) return false;
      if (smoothing && !averageOf(h.ind)) return false;
      const kindOk = h.kind === kind || (params.type_stated === false && ma.has(h.kind) && ma.has(kind));
      if (!kindOk) return false;
      const i = h.ind;
      const period = i.kind === "STOCHASTIC" ? i.kPeriod : "period" in i ? i.period : null;
      const tf = i.timeframe && i.timeframe !== spec.timeframe ? i.timeframe : undefined;
      if ((typeof params.timeframe === "string" ? params.timeframe : undefined) !== tf) return false;
      if (num(e.period) !== null && period !== e.period) return false;
      if (typeof params.price === "string") {
        const p = "appliedPrice" in i ? i.appliedPrice.toLowerCase() : "close";
        if (p !== params.price) return false;
      }
      if (
        i.kind === "BOLLINGER" &&
        num(params.deviation) !== null &&
        !eq(i.deviation, Number(params.deviation))
      )
        return false;
      if (i.kind === "MACD") {
        for (const k of ["fast", "slow", "signal"] as const)
          if (num(params[k]) !== null && i[k] !== params[k]) return false;
      }
      if (i.kind === "STOCHASTIC") {
        if (num(params.d) !== null && i.dPeriod !== params.d) return false;
        if (num(params.slowing) !== null && i.slowing !== params.slowing) return false;
      }
      return true;
    });
    if (!found)
      return `indicators: expected ${String(e.kind)}(${e.period ?? ""}) ${JSON.stringify(params)} missing`;
    const avg = smoothing ? averageOf(found.ind) : undefined;
    if (avg) avg.used = true;
    found.used = true;
  }
  const atrStops = [
    spec.stopLoss,
    spec.takeProfit,
    spec.trailingStop?.distance,
    spec.breakEven?.trigger,
  ].flatMap((d) => (d?.unit === "atr" ? [d.ref] : []));
  const extra = have.filter((h) => !h.used && !atrStops.includes(h.ind.id));
  return extra.length ? `indicators: extra ${extra.map((h) => h.ind.id).join(", ")}` : null;
}

/** A question is "about" the annotated topic when both name the same subject. */
const TOPICS: [string, RegExp][] = [
  ["period", /\b(period|length|lengths|how many bars)\b/i],
  ["stop", /\bstop\b/i],
  ["target", /\b(target|take profit|tp)\b/i],
  ["unit", /\b(pips or points|points or pips|unit)\b/i],
  ["exit", /\b(exit|close[ds]?)\b/i],
  [
    "unsupported",
    /\b(not supported|unsupported|can't build|cannot build|isn't supported|substitute|instead)\b/i,
  ],
  ["threshold", /\b(threshold|value of|how much|which value|what value|level)\b/i],
  ["hours", /\b(hours|session|time zone|timezone|server time)\b/i],
  ["direction", /\b(direction|long only|short only|both)\b/i],
];
const NAMES =
  /\b(EMA|SMA|HMA|Hull|Ichimoku|TRIX|MACD|RSI|momentum|trendline|trend line|resistance|candle|pattern|uptrend|cloud)\b/gi;
export function questionAbout(question: string | null, about: Json): boolean {
  if (!question) return false;
  const a = String(about ?? "");
  const tags = (s: string) =>
    new Set([
      ...TOPICS.filter(([, re]) => re.test(s)).map(([t]) => t),
      ...[...s.matchAll(NAMES)].map((m) => m[0].toLowerCase()),
    ]);
  const want = tags(a);
  const got = tags(question);
  if (want.size === 0) return true;
  return [...want].some((t) => got.has(t));
}

export const SCORED_FIELDS = [
  "timeframe",
  "direction",
  "indicators",
  "entry_long",
  "entry_short",
  "exit",
  "stop_loss",
  "take_profit",
  "trailing_stop",
  "break_even",
  "sizing",
  "time_filter",
  "max_positions",
] as const;
export type Field = (typeof SCORED_FIELDS)[number];

/** One expected field against the spec; null = match. `null` expected means removed (dialogue turns). */
export function compareField(
  field: Field,
  expected: Json,
  all: Record<string, Json>,
  spec: StrategySpec,
): string | null {
  switch (field) {
    case "timeframe": {
      const ok = Array.isArray(expected) ? expected.includes(spec.timeframe) : expected === spec.timeframe;
      return ok ? null : `timeframe: expected ${JSON.stringify(expected)}, got ${spec.timeframe}`;
    }
    case "direction":
      return expected === spec.direction
        ? null
        : `direction: expected ${String(expected)}, got ${spec.direction}`;
    case "max_positions":
      return expected === spec.maxOpenPositions
        ? null
        : `max_positions: expected ${String(expected)}, got ${spec.maxOpenPositions}`;
    case "indicators":
      return compareIndicators(expected, spec);
    case "entry_long":
      if (expected === null)
        return spec.entry.long && spec.direction !== "short" ? "entry_long: expected removed" : null;
      return compareEntry(expected, spec, "long", all);
    case "entry_short":
      if (expected === null)
        return spec.entry.short && spec.direction !== "long" ? "entry_short: expected removed" : null;
      return compareEntry(expected, spec, "short", all);
    case "exit":
      if (expected === null) return spec.exit.long || spec.exit.short ? "exit: expected removed" : null;
      return compareExit(expected, spec, all);
    case "stop_loss":
      if (expected === null) return spec.stopLoss || spec.exits?.stop ? "stop_loss: expected none" : null;
      if (PER_SIDE_KEYS.some((k) => k in rec(expected))) return compareSideStops(rec(expected), spec);
      // A structural stop (v2 exits.stop); a spec that states it as a distance, or not at all, fails.
      if ((spec.exits?.stop && !spec.stopLoss) || "rule" in rec(expected))
        return compareStopRule(expected, spec, all);
      return compareStop(expected, spec.stopLoss, "stop_loss");
    case "take_profit":
      if (expected === null)
        return spec.takeProfit || spec.exits?.targetR !== undefined ? "take_profit: expected none" : null;
      if (spec.exits?.targetR !== undefined && !spec.takeProfit) {
        const e = rec(expected);
        return "rr" in e && eq(Number(e.rr), spec.exits.targetR)
          ? null
          : `take_profit: expected ${JSON.stringify(e)}, got ${spec.exits.targetR}R`;
      }
      if (typeof rec(expected).rule === "string" && Object.keys(rec(expected)).length === 1)
        return compareTargetRule(String(rec(expected).rule), spec, all);
      if (Array.isArray(rec(expected).pips_multi))
        return compareScaleOut(rec(expected).pips_multi as Json[], spec);
      return compareStop(expected, spec.takeProfit, "take_profit", spec.stopLoss);
    case "trailing_stop":
      if (expected === null) return spec.trailingStop ? "trailing_stop: expected none" : null;
      return compareTrailing(expected, spec);
    case "break_even":
      if (expected === null)
        return spec.breakEven || spec.exits?.breakEvenAtTarget !== undefined
          ? "break_even: expected none"
          : null;
      return compareBreakEven(expected, spec);
    case "sizing":
      if (expected === null) return null;
      return compareSizing(expected, spec);
    case "time_filter":
      if (expected === null) return spec.timeFilter ? "time_filter: expected none" : null;
      return compareTimeFilter(expected, spec);
  }
}

/** The spec's projection of one field, for "unchanged" checks in dialogues. */
export function project(field: Field, spec: StrategySpec): string {
  switch (field) {
    case "timeframe":
      return spec.timeframe;
    case "direction":
      return spec.direction;
    case "max_positions":
      return String(spec.maxOpenPositions);
    case "indicators":
      return JSON.stringify(spec.indicators.map(({ id: _id, ...rest }) => rest));
    case "entry_long":
      return showRule(ruleShape(spec, spec.entry.long));
    case "entry_short":
      return showRule(ruleShape(spec, spec.entry.short));
    case "exit":
      return `${showRule(ruleShape(spec, spec.exit.long))}|${showRule(ruleShape(spec, spec.exit.short))}|${spec.closeOnOpposite}`;
    case "stop_loss":
      return JSON.stringify(spec.stopLoss ?? null);
    case "take_profit":
      return JSON.stringify(spec.takeProfit ?? null);
    case "trailing_stop":
      return JSON.stringify(spec.trailingStop ?? null);
    case "break_even":
      return JSON.stringify(spec.breakEven ?? spec.exits?.breakEvenAtTarget ?? null);
    case "sizing":
      return JSON.stringify(spec.sizing);
    case "time_filter":
      return JSON.stringify(spec.timeFilter ?? null);
  }
}

/** "4 lots while equity < 100000" with `lots` above it: v2 equityTiers (one tier); "account" is either figure. */
const TIER_RULE =
  /^(\d*\.?\d+) lots? (?:while|when|if|until) (?:the )?(equity|balance|account)(?: is)? (?:<|below|under|is below) (\d+(?:\.\d+)?)(k)?$/i;

function compareTiers(e: Record<string, Json>, s: StrategySpec["sizing"], show: string): string | null {
  const m = TIER_RULE.exec(String(e.rule).trim());
  if (!m || !("lots" in e)) return "sizing: a sizing rule cannot be expressed by the spec";
  const below = Number(m[3]) * (m[4] ? 1000 : 1);
  const figure = m[2].toLowerCase();
  const want = `${m[1]} lots below ${below} ${figure}, else ${e.lots}`;
  if (s.type !== "equityTiers" || s.tiers.length !== 1) return `sizing: expected ${want}, got ${show}`;
  const of = s.of ?? "equity";
  const ok =
    eq(s.tiers[0].lots, Number(m[1])) &&
    eq(s.tiers[0].below, below) &&
    eq(s.lots, Number(e.lots)) &&
    (figure === "account" || figure === of);
  return ok ? null : `sizing: expected ${want}, got ${JSON.stringify(s)}`;
}
