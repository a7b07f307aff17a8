import type { Operand as SpecOperand } from "../spec";
import { CANDLE_OFFSET } from "./pending";

// Price levels of StrategySpec v2 (issue 14) as traders name them (issue 15): "the 20 day high", "the highest
// high of the last 55 bars", "yesterday's low", "last week's high", "the last swing high" (a fractal), each
// optionally "N pips above/below" it.
// Breakout rules compare the bar that just closed with the level as it stood before that bar, so an N-bar
// extreme is read one bar back (shift 1): the bar's own high would be part of it. Normalised text.

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const EXTREME = String.raw`(?:the\s+)?(?:(?:last|previous|prior|past)\s+)?(\d+)\s+(?:day|bar|candle|period|week)s?\s+(high|low)s?\b|(?:the\s+)?(highest\s+high|lowest\s+low)\s+(?:of|over|in)\s+(?:the\s+)?(?:last|previous|prior|past)\s+(\d+)\s+(?:bars?|candles?|periods?|days?)\b`;
const PREVIOUS = String.raw`(?:the\s+)?(?:(?:previous|prior|last)\s+(day|week)'?s?|yesterday'?s?|(?:previous|prior|last)\s+(daily|weekly))\s+(high|low|open|close)\b`;
const OFFSET = String.raw`(?:${NUM}\s+(pips?|points?)\s+(above|below|over|under)\s+)?`;
/** A session range's side, as session-range.ts writes it: "window_2200_0000_high". */
const WINDOW = String.raw`\bwindow_(\d{4})_(\d{4})_(high|low)\b`;

/** The latest swing high/low (v2 "swing", a fractal): "the last swing high", "the most recent local low". */
const SWING = String.raw`(?:the\s+)?(?:last|latest|previous|prior|recent|most\s+recent|nearest|preceding)\s+(?:swing|local)\s+(high|low)s?\b`;

/** One regex over the level phrases; the groups are read by `levelOf`. */
export const LEVEL = new RegExp(`${OFFSET}(?:${EXTREME}|${PREVIOUS}|${WINDOW}|${SWING})`, "g");
/** How many groups a LEVEL match has, the whole match included. */
export const LEVEL_GROUPS = 15;

/** The spec operand of a LEVEL match (its groups in order), or null. */
export function levelOf(g: ReadonlyArray<string | undefined>): SpecOperand | null {
  const [, dist, unit, side, n1, hl1, hl2, n2, period, periodly, field, from, to, windowSide, swing] = g;
  let base: SpecOperand | null = null;
  const clock = (t: string) => `${t.slice(0, 2)}:${t.slice(2)}`;
  if (swing !== undefined) {
    base = { type: "swing", side: swing === "high" ? "high" : "low", strength: 2, shift: 0 };
  } else if (from !== undefined && to !== undefined && windowSide !== undefined) {
    base = {
      type: "timeWindow",
      from: clock(from),
      to: clock(to),
      side: windowSide === "high" ? "high" : "low",
      shift: 0,
    };
  } else if (n1 !== undefined || n2 !== undefined) {
    const bars = Number(n1 ?? n2);
    const high = (hl1 ?? hl2 ?? "").includes("high");
    if (!(bars >= 1 && bars <= 1000)) return null;
    base = { type: "extreme", side: high ? "highest" : "lowest", bars, shift: 1 };
  } else if (field !== undefined) {
    const p = period ?? (periodly === "weekly" ? "week" : "day");
    base = {
      type: "previousPeriod",
      period: p === "week" ? "week" : "day",
      field: field === "high" ? "HIGH" : field === "low" ? "LOW" : field === "open" ? "OPEN" : "CLOSE",
      back: 1,
      shift: 0,
    };
  }
  if (!base) return null;
  if (dist === undefined) return base;
  const up = side === "above" || side === "over";
  return {
    type: "expression",
    a: base,
    k: 1,
    offset: { value: (up ? 1 : -1) * Number(dist), unit: unit?.startsWith("point") ? "points" : "pips" },
  };
}

