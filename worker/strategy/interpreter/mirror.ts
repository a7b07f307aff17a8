import {
  type CandlePattern,
  type Condition,
  type Indicator,
  mapSingleBar,
  type Operand,
  type Rule,
  type SingleBarCondition,
} from "../spec";

// "Do the opposite for short": the mirror of a condition. Oscillator levels reflect around
// their midpoint (RSI 30 ↔ 70, CCI -100 ↔ 100), Bollinger bands swap (upper ↔ lower), and
// trend-strength readings (ADX main line, ATR) stay as they are because they have no side.

function midpoint(ind: Indicator, line: string | undefined): number | "keep" | null {
  switch (ind.kind) {
    case "RSI":
    case "STOCHASTIC":
      return 50;
    case "CCI":
      return 0;
    case "MOMENTUM":
      return 100;
    case "MACD":
      return 0;
    case "ADX":
      return line === undefined || line === "adx" ? "keep" : null;
    case "ATR":
      return "keep";
    default:
      return null;
  }
}

function indicatorOf(op: Operand, indicators: readonly Indicator[]): Indicator | undefined {
  return op.type === "indicator" ? indicators.find((i) => i.id === op.ref) : undefined;
}

/** A level's twin on the other side: the upper band for the lower, the N-bar high for the low (a stop's mirror). */
export function mirrorLevel(op: Operand, indicators: readonly Indicator[]): Operand {
  return swapBand(op, indicators);
}

function swapBand(op: Operand, indicators: readonly Indicator[]): Operand {
  // Price levels trade sides too: the N-bar high for the N-bar low, yesterday's high for its low, and an
  // offset above the level for one below it.
  switch (op.type) {
    case "extreme":
      return { ...op, side: op.side === "highest" ? "lowest" : "highest" };
    case "previousPeriod":
      return op.field === "HIGH" || op.field === "LOW"
        ? { ...op, field: op.field === "HIGH" ? "LOW" : "HIGH" }
        : op;
    case "timeWindow":
    case "swing":
      return { ...op, side: op.side === "high" ? "low" : "high" };
    case "expression":
      if (op.b) return op;
      return {
        ...op,
        a: swapLevel(op.a),
        ...(op.offset && op.offset.unit !== "percent"
          ? { offset: { ...op.offset, value: -op.offset.value } }
          : {}),
      };
  }
  // The bar's high and low trade places ("the high above the line" for buys is "the low below it" for sells).
  if (op.type === "price" && (op.field === "HIGH" || op.field === "LOW"))
    return { ...op, field: op.field === "HIGH" ? "LOW" : "HIGH" };
  const ind = indicatorOf(op, indicators);
  // A line of highs and a line of lows (an SMMA of highs beside the same SMMA of lows) trade places too.
  const twin = ind && op.type === "indicator" ? highLowTwin(ind, indicators) : undefined;
  if (twin && op.type === "indicator") return { ...op, ref: twin.id };
  if (op.type !== "indicator" || ind?.kind !== "BOLLINGER") return op;
  if (op.line === "upper") return { ...op, line: "lower" };
  if (op.line === "lower") return { ...op, line: "upper" };
  return op;
}

function highLowTwin(ind: Indicator, indicators: readonly Indicator[]): Indicator | undefined {
  if (!("appliedPrice" in ind) || (ind.appliedPrice !== "HIGH" && ind.appliedPrice !== "LOW"))
    return undefined;
  const want = ind.appliedPrice === "HIGH" ? "LOW" : "HIGH";
  const { id: _id, appliedPrice: _p, ...rest } = ind;
  return indicators.find((o) => {
    if (o.id === ind.id || !("appliedPrice" in o) || o.appliedPrice !== want) return false;
    const { id: _oid, appliedPrice: _op, ...other } = o;
    return (
      JSON.stringify(other, Object.keys(other).sort()) === JSON.stringify(rest, Object.keys(rest).sort())
    );
  });
}

function swapLevel<T extends Operand>(op: T): T {
  if (op.type === "extreme") return { ...op, side: op.side === "highest" ? "lowest" : "highest" };
  if (op.type === "previousPeriod" && (op.field === "HIGH" || op.field === "LOW"))
    return { ...op, field: op.field === "HIGH" ? "LOW" : "HIGH" };
  if (op.type === "timeWindow" || op.type === "swing")
    return { ...op, side: op.side === "high" ? "low" : "high" };
  return op;
}

function reflect(value: Operand, around: Operand, indicators: readonly Indicator[]): Operand {
  if (value.type !== "constant") return value;
  // A difference of two lines ("EMA(2) - EMA(20) > 0.0005") is centred on zero: the sell side is its negative.
  if (around.type === "expression" && around.b && around.k === -1 && !around.offset)
    return { type: "constant", value: -value.value };
  const ind = indicatorOf(around, indicators);
  if (!ind || around.type !== "indicator") return value;
  const mid = midpoint(ind, around.line);
  if (typeof mid !== "number") return value;
  // Momentum read as a difference ("crosses from negative to positive") has its centre at zero, not at 100.
  if (ind.kind === "MOMENTUM" && value.value === 0) return value;
  return { type: "constant", value: 2 * mid - value.value };
}

function keeps(c: SingleBarCondition, indicators: readonly Indicator[]): boolean {
  if (c.type === "candlePattern") return false;
  const operand = c.type === "between" ? c.operand : c.left;
  const ind = indicatorOf(operand, indicators);
  if (!ind || operand.type !== "indicator") return false;
  const other = c.type === "between" ? c.lower : c.right;
  return midpoint(ind, operand.line) === "keep" && other.type === "constant";
}

const MIRROR_PATTERN: Readonly<Record<CandlePattern, CandlePattern>> = {
  bullish: "bearish",
  bearish: "bullish",
  insideBar: "insideBar",
  bullishEngulfing: "bearishEngulfing",
  bearishEngulfing: "bullishEngulfing",
  bullishPinBar: "bearishPinBar",
  bearishPinBar: "bullishPinBar",
  outsideBar: "outsideBar",
  doji: "doji",
};

export function mirrorCondition(c: Condition, indicators: readonly Indicator[]): Condition {
  // A sequence's window: each of its conditions turned round (spec-sequence.ts).
  return mapSingleBar(c, (x) => mirrorSingle(x, indicators));
}

function mirrorSingle(c: SingleBarCondition, indicators: readonly Indicator[]): SingleBarCondition {
  if (keeps(c, indicators)) return c;
  switch (c.type) {
    case "candlePattern":
      return { ...c, pattern: MIRROR_PATTERN[c.pattern] };
    case "between": {
      const lo = reflect(c.upper, c.operand, indicators);
      const hi = reflect(c.lower, c.operand, indicators);
      return { type: "between", operand: swapBand(c.operand, indicators), lower: lo, upper: hi };
    }
    case "crossesAbove":
    case "crossesBelow":
    case "greaterThan":
    case "lessThan": {
      const type =
        c.type === "crossesAbove"
          ? "crossesBelow"
          : c.type === "crossesBelow"
            ? "crossesAbove"
            : c.type === "greaterThan"
              ? "lessThan"
              : "greaterThan";
      const left = swapBand(reflect(c.left, c.right, indicators), indicators);
      const right = swapBand(reflect(c.right, c.left, indicators), indicators);
      return { type, left, right };
    }
  }
}

export function mirrorRule(rule: Rule, indicators: readonly Indicator[]): Rule {
  return {
    all: rule.all.map((c) => mirrorCondition(c, indicators)),
    any: rule.any.map((c) => mirrorCondition(c, indicators)),
  };
}
