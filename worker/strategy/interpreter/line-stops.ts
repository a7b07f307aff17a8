import type { Extractor } from "./extract";
import type { Facts, Side, SideStop, StopOffset } from "./facts";
import { scanMentions } from "./mentions";

// A stop at a line or a candle's extreme with no side named (StrategySpec v2 exits.stop): "set the stop loss
// 15 pips below the 21 ema", "sl 3 points above/below the lower/upper band", "stop 5 pips beyond the low of the
// signal candle", "place the stop under the lower bollinger band". The words say which side the stop is for
// ("below" a line: a buy's stop; "above": a sell's; "beyond" the low: a buy's) and the other side mirrors it
// (apply.ts: the line's twin, the distance on the other side). A distance from the entry ("20 pips below the
// entry") is no level: side-stops.ts and risk.ts read those. Normalised text.

// "buy stop" / "sell stop" is a pending order (pending.ts), "trailing stop" a trail: neither is the stop loss.
const STOP = String.raw`(?<!\b(?:buy|sell|trailing|trail)\s+)\b(?:(?:initial|protective|hard|fixed)\s+)?stop(?:\s*-?\s*loss)?(?:\s+order)?`;
const VERB = String.raw`(?:\s*(?::|=|-)\s*|\s+)(?:(?:is|are|will\s+be|should\s+be|must\s+be|goes|gets|to\s+be|can\s+be)\s+)?(?:(?:placed|set|put|located|kept|positioned|sitting|sits)\s+)?(?:(?:at|on)\s+)?`;
const AMOUNT = String.raw`(?:(\d+(?:\.\d+)?)\s+(pips?|points?)\s+)?`;
const DIR = String.raw`(below|under|underneath|beneath|above|over|beyond|behind|past|outside(?:\s+of)?|on\s+the\s+other\s+side\s+of|at|on)(?:\s*\/\s*(?:below|under|above|over))?\s+`;
/** The level: a few words up to the end of the phrase. */
const LEVEL = String.raw`((?:the\s+|this\s+|that\s+)?[a-z0-9_'()/,\s.%-]{2,60}?)`;
const END = String.raw`(?=\s*(?:[.;\n(]|$|,\s|\s+(?:and|or|for|when|if|take\s+profit|target|once|after|but|then|with|while|which|so)\b))`;

const CANDLE_WORD = String.raw`(?:japanese\s+)?(?:candle(?:stick)?|bar)`;
const WHICH = String.raw`(?:(?:entry|signal|setup|previous|prior|last|preceding|breakout|trigger|current|this|that|same)\s+)`;
/**
 * "the low of the entry candle", "the signal bar's high", "the previous candle low", "low/high of this bar";
 * "its low" after an order at a candle ("buy stop 2 pips above the signal bar's high, stop 3 pips below its low").
 */
const CANDLE = new RegExp(
  String.raw`^(?:the\s+)?(?:(low|high)(?:\s*\/\s*(?:low|high))?\s+of\s+(?:the\s+|this\s+|that\s+)?${WHICH}?${CANDLE_WORD}|${WHICH}?${CANDLE_WORD}(?:'s)?\s+(low|high)(?:\s*\/\s*(?:low|high))?|its\s+(low|high))$`,
);
/** Words that put a level on the buys' side (below the price) or the sells' side (above it). */
const LOW_WORD = /(?:\b|_)(?:low|lower|lowest|support|bottom)\b/;
const HIGH_WORD = /(?:\b|_)(?:high|upper|highest|resistance|top)\b/;

const unit = (u: string): "pips" | "points" => (u.startsWith("point") ? "points" : "pips");

/**
 * The side a stop phrase is for: "below/under" a level is a buy's stop, "above/over" a sell's; "beyond", "at"
 * and the like say it by the level (a low for buys, a high for sells; a line both ways, read for buys). A
 * pair "lower/upper" is the buys' level first.
 */
function sideOf(dir: string, level: string): Side {
  if (/^(?:below|under|underneath|beneath)$/.test(dir)) return "long";
  if (/^(?:above|over)$/.test(dir)) return "short";
  const low = LOW_WORD.exec(level);
  const high = HIGH_WORD.exec(level);
  if (low && (!high || low.index < high.index)) return "long";
  return high ? "short" : "long";
}

/** A slash pair of levels ("the lower/upper band", "low/high of the bar"): the buys' word of it, else null. */
const PAIR = /\b(lower|upper|low|high)\s*\/\s*(lower|upper|low|high)\b/;
function lowOfPair(text: string): string | null {
  const pair = PAIR.exec(text);
  if (!pair) return null;
  const low = [pair[1], pair[2]].find((w) => w === "lower" || w === "low");
  return low === undefined ? null : text.replace(PAIR, low);
}

/** The stop a level phrase names for `side`, or null when it names no single level we read. */
function stopAt(oneLevel: string, side: Side, away: StopOffset | null): SideStop | null {
  const candle = CANDLE.exec(oneLevel);
  if (candle) {
    const which = candle[1] ?? candle[2] ?? candle[3];
    // A buy's stop under a candle's high (or a sell's over its low) is no stop this reading knows.
    if ((which === "low") !== (side === "long")) return null;
    return { type: "candle", offset: away, mirrors: true };
  }
  const scanned = scanMentions(oneLevel, { knownKinds: [], maPeriods: new Map() });
  const [op] = scanned.operands;
  if (scanned.operands.length !== 1 || (op.type !== "indicator" && op.type !== "level")) return null;
  if (op.type === "indicator" && op.ind.kind !== "ma" && op.ind.kind !== "bollinger") return null;
  if (
    scanned.text.replace(/§[A-Z]+|\b(?:the|line|level|value|indicator|moving|average)\b/g, "").trim() !== ""
  )
    return null;
  // A band on the wrong side ("below the upper band" for a buy) is read as written, not as its twin.
  return { type: "operand", operand: op, offset: away, mirrors: true };
}

export const LINE_STOP_EXTRACTORS: Extractor<Facts>[] = [
  {
    re: new RegExp(`${STOP}${VERB}${AMOUNT}${DIR}${LEVEL}${END}`, "g"),
    apply: (m, f) => {
      const [amount, amountUnit, dir, level] = [m[1], m[2], m[3], m[4]];
      if (dir === undefined || level === undefined) return false;
      // "Stop at 30 pips", "stop at entry": a distance, read elsewhere.
      if (
        /^(?:the\s+)?(?:\d+(?:\.\d+)?\s*(?:pips?|points?|%|percent|x\b|times|atr)|entry|open|fill|breakeven)/.test(
          level.trim(),
        )
      )
        return false;
      const value = Number(amount);
      if (amount !== undefined && !(value > 0)) return false;
      // "N pips at the line" says nothing of a side; a distance needs a direction word.
      if (amount !== undefined && /^(?:at|on)$/.test(dir)) return false;
      // "3 points above/below the lower/upper band": one phrase for both sides, the buys' level first.
      const paired = lowOfPair(level.trim());
      const side = paired === null ? sideOf(dir, level) : "long";
      const away =
        amount !== undefined && amountUnit !== undefined ? { unit: unit(amountUnit), value } : null;
      const stop = stopAt(paired ?? level.trim(), side, away);
      if (!stop || f.sideStops?.[side]) return false;
      f.sideStops = { ...(f.sideStops ?? {}), [side]: stop };
      return true;
    },
  },
];
