import { PERIODS, type Period } from "../../market/types";
import {
  conditionOperands,
  type Indicator,
  type Condition as SpecCondition,
  type Distance as SpecDistance,
  type Operand as SpecOperand,
  type StrategySpec,
  timeframeIssue,
} from "../spec";
import { patternSpec } from "./candle-patterns";
import type { Condition, Distance, IndicatorMention, MaMethod, Operand, Problem } from "./facts";
import { DEFAULTS, indicatorId, lineOf, maKind, resolveIndicator, sameIndicator } from "./indicators";

// Turns the interpreter's conditions, operands and distances into the schema's, adding the
// indicators they need to the draft and noting what cannot be built.

export type Ctx = "longEntry" | "shortEntry" | "longExit" | "shortExit";

/**
 * The timeframe an untagged mention was declared with elsewhere in the message ("Indicators: EMA 21 (H4)"
 * ... "close above the EMA 21"): the tag of the one other mention of the same kind and length that has one.
 */
function declaredTimeframe(m: IndicatorMention, mentions: readonly IndicatorMention[]): string | undefined {
  const length = (x: IndicatorMention): number | null =>
    "period" in x ? x.period : x.kind === "stochastic" ? x.k : x.kind === "macd" ? x.fast : null;
  const tags = new Set(
    mentions.flatMap((s) =>
      s !== m &&
      s.kind === m.kind &&
      s.timeframe !== undefined &&
      s.declared === true &&
      length(m) !== null &&
      length(s) === length(m) &&
      (s.kind !== "ma" || m.kind !== "ma" || m.method === null || s.method === m.method)
        ? [s.timeframe]
        : [],
    ),
  );
  return tags.size === 1 ? [...tags][0] : undefined;
}

export class Builder {
  readonly problems = new Set<Problem>();
  readonly notes: string[] = [];
  constructor(
    readonly draft: StrategySpec,
    readonly mentions: readonly IndicatorMention[],
  ) {}

  indicator(m: IndicatorMention): Indicator | null {
    if (m.kind === "ma" && m.of) return this.average(m, m.of);
    const r = resolveIndicator(m, this.mentions, this.draft.indicators);
    if (!r.ok) {
      this.problems.add(r.problem);
      return null;
    }
    // On a higher timeframe ("the daily EMA"): its own declaration, "ema12_d1" beside the chart's "ema12".
    const tf = this.higher(m.timeframe ?? declaredTimeframe(m, this.mentions));
    const ind: Indicator =
      tf === undefined || r.indicator.timeframe === tf
        ? r.indicator
        : { ...r.indicator, timeframe: tf, id: `${indicatorId(r.indicator)}_${tf.toLowerCase()}` };
    if (!this.draft.indicators.some((i) => i.id === ind.id)) this.draft.indicators.push(ind);
    return ind;
  }

  /**
   * A tagged timeframe the chart can read (longer and a whole multiple, or shorter and dividing it:
   * spec-indicators.ts LOWER TIMEFRAME); else none: the chart's own.
   */
  higher(tf: string | undefined): Period | undefined {
    const p = PERIODS.find((x) => x === tf);
    return p !== undefined &&
      p !== this.draft.timeframe &&
      timeframeIssue(p, this.draft.timeframe) === undefined
      ? p
      : undefined;
  }

  /**
   * An average of another indicator (spec-smoothing.ts): the source first, then the average reading it.
   * Its length is the one stated with it ("the 5 ema of ..."); an unstated kind is MT5's default, simple.
   */
  private average(m: Extract<IndicatorMention, { kind: "ma" }>, of: IndicatorMention): Indicator | null {
    const src = this.indicator(of);
    if (!src) return null;
    if (m.period === null) {
      this.problems.add("maPeriod");
      return null;
    }
    const ind: Indicator = {
      id: "x",
      kind: maKind(m.method ?? "sma"),
      period: m.period,
      appliedPrice: "CLOSE",
      source: { ref: src.id },
    };
    const known = this.draft.indicators.find((i) => sameIndicator(i, ind));
    if (known) return known;
    const named = { ...ind, id: indicatorId(ind) };
    this.draft.indicators.push(named);
    return named;
  }

