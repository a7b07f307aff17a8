import { AMOUNT_EXTRACTORS } from "./amount";
import { BREAK_EVEN_EXTRACTORS } from "./break-even";
import { type Extractor as ExtractorOf, runExtractors } from "./extract";
import type { Distance, Facts, Sizing } from "./facts";
import { LINE_TARGET_EXTRACTORS } from "./line-targets";
import { LINE_TRAIL_EXTRACTORS } from "./line-trails";
import { MEASURED_TARGET_EXTRACTORS } from "./measured-targets";
import { extractScaleOut } from "./scale-out";
import { extractSideStops } from "./side-stops";
import { SIZING_EXTRACTORS } from "./sizing";
import { STOP_MULTIPLE_EXTRACTORS } from "./stop-multiples";
import { extractSwingStops } from "./swing-stops";
import { TARGET_BREAK_EVEN_EXTRACTORS } from "./target-break-even";

// Money management phrases: stop loss, take profit, trailing stop, break-even, sizing.
// Each extractor blanks what it used so the condition grammar never sees "30 pips".

const NUM = "(\\d+(?:\\.\\d+)?)";
/** "30 pips", "2 atr", "2x atr", "1.5 times the atr(14)", "3%", "40 points". */
const DIST = `${NUM}\\s*(?:(pips?|points?|%|percent)|(?:x|\\*|times)?\\s*(?:the\\s+)?(atr)(?:\\s*\\(\\s*(\\d+)\\s*\\))?(?:\\s+(\\d+))?)`;
/** "2x atr" written with the multiplier after: "atr x 2", "atr * 1.5". */
const DIST_ATR_AFTER = `(?:the\\s+)?atr(?:\\s*\\(\\s*(?:(\\d+)|[a-z])\\s*\\))?\\s*(?:x|\\*|times)\\s*${NUM}`;

function distance(
  value: string,
  unit: string | undefined,
  atr: string | undefined,
  atrPeriod: string | undefined,
): Distance | null {
  const v = Number(value);
  if (!Number.isFinite(v) || v <= 0) return null;
  if (atr) return { unit: "atr", value: v, period: atrPeriod ? Number(atrPeriod) : null };
  if (unit === undefined) return null;
  if (unit.startsWith("pip")) return { unit: "pips", value: v };
  if (unit.startsWith("point")) return { unit: "points", value: v };
  return { unit: "percent", value: v };
}

/** Parses the first distance in `s`, in either word order. */
export function parseDistance(s: string): Distance | null {
  const a = new RegExp(DIST).exec(s);
  const b = new RegExp(DIST_ATR_AFTER).exec(s);
  if (b && (!a || b.index < a.index))
    return { unit: "atr", value: Number(b[2]), period: b[1] ? Number(b[1]) : null };
  if (a) return distance(a[1], a[2], a[3], a[4] ?? a[5]);
  return null;
}

type Extractor = ExtractorOf<Facts>;

/** Text ending in a target's or a stop's name: a distance right after it is that one's, not the next's. */
const TARGET_BEFORE = /\b(?:take profit|target)\s*(?:of|at|=|:|is|@)?\s*$/;
const STOP_BEFORE = /\b(?:stop loss|stop)\s*(?:of|at|=|:|is|@)?\s*$/;

const ANY_DIST = `(?:${DIST}|${DIST_ATR_AFTER})`;
const SEP =
  "(?:\\s*(?:=|:|-)\\s*|\\s*\\b(?:of|at|to|is|are|on|be|by|with|around|about|can|could|should|will|would|must|may|made|placed|put|kept|for|approximately|approx|roughly|equal|equals|initially|always|fixed|a|an|the|set(?:\\s+(?:at|to))?)\\b|\\s*@\\s*)*\\s*(?:a|an|the)?\\s*";

