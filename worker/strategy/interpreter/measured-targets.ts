import type { Operand as SpecOperand } from "../spec";
import type { Extractor } from "./extract";
import type { Facts } from "./facts";

// A take profit as far from the entry as something measured on the chart (issue 15, StrategySpec v2
// exits.targetDistance): "the take profit sits as far away as the last candle is tall", "target = 2 x the signal bar's range", "tp the size of the breakout candle's body", "take profit
// equal to last week's range", "target 1.5 times the range of the last 20 bars", "tp = the height of the 20
// bar channel". What is measured:
//   - a bar: its range (high - low) or body, the signal bar being the one that just closed when the order is
//     sent ("the previous candle" of an entry at the next open);
//   - the previous day or week: its high - low ("yesterday's range", "the size of the movement last week");
//   - the last N bars: the highest high - the lowest low ("the 20 bar range", "the 20 period channel").
// A target AT a level ("take profit at the previous candle's high") is no distance: line-targets.ts reads it.
// "Average daily range" is an indicator of its own, not the previous day's range: not read. Normalised text
// ("tp" arrives as "take profit", "twice" as "2 times", "20-bar" as "20 bar").

const TARGET = String.raw`\b(?:(?:the|my|your|our|an?|first|main|final)\s+)?(?:order\s+to\s+)?(?:take\s+profit|profit\s+target|target)(?:\s+(?:order|level|price|distance))?`;
/** Words between the target and its measure, within the sentence, naming no other rule ("stop", a pip figure). */
const GAP = String.raw`(?:(?!\b(?:stop|sl|pips?|points?|atr|average)\b)[^.;\n\d]){0,60}?`;
/** "1.5 x ", "2 times ", "half ", "150% of ": the multiple of the measure. */
const MULTIPLE = String.raw`(?:(\d+(?:\.\d+)?)\s*(?:x|times)\s+(?:of\s+)?|(half)\s+(?:of\s+)?|(\d+(?:\.\d+)?)\s*%\s+of\s+)?`;
const THE = String.raw`(?:(?:the|its|that|this)\s+)?`;
const WHICH_BAR = String.raw`(?:(?:previous|prior|preceding|last|last\s+closed|signal|entry|setup|trigger|breakout|breakout\s+signal|pattern)\s+)?`;
const BAR = String.raw`(?:japanese\s+)?(?:candle(?:stick)?|bar)`;
const SIZE = String.raw`(?:height|size|range|length|full\s+range|total\s+range|(body)(?:\s+size)?)`;
const PERIOD = String.raw`(?:(?:last|previous|prior|past)\s+(week|day)|(yesterday))`;
const HIGH_LOW = String.raw`(?:\s*\(\s*(?:the\s+)?high\s+(?:minus|-|to)\s+(?:the\s+)?low\s*\))?`;

/** Each form of the measure, with how its groups make an operand (group numbers count from the form's start). */
const MEASURES: ReadonlyArray<{
  re: string;
  groups: number;
  of: (g: ReadonlyArray<string | undefined>) => SpecOperand | null;
}> = [
  // "the height of the previous candle", "the body size of the signal bar".
  {
    re: String.raw`${THE}${SIZE}\s+of\s+${THE}${WHICH_BAR}${BAR}`,
    groups: 1,
    of: ([body]) => ({ type: "candle", measure: body ? "body" : "range", shift: 0 }),
  },
  // "the same size as the signal candle", "as far as the previous bar is tall".
  {
    re: String.raw`(?:the\s+same\s+(?:size|height|length|distance)\s+as|as\s+(?:far|large|big|long)\s+as)\s+${THE}${WHICH_BAR}${BAR}(?:\s+is\s+(?:tall|high|long|big|large))?`,
    groups: 0,
    of: () => ({ type: "candle", measure: "range", shift: 0 }),
  },
  // "the previous candle's range", "the signal bar's body".
  {
    re: String.raw`${THE}${WHICH_BAR}${BAR}(?:'s|s')?\s+${SIZE}`,
    groups: 1,
    of: ([body]) => ({ type: "candle", measure: body ? "body" : "range", shift: 0 }),
  },
  // "last week's range", "yesterday's range (high minus low)", "the previous day's movement".
  {
    re: String.raw`${THE}${PERIOD}'?s?\s+(?:range|size|height|movement|move)${HIGH_LOW}`,
    groups: 2,
    of: ([period, yesterday]) => periodRange(yesterday ? "day" : period),
  },
  // "the size of last week's movement", "the range of the previous day", "the size of the movement last week".
  {
    re: String.raw`${THE}(?:size|range|height|length)\s+of\s+${THE}(?:(?:movement|move|range)\s+(?:of\s+)?${THE})?${PERIOD}(?:'s\s+(?:movement|move|range))?${HIGH_LOW}`,
    groups: 2,
    of: ([period, yesterday]) => periodRange(yesterday ? "day" : period),
  },
  // "the range of the last 20 bars", "the height of the previous 10 candles".
  {
    re: String.raw`${THE}(?:range|height|size|width)\s+of\s+${THE}(?:last|previous|past|prior)\s+(\d+)\s+(?:bars|candles(?:ticks)?)`,
    groups: 1,
    of: ([n]) => barsRange(n),
  },
  // "the 20 bar range", "the height of the 20 period channel", "the 55 bar donchian channel's width".
  {
    re: String.raw`${THE}(?:(?:height|width|size|range)\s+of\s+${THE})?(\d+)\s*(?:bar|candle|period)s?\s+(?:range|(?:donchian\s+)?channel|donchian)(?:'s\s+(?:height|width|size))?`,
    groups: 1,
    of: ([n]) => barsRange(n),
  },
];

