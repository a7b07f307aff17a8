/**
 * Rules to boolean functions. Spec semantics (worker/strategy/spec.ts): shift 0 is the bar that
 * just closed, which is MQL5 series index 1, so every read uses index shift + 1.
 * crossesAbove(a, b) = a[s+1] <= b[s+1] && a[s] > b[s]; greaterThan/lessThan are strict;
 * between is inclusive; a rule is all(...) && (any(...) when `any` is non-empty); an allOf group is the
 * && of its members.
 * Every comparison goes through IsAbove/IsAtMost, the spec's EQUALITY (|a - b| <= 1e-9 x
 * max(1, |a|, |b|) is a tie) as the engine compares: raw doubles would see a cross in the 3e-14
 * noise of two equal moving averages. A condition reading a value inside its indicator's warm-up
 * is false (the engine's NaN): IndicatorValue raises g_warm for it.
 */
import {
  APPLIED_PRICES,
  type BasicOperand,
  type Condition,
  conditionOperands,
  type Operand,
  operandLeaves,
  operandLine,
  type Rule,
  type SingleBarCondition,
} from "../../strategy/spec";
import type { Expr, FunctionDecl, Stmt } from "../ir";
import { and, assign, bin, call, dbl, decl, id, ifThen, int, or, ret } from "../ir";
import type { Context } from "./context";
import { lineValue, TIMEFRAME } from "./indicators";
import { constructAt, expressionValue, patternExpr } from "./price-constructs";
import { windowFunction } from "./within";

/** Reads one value of an indicator buffer; defined in the program by valueFunction(). */
export const VALUE_FN = "IndicatorValue";

/** `first`: the series position (0 = oldest bar) of the buffer's first real value (warm-up.ts). */
export const indicatorValue = (handle: string, buffer: Expr, index: number, first: Expr): Expr =>
  call(VALUE_FN, id(handle), buffer, int(index), first);

const ABOVE_FN = "IsAbove";
const AT_MOST_FN = "IsAtMost";
const above = (a: Expr, b: Expr): Expr => call(ABOVE_FN, a, b);
const atMost = (a: Expr, b: Expr): Expr => call(AT_MOST_FN, a, b);

/** IsAbove(a, b): a > b beyond the spec's tolerance; IsAtMost(a, b): its negation (a <= b or a tie). */
export function comparisonFunctions(): FunctionDecl[] {
  const params = [
    { type: "double" as const, name: "a" },
    { type: "double" as const, name: "b" },
  ];
  const tolerance = bin(
    "*",
    dbl(1e-9),
    call("MathMax", dbl(1), call("MathMax", call("MathAbs", id("a")), call("MathAbs", id("b")))),
  );
  return [
    {
      returnType: "bool",
      name: ABOVE_FN,
      params,
      doc: "a > b, a tie within 1e-9 x max(1, |a|, |b|) not counting",
      body: [ret(bin(">", bin("-", id("a"), id("b")), tolerance))],
    },
    {
      returnType: "bool",
      name: AT_MOST_FN,
      params,
      doc: "a <= b, or a tie within the tolerance",
      body: [ret({ kind: "not", operand: call(ABOVE_FN, id("a"), id("b")) })],
    },
  ];
}

const bar = (fn: string, index: number): Expr => call(fn, id("_Symbol"), TIMEFRAME, int(index));

/** The value of an operand `extra` bars further back than its own shift (an expression: its parts'). */
export function valueAt(ctx: Context, op: Operand, extra: number): Expr {
  if (op.type === "constant") return inUnit(op, dbl(op.value));
  if (op.type === "expression") {
    const b = op.b ? valueAt(ctx, op.b, extra) : undefined;
    return expressionValue(valueAt(ctx, op.a, extra), op.k, b, op.offset);
  }
  return seriesAt(ctx, op, extra);
}

/** A constant in pips or points is a price distance (spec.ts SEMANTICS): its value x g_pip or _Point. */
function inUnit(op: { readonly unit?: "pips" | "points" }, value: Expr): Expr {
  return op.unit === undefined ? value : bin("*", value, id(op.unit === "pips" ? "g_pip" : "_Point"));
}