const EXTRACTORS: Extractor[] = [
  // Break-even and trailing steps in multiples of the stop, before the pip forms read "2sl" otherwise.
  ...STOP_MULTIPLE_EXTRACTORS,
  // Removals first: "remove the stop loss", "no take profit", "without trailing".
  {
    re: /\b(?:remove|delete|drop|disable|no|without|get rid of|turn off|don't use|do not use|dont use|don't want|do not want|dont want)\s+(?:the\s+|a\s+|any\s+)?(stop loss|stop(?!\s+(?:to|at|trading)\b)|take profit|trailing stop|trailing|trail|breakeven)\b/g,
    apply: (m, f) => {
      const what = m[1];
      if (what === "stop loss" || what === "stop") {
        f.edits.push({ type: "removeStopLoss" });
        f.noStopWanted = true;
      } else if (what === "take profit") f.edits.push({ type: "removeTakeProfit" });
      else if (what === "breakeven") f.edits.push({ type: "removeBreakEven" });
      else f.edits.push({ type: "removeTrailing" });
      return true;
    },
  },
  // Break-even: "move stop to breakeven after 15 pips (+2 pips)", "breakeven at 20 pips profit".
  {
    re: new RegExp(
      `\\b(?:(?:move|moving|put|set|bring)\\s+(?:the\\s+|my\\s+)?(?:stop loss|stop)\\s+to\\s+)?breakeven(?:\\s*(?:\\+|plus)\\s*${NUM}\\s*(pips?|points?))?\\s*(?:stop\\s*)?(?:after|at|when|once|if|on)?\\s*(?:price\\s+(?:moves|goes|is)\\s+|(?:the\\s+)?(?:trade|position)\\s+is\\s+|we\\s+are\\s+|i\\s+am\\s+|reaching\\s+)?${ANY_DIST}(?:\\s+(?:in\\s+)?(?:profit|in my favou?r|in favou?r|gain|up))?(?:\\s*(?:\\+|plus)\\s*${NUM}\\s*(pips?|points?))?`,
      "g",
    ),
    apply: (m, f) => {
      // The "+2 pips" offset may sit before or after the trigger; take it out before reading the trigger.
      const off = /(?:\+|plus)\s*(\d+(?:\.\d+)?)\s*(pips?|points?)/.exec(m[0]);
      const trigger = parseDistance(off ? m[0].replace(off[0], " ") : m[0]);
      if (!trigger) return false;
      f.breakEven = { trigger, offset: off ? distance(off[1], off[2], undefined, undefined) : null };
      return true;
    },
  },
  // Trailing with its start first: "after a 12 pip profit a 6 pip trailing stop is set", "once
  // 20 pips in profit, trail the stop by 10 pips".
  {
    re: new RegExp(
      `\\b(?:after|once|when|as\\s+soon\\s+as)\\s+(?:(?:getting|reaching|having|we\\s+have|you\\s+have|there\\s+is|the\\s+trade\\s+is|price\\s+moves)\\s+)?(?:a\\s+)?(?:(?:profit|gain)\\s+of\\s+)?${DIST}(?:\\s+(?:in\\s+)?(?:profit|gain))?\\s*,?\\s*(?:(?:a|the)\\s+)?(?:trailing stop|trail(?:ing)?\\s+(?:the\\s+)?(?:stop(?:\\s+loss)?\\s+)?)${SEP}${ANY_DIST}`,
      "g",
    ),
    apply: (m, f) => {
      const split = /\b(?:trailing stop|trail(?:ing)?)\b/.exec(m[0]);
      if (!split) return false;
      const start = parseDistance(m[0].slice(0, split.index));
      const d = parseDistance(m[0].slice(split.index));
      if (!start || !d) return false;
      f.trailing = { distance: d, start };
      return true;
    },
  },
  // Trailing: "trail the stop by 20 pips", "20 pip trailing stop", "trailing stop of 1.5 atr starting at 30 pips".
  {
    re: new RegExp(
      `\\b(?:trail(?:ing)?\\s+(?:the\\s+|my\\s+)?(?:stop(?:\\s+loss)?\\s+)?(?:stop\\s+)?${SEP}${ANY_DIST}|${ANY_DIST}\\s+trailing(?:\\s+stop)?)(?:\\s*,?\\s*(?:that\\s+|which\\s+)?(?:starting|starts|start|once|after|when|activated?|activates|activating|kicking in|kicks in)\\s+(?:at|after|when|once|in)?\\s*(?:price\\s+(?:moves|is)\\s+|the\\s+trade\\s+is\\s+)?${ANY_DIST}(?:\\s+(?:in\\s+)?profit)?)?`,
      "g",
    ),
    apply: (m, f) => {
      const text = m[0];
      const split =
        /\b(starting|starts|start|once|after|when|activated?|activates|activating|kicking in|kicks in)\b/.exec(
          text,
        );
      const head = split ? text.slice(0, split.index) : text;
      const tail = split ? text.slice(split.index) : "";
      const d = parseDistance(head);
      if (!d) return false;
      f.trailing = { distance: d, start: tail ? parseDistance(tail) : null };
      return true;
    },
  },
  // The trailing stop's step, said after it: "with a step of 5 pips", "trailing step 5 pips", "in steps of 10
  // pips" (the stop moves only by whole steps; spec-exits.ts).
  {
    re: new RegExp(
      `\\b(?:with\\s+(?:a\\s+)?step|in\\s+steps|trailing\\s+step|trail\\s+step|step(?:\\s+size)?)\\s*(?:of|=|:|is)?\\s*(${DIST})`,
      "g",
    ),
    apply: (m, f) => {
      const step = m[1] ? parseDistance(m[1]) : null;
      if (!f.trailing || !step || step.unit === "rr") return false;
      f.trailing = { ...f.trailing, step };
      return true;
    },
  },
  // "stop loss and take profit at a ratio of 1:2", "sl/tp 1:1.5": the target is the second over the first.
  {
    re: /\bstop loss\s*(?:,|and|&|\/|to)\s*take profit\s*(?:ratio)?\s*(?:at|of|=|:|is|in)?\s*(?:a\s+)?(?:ratio\s+(?:of\s+)?)?(\d+(?:\.\d+)?)\s*(?::|to|\/)\s*(\d+(?:\.\d+)?)\b/g,
    apply: (m, f) => {
      const ratio = Number(m[2]) / Number(m[1]);
      if (!(ratio > 0)) return false;
      f.takeProfit = { unit: "rr", value: ratio };
      return true;
    },
  },
  // Risk:reward targets: "1:2 risk reward", "take profit 2 times the stop", "2r target".
  {
    re: /\b(?:(?:risk\s*(?:to|:|\/)?\s*reward|rr|r:r|reward\s*(?:to|:|\/)\s*risk)(?:\s+ratio)?\s*(?:of|at|=|:)?\s*(\d+(?:\.\d+)?)\s*(?::|to|\/)\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?::|to|\/)\s*(\d+(?:\.\d+)?)\s+(?:risk\s*(?:to|:|\/)?\s*reward|rr|r:r|reward)(?:\s+ratio)?|(?:take profit|target)\s*(?:of|at|=|:|is|will\s+be|should\s+be)?\s*(?:set\s+(?:at|to)\s+)?(\d+(?:\.\d+)?)\s*(?:x|times)\s*(?:the\s+|my\s+|your\s+|our\s+)?(?:initial\s+)?(?:stop loss|stop|risk)(?:\s+distance)?|(\d+(?:\.\d+)?)\s*r\s+(?:target|take profit)|(?:take profit|target)\s*(?:of|at|=|:|is)?\s*(\d+(?:\.\d+)?)\s*r)\b/g,
    apply: (m, f) => {
      let ratio: number | null = null;
      if (m[1] && m[2]) ratio = Number(m[2]) / Number(m[1]);
      else if (m[3] && m[4]) ratio = Number(m[4]) / Number(m[3]);
      else if (m[5]) ratio = Number(m[5]);
      else if (m[6] ?? m[7]) ratio = Number(m[6] ?? m[7]);
      if (ratio === null || !(ratio > 0)) return false;
      f.takeProfit = { unit: "rr", value: ratio };
      return true;
    },
  },
  // A target as a multiple of the stop in shorthand: "tp=7sl", "take profit 3 x sl", "target = 2 stop loss".
  {
    // Without a sign the number must touch the word ("7sl") or be one of the stop's few multiples: "tp 30 sl 20
    // pips" states two distances.
    re: /\b(?:take profit|target)\s*(?:=|:|of|at|is)?\s*(?:(\d+(?:\.\d+)?)\s*(?:x\s*|times\s+|\*\s*)|(\d+(?:\.\d+)?)(?=sl|stop)|([1-9](?:\.\d+)?)\s+)(?:the\s+)?(?:sl|stop loss)\b(?!\s*(?:=|:|of|at|is)?\s*\d)/g,
    apply: (m, f) => {
      const ratio = Number(m[1] ?? m[2] ?? m[3]);
      if (!(ratio > 0)) return false;
      f.takeProfit = { unit: "rr", value: ratio };
      return true;
    },
  },
  // An exit that is only a distance is a target: "exit long: top 120 pips", "close the trade at 50 pips profit",
  // "exit after 40 pips". A distance followed by more words ("20 pips against us") is not.
  {
    re: /\b(?:exit|close)(?:\s+(?:long|short|buys?|sells?|the\s+trades?|trades?|the\s+positions?|positions?|all))?\s*(?:when|at|:|=|after|on|with)?\s*(?:\+|top|target|(?:a\s+|in\s+)?profit\s+of)?\s*(\d+(?:\.\d+)?)\s*(pips|points)(?:\s+(?:profit|gain|in\s+profit))?(?=\s*(?:[.;,\n)]|$))/g,
    apply: (m, f) => {
      if (f.takeProfit || m[1] === undefined) return false;
      const d = distance(m[1], m[2], undefined, undefined);
      if (!d) return false;
      f.takeProfit = d;
      return true;
    },
  },
  // One value for both: "stop loss and take profit of 20 points".
  {
    re: new RegExp(
      `\\b(?:stop loss\\s*(?:and|&|\\/)\\s*take profit|take profit\\s*(?:and|&|\\/)\\s*stop loss)(?:\\s+(?:are|both|each))*${SEP}${ANY_DIST}`,
      "g",
    ),
    apply: (m, f) => {
      const d = parseDistance(m[0]);
      if (!d) return false;
      f.stopLoss = d;
      f.takeProfit = d;
      return true;
    },
  },
  // Break-even after the profit: "once 5 pips are won, the stop is moved to breakeven", "after a profit of 20
  // points or more we move the position to breakeven".
  {
    re: new RegExp(
      `\\b(?:once|after|when|if)\\s+(?:the\\s+)?(?:(?:trade|price|position)\\s+)?(?:(?:is|are|has|have|moves|goes|gains|gained|reaches|getting|get|you\\s+have|we\\s+have)\\s+)?(?:a\\s+)?(?:profit\\s+of\\s+)?${DIST}(?:\\s+(?:are|is|in|of|or\\s+more))*(?:\\s+(?:profit|gain|won|win|in\\s+my\\s+favou?r))?[^.;\\n]{0,40}?\\b(?:move|moved|moves|set|goes|put)\\b[^.;\\n]{0,25}?\\bto\\s+breakeven\\b(?:\\s*(?:\\+|plus)\\s*\\d+(?:\\.\\d+)?\\s*(?:pips?|points?)?)?`,
      "g",
    ),
    apply: (m, f) => {
      const trigger = parseDistance(m[0]);
      if (!trigger) return false;
      // "... move the stop to breakeven + 5": the profit kept, in the trigger's unit when none is said.
      const lock = /breakeven\s*(?:\+|plus)\s*(\d+(?:\.\d+)?)\s*(pips?|points?)?$/.exec(m[0]);
      const unit = lock?.[2] ? (lock[2].startsWith("pip") ? "pips" : "points") : trigger.unit;
      const value = Number(lock?.[1]);
      const offset: Distance | null =
        lock && (unit === "pips" || unit === "points") && value > 0 && value < trigger.value
          ? { unit, value }
          : null;
      f.breakEven = { trigger, offset };
      return true;
    },
  },
  // Break-even in looser words, and a locked profit said as an exit (break-even.ts).
  ...BREAK_EVEN_EXTRACTORS,
  // A target as a ratio of the stop: "profit target with ratio 1:2", "target at a 1:3 risk reward".
  {
    re: /\b(?:take profit|target)\s+(?:with|at|of|is)?\s*(?:a\s+)?(?:ratio|rr|r:r|risk\s*(?:to|:|\/)?\s*reward)(?:\s+ratio)?\s*(?:of|=|:)?\s*(\d+(?:\.\d+)?)\s*(?::|to|\/)\s*(\d+(?:\.\d+)?)\b/g,
    apply: (m, f) => {
      const ratio = Number(m[2]) / Number(m[1]);
      if (!(ratio > 0)) return false;
      f.takeProfit = { unit: "rr", value: ratio };
      return true;
    },
  },
  // A bare "1:N" after the target word ("target 1:2", "tp 1:1.5"): risk one, reward N. Only with 1 first, so a
  // "2:1" (which way round?) is not guessed.
  {
    re: /\b(?:take profit|target|tp)\s*(?:of|at|=|:|is)?\s*1\s*:\s*(\d+(?:\.\d+)?)\b(?!\s*(?:am|pm|gmt|utc)\b)/g,
    apply: (m, f) => {
      const ratio = Number(m[1]);
      if (!(ratio > 0) || ratio > 20 || f.takeProfit) return false;
      f.takeProfit = { unit: "rr", value: ratio };
      return true;
    },
  },
  // Stop loss: "stop loss 30 pips", "30 pip stop", "stop at 2x atr", "1.5 atr stop", "sl of 1%", "60 pips for
  // stop loss".
  {
    re: new RegExp(
      `\\b(?:(?:initial|hard|fixed|protective)\\s+)?(?:stop loss|stop)(?!\\s+trading)${SEP}${ANY_DIST}|${ANY_DIST}\\s+(?:(?:for|as)\\s+(?:the\\s+|a\\s+)?)?(?:initial\\s+|hard\\s+|fixed\\s+)?(?:stop loss|stop)\\b`,
      "g",
    ),
    apply: (m, f, before) => {
      // "take profit 50 pips stop loss ...": the distance belongs to the target before it.
      if (/^\d/.test(m[0]) && TARGET_BEFORE.test(before)) return false;
      const d = parseDistance(m[0]);
      if (!d) return false;
      f.stopLoss = d;
      return true;
    },
  },
  // Take profit: "take profit at 3%", "tp 60 pips", "60 pip target", "target 2 atr".
  {
    re: new RegExp(
      `\\b(?:take profit|target|profit target|tgt)${SEP}${ANY_DIST}|${ANY_DIST}\\s+(?:(?:for|as)\\s+(?:the\\s+|a\\s+)?)?(?:take profit|target|profit)\\b`,
      "g",
    ),
    apply: (m, f, before) => {
      if (/^\d/.test(m[0]) && STOP_BEFORE.test(before)) return false;
      const d = parseDistance(m[0]);
      if (!d) return false;
      f.takeProfit = d;
      return true;
    },
  },
  // Shorthand without a unit ("sl 30 tp 60") means pips, the unit retail traders think in.
  {
    re: /\b(stop loss|stop|take profit|target)\s*(?:of|at|=|:|to)?\s*\(?(\d+(?:\.\d+)?)(?:\)|\b)(?!\s*(?:%|percent|x\b|\*|times|atr|r\b|lots?|:|\/))/g,
    apply: (m, f) => {
      const v = Number(m[2]);
      if (!(v > 0)) return false;
      if (m[1] === "stop loss" || m[1] === "stop") f.stopLoss = { unit: "pips", value: v };
      else f.takeProfit = { unit: "pips", value: v };
      return true;
    },
  },
  // Sizing in proportion to the account, in money, or of equity (sizing.ts), before the plain readings.
  ...SIZING_EXTRACTORS,
  // Dukascopy amounts in units of currency ("amount 1 million"), before "1 lot" could be read from them.
  ...AMOUNT_EXTRACTORS,
  // Sizing: "risk 1% per trade", "1% risk", "risking 2 percent of the account".
  {
    re: /\b(?:risk(?:ing|s)?\s+(?:of\s+|only\s+|just\s+)?(\d+(?:\.\d+)?)\s*(?:%|percent)|(\d+(?:\.\d+)?)\s*(?:%|percent)\s+risk)(?:\s+(?:of|per)\s+(?:the\s+|my\s+)?(?:account|balance|equity|capital|trade))*(?:\s+per\s+trade)?/g,
    apply: (m, f) => {
      const p = Number(m[1] ?? m[2]);
      if (!(p > 0 && p <= 100)) return false;
      f.sizing = { kind: "risk", percent: p };
      return true;
    },
  },
  // Lots: "0.1 lots", "lot size 0.5", "1 standard lot", "a micro lot".
  {
    re: /\b(?:(?:fixed\s+)?(?:lot\s*size|lots?|volume|position\s+size)\s*(?:of|=|:|is)?\s*(\d+(?:\.\d+)?)\b|(\d+(?:\.\d+)?)[ \t]*(?:standard\s+)?lots?\b|(?:a|one|1)\s+(micro|mini|standard|full)\s+lots?\b)/g,
    apply: (m, f) => {
      let lots: number | null = null;
      if (m[1] ?? m[2]) lots = Number(m[1] ?? m[2]);
      else if (m[3] === "micro") lots = 0.01;
      else if (m[3] === "mini") lots = 0.1;
      else if (m[3]) lots = 1;
      if (lots === null || !(lots >= 0.01 && lots <= 100)) return false;
      const sizing: Sizing = { kind: "lots", lots };
      f.sizing = sizing;
      return true;
    },
  },
];

