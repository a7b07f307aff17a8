/**
 * StrategySpec v2 (DESIGN D4): the one document that the assistant writes and that the MQL5 generator,
 * the backtest engine and the outline all read. Pure: no I/O (DESIGN D9).
 *
 * SEMANTICS (shared by the generated EA and the engine, DESIGN D6), written once here:
 *   - Rules are evaluated once per bar of `timeframe`, at the first tick of a new bar, on CLOSED bars.
 *     `shift` counts closed bars back: shift 0 = the bar that just closed (MT5 buffer index 1),
 *     shift 1 = the bar before it (MT5 index 2). The generator adds 1 when it calls CopyBuffer.
 *   - A price operand with a higher `timeframe` ("the H4 high" on H1) reads that timeframe's bars exactly as
 *     a higher-timeframe indicator does (spec-indicators.ts, HIGHER TIMEFRAME): shift 0 is the last CLOSED
 *     higher bar when the next strategy bar opens, shift 1 the one before (shifts count its own bars); the
 *     EA reads iHigh/iClose(_Symbol, tf, shift + 1) at that first tick. A cross on it compares its values
 *     one of its own bars back, as for such an indicator. A LOWER `timeframe` ("the M15 close" on H1) is read
 *     by the same rule (spec-indicators.ts, LOWER TIMEFRAME): shift 0 is the last lower bar inside the
 *     strategy bar that just closed, shift 1 the lower bar before it.
 *   - crossesAbove(a, b): a[shift+1] <= b[shift+1] and a[shift] > b[shift] (strict on the new bar, so a
 *     touch without a cross is not a signal). crossesBelow is the mirror.
 *   - greaterThan / lessThan are strict. between(x, lower, upper) is inclusive at both ends.
 *   - EQUALITY: two values are equal when |a - b| <= 1e-9 x max(1, |a|, |b|), so rounding noise of an
 *     indicator's summation order (~1e-15) never turns an exact tie into a cross. The EA compares the same way.
 *   - A rule holds when every condition of `all` holds AND (when `any` is non-empty) at least one
 *     condition of `any` holds. A rule with both lists empty never holds. An `allOf` group holds when
 *     every condition in it holds (spec-groups.ts): in `any` it is one alternative, (A and B) or C.
 *   - Order of work on a new bar: exits first (exit rules, then closeOnOpposite), then entries.
 *     An entry signal in the direction already held is ignored when maxOpenPositions is reached
 *     (maxOpenPositions counts every open position, long and short, on a hedging account).
 *     With closeOnOpposite, an entry signal closes the positions of the other direction before opening.
 *   - NETTING account (one position per symbol, MT5's netting mode; worker/engine/netting.ts): an entry
 *     in the held direction adds its volume to the position (open price = volume-weighted average of the
 *     fills, not rounded; an "in" deal); maxOpenPositions counts the entries that built the position. An
 *     entry against the held position is not taken (it would only close part of it); with
 *     closeOnOpposite the position is closed first ("out"), then the entry opens ("in"). An add sets the
 *     position's stop loss and take profit to its own (placed from its fill price; none clears them, as
 *     MT5 does), and break-even may fire again, measured from the new average price; trailing measures
 *     profit from the average price too. The closed position is one trade: its first entry's time, the
 *     average price, the total volume. (A larger opposite fill would reverse it as one "inout" deal; the
 *     rules never send one.)
 *     `direction` only limits what may be OPENED: entry.short of a long-only spec is ignored.
 *     Long and short entry signals on the same bar contradict each other: neither opens.
 *   - The time filter gates ENTRIES only (exits, stops and targets always run). Times are broker server
 *     time (the backtest's zone, MT5's TimeCurrent()), as an MT5 trader reads hours; `hours.zone` names
 *     a time zone instead (market/zone-rules.ts): the hour is the zone's local hour, daylight saving
 *     included, of the server time converted to UTC with the server's zone (weekdays and sessions stay
 *     server time).
 *   - Distances: 1 pip = 10 points on 3- and 5-digit symbols, 1 point otherwise; `atr` is
 *     `multiple` x the referenced ATR indicator (or a moving average of one: spec-smoothing.ts) at shift 0
 *     (the last closed bar) when the order is sent;
 *     `percent` is a percentage of the fill price. Stop loss and take profit are placed from the fill price.
 *   - Trailing stop: once the position is `start` in profit (0 = at once), the stop follows the exit
 *     side of the quote at `distance`, moving only in the profitable direction and by at least `step`.
 *   - Break-even: once the position is `trigger` in profit the stop moves to entry +/- `offset`, once per
 *     position: the offset (and trigger) in ATR or percent are measured on the tick it fires and the
 *     level is not worked out again as the ATR changes (the EA remembers the position's ticket and open
 *     price; a refused or frozen move waits for a later tick and fires then).
 *   - Risk sizing: lots = balance x percent / 100 / (stop distance in deposit currency per lot), rounded
 *     DOWN to 0.01 lot, at least 0.01; it needs a stop loss. Equity tiers: spec-orders.ts.
 *   - A constant with a `unit` is a price distance: value x the pip (or point), e.g. today's high minus
 *     today's low (previousPeriod back 0, spec-price.ts) greater than 45 pips.
 *   - An indicator of an indicator: a moving average with `source` averages another declaration's first
 *     line (MetaTrader's iMA on that indicator's handle), starting at the source's first drawn bar
 *     (PLOT_DRAW_BEGIN); its warm-up and the values it reads are spec-smoothing.ts's.
 */