  operand(op: Operand): SpecOperand | null {
    if (op.type === "constant") return { type: "constant", value: op.value };
    if (op.type === "price") {
      const tf = this.higher(op.timeframe);
      return {
        type: "price",
        field: priceField(op.field),
        shift: op.shift,
        ...(tf ? { timeframe: tf } : {}),
      };
    }
    if (op.type === "level") return op.spec;
    if (op.type === "percentOf") {
      const a = this.operand(op.a);
      if (!a || a.type === "expression") return null;
      return { type: "expression", a, k: 1, offset: { unit: "percent", value: op.percent } };
    }
    if (op.type === "difference") {
      const a = this.operand(op.a);
      const b = this.operand(op.b);
      if (!a || !b || a.type === "expression" || b.type === "expression") return null;
      return { type: "expression", a, k: -1, b };
    }
    // A pattern is a condition of its own (conditions()), never a value to compare.
    if (op.type === "pattern") return null;
    const ind = this.indicator(op.ind);
    if (!ind) return null;
    const line = lineOf(op.ind);
    return line === undefined
      ? { type: "indicator", ref: ind.id, shift: op.shift }
      : { type: "indicator", ref: ind.id, line, shift: op.shift };
  }

  atr(period: number | null, smooth?: { period: number; method: MaMethod }): Indicator {
    const existing = this.draft.indicators.find(
      (i) => i.kind === "ATR" && (period === null || i.period === period),
    );
    let atr: Indicator | undefined = existing;
    if (!atr) {
      const ind: Indicator = { id: "x", kind: "ATR", period: period ?? DEFAULTS.atr };
      atr = { ...ind, id: indicatorId(ind) };
      this.draft.indicators.push(atr);
    }
    if (!smooth) return atr;
    // A smoothed ATR (spec-smoothing.ts): the average of the ATR is the distance (spec.ts accepts it as one).
    const avg: Indicator = {
      id: "x",
      kind: maKind(smooth.method),
      period: smooth.period,
      appliedPrice: "CLOSE",
      source: { ref: atr.id },
    };
    const known = this.draft.indicators.find((i) => sameIndicator(i, avg));
    if (known) return known;
    const named = { ...avg, id: indicatorId(avg) };
    this.draft.indicators.push(named);
    return named;
  }

  distance(d: Distance): SpecDistance | null {
    switch (d.unit) {
      case "pips":
      case "points":
        return { unit: d.unit, value: d.value };
      case "percent":
        return d.value > 0 && d.value <= 100 ? { unit: "percent", value: d.value } : null;
      case "atr":
        return { unit: "atr", ref: this.atr(d.period, d.smooth).id, multiple: d.value };
      case "rr": {
        const sl = this.draft.stopLoss;
        if (!sl) {
          this.problems.add("needsStopForRatio");
          return null;
        }
        return sl.unit === "atr"
          ? { ...sl, multiple: round(sl.multiple * d.value) }
          : { ...sl, value: round(sl.value * d.value) };
      }
    }
  }