/** Fills the risk fields of `facts` from `text` and returns the text with the used phrases blanked. */
export function extractRisk(text: string, facts: Facts): string {
  // Stops per side first: the plain stop-loss reading would take the first side's distance for both.
  // A trail at a line first: "trail the stop below the 20 ema" is no stop loss at the EMA.
  const trails = runExtractors(text, LINE_TRAIL_EXTRACTORS, facts);
  const stops = extractScaleOut(extractSideStops(extractSwingStops(trails, facts), facts), facts);
  // A target measured on the chart before the targets at a line or a distance ("1.5 times the candle's range").
  // "Breakeven half way to the target" first: its "take profit" is no target of its own.
  const halfWay = runExtractors(stops, TARGET_BREAK_EVEN_EXTRACTORS, facts);
  const measured = runExtractors(halfWay, MEASURED_TARGET_EXTRACTORS, facts);
  const out = runExtractors(runExtractors(measured, LINE_TARGET_EXTRACTORS, facts), EXTRACTORS, facts);
  fourDigitPoints(facts);
  // "no stop" / "without a stop" alone: an explicit wish, not an omission.
  if (/\b(?:no|without(?: a| any)?)\s+stop\b(?!\s+(?:trading|loss))/.test(out)) facts.noStopWanted = true;
  return out;
}