/** The value of a non-constant basic operand `extra` bars further back than its own shift. */
function seriesAt(ctx: Context, op: Exclude<BasicOperand, { type: "constant" }>, extra: number): Expr {
  const index = op.shift + extra + 1;
  if (
    op.type === "extreme" ||
    op.type === "previousPeriod" ||
    op.type === "timeWindow" ||
    op.type === "candle" ||
    op.type === "swing"
  )
    return constructAt(ctx, op, index);
  if (op.type === "indicator") {
    const ind = ctx.indicator(op.ref);
    const line = operandLine(ind, op.line);
    if (ind.kind === "MACD" && line === "histogram") {
      return bin("-", lineValue(ctx, ind, "main", index), lineValue(ctx, ind, "signal", index));
    }
    return lineValue(ctx, ind, line, index);
  }
  if (op.timeframe !== undefined && op.timeframe !== ctx.spec.timeframe) {
    const fn = ctx.helper(HIGHER_PRICE_FN, higherPriceFunction);
    return call(fn, id(`PERIOD_${op.timeframe}`), int(APPLIED_PRICES.indexOf(op.field)), int(index));
  }
  const [h, l, c] = [bar("iHigh", index), bar("iLow", index), bar("iClose", index)];
  switch (op.field) {
    case "CLOSE":
      return c;
    case "OPEN":
      return bar("iOpen", index);
    case "HIGH":
      return h;
    case "LOW":
      return l;
    case "MEDIAN":
      return bin("/", bin("+", h, l), dbl(2));
    case "TYPICAL":
      return bin("/", bin("+", bin("+", h, l), c), dbl(3));
    case "WEIGHTED":
      return bin("/", bin("+", bin("+", h, l), bin("*", dbl(2), c)), dbl(4));
  }
}

const HIGHER_PRICE_FN = "HigherPrice";

/**
 * HigherPrice(tf, field, index): an applied price (field = its place in APPLIED_PRICES) of the bar at
 * `index` on a higher timeframe, read at the first tick of a strategy bar as a higher-timeframe indicator
 * (index 1 = its last closed bar); a bar the history does not hold yet raises g_warm, as the engine's NaN.
 */
function higherPriceFunction(): FunctionDecl {
  const tf = id("tf");
  const at = (fn: string): Expr => call(fn, id("_Symbol"), tf, id("index"));
  const is = (field: (typeof APPLIED_PRICES)[number]): Expr =>
    bin("==", id("field"), int(APPLIED_PRICES.indexOf(field)));
  const [o, h, l, c] = [id("o"), id("h"), id("l"), id("c")];
  return {
    returnType: "double",
    name: HIGHER_PRICE_FN,
    params: [
      { type: "ENUM_TIMEFRAMES", name: "tf" },
      { type: "int", name: "field" },
      { type: "int", name: "index" },
    ],
    doc: "An applied price of a closed bar of a higher timeframe; flags a bar not in the history yet",
    body: [
      ifThen(bin("<", bin("-", bin("-", call("Bars", id("_Symbol"), tf), int(1)), id("index")), int(0)), [
        assign("g_warm", id("true")),
        ret(dbl(0)),
      ]),
      decl("double", "o", at("iOpen")),
      decl("double", "h", at("iHigh")),
      decl("double", "l", at("iLow")),
      decl("double", "c", at("iClose")),
      ifThen(is("OPEN"), [ret(o)]),
      ifThen(is("HIGH"), [ret(h)]),
      ifThen(is("LOW"), [ret(l)]),
      ifThen(is("MEDIAN"), [ret(bin("/", bin("+", h, l), dbl(2)))]),
      ifThen(is("TYPICAL"), [ret(bin("/", bin("+", bin("+", h, l), c), dbl(3)))]),
      ifThen(is("WEIGHTED"), [ret(bin("/", bin("+", bin("+", h, l), bin("*", dbl(2), c)), dbl(4)))]),
      ret(c),
    ],
  };
}

/**
 * The expression of one condition. Each constant becomes one input ("rule levels") so a trader
 * can tune it; a cross reads that same input at both shifts.
 */
export function conditionExpr(ctx: Context, c: SingleBarCondition, level: (value: number) => Expr): Expr {
  const reader = (op: Operand): ((extra: number) => Expr) => {
    if (op.type === "constant") {
      const input = inUnit(op, level(op.value));
      return () => input;
    }
    return (extra) => valueAt(ctx, op, extra);
  };
  switch (c.type) {
    case "candlePattern":
      return patternExpr(c.pattern, c.shift + 1);
    case "crossesAbove":
    case "crossesBelow": {
      const [left, right] = [reader(c.left), reader(c.right)];
      // Above: (<= then >); below: (>= then <), each as the tolerant pair.
      return c.type === "crossesAbove"
        ? and(atMost(left(1), right(1)), above(left(0), right(0)))
        : and(atMost(right(1), left(1)), above(right(0), left(0)));
    }
    case "greaterThan":
      return above(reader(c.left)(0), reader(c.right)(0));
    case "lessThan":
      return above(reader(c.right)(0), reader(c.left)(0));
    case "between": {
      const x = reader(c.operand)(0);
      return and(atMost(reader(c.lower)(0), x), atMost(x, reader(c.upper)(0)));
    }
  }
}

