/**
 * The spec's numbers that an optimisation may vary (issue 17), named by the generated EA's `input` names
 * (worker/mql5/generate: Inp_<id>_<Param> for indicator parameters, InpStopLoss, InpEntryLongLevel1, ...),
 * so an optimisation's result maps straight onto the EA and its .set file. inputs.test.ts checks every
 * name and default against the generator's own compiled inputs. Pure (DESIGN D9).
 *
 * Only numbers the EA exposes as inputs are listed: a spec number the EA writes as a literal (an
 * expression's k or offset, an extreme's bar count, a shift) has no name the tester would know.
 */
import { indicatorInput } from "../mql5/generate/context";
import type { Condition, Distance, Indicator, Operand, Rule, StrategySpec } from "../strategy/spec";

export type SpecPath = readonly (string | number)[];

export interface OptimisableInput {
  /** The EA's input name, e.g. "Inp_fast_Period". */
  readonly name: string;
  /** Where the number lives in the spec document, e.g. ["indicators", 0, "period"]. */
  readonly path: SpecPath;
  /** The EA's MQL5 type: int inputs take whole numbers only. */
  readonly type: "int" | "double";
  /** The spec's current value (the EA's default). */
  readonly value: number;
  /**
   * A part of an "HH:MM" clock field at `path` (v2 time exits and order expiry), which the EA splits into
   * numeric inputs: the hour, the minute, or the minute of the day.
   */
  readonly clock?: ClockPart;
}

export type ClockPart = "hour" | "minute" | "minuteOfDay";