import { z } from "zod";
import { PERIODS } from "../market/types";
import { ZONE_MESSAGE, zoneRule } from "../market/zone-rules";
import { exitsSchema } from "./spec-exits";
import { allOfConditionSchema } from "./spec-groups";
import {
  AppliedPriceSchema,
  IdSchema,
  INDICATOR_LINES,
  type Indicator,
  IndicatorSchema,
  indicatorIssues,
  timeframeIssue,
} from "./spec-indicators";
import { EquityTiersSizingSchema, LimitsSchema, pendingEntrySchema, tiersIssue } from "./spec-orders";
import {
  CandleOperandSchema,
  CandlePatternConditionSchema,
  currentPeriodIssue,
  ExtremeOperandSchema,
  OffsetSchema,
  PreviousPeriodOperandSchema,
  ShiftSchema,
  SwingOperandSchema,
  TimeWindowOperandSchema,
} from "./spec-price";
import { withinConditionSchema } from "./spec-sequence";
import { sourceIssues, sourceOf } from "./spec-smoothing";
import { migrateSpec } from "./spec-version";

export * from "./spec-exits";
export * from "./spec-groups";
export * from "./spec-indicators";
export * from "./spec-orders";
export * from "./spec-price";
export * from "./spec-sequence";
export * from "./spec-smoothing";
export * from "./spec-timeframes";
export { migrateSpec } from "./spec-version";

export const PeriodSchema = z.enum(PERIODS);

/** A value read at a closed bar (v1's three, and v2's price constructs of spec-price.ts). */
export const BasicOperandSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("indicator"),
    ref: IdSchema.describe("id of an entry of `indicators`"),
    line: z.string().optional().describe("line name, e.g. MACD signal; default: the kind's first line"),
    shift: ShiftSchema,
  }),
  z.object({
    type: z.literal("price"),
    field: AppliedPriceSchema,
    shift: ShiftSchema,
    timeframe: PeriodSchema.optional().describe(
      "read the bars of this timeframe: higher (a multiple of the strategy's, e.g. the H4 high on H1) or lower (dividing it, e.g. the M15 close on H1); shift 0 = its last closed bar, shift 1 the one before",
    ),
  }),
  z.object({
    type: z.literal("constant"),
    value: z.number(),
    unit: z
      .enum(["pips", "points"])
      .optional()
      .describe("a price distance in pips or points (today's range >= 45 pips); default a plain number"),
  }),
  ExtremeOperandSchema,
  PreviousPeriodOperandSchema,
  TimeWindowOperandSchema,
  CandleOperandSchema,
  SwingOperandSchema,
]);
export type BasicOperand = z.infer<typeof BasicOperandSchema>;