/**
 * A function `bool Name()` that evaluates the rule on the last closed bar, one local per
 * condition so the generated code reads like the outline.
 */
export function signalFunction(
  ctx: Context,
  name: string,
  rule: Rule,
  doc: string,
  inputPrefix: string,
): FunctionDecl {
  let levels = 0;
  const levelName = (value: number): Expr =>
    ctx.input(
      "Rule levels",
      "double",
      `${inputPrefix}Level${++levels}`,
      dbl(value),
      `${doc}: level ${levels}`,
    );
  const body: Stmt[] = [];
  const locals = (list: Condition[], prefix: string): Expr[] =>
    list.map((c, i) => {
      const local = `${prefix}${i + 1}`;
      if (c.type === "allOf") {
        // A group (spec-groups.ts): a local per member, and the group's local is their AND.
        body.push({ kind: "comment", text: `all of: ${describe(c)}` });
        const members = locals(c.conditions, `${local}_`);
        body.push(decl("bool", local, and(...members)));
        return id(local);
      }
      body.push({ kind: "comment", text: describe(c) });
      if (c.type === "within") {
        // A sequence's window (within.ts): its own function, which handles the warm-up of each bar.
        body.push(decl("bool", local, call(windowFunction(ctx, `${name}_${local}`, c, levelName))));
        return id(local);
      }
      // Indicators and the price constructs that may have no value yet raise g_warm.
      const readsIndicator = conditionOperands(c)
        .flatMap(operandLeaves)
        .some(
          (op) =>
            (op.type !== "price" || (op.timeframe !== undefined && op.timeframe !== ctx.spec.timeframe)) &&
            op.type !== "constant" &&
            op.type !== "candle",
        );
      if (readsIndicator) body.push(assign("g_warm", id("false")));
      body.push(decl("bool", local, conditionExpr(ctx, c, levelName)));
      // A value still in its indicator's warm-up: the condition does not hold yet.
      if (readsIndicator) body.push(ifThen(id("g_warm"), [assign(local, id("false"))]));
      return id(local);
    });
  const all = locals(rule.all, "all");
  const any = locals(rule.any, "any");
  const parts = [...all];
  if (any.length > 0) parts.push(or(...any));
  body.push(ret(parts.length > 0 ? and(...parts) : id("false")));
  return { returnType: "bool", name, params: [], body, doc };
}

function describeOperand(op: Operand): string {
  switch (op.type) {
    case "expression": {
      const b = op.b ? ` ${op.k < 0 ? "-" : "+"} ${Math.abs(op.k)} * ${describeOperand(op.b)}` : "";
      const off = op.offset
        ? ` ${op.offset.value < 0 ? "-" : "+"} ${Math.abs(op.offset.value)} ${op.offset.unit}`
        : "";
      return `(${describeOperand(op.a)}${b}${off})`;
    }
    case "extreme":
      return `${op.side}(${op.bars})${op.shift ? `[${op.shift}]` : ""}`;
    case "previousPeriod":
      return `${op.period}[${op.back === 0 ? "so far" : `-${op.back}`}].${op.field.toLowerCase()}${op.shift ? `[${op.shift}]` : ""}`;
    case "timeWindow":
      return `window ${op.from}-${op.to} ${op.side}${op.shift ? `[${op.shift}]` : ""}`;
    case "candle":
      return `${op.measure}${op.shift ? `[${op.shift}]` : ""}`;
    case "swing":
      return `swing ${op.side}(${op.strength})${op.shift ? `[${op.shift}]` : ""}`;
    case "constant":
      return `${op.value}${op.unit ? ` ${op.unit}` : ""}`;
    case "indicator":
      return `${op.ref}${op.line ? `.${op.line}` : ""}${op.shift ? `[${op.shift}]` : ""}`;
    case "price":
      return `${op.timeframe ? `${op.timeframe} ` : ""}${op.field.toLowerCase()}${op.shift ? `[${op.shift}]` : ""}`;
  }
}

export function describe(c: Condition): string {
  if (c.type === "allOf") return c.conditions.map(describe).join(" && ");
  if (c.type === "within") return `within ${c.bars} bars: ${c.all.map(describe).join(" and ")}`;
  if (c.type === "candlePattern") return `${c.pattern}${c.shift ? `[${c.shift}]` : ""}`;
  if (c.type === "between") {
    return `${describeOperand(c.operand)} between ${describeOperand(c.lower)} and ${describeOperand(c.upper)}`;
  }
  return `${describeOperand(c.left)} ${c.type} ${describeOperand(c.right)}`;
}