/** Minutes after midnight of an "HH:MM" clock. */
export function clockMinutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** The clock with one part replaced (the value already checked against the part's range). */
export function withClockPart(clock: string, part: ClockPart, value: number): string {
  const m = clockMinutesOf(clock);
  const minutes =
    part === "minuteOfDay"
      ? value
      : part === "hour"
        ? value * 60 + (m % 60)
        : Math.floor(m / 60) * 60 + value;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The range of each clock part (inclusive). */
export const CLOCK_RANGE: Readonly<Record<ClockPart, readonly [number, number]>> = {
  hour: [0, 23],
  minute: [0, 59],
  minuteOfDay: [0, 1439],
};

/** Indicator fields -> the suffix of their EA input (indicators.ts, indicator-readers.ts). */
const INDICATOR_PARAMS: Readonly<Record<string, { suffix: string; type: "int" | "double" }>> = {
  period: { suffix: "Period", type: "int" },
  fast: { suffix: "Fast", type: "int" },
  slow: { suffix: "Slow", type: "int" },
  signal: { suffix: "Signal", type: "int" },
  deviation: { suffix: "Deviation", type: "double" },
  kPeriod: { suffix: "K", type: "int" },
  dPeriod: { suffix: "D", type: "int" },
  slowing: { suffix: "Slowing", type: "int" },
  jawPeriod: { suffix: "JawPeriod", type: "int" },
  jawShift: { suffix: "JawShift", type: "int" },
  teethPeriod: { suffix: "TeethPeriod", type: "int" },
  teethShift: { suffix: "TeethShift", type: "int" },
  lipsPeriod: { suffix: "LipsPeriod", type: "int" },
  lipsShift: { suffix: "LipsShift", type: "int" },
  tenkan: { suffix: "Tenkan", type: "int" },
  kijun: { suffix: "Kijun", type: "int" },
  senkou: { suffix: "Senkou", type: "int" },
  step: { suffix: "Step", type: "double" },
  maximum: { suffix: "Maximum", type: "double" },
  cmoPeriod: { suffix: "Cmo", type: "int" },
  emaPeriod: { suffix: "Ema", type: "int" },
  multiplier: { suffix: "Multiplier", type: "double" },
  atrPeriod: { suffix: "AtrPeriod", type: "int" },
};

function indicatorInputs(ind: Indicator, index: number): OptimisableInput[] {
  const out: OptimisableInput[] = [];
  for (const [field, value] of Object.entries(ind)) {
    const param = INDICATOR_PARAMS[field];
    if (!param || typeof value !== "number") continue;
    out.push({
      name: indicatorInput(ind.id, param.suffix),
      path: ["indicators", index, field],
      type: param.type,
      value,
    });
  }
  return out;
}

function distanceInput(d: Distance | undefined, name: string, path: SpecPath): OptimisableInput[] {
  if (!d) return [];
  return d.unit === "atr"
    ? [{ name, path: [...path, "multiple"], type: "double", value: d.multiple }]
    : [{ name, path: [...path, "value"], type: "double", value: d.value }];
}

/**
 * A rule's constants, numbered as signalFunction numbers its "Rule levels": conditions of `all`, then of
 * `any`; within a condition in the order the generator reads the operands (conditions.ts conditionExpr:
 * lessThan reads right before left, between reads the operand before its bounds).
 */
function ruleInputs(rule: Rule | undefined, prefix: string, path: SpecPath): OptimisableInput[] {
  if (!rule) return [];
  const out: OptimisableInput[] = [];
  const visit = (op: Operand, at: SpecPath) => {
    if (op.type !== "constant") return;
    out.push({
      name: `${prefix}Level${out.length + 1}`,
      path: [...at, "value"],
      type: "double",
      value: op.value,
    });
  };
  const condition = (c: Condition, at: SpecPath) => {
    switch (c.type) {
      case "candlePattern":
        return;
      case "allOf":
        c.conditions.forEach((k, j) => {
          condition(k, [...at, "conditions", j]);
        });
        return;
      case "within":
        // A sequence's window reads its conditions' levels in order, the same inputs at every bar of it.
        c.all.forEach((x, j) => {
          condition(x, [...at, "all", j]);
        });
        return;
      case "lessThan":
        visit(c.right, [...at, "right"]);
        visit(c.left, [...at, "left"]);
        return;
      case "between":
        visit(c.operand, [...at, "operand"]);
        visit(c.lower, [...at, "lower"]);
        visit(c.upper, [...at, "upper"]);
        return;
      default:
        visit(c.left, [...at, "left"]);
        visit(c.right, [...at, "right"]);
    }
  };
  rule.all.forEach((c, i) => {
    condition(c, [...path, "all", i]);
  });
  rule.any.forEach((c, i) => {
    condition(c, [...path, "any", i]);
  });
  return out;
}

/** Every number of the spec that is an input of its EA, in the EA's order of groups. */
export function listInputs(spec: StrategySpec): OptimisableInput[] {
  const out: OptimisableInput[] = [];
  // The sizing's inputs, as worker/mql5/generate/sizing.ts declares them.
  const sizing = spec.sizing;
  switch (sizing.type) {
    case "fixed":
      out.push({ name: "InpLots", path: ["sizing", "lots"], type: "double", value: sizing.lots });
      break;
    case "riskPercent":
      out.push({
        name: "InpRiskPercent",
        path: ["sizing", "percent"],
        type: "double",
        value: sizing.percent,
      });
      break;
    case "riskMoney":
      out.push({ name: "InpRiskMoney", path: ["sizing", "amount"], type: "double", value: sizing.amount });
      break;
    case "lotsPerEquity":
      out.push({ name: "InpLots", path: ["sizing", "lots"], type: "double", value: sizing.lots });
      out.push({ name: "InpLotsPer", path: ["sizing", "per"], type: "double", value: sizing.per });
      break;
    case "equityTiers":
      sizing.tiers.forEach((t, i) => {
        out.push({
          name: `InpTier${i + 1}Below`,
          path: ["sizing", "tiers", i, "below"],
          type: "double",
          value: t.below,
        });
        out.push({
          name: `InpTier${i + 1}Lots`,
          path: ["sizing", "tiers", i, "lots"],
          type: "double",
          value: t.lots,
        });
      });
      out.push({ name: "InpLots", path: ["sizing", "lots"], type: "double", value: sizing.lots });
      break;
  }
  out.push({
    name: "InpMaxPositions",
    path: ["maxOpenPositions"],
    type: "int",
    value: spec.maxOpenPositions,
  });
  out.push(...distanceInput(spec.stopLoss, "InpStopLoss", ["stopLoss"]));
  out.push(...distanceInput(spec.takeProfit, "InpTakeProfit", ["takeProfit"]));
  const be = spec.breakEven;
  if (be) {
    out.push(...distanceInput(be.trigger, "InpBreakEvenTrigger", ["breakEven", "trigger"]));
    out.push(...distanceInput(be.offset, "InpBreakEvenOffset", ["breakEven", "offset"]));
  }
  const ts = spec.trailingStop;
  if (ts) {
    out.push(...distanceInput(ts.distance, "InpTrailingDistance", ["trailingStop", "distance"]));
    out.push(...distanceInput(ts.start, "InpTrailingStart", ["trailingStop", "start"]));
    out.push(...distanceInput(ts.step, "InpTrailingStep", ["trailingStop", "step"]));
  }
  spec.indicators.forEach((ind, i) => {
    out.push(...indicatorInputs(ind, i));
  });
  // As buildSignals: a side the direction excludes has no signal function, hence no level inputs.
  const wantsLong = spec.direction !== "short";
  const wantsShort = spec.direction !== "long";
  if (wantsLong) out.push(...ruleInputs(spec.entry.long, "InpEntryLong", ["entry", "long"]));
  if (wantsShort) out.push(...ruleInputs(spec.entry.short, "InpEntryShort", ["entry", "short"]));
  if (wantsLong) out.push(...ruleInputs(spec.exit.long, "InpExitLong", ["exit", "long"]));
  if (wantsShort) out.push(...ruleInputs(spec.exit.short, "InpExitShort", ["exit", "short"]));
  const hours = spec.timeFilter?.hours;
  if (hours) {
    out.push({ name: "InpHourFrom", path: ["timeFilter", "hours", "from"], type: "int", value: hours.from });
    out.push({ name: "InpHourTo", path: ["timeFilter", "hours", "to"], type: "int", value: hours.to });
  }
  out.push(...v2Inputs(spec));
  return out;
}

/** The inputs of v2 exits, pending entries and entry limits (mql5/generate/exits.ts, pending-orders.ts). */
function v2Inputs(spec: StrategySpec): OptimisableInput[] {
  const out: OptimisableInput[] = [];
  const ex = spec.exits;
  if (ex?.targetR !== undefined)
    out.push({ name: "InpTargetR", path: ["exits", "targetR"], type: "double", value: ex.targetR });
  if (ex?.closeAt) {
    const m = clockMinutesOf(ex.closeAt.time);
    const path = ["exits", "closeAt", "time"];
    out.push({ name: "InpCloseHour", path, type: "int", value: Math.floor(m / 60), clock: "hour" });
    out.push({ name: "InpCloseMinute", path, type: "int", value: m % 60, clock: "minute" });
  }
  if (ex?.afterBars !== undefined)
    out.push({ name: "InpExitAfterBars", path: ["exits", "afterBars"], type: "int", value: ex.afterBars });
  if (ex?.partial) {
    const p = ex.partial;
    out.push({
      name: "InpPartialPercent",
      path: ["exits", "partial", "percent"],
      type: "double",
      value: p.percent,
    });
    out.push({ name: "InpPartialAtR", path: ["exits", "partial", "atR"], type: "double", value: p.atR });
  }
  const expiry = spec.pendingEntry?.expiry;
  if (expiry?.type === "bars")
    out.push({
      name: "InpExpiryBars",
      path: ["pendingEntry", "expiry", "bars"],
      type: "int",
      value: expiry.bars,
    });
  if (expiry?.type === "timeOfDay")
    out.push({
      name: "InpExpiryMinute",
      path: ["pendingEntry", "expiry", "at"],
      type: "int",
      value: clockMinutesOf(expiry.at),
      clock: "minuteOfDay",
    });
  const limits = spec.limits;
  if (limits?.maxSpread)
    out.push({
      name: "InpMaxSpread",
      path: ["limits", "maxSpread", "value"],
      type: "double",
      value: limits.maxSpread.value,
    });
  if (limits?.maxTradesPerDay !== undefined)
    out.push({
      name: "InpMaxTradesPerDay",
      path: ["limits", "maxTradesPerDay"],
      type: "int",
      value: limits.maxTradesPerDay,
    });
  return out;
}