/** a + k x b + offset (spec-price.ts): "EMA(20) + 1.5 x ATR(14)", "the previous low minus 2 pips". */
export const ExpressionOperandSchema = z.object({
  type: z.literal("expression"),
  a: BasicOperandSchema,
  k: z.number().default(1).describe("multiplier of b; negative subtracts"),
  b: BasicOperandSchema.optional(),
  offset: OffsetSchema.optional(),
});
export type ExpressionOperand = z.infer<typeof ExpressionOperandSchema>;

export const OperandSchema = z.union([BasicOperandSchema, ExpressionOperandSchema]);
export type Operand = z.infer<typeof OperandSchema>;

/** v2 exits (spec-exits.ts): structural stops, R targets, partial closes, trailing by a price, time exits. */
export const ExitsSchema = exitsSchema(OperandSchema);
export type Exits = z.output<typeof ExitsSchema>;

/** The conditions read on one bar (a sequence's window, spec-sequence.ts, holds a list of these). */
export const SingleBarConditionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("crossesAbove"), left: OperandSchema, right: OperandSchema }),
  z.object({ type: z.literal("crossesBelow"), left: OperandSchema, right: OperandSchema }),
  z.object({ type: z.literal("greaterThan"), left: OperandSchema, right: OperandSchema }),
  z.object({ type: z.literal("lessThan"), left: OperandSchema, right: OperandSchema }),
  z.object({
    type: z.literal("between"),
    operand: OperandSchema,
    lower: OperandSchema,
    upper: OperandSchema,
  }),
  CandlePatternConditionSchema,
]);
export type SingleBarCondition = z.infer<typeof SingleBarConditionSchema>;

/** Issue 15 (spec-sequence.ts): "A, then B" as all: [within(N, A), B]. */
export const WithinConditionSchema = withinConditionSchema(SingleBarConditionSchema);
export type WithinCondition = z.infer<typeof WithinConditionSchema>;

/** A plain condition: one bar's comparison, cross or pattern, or a window (a group, spec-groups.ts, holds these). */
export const LeafConditionSchema = z.discriminatedUnion("type", [
  ...SingleBarConditionSchema.options,
  WithinConditionSchema,
]);
export type LeafCondition = z.infer<typeof LeafConditionSchema>;

/** A plain condition, or a group of them that must all hold (spec-groups.ts: (A and B) or C). */
export const AllOfConditionSchema = allOfConditionSchema(LeafConditionSchema);
export type AllOfCondition = z.infer<typeof AllOfConditionSchema>;
export const ConditionSchema = z.union([LeafConditionSchema, AllOfConditionSchema]);
export type Condition = z.infer<typeof ConditionSchema>;
export type ConditionType = Condition["type"];

export const RuleSchema = z.object({
  all: z.array(ConditionSchema).default([]).describe("every one must hold"),
  any: z
    .array(ConditionSchema)
    .default([])
    .describe(
      "if non-empty, at least one must hold; an allOf group is one alternative of several conditions",
    ),
});
export type Rule = z.infer<typeof RuleSchema>;

const SideRulesSchema = z.object({ long: RuleSchema.optional(), short: RuleSchema.optional() });
export type SideRules = z.infer<typeof SideRulesSchema>;

export const DistanceSchema = z.discriminatedUnion("unit", [
  z.object({ unit: z.literal("pips"), value: z.number().positive() }),
  z.object({ unit: z.literal("points"), value: z.number().positive() }),
  z.object({ unit: z.literal("percent"), value: z.number().positive().max(100) }),
  z.object({
    unit: z.literal("atr"),
    ref: IdSchema.describe("id of an ATR indicator, or of a moving average of one (a smoothed ATR)"),
    multiple: z.number().positive(),
  }),
]);
export type Distance = z.infer<typeof DistanceSchema>;

export const SizingSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("fixed"), lots: z.number().min(0.01).max(100) }),
  z.object({
    type: z.literal("riskPercent"),
    percent: z.number().positive().max(100),
    of: z.enum(["balance", "equity"]).optional().describe("the account figure risked; default balance"),
  }),
  z.object({
    type: z.literal("riskMoney"),
    amount: z.number().positive().max(1_000_000).describe("deposit currency lost at the stop"),
  }),
  z.object({
    type: z.literal("lotsPerEquity"),
    lots: z.number().min(0.01).max(100),
    per: z.number().positive().max(100_000_000).describe("lots for every `per` of equity"),
  }),
  EquityTiersSizingSchema,
]);
export type Sizing = z.infer<typeof SizingSchema>;

