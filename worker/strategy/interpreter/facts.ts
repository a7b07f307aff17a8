import type { Expiry, Operand as SpecOperand } from "../spec";

// The interpreter's own intermediate representation: what one message says, before it is
// applied to a StrategySpec. Keeping it independent of the schema keeps the language side
// testable on its own and the mapping to the schema in one place (apply.ts).

export type MaMethod = "sma" | "ema" | "smma" | "lwma";
export type PriceField = "open" | "high" | "low" | "close" | "median" | "typical" | "weighted";

/**
 * `timeframe`: read on another (higher) timeframe than the chart's ("the daily EMA"; timeframe-tags.ts);
 * `declared`: that timeframe was given as a declaration ("EMA 21 (H4)") that later mentions share.
 */
export type IndicatorMention = IndicatorMentionOf & { timeframe?: string; declared?: true };
type IndicatorMentionOf =
  | {
      kind: "ma";
      method: MaMethod | null;
      period: number | null;
      price: PriceField | null;
      role: "fast" | "slow" | null;
      /** Written as a plain "ma" with a length: simple unless the message declared that length's kind. */
      generic?: boolean;
      /** An average of another indicator ("the 5 ema of the 2 period rsi", "atr smoothed by a 10 sma"). */
      of?: IndicatorMention;
    }
  | { kind: "rsi"; period: number | null; price: PriceField | null }
  | {
      kind: "macd";
      fast: number | null;
      slow: number | null;
      signal: number | null;
      line: "main" | "signal" | "histogram";
    }
  | { kind: "bollinger"; period: number | null; deviation: number | null; line: "upper" | "middle" | "lower" }
  | {
      kind: "stochastic";
      k: number | null;
      d: number | null;
      slowing: number | null;
      line: "main" | "signal";
    }
  | { kind: "atr"; period: number | null }
  | { kind: "cci"; period: number | null }
  | { kind: "adx"; period: number | null; line: "main" | "plusDi" | "minusDi" }
  | { kind: "momentum"; period: number | null };

export type IndicatorKind = IndicatorMention["kind"];

/** The spec's indicator kind a mentioned kind edits (a chat edit finds its indicators by this). */
export const SPEC_KIND: Record<IndicatorKind, string> = {
  ma: "MA",
  rsi: "RSI",
  macd: "MACD",
  bollinger: "BOLLINGER",
  stochastic: "STOCHASTIC",
  atr: "ATR",
  cci: "CCI",
  adx: "ADX",
  momentum: "MOMENTUM",
};

export type Operand =
  | { type: "indicator"; ind: IndicatorMention; shift: number }
  /** A v2 price level ("the 20 day high", "yesterday's low + 2 pips"), already in the spec's form (levels.ts). */
  | { type: "level"; spec: SpecOperand; shift: number }
  /** "(EMA 2 - EMA 20)", "the difference between the fast and the slow average": a - b. */
  | { type: "difference"; a: Operand; b: Operand; shift: number }
  | { type: "price"; field: PriceField; shift: number; timeframe?: string }
  /** "3% or more below the 5 sma": a line moved by a percentage of itself (negative: below). */
  | { type: "percentOf"; a: Operand; percent: number; shift: number }
  | { type: "constant"; value: number }
  | PatternOperand;

/**
 * A candle pattern by name (candle-patterns.ts); `side` null: the rule's own (a buy's engulfing is the bullish
 * one). Only ever the left side of an op "pattern" condition.
 */
export interface PatternOperand {
  type: "pattern";
  name: "engulfing" | "pinBar" | "insideBar" | "insideBarBreakout" | "outsideBar" | "doji";
  side: "bullish" | "bearish" | null;
  shift: number;
}

/** "crosses" without a direction is resolved by the rule it ends up in (long entry: above). */
export type CompareOp =
  | "crossesAbove"
  | "crossesBelow"
  | "crosses"
  | "above"
  | "below"
  | "between"
  /** The candle pattern of `left` holds (`right` is the constant 1). */
  | "pattern";

export interface Condition {
  op: CompareOp;
  left: Operand;
  right: Operand;
  /** Upper bound of "between". */
  right2?: Operand;
  /** Read from "closes above/below" a line: a cross as an entry trigger, a level as an exit. */
  closing?: boolean;
  /** "pulls back to touch the 9": the bar reaching the line against the trade (a buy's low below it). */
  pullback?: boolean;
}

export type Side = "long" | "short";

export type Distance =
  | { unit: "pips"; value: number }
  | { unit: "points"; value: number }
  | { unit: "percent"; value: number }
  /** `smooth`: the ATR read through a moving average of it ("ATR(20) smoothed by a 10 SMA"; atr-smoothing.ts). */
  | { unit: "atr"; value: number; period: number | null; smooth?: { period: number; method: MaMethod } }
  /** A multiple of the stop-loss distance ("1:2 risk reward", "2R"). */
  | { unit: "rr"; value: number };