/**
 * A text that gives some distances in pips and others in "points" of the same size ("a stop loss of 10 points
 * and a take profit of 20 pips") was written for 4-digit quotes, where a point is a pip: its points are pips.
 * Points of twice the smallest pips distance or more ("a 150 point stop, 50 pips target") are MetaTrader's
 * 5-digit points and stay so.
 */
function fourDigitPoints(f: Facts): void {
  const all: Distance[] = [
    f.stopLoss,
    f.takeProfit,
    f.trailing?.distance,
    f.trailing?.start,
    f.breakEven?.trigger,
    f.breakEven?.offset,
  ].filter((d): d is Distance => d !== null && d !== undefined);
  const pips = all.filter((d) => d.unit === "pips").map((d) => d.value);
  const points = all.filter((d) => d.unit === "points").map((d) => d.value);
  if (pips.length === 0 || points.length === 0 || Math.max(...points) >= 2 * Math.min(...pips)) return;
  const asPips = (d: Distance | null): Distance | null =>
    d?.unit === "points" ? { unit: "pips", value: d.value } : d;
  f.stopLoss = asPips(f.stopLoss);
  f.takeProfit = asPips(f.takeProfit);
  if (f.trailing)
    f.trailing = {
      distance: asPips(f.trailing.distance) ?? f.trailing.distance,
      start: asPips(f.trailing.start),
      ...(f.trailing.step ? { step: asPips(f.trailing.step) } : {}),
    };
  if (f.breakEven)
    f.breakEven = {
      trigger: asPips(f.breakEven.trigger) ?? f.breakEven.trigger,
      offset: asPips(f.breakEven.offset),
    };
}