export const TrailingStopSchema = z.object({
  distance: DistanceSchema,
  start: DistanceSchema.optional().describe("profit needed before trailing begins; default at once"),
  step: DistanceSchema.optional().describe("minimum move of the stop; default any improvement"),
});
export const BreakEvenSchema = z.object({
  trigger: DistanceSchema,
  offset: DistanceSchema.optional().describe("stop placed this far beyond entry; default exactly at entry"),
});

export const SESSIONS = ["asia", "london", "newyork"] as const;
/**
 * Session hours [start, end) in broker server time, as the hours of a GMT+2/+3 New York close server
 * (the MT5 convention, issue 16): its clock follows New York's daylight saving, so London 08:00-17:00 and
 * New York 08:00-17:00 local keep the same server hours all year (10-19 and 15-24); Tokyo 09:00-18:00 is
 * 02:00-11:00 in winter. The EA and the engine both compare server hours, so they agree in any zone.
 */
export const SESSION_HOURS: Readonly<Record<(typeof SESSIONS)[number], readonly [number, number]>> = {
  asia: [2, 11],
  london: [10, 19],
  newyork: [15, 24],
};
const Hour = z.number().int().min(0).max(24);

export const TimeFilterSchema = z.object({
  hours: z
    .object({
      from: Hour,
      to: Hour,
      zone: z
        .string()
        .max(64)
        .optional()
        .describe(
          'IANA time zone of the hours, e.g. "Europe/London", with its daylight saving; default server time',
        ),
    })
    .optional()
    .describe("hours [from, to) in `zone` (default broker server time); wraps past midnight when to <= from"),
  weekdays: z
    .array(z.number().int().min(1).max(7))
    .optional()
    .describe("allowed days, 1 = Monday ... 7 = Sunday"),
  sessions: z.array(z.enum(SESSIONS)).optional().describe("entries allowed inside any listed session"),
});
export type TimeFilter = z.infer<typeof TimeFilterSchema>;

/** The version every writer writes; older documents are migrated by migrateSpec (spec-version.ts). */
export const SPEC_VERSION = 2;

const BaseSpecSchema = z.object({
  specVersion: z.literal(SPEC_VERSION),
  name: z.string().max(255).optional(),
  description: z.string().max(2000).optional(),
  timeframe: PeriodSchema,
  direction: z.enum(["long", "short", "both"]).default("both"),
  indicators: z.array(IndicatorSchema).max(32).default([]),
  entry: SideRulesSchema,
  exit: SideRulesSchema.default({}),
  sizing: SizingSchema.default({ type: "fixed", lots: 0.1 }),
  stopLoss: DistanceSchema.optional(),
  takeProfit: DistanceSchema.optional(),
  trailingStop: TrailingStopSchema.optional(),
  breakEven: BreakEvenSchema.optional(),
  timeFilter: TimeFilterSchema.optional(),
  maxOpenPositions: z.number().int().min(1).max(100).default(1),
  closeOnOpposite: z.boolean().default(true),
  exits: ExitsSchema.optional(),
  // Issue 14, spec-orders.ts: pending stop/limit entries with expiry and brackets; entry limits.
  pendingEntry: pendingEntrySchema(OperandSchema).optional(),
  limits: LimitsSchema.optional(),
});
export type PendingEntry = NonNullable<z.output<typeof BaseSpecSchema>["pendingEntry"]>;