/** The level phrases of LEVEL without groups and without a distance, for the rewrites below. */
const NAMED_LEVEL = String.raw`(?:the\s+)?(?:(?:last|previous|prior|past)\s+)?\d+\s+(?:day|bar|candle|period|week)s?\s+(?:high|low)s?|(?:the\s+)?(?:highest\s+high|lowest\s+low)\s+(?:of|over|in)\s+(?:the\s+)?(?:last|previous|prior|past)\s+\d+\s+(?:bars?|candles?|periods?|days?)|(?:the\s+)?(?:(?:previous|prior|last)\s+(?:day|week)'?s?|yesterday'?s?|(?:previous|prior|last)\s+(?:daily|weekly))\s+(?:high|low|open|close)`;

/**
 * What a stop order is placed at: a distance from a level, or the level ("buy stop loss 30" is no order); a
 * distance from the signal candle is a pending order (pending.ts), not a breakout of a level.
 */
const AT_LEVEL = String.raw`(?!${CANDLE_OFFSET})(?=\d+(?:\.\d+)?\s+(?:pips?|points?)\s+(?:above|below|over|under)|the\s+\d|the\s+highest|the\s+lowest|yesterday|(?:the\s+)?(?:previous|prior|last)\s+(?:day|week|daily|weekly)|previous|prior|last\s+(?:day|week|\d))`;

/** "buy stop is placed 2 points above ...", "sell stop shall be set at ...". */
const PLACED = String.raw`(?:(?:is|are|shall\s+be|will\s+be|should\s+be|must\s+be|gets)\s+)?(?:(?:placed|set|put|entered)\s+)?`;

/**
 * Orders and breakouts said as actions, rewritten as conditions the clause grammar reads: "buy stop 2 pips above
 * X" (a buy stop fills when the price rises through the level), "price exceeds X by 25 pips", "price falls 25
 * pips below X", "a new 10 day low".
 */
export const LEVEL_REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  // "the previous day high + 5 pips", "yesterday's low minus 3 pips": the distance said after the level.
  [
    new RegExp(String.raw`\b(${NAMED_LEVEL})\s*(?:\+|plus)\s*${NUM}\s*(pips?|points?)\b`, "g"),
    "$2 $3 above $1",
  ],
  [
    new RegExp(String.raw`\b(${NAMED_LEVEL})\s*(?:-|minus)\s*${NUM}\s*(pips?|points?)\b`, "g"),
    "$2 $3 below $1",
  ],
  [
    new RegExp(
      `\\b(?:(?:place\\s+)?(?:a\\s+)?)?buy\\s+stop(?:\\s+order)?\\s+${PLACED}(?:at\\s+)?${AT_LEVEL}`,
      "g",
    ),
    "buy when price crosses above ",
  ],
  [
    new RegExp(
      `\\b(?:(?:place\\s+)?(?:a\\s+)?)?sell\\s+stop(?:\\s+order)?\\s+${PLACED}(?:at\\s+)?${AT_LEVEL}`,
      "g",
    ),
    "sell when price crosses below ",
  ],
  [
    new RegExp(
      `\\b(price|close)\\s+(?:exceeds|breaks|clears)\\s+((?:the\\s+)?[a-z0-9' ]{3,40}?)\\s+by\\s+${NUM}\\s+(pips?|points?)`,
      "g",
    ),
    "$1 crosses above $3 $4 above $2",
  ],
  [
    new RegExp(
      `\\b(price|close)\\s+(falls|drops|rises|climbs)\\s+${NUM}\\s+(pips?|points?)\\s+(below|above|under|over)\\s+`,
      "g",
    ),
    "$1 crosses $5 $3 $4 $5 ",
  ],
  [/\b(?:a\s+)?new\s+(\d+\s+(?:day|bar|candle|week)s?\s+)(high|low)s?\b/g, "price crosses $2_side the $1$2"],
  [/\bcrosses high_side\b/g, "crosses above"],
  [/\bcrosses low_side\b/g, "crosses below"],
];