export type Sizing =
  | { kind: "lots"; lots: number }
  | { kind: "risk"; percent: number; of?: "equity" }
  /** "0.1 lot per $1000": lots in proportion to the equity. */
  | { kind: "perEquity"; lots: number; per: number }
  /** "risk $50 per trade": money lost at the stop. */
  | { kind: "money"; amount: number }
  /** "4 lots while equity is below 100000, otherwise 5": lots by the size of the account (sizing.ts). */
  | { kind: "tiers"; tiers: { below: number; lots: number }[]; lots: number; of?: "balance" };

export type Session = "asia" | "london" | "newyork";

export interface Clause {
  /** Which rule the conditions go to. */
  role: "entry" | "exit" | "filter";
  /** Null when the clause names no side. */
  side: Side | null;
  conditions: Condition[];
  /** "add an RSI filter", "also require ..." keep existing conditions. */
  additive: boolean;
  /** Exits joined by "or" in one sentence: either closes the trade (the rule's `any` list). */
  alternative?: boolean;
  /** Clauses of one set of alternatives share this id while they are read (groups.ts). */
  orGroup?: number;
  /** An OR of AND groups ("either A and B, or C"): the alternatives, `conditions` holding all of them. */
  groups?: Condition[][];
  /** "MACD goes below." with no level: completed from the other side's rule on the same line (clauses.ts). */
  dangling?: Dangling[];
  /** The last step of a sequence ("then enter when ..."): what the side said before is a window (sequence.ts). */
  step?: boolean;
  /** The step returns from an earlier state ("gets back above the band"): states alone make the window. */
  stepReturns?: boolean;
}

/** A comparison whose right side the sentence leaves out ("and MACD goes below"). */
export interface Dangling {
  left: Operand;
  dir: "up" | "down";
}

/** A request to change something already in the spec. */
export type Edit =
  | { type: "removeIndicator"; kind: IndicatorKind; period?: number }
  | { type: "setMaMethod"; method: MaMethod; from: MaMethod | null }
  | { type: "setMaPeriod"; role: "fast" | "slow"; period: number }
  | { type: "setMaPeriodFrom"; from: number; to: number }
  /** "change the periods to 8 and 21": the strategy's two averages, shorter and longer, get the two lengths. */
  | { type: "setMaPair"; fast: number; slow: number }
  | { type: "setPeriod"; kind: IndicatorKind; period: number }
  | { type: "setBands"; period: number | null; deviation: number }
  | { type: "setMacd"; fast: number; slow: number; signal: number }
  | { type: "removeStopLoss" }
  | { type: "removeTakeProfit" }
  | { type: "removeTrailing" }
  | { type: "removeBreakEven" }
  | { type: "removeTimeFilters" }
  | { type: "removeSessions" }
  | { type: "removeWeekdays" }
  | { type: "removeHours" }
  | { type: "removeExits" }
  // Chat edits of every other field (edit-*.ts): parameters by name or in order, price-level lengths,
  // structural stops, time and bar exits, entry limits, pending orders, the clock, undo.
  | { type: "setParams"; kind: IndicatorKind | null; named: ParamValues; list: number[]; phrase: string }
  | { type: "setLevelBars"; scope: "entry" | "exit" | null; bars: number; unit: "bars" | "days" }
  | { type: "stopAt"; level: StopLevel }
  // `dayEnd`: "at the end of the day", the chart's last bar of the day (day-end.ts); `time` is set from the chart.
  | { type: "closeAt"; time: string; weekdays: number[] | null; dayEnd?: true }
  | { type: "afterBars"; count: number; unit: "bars" | "minutes" }
  | { type: "removeTimeExits" }
  | { type: "maxTradesPerDay"; value: number }
  | { type: "maxSpread"; value: number; unit: "pips" | "points" }
  | { type: "minMinutesBetween"; minutes: number }
  | { type: "pendingOrder"; order: "stop" | "limit" | "market" }
  // "Enter with a buy stop 5 pips above the high": the side's order price (edit-levels.ts).
  | { type: "pendingAt"; order: "stop" | "limit"; side: Side; price: SpecOperand }
  // "Set the RSI level to 55", "overbought 75", "25 instead of 20 for ADX": a rule's threshold (edit-levels.ts).
  | {
      type: "setLevel";
      kind: IndicatorKind | null;
      which: "upper" | "lower" | "long" | "short" | "entry" | "exit" | null;
      from: number | null;
      to: number;
    }
  // "Change the ATR multiplier of the stop to 2.5": the multiple of an ATR distance (edit-levels.ts).
  | { type: "setAtrMultiple"; which: "stop" | "target" | "trail" | null; value: number }
  | { type: "pendingExpiry"; bars: number | null; at: string | null }
  | { type: "serverTime" }
  | { type: "undo" };

/** Indicator parameters a chat can name ("the macd signal to 5", "deviation 2.5", "%k 14"). */
export type ParamName = "period" | "deviation" | "fast" | "slow" | "signal" | "k" | "d" | "slowing";
export type ParamValues = Partial<Record<ParamName, number>>;