export const StrategySpecSchema = BaseSpecSchema.superRefine((spec, ctx) => {
  const byId = new Map<string, Indicator>();
  spec.indicators.forEach((ind, i) => {
    if (byId.has(ind.id))
      ctx.addIssue({
        code: "custom",
        path: ["indicators", i, "id"],
        message: `duplicate indicator id "${ind.id}"`,
      });
    byId.set(ind.id, ind);
    if (ind.kind === "MACD" && ind.fast >= ind.slow) {
      ctx.addIssue({
        code: "custom",
        path: ["indicators", i, "fast"],
        message: "MACD fast period must be shorter than slow",
      });
    }
    for (const issue of indicatorIssues(ind, spec.timeframe))
      ctx.addIssue({ code: "custom", path: ["indicators", i, issue.field], message: issue.message });
  });
  for (const issue of sourceIssues(spec.indicators, spec.timeframe))
    ctx.addIssue({
      code: "custom",
      path: ["indicators", issue.index, ...issue.field.split(".")],
      message: issue.message,
    });

  const checkOperand = (op: Operand, path: (string | number)[]) => {
    if (op.type === "expression") {
      checkOperand(op.a, [...path, "a"]);
      if (op.b) checkOperand(op.b, [...path, "b"]);
      if (!op.b && !op.offset)
        ctx.addIssue({ code: "custom", path, message: "an expression needs b or an offset" });
      return;
    }
    if (op.type === "previousPeriod") {
      const issue = currentPeriodIssue(op, spec.timeframe);
      if (issue) ctx.addIssue({ code: "custom", path: [...path, "back"], message: issue });
    }
    if (op.type === "timeWindow" && op.from === op.to)
      ctx.addIssue({
        code: "custom",
        path: [...path, "to"],
        message: "a time window's from and to must differ",
      });
    if (op.type === "price" && op.timeframe !== undefined) {
      const issue = timeframeIssue(op.timeframe, spec.timeframe);
      if (issue)
        ctx.addIssue({
          code: "custom",
          path: [...path, "timeframe"],
          message: `${op.field.toLowerCase()} ${issue}`,
        });
    }
    if (op.type !== "indicator") return;
    const ind = byId.get(op.ref);
    if (!ind) {
      ctx.addIssue({ code: "custom", path: [...path, "ref"], message: `unknown indicator "${op.ref}"` });
      return;
    }
    if (op.line !== undefined && !INDICATOR_LINES[ind.kind].includes(op.line)) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "line"],
        message: `${ind.kind} "${ind.id}" has no line "${op.line}" (lines: ${INDICATOR_LINES[ind.kind].join(", ")})`,
      });
    }
  };
  const checkSingle = (c: SingleBarCondition, p: (string | number)[]) => {
    if (c.type === "candlePattern") return;
    if (c.type === "between") {
      checkOperand(c.operand, [...p, "operand"]);
      checkOperand(c.lower, [...p, "lower"]);
      checkOperand(c.upper, [...p, "upper"]);
    } else {
      checkOperand(c.left, [...p, "left"]);
      checkOperand(c.right, [...p, "right"]);
    }
  };
  const checkRule = (rule: Rule | undefined, path: (string | number)[]) => {
    if (!rule) return;
    const checkCondition = (c: Condition, p: (string | number)[]) => {
      if (c.type === "allOf") {
        c.conditions.forEach((inner, j) => {
          checkCondition(inner, [...p, "conditions", j]);
        });
        return;
      }
      if (c.type === "within") {
        c.all.forEach((x, j) => {
          checkSingle(x, [...p, "all", j]);
        });
        return;
      }
      checkSingle(c, p);
    };
    for (const list of ["all", "any"] as const)
      rule[list].forEach((c, i) => {
        checkCondition(c, [...path, list, i]);
      });
    if (rule.all.length === 0 && rule.any.length === 0) {
      ctx.addIssue({ code: "custom", path, message: "a rule needs at least one condition" });
    }
  };
  checkRule(spec.entry.long, ["entry", "long"]);
  checkRule(spec.entry.short, ["entry", "short"]);
  checkRule(spec.exit.long, ["exit", "long"]);
  checkRule(spec.exit.short, ["exit", "short"]);

  const wantsLong = spec.direction !== "short";
  const wantsShort = spec.direction !== "long";
  if ((!wantsLong || !spec.entry.long) && (!wantsShort || !spec.entry.short)) {
    ctx.addIssue({
      code: "custom",
      path: ["entry"],
      message: `direction "${spec.direction}" needs an entry rule for that side`,
    });
  }

  const checkDistance = (d: Distance | undefined, path: (string | number)[]) => {
    if (d?.unit !== "atr") return;
    const ind = byId.get(d.ref);
    if (!ind)
      ctx.addIssue({ code: "custom", path: [...path, "ref"], message: `unknown indicator "${d.ref}"` });
    // A moving average of an ATR (spec-smoothing.ts) is a smoothed ATR: a distance in price as well.
    else if (ind.kind !== "ATR" && sourceOf(ind, spec.indicators)?.kind !== "ATR")
      ctx.addIssue({ code: "custom", path: [...path, "ref"], message: `"${d.ref}" is ${ind.kind}, not ATR` });
  };
  checkDistance(spec.stopLoss, ["stopLoss"]);
  checkDistance(spec.takeProfit, ["takeProfit"]);
  checkDistance(spec.trailingStop?.distance, ["trailingStop", "distance"]);
  checkDistance(spec.trailingStop?.start, ["trailingStop", "start"]);
  checkDistance(spec.trailingStop?.step, ["trailingStop", "step"]);
  checkDistance(spec.breakEven?.trigger, ["breakEven", "trigger"]);
  checkDistance(spec.breakEven?.offset, ["breakEven", "offset"]);

  const ex = spec.exits;
  for (const side of ["long", "short"] as const) {
    const stop = ex?.stop?.[side];
    if (stop) checkOperand(stop, ["exits", "stop", side]);
    const trail = ex?.trail?.[side];
    if (trail) checkOperand(trail, ["exits", "trail", side]);
  }
  if (ex?.targetDistance) checkOperand(ex.targetDistance.of, ["exits", "targetDistance", "of"]);
  // R (targetR, partial) and risk sizing measure the stop distance: every side that trades needs a stop.
  const stopFor = (side: "long" | "short") => spec.stopLoss !== undefined || ex?.stop?.[side] !== undefined;
  const tradedSides = (["long", "short"] as const).filter(
    (side) => spec.direction === "both" || spec.direction === side,
  );
  const everySideStopped = tradedSides.every(stopFor);
  if (ex && (ex.targetR !== undefined || ex.partial) && !everySideStopped)
    ctx.addIssue({
      code: "custom",
      path: ["exits"],
      message:
        "a target or partial close in R needs a stop loss (stopLoss or exits.stop) for every side traded",
    });
  if (ex?.partial && ex.scaleOut)
    ctx.addIssue({
      code: "custom",
      path: ["exits", "scaleOut"],
      message: "give partial closes one way: exits.partial (in R) or exits.scaleOut (at distances)",
    });
  if (ex?.targetR !== undefined && spec.takeProfit)
    ctx.addIssue({
      code: "custom",
      path: ["exits", "targetR"],
      message: "give the take profit once: takeProfit or exits.targetR",
    });
  if (ex?.targetDistance && (spec.takeProfit || ex.targetR !== undefined))
    ctx.addIssue({
      code: "custom",
      path: ["exits", "targetDistance"],
      message: "give the take profit once: takeProfit, exits.targetR or exits.targetDistance",
    });
  if (ex?.breakEvenAtTarget !== undefined && spec.breakEven)
    ctx.addIssue({
      code: "custom",
      path: ["exits", "breakEvenAtTarget"],
      message: "give the break-even once: breakEven or exits.breakEvenAtTarget",
    });
  if ((spec.sizing.type === "riskPercent" || spec.sizing.type === "riskMoney") && !everySideStopped) {
    ctx.addIssue({
      code: "custom",
      path: ["sizing"],
      message:
        spec.sizing.type === "riskPercent"
          ? "risk-% sizing needs a stop loss to measure the risk"
          : "risk-money sizing needs a stop loss to measure the risk",
    });
  }
  if (spec.sizing.type === "equityTiers") {
    const issue = tiersIssue(spec.sizing);
    if (issue) ctx.addIssue({ code: "custom", path: ["sizing", "tiers"], message: issue });
  }
  const pe = spec.pendingEntry;
  // A pending order carries its target from the order's price (spec-orders.ts); a measured target is read when
  // a market order is sent (spec-exits.ts).
  if (pe && ex?.targetDistance)
    ctx.addIssue({
      code: "custom",
      path: ["exits", "targetDistance"],
      message: "a pending entry takes takeProfit; exits.targetDistance applies to market entries",
    });
  if (pe) {
    if (pe.long) checkOperand(pe.long, ["pendingEntry", "long"]);
    if (pe.short) checkOperand(pe.short, ["pendingEntry", "short"]);
    if ((wantsLong && spec.entry.long && !pe.long) || (wantsShort && spec.entry.short && !pe.short))
      ctx.addIssue({
        code: "custom",
        path: ["pendingEntry"],
        message: "a pending entry needs a price for every side that has an entry rule",
      });
  }
  const tf = spec.timeFilter;
  if (tf?.weekdays && tf.weekdays.length === 0) {
    ctx.addIssue({ code: "custom", path: ["timeFilter", "weekdays"], message: "list at least one weekday" });
  }
  if (tf?.hours && tf.hours.from === tf.hours.to) {
    ctx.addIssue({ code: "custom", path: ["timeFilter", "hours"], message: "hours from and to must differ" });
  }
  if (tf?.hours?.zone !== undefined && zoneRule(tf.hours.zone) === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["timeFilter", "hours", "zone"],
      message: `"${tf.hours.zone}": ${ZONE_MESSAGE}`,
    });
  }
});