function periodRange(period: string | undefined): SpecOperand | null {
  if (period !== "day" && period !== "week") return null;
  return {
    type: "expression",
    a: { type: "previousPeriod", period, field: "HIGH", back: 1, shift: 0 },
    k: -1,
    b: { type: "previousPeriod", period, field: "LOW", back: 1, shift: 0 },
  };
}

function barsRange(n: string | undefined): SpecOperand | null {
  const bars = Number(n);
  if (!Number.isInteger(bars) || bars < 2 || bars > 1000) return null;
  return {
    type: "expression",
    a: { type: "extreme", side: "highest", bars, shift: 0 },
    k: -1,
    b: { type: "extreme", side: "lowest", bars, shift: 0 },
  };
}

function multipleOf(
  times: string | undefined,
  half: string | undefined,
  percent: string | undefined,
): number {
  if (half) return 0.5;
  if (times) return Number(times);
  if (percent) return Number(percent) / 100;
  return 1;
}

/**
 * A target as far as the stop ("take profit equal to the stop loss", "the same distance as the stop", "tp = 1.5
 * times the stop distance" is risk.ts's): 1R, in the stop's terms (apply.ts: exits.targetR with a stop at a
 * level, else that many pips).
 */
const STOP_TARGET: Extractor<Facts> = {
  re: new RegExp(
    String.raw`${TARGET}\s*(?:(?:is|=|:|should\s+be|will\s+be)\s+)?(?:set\s+)?(?:(?:equal|equivalent|identical)\s+to|the\s+same\s+(?:distance|size)\s+as|as\s+(?:far|large|big)\s+as|=)\s+${THE}(?:initial\s+)?(?:stop\s*-?\s*loss|stop|sl|risk)(?:\s+(?:distance|size))?\b(?!\s*-?\s*(?:loss|level|price|order))`,
    "g",
  ),
  apply: (_m, f) => {
    if (f.takeProfit || f.targetMeasure) return false;
    f.takeProfit = { unit: "rr", value: 1 };
    return true;
  },
};

/** One extractor per measure form: the target words, the gap, the multiple, the measure, the end of the phrase. */
export const MEASURED_TARGET_EXTRACTORS: Extractor<Facts>[] = [
  STOP_TARGET,
  ...MEASURES.map(measureExtractor),
];

function measureExtractor(form: (typeof MEASURES)[number]): Extractor<Facts> {
  return {
    re: new RegExp(
      String.raw`${TARGET}${GAP}\b${MULTIPLE}(?:(?:a|the)\s+)?(?:distance\s+(?:equal|equivalent)\s+to\s+|(?:equal|equivalent)\s+to\s+)?${MULTIPLE}${form.re}\b`,
      "g",
    ),
    apply: (m, f, before) => {
      // "Stop loss and take profit both equal to ..." is no target of its own; "trailing target" neither.
      if (f.targetMeasure || /\b(?:trail\w*|stop(?:\s*loss)?\s+(?:and|&|\/))\s*$/.test(before)) return false;
      const of = form.of(Array.from({ length: form.groups }, (_, i) => m[7 + i]));
      if (!of) return false;
      const multiple = multipleOf(m[1] ?? m[4], m[2] ?? m[5], m[3] ?? m[6]);
      if (!(multiple > 0 && multiple <= 100)) return false;
      f.targetMeasure = { of, multiple };
      return true;
    },
  };
}