/** Where a structural stop goes: the previous candle's extreme, or the extreme of the last N bars. */
export type StopLevel = { type: "candle" } | { type: "bars"; bars: number };

/**
 * A stop given for one side (side-stops.ts): a distance from the entry, the signal candle's extreme (maybe a
 * few pips beyond it), or a line such as a moving average. Built as StrategySpec v2 exits.stop.
 */
export type SideStop =
  | { type: "distance"; distance: { unit: "pips" | "points"; value: number } }
  | { type: "candle"; offset: StopOffset | null; mirrors?: boolean }
  /** `offset`: that far beyond the line (below it for buys); `mirrors`: the other side takes its twin. */
  | { type: "operand"; operand: Operand; offset?: StopOffset | null; mirrors?: boolean };
/** How far beyond a level a stop sits (a positive amount, away from the trade). */
export type StopOffset = { unit: "pips" | "points"; value: number };

/** A pending entry (pending.ts): the order type, each side's price, when an unfilled order goes. */
export interface PendingFacts {
  order: "stop" | "limit";
  long?: SpecOperand;
  short?: SpecOperand;
  expiry: Expiry | null;
}

export interface Facts {
  clauses: Clause[];
  pending: PendingFacts | null;
  /**
   * Orders placed once a day (daily-orders.ts): at what time of day, and whether the D1 chart was chosen for it
   * (none was stated).
   */
  pendingDaily: { at: string; chart: boolean } | null;
  /** "Do the opposite for short" / "vice versa": mirror the given side to the other one. */
  mirror: boolean;
  /** Explicit direction restriction ("long only", "no shorts", "both ways"). */
  direction: "long" | "short" | "both" | null;
  closeOnOpposite: boolean | null;
  /** "close when the EMAs cross the other way": the averages an entry compares cross back (apply.ts). */
  maCrossBackExit?: boolean;
  stopLoss: Distance | null;
  /** Stops stated per side or at a level (exits.stop); a side without one keeps stopLoss. */
  sideStops: Partial<Record<Side, SideStop>> | null;
  takeProfit: Distance | null;
  /** A take profit at a measured distance ("as far as the previous candle is tall"): v2 exits.targetDistance. */
  targetMeasure: { of: SpecOperand; multiple: number } | null;
  /** A take profit at a line ("tp on the middle band"), for the side it names; built as an exit rule. */
  targetLine: { side: Side; operand: Operand } | null;
  /** "trailing stop at the 20-bar low" (line-trails.ts): the side it was written for and its line. */
  trailLine: { side: Side; operand: Operand } | null;
  /** The chart was set to D1 because levels are counted in days ("the 20-day high"). */
  dayChart: boolean;
  /** Numbered targets each closing a part ("tp1 40, tp2 70, let the rest run"): v2 exits.scaleOut. */
  scaleOut: { targets: Array<{ unit: "pips" | "points"; value: number }>; runner: boolean } | null;
  /** `step`: the least move of the stop ("ts with step 1sl", stop-multiples.ts). */
  trailing: { distance: Distance; start: Distance | null; step?: Distance | null } | null;
  breakEven: { trigger: Distance; offset: Distance | null } | null;
  /** "Breakeven half way to the target": the fraction of the take profit's distance (exits.breakEvenAtTarget). */
  breakEvenAtTarget: number | null;
  sizing: Sizing | null;
  timeframe: string | null;
  sessions: Session[] | null;
  /** "also trade New York": the sessions join the ones already in the spec. */
  sessionsAdded: boolean;
  /** `zone`: the IANA zone the hours were stated in (timing.ts), else server time. */
  hours: { from: number; to: number; zone?: string } | null;
  weekdays: number[] | null;
  maxPositions: number | null;
  edits: Edit[];
  /** The user explicitly wants no stop loss; do not ask for one. */
  noStopWanted: boolean;
  /** "today's range is at least 45 pips" (order-filters.ts): a filter on every entry. */
  dayRange?: { op: "greaterThan" | "lessThan"; value: number; unit: "pips" | "points" };
}

export function emptyFacts(): Facts {
  return {
    clauses: [],
    pending: null,
    pendingDaily: null,
    mirror: false,
    direction: null,
    closeOnOpposite: null,
    stopLoss: null,
    sideStops: null,
    takeProfit: null,
    targetMeasure: null,
    targetLine: null,
    trailLine: null,
    dayChart: false,
    scaleOut: null,
    trailing: null,
    breakEven: null,
    breakEvenAtTarget: null,
    sizing: null,
    timeframe: null,
    sessions: null,
    sessionsAdded: false,
    hours: null,
    weekdays: null,
    maxPositions: null,
    edits: [],
    noStopWanted: false,
  };
}

/** What the reply has to ask about, most blocking first (see index.ts). */
export type Problem =
  | "maPeriod"
  | "noEntry"
  | "sideUnknown"
  | "noExit"
  | "needsStopForRisk"
  | "needsStopForRatio"
  | "conflictingDirection"
  | "vagueCross";