export type StrategySpec = z.output<typeof StrategySpecSchema>;
/** What a writer may omit (defaults filled by parseSpec). */
export type StrategySpecInput = z.input<typeof StrategySpecSchema>;

export interface SpecIssue {
  /** Dotted path, e.g. "entry.long.all.0.left.ref"; "" for the whole document. */
  readonly path: string;
  readonly message: string;
}
export type ParseSpecResult =
  | { readonly ok: true; readonly spec: StrategySpec }
  | { readonly ok: false; readonly issues: readonly SpecIssue[] };

/** Parses a document of any known version: a v1 document is migrated to v2 first (migrateSpec). */
export function parseSpec(input: unknown): ParseSpecResult {
  const r = StrategySpecSchema.safeParse(migrateSpec(input));
  if (r.success) return { ok: true, spec: r.data };
  return {
    ok: false,
    issues: r.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  };
}

/** Human-readable one-liner of a failed parse, for errors and assistant retries. */
export function formatSpecIssues(issues: readonly SpecIssue[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
}

/** JSON Schema (draft 2020-12) of the input document, for LLM structured output. */
export function specJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(BaseSpecSchema, { io: "input", reused: "ref" });
}

/** The operands a condition compares (none for a candle pattern; a window's: its conditions'). */
export function conditionOperands(c: Condition): Operand[] {
  if (c.type === "allOf") return c.conditions.flatMap(conditionOperands);
  if (c.type === "within") return c.all.flatMap(conditionOperands);
  if (c.type === "candlePattern") return [];
  return c.type === "between" ? [c.operand, c.lower, c.upper] : [c.left, c.right];
}

/** The basic operands an operand reads: itself, or an expression's a and b. */
export function operandLeaves(op: Operand): BasicOperand[] {
  if (op.type !== "expression") return [op];
  return op.b ? [op.a, op.b] : [op.a];
}

/** The line an operand reads: its own, or the kind's default. */
export function operandLine(ind: Indicator, line: string | undefined): string {
  return line ?? INDICATOR_LINES[ind.kind][0];
}

/**
 * Does running this spec need market prices? Model 4 (math calculations) has none. Any indicator,
 * price operand or entry (a market order fills at a quote) reads prices, so in practice only a spec
 * that can never trade passes.
 */
export function specReadsPrices(spec: StrategySpec): boolean {
  if (spec.indicators.length > 0) return true;
  const rules = [spec.entry.long, spec.entry.short, spec.exit.long, spec.exit.short];
  for (const r of rules) {
    if (!r) continue;
    if (r.all.length > 0 || r.any.length > 0) return true;
  }
  return spec.stopLoss !== undefined || spec.takeProfit !== undefined || spec.exits !== undefined;
}
