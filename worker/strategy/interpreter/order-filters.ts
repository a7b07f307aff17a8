import type { BasicOperand, Condition, Operand, StrategySpec } from "../spec";
import type { ChatExtractor } from "./edit-phrases";

// Order-management filters on entries (issue 15; spec-orders.ts limits, spec-price.ts previousPeriod back 0):
//   - a minimum wait between two entries: "at least 60 minutes between consecutive orders", "wait 2 hours
//     after a trade before the next one", "no new order within 30 min of the last one", "the gap between two
//     orders is higher than 1 hour", "max one trade every 4 hours" (limits.minMinutesBetween). A wait after a
//     trade CLOSES or after a loss is another rule (a cool-down), not read here;
//   - the day's range so far: "the difference between today's high and low is at least 45 pips", "daily
//     range above 40 pips", "only if the day has moved less than 80 pips" (every entry also needs today's
//     high - today's low > or < that many pips);
//   - a spread limit said with a unit-less number or "or less": "spread <= 1.5", "only trade when the spread
//     is 2 pips or less", "skip if spread above 3 pips" (edit-phrases.ts has the other wordings).
// Normalised text ("equal or higher than" is "higher than", "2 hours" is "2 hour", normalize.ts).

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const UNIT = String.raw`(minutes?|mins?|m|hours?|hrs?|h)\b`;
const ORDERS = String.raw`(?:orders?|trades?|entries|entry|positions?|signals?)`;
const AT_LEAST = String.raw`(?:is\s+|must\s+be\s+|should\s+be\s+|of\s+|=\s*|:\s*)?(?:at\s+least|higher\s+than|more\s+than|greater\s+than|bigger\s+than|longer\s+than|>=?|minimum(?:\s+of)?|min\.?|not\s+(?:less|shorter)\s+than)?\s*`;

function minutesOf(n: string | undefined, unit: string | undefined): number | null {
  const v = Number(n);
  const m = /^h/.test(unit ?? "") ? v * 60 : v;
  return Number.isInteger(m) && m >= 1 && m <= 10_080 ? m : null;
}

function wait(n: string | undefined, unit: string | undefined, f: { edits: { type: string }[] }): boolean {
  const minutes = minutesOf(n, unit);
  if (minutes === null) return false;
  (f.edits as Array<{ type: "minMinutesBetween"; minutes: number }>).push({
    type: "minMinutesBetween",
    minutes,
  });
  return true;
}

/** Another trade's close or loss: a cool-down after an exit, which limits.minMinutesBetween is not. */
const AFTER_CLOSE = String.raw`(?!\s+(?:closes?|closed|is\s+closed|exits?|ends?|hits?|was\s+closed|loss|losing))`;

const TODAY = String.raw`(?:the\s+)?(?:daily|day'?s|today'?s|current\s+day'?s?|intraday|session'?s?)`;
const RANGE_OP = String.raw`(?:is\s+|must\s+be\s+|should\s+be\s+|has\s+to\s+be\s+)?(at\s+least|higher\s+than|more\s+than|greater\s+than|bigger\s+than|larger\s+than|wider\s+than|above|over|>=?|minimum(?:\s+of)?|less\s+than|lower\s+than|smaller\s+than|narrower\s+than|below|under|<=?|at\s+most|maximum(?:\s+of)?|no\s+more\s+than|not\s+more\s+than)`;
const PIPS = String.raw`(pips?|points?)\b`;

function rangeOp(word: string): "greaterThan" | "lessThan" {
  return /^(?:less|lower|smaller|narrower|below|under|<|at\s+most|maximum|no\s+more|not\s+more)/.test(word)
    ? "lessThan"
    : "greaterThan";
}

function range(
  op: string | undefined,
  n: string | undefined,
  unit: string | undefined,
  f: Parameters<ChatExtractor["apply"]>[1],
): boolean {
  const value = Number(n);
  if (!(value > 0) || op === undefined) return false;
  f.dayRange = { op: rangeOp(op), value, unit: (unit ?? "").startsWith("point") ? "points" : "pips" };
  return true;
}