  /** Our condition in a rule's context; null if an operand cannot be built. */
  condition(c: Condition, ctx: Ctx): SpecCondition | "self" | null {
    let left = c.left;
    let right = c.right;
    // "the 50 ema crosses the 200": a whole number right of a moving average is another average.
    if (
      left.type === "indicator" &&
      left.ind.kind === "ma" &&
      !left.ind.of &&
      right.type === "constant" &&
      Number.isInteger(right.value) &&
      right.value >= 2
    ) {
      right = { type: "indicator", ind: { ...left.ind, period: right.value, role: null }, shift: 0 };
    }
    let op = c.op;
    if (c.pullback && left.type === "price" && right.type !== "constant") {
      // Against a buy the price comes down to the line (its low below it); against a sell up (its high above).
      const down = ctx === "longEntry" || ctx === "shortExit";
      const r = this.operand(right);
      if (!r) return null;
      return down
        ? { type: "lessThan", left: { type: "price", field: "LOW", shift: 0 }, right: r }
        : { type: "greaterThan", left: { type: "price", field: "HIGH", shift: 0 }, right: r };
    }
    if (op === "crosses") {
      const up = ctx === "longEntry" || ctx === "shortExit";
      // For two averages the faster one is the subject: "fast crosses above slow" is the long signal.
      const lp = maPeriod(left);
      const rp = maPeriod(right);
      if (lp !== null && rp !== null && lp > rp) [left, right] = [right, left];
      op = up ? "crossesAbove" : "crossesBelow";
      // "exit on a break of the upper band": an outer band is reached from inside the bands, whatever the side.
      const band = right.type === "indicator" && right.ind.kind === "bollinger" ? right.ind.line : null;
      if (
        (ctx === "longExit" || ctx === "shortExit") &&
        left.type === "price" &&
        band !== null &&
        band !== "middle"
      )
        op = band === "upper" ? "crossesAbove" : "crossesBelow";
      // "exit at the middle band" after an entry at an outer band: the price goes back toward the middle,
      // up from the lower band, down from the upper one (a long bought at the lower band closes on the way up).
      if ((ctx === "longExit" || ctx === "shortExit") && left.type === "price" && band === "middle") {
        const from = this.entryBand(ctx === "longExit" ? "long" : "short");
        if (from !== null) op = from === "lower" ? "crossesAbove" : "crossesBelow";
      }
    }
    const l = this.operand(left);
    const r = this.operand(right);
    if (!l || !r) return null;
    if (op === "between") {
      const r2 = c.right2 ? this.operand(c.right2) : null;
      if (!r2) return null;
      const [lo, hi] =
        r.type === "constant" && r2.type === "constant" && r.value > r2.value ? [r2, r] : [r, r2];
      return { type: "between", operand: l, lower: lo, upper: hi };
    }
    // "close when RSI gets back to 50" after a long entered near 30: the level is reached from where the entry
    // left the oscillator, so the cross goes up (and down after an entry above the level).
    if (
      c.op === "crosses" &&
      (ctx === "longExit" || ctx === "shortExit") &&
      l.type === "indicator" &&
      r.type === "constant"
    ) {
      const entry = this.draft.entry[ctx === "longExit" ? "long" : "short"];
      const level = entry?.all.find(
        (x) =>
          x.type !== "between" &&
          x.type !== "candlePattern" &&
          x.type !== "allOf" &&
          x.type !== "within" &&
          x.left.type === "indicator" &&
          x.left.ref === l.ref &&
          x.right.type === "constant",
      );
      if (
        level &&
        level.type !== "between" &&
        level.type !== "candlePattern" &&
        level.type !== "allOf" &&
        level.type !== "within" &&
        level.right.type === "constant" &&
        level.right.value !== r.value
      )
        op = level.right.value < r.value ? "crossesAbove" : "crossesBelow";
    }
    // "close > close": a line compared with itself never holds (what is left of a comparison whose other side
    // the grammar could not read, e.g. "higher than it was x bars back"); it is dropped, not built.
    if (same(l, r)) return "self";
    const type =
      op === "crossesAbove"
        ? "crossesAbove"
        : op === "crossesBelow"
          ? "crossesBelow"
          : op === "above"
            ? "greaterThan"
            : "lessThan";
    return { type, left: l, right: r };
  }

  /** The outer Bollinger line the side's entry rule reads ("lower" or "upper"), or null. */
  private entryBand(side: "long" | "short"): "lower" | "upper" | null {
    const rule = this.draft.entry[side];
    if (!rule) return null;
    for (const c of [...rule.all, ...rule.any].flatMap((x) => conditionOperands(x))) {
      const ops = c.type === "expression" ? [c.a, ...(c.b ? [c.b] : [])] : [c];
      for (const op of ops) {
        if (op.type !== "indicator" || (op.line !== "lower" && op.line !== "upper")) continue;
        if (this.draft.indicators.find((i) => i.id === op.ref)?.kind === "BOLLINGER") return op.line;
      }
    }
    return null;
  }

  conditions(cs: readonly Condition[], ctx: Ctx): SpecCondition[] | null {
    const out: SpecCondition[] = [];
    for (const c of cs) {
      if (c.left.type === "pattern") {
        for (const sc of patternSpec(c.left, ctx)) if (!out.some((o) => same(o, sc))) out.push(sc);
        continue;
      }
      const sc = this.condition(c, ctx);
      if (!sc) return null;
      if (sc === "self") continue;
      if (!out.some((o) => same(o, sc))) out.push(sc);
    }
    return out;
  }
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function maPeriod(op: Operand): number | null {
  return op.type === "indicator" && op.ind.kind === "ma" ? op.ind.period : null;
}

function priceField(f: string): "CLOSE" | "OPEN" | "HIGH" | "LOW" | "MEDIAN" | "TYPICAL" | "WEIGHTED" {
  switch (f) {
    case "open":
      return "OPEN";
    case "high":
      return "HIGH";
    case "low":
      return "LOW";
    case "median":
      return "MEDIAN";
    case "typical":
      return "TYPICAL";
    case "weighted":
      return "WEIGHTED";
    default:
      return "CLOSE";
  }
}

export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