export const ORDER_FILTER_EXTRACTORS: ChatExtractor[] = [
  // "the gap between 2 consecutive orders is higher than 60 minute", "time between trades at least 2 hours",
  // "minimum 45 min between entries", "at least an hour between two orders".
  {
    re: new RegExp(
      String.raw`\b(?:(?:the\s+)?(?:gap|time|interval|delay|pause|distance|spacing|minimum\s+time)\s+between\s+(?:(?:2|two|any\s+2|any\s+two)\s+)?(?:consecutive\s+|successive\s+|subsequent\s+)?${ORDERS}\s+${AT_LEAST}${NUM}\s*${UNIT}|(?:at\s+least|a\s+minimum\s+of|minimum(?:\s+of)?|min\.?)\s+${NUM}\s*${UNIT}\s+between\s+(?:(?:2|two)\s+)?(?:consecutive\s+|successive\s+|subsequent\s+)?${ORDERS})`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => wait(m[1] ?? m[3], m[2] ?? m[4], f),
  },
  // "wait 2 hour after a trade before the next", "wait at least 30 minute after each entry", "after an order
  // wait 60 minute before opening another".
  {
    re: new RegExp(
      String.raw`\bwait\s+(?:at\s+least\s+|for\s+)?${NUM}\s*${UNIT}\s+(?:after|since)\s+(?:a|an|each|every|the|the\s+last|the\s+previous|any)\s+(?:new\s+)?${ORDERS}${AFTER_CLOSE}(?:\s+(?:is\s+)?(?:opened|placed|entered|taken))?(?:\s+(?:before|until)\s+(?:the\s+next(?:\s+one)?|another(?:\s+one)?|a\s+new\s+one|opening\s+(?:another|a\s+new)(?:\s+${ORDERS})?|entering\s+again|trading\s+again))?`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => wait(m[1], m[2], f),
  },
  // "no new order within 30 min of the last one", "don't open a trade within 2 hour of the previous trade",
  // "30 minute since the last order".
  {
    re: new RegExp(
      String.raw`\b(?:no\s+(?:new\s+)?${ORDERS}|(?:don't|do\s+not|dont|never)\s+(?:open|place|enter|take)\s+(?:a\s+|another\s+|any\s+)?(?:new\s+)?${ORDERS}?)\s+(?:within|in\s+the\s+first|for|less\s+than)\s+${NUM}\s*${UNIT}\s+(?:of|after|from|since)\s+(?:the\s+)?(?:last|previous|prior|latest)\s+(?:one|1|${ORDERS})${AFTER_CLOSE}|\b(?:at\s+least\s+)?${NUM}\s*${UNIT}\s+(?:have\s+passed\s+|elapsed\s+|passed\s+)?since\s+(?:the\s+)?(?:last|previous|prior)\s+${ORDERS}${AFTER_CLOSE}`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => wait(m[1] ?? m[3], m[2] ?? m[4], f),
  },
  // "max one trade every 4 hour", "only 1 entry per 2 hour", "one order every 90 minute".
  {
    re: new RegExp(
      String.raw`\b(?:(?:max(?:imum)?|at\s+most|only|no\s+more\s+than)\s+)?(?:1|one|a\s+single)\s+(?:new\s+)?${ORDERS}\s+(?:every|per|each|in\s+any)\s+${NUM}\s*${UNIT}`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => wait(m[1], m[2], f),
  },
  // "today's high minus today's low must exceed 50 pips", "the distance between today's high and low is at
  // least 40 pips".
  {
    re: new RegExp(
      String.raw`\b(?:the\s+)?(?:difference|distance|range|gap)\s+between\s+${TODAY}\s+high\s+and\s+(?:${TODAY}\s+|the\s+|its\s+)?low(?:\s+(?:so\s+far|of\s+the\s+day|today))?\s+${RANGE_OP}\s*${NUM}\s*${PIPS}`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => range(m[1], m[2], m[3], f),
  },
  // "daily range above 40 pips", "today's range is at least 50 pips", "the day's high-low range > 30 pips".
  {
    re: new RegExp(
      String.raw`\b${TODAY}\s+(?:high\s*[-/]\s*low\s+)?range(?:\s+(?:so\s+far|of\s+the\s+day|today))?\s+${RANGE_OP}\s*${NUM}\s*${PIPS}`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => range(m[1], m[2], m[3], f),
  },
  // "the day has moved less than 80 pips", "price has moved at least 50 pips today".
  {
    re: new RegExp(
      String.raw`\b(?:the\s+(?:day|market|price|pair)|price|today)\s+has\s+(?:already\s+)?(?:moved|travel(?:l)?ed|ranged)\s+(?:by\s+)?${RANGE_OP.replace(/^\(\?:is\\s\+\|must\\s\+be\\s\+\|should\\s\+be\\s\+\|has\\s\+to\\s\+be\\s\+\)\?/, "")}\s*${NUM}\s*${PIPS}(?:\s+(?:today|so\s+far|this\s+day))?`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => range(m[1], m[2], m[3], f),
  },
  // "spread <= 1.5", "spread below 2": a bare number is pips up to 5 and points above (MT5's inputs count
  // points: "max spread 20"); "the spread is 2 pips or less"; "skip if spread above 3 pips".
  {
    re: new RegExp(
      String.raw`\b(?:only\s+(?:trade|enter)\s+(?:when|if)\s+(?:the\s+)?spread\s+is\s+${NUM}\s*(pips?|points?)?\s+or\s+(?:less|lower|below|under)|(?:skip|avoid|ignore|no\s+trade)(?:\s+(?:the\s+)?(?:trade|entry|signal|trading|entries))?\s+(?:if|when|while)\s+(?:the\s+)?spread\s+(?:is\s+)?(?:above|over|wider\s+than|more\s+than|greater\s+than|bigger\s+than|>)\s*${NUM}\s*(pips?|points?)?|spread\s+(?:<=?|is\s+at\s+most|at\s+most|max(?:imum)?)\s*${NUM}(?![\d.])(?!\s*(?:pips?|points?))|spread\s+(?:is\s+|must\s+be\s+|should\s+be\s+|has\s+to\s+be\s+)?${NUM}\s*(pips?|points?)\s+or\s+(?:less|lower|below))`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => {
      const n = m[1] ?? m[3] ?? m[5] ?? m[6];
      const unit = m[2] ?? m[4] ?? m[7];
      const value = Number(n);
      if (!(value > 0)) return false;
      const points = unit === undefined ? value > 5 : unit.startsWith("point");
      f.edits.push({ type: "maxSpread", value, unit: points ? "points" : "pips" });
      return true;
    },
  },
  // "max spread 25", "maximum spread: 1.5": a bare number, pips up to 5 and points above (as above).
  {
    re: /\bmax(?:imum)?\s+(?:allowed\s+)?spread\s*(?:of|=|:|is)?\s*(\d+(?:\.\d+)?)(?![\d.])(?!\s*(?:pips?|points?))/g,
    needsSpec: false,
    apply: (m, f) => {
      const value = Number(m[1]);
      if (!(value > 0)) return false;
      f.edits.push({ type: "maxSpread", value, unit: value > 5 ? "points" : "pips" });
      return true;
    },
  },
];

const dayField = (field: "HIGH" | "LOW"): BasicOperand => ({
  type: "previousPeriod",
  period: "day",
  field,
  back: 0,
  shift: 0,
});

/** Today's high minus today's low so far (spec-price.ts previousPeriod back 0). */
export const DAY_RANGE: Operand = { type: "expression", a: dayField("HIGH"), k: -1, b: dayField("LOW") };

function isDayRange(c: Condition): boolean {
  return (
    (c.type === "greaterThan" || c.type === "lessThan") &&
    c.left.type === "expression" &&
    c.left.a.type === "previousPeriod" &&
    c.left.a.back === 0 &&
    c.right.type === "constant" &&
    c.right.unit !== undefined
  );
}

/**
 * Adds the day-range filter to every entry rule (both sides alike: a range has no side), replacing an earlier
 * one of the same direction. A chart of a day or longer has no "so far": the filter is left out (false).
 */
export function applyDayRange(
  draft: StrategySpec,
  r: NonNullable<import("./facts").Facts["dayRange"]>,
): boolean {
  if (draft.timeframe === "D1" || draft.timeframe === "W1") return false;
  const cond: Condition = {
    type: r.op,
    left: DAY_RANGE,
    right: { type: "constant", value: r.value, unit: r.unit },
  };
  for (const side of ["long", "short"] as const) {
    const rule = draft.entry[side];
    if (!rule) continue;
    const all = rule.all.filter((c) => !(isDayRange(c) && c.type === r.op));
    draft.entry[side] = { ...rule, all: [...all, cond] };
  }
  return true;
}
