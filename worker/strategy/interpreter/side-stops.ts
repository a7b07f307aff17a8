import { type Extractor as ExtractorOf, runExtractors } from "./extract";
import type { Facts, Side, SideStop } from "./facts";
import { LINE_STOP_EXTRACTORS } from "./line-stops";
import { scanMentions } from "./mentions";

// Stops that differ per side or sit at a price level rather than a fixed distance (StrategySpec v2
// exits.stop): "stop loss (buy): 20 points below entry", "stop for sells 2 pips above the high of the
// signal bar", "for long positions the stop loss is placed at the 5 sma of low". Read before the plain
// stop-loss distance (risk.ts), which would otherwise take the first side's number for both. Normalised text.

type Extractor = ExtractorOf<Facts>;

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const SIDE_WORD = String.raw`(buys?|sells?|longs?|shorts?|long\s+(?:positions?|trades?|orders?)|short\s+(?:positions?|trades?|orders?))`;
/** The side named after the stop: "(buy)", "for sells", "for long positions". */
const SIDE_AFTER = String.raw`(?:\(\s*${SIDE_WORD}\s*\)|(?:for|on|of)\s+(?:the\s+|a\s+)?${SIDE_WORD})`;
/** The side named before it: "when opening long positions, ", "for shorts ". */
const SIDE_BEFORE = String.raw`(?:when\s+(?:opening|entering|taking)\s+|for\s+|on\s+|in\s+)(?:the\s+|a\s+)?${SIDE_WORD}\s*,?\s*(?:the\s+)?`;
const VERB = String.raw`\s*(?::|=|-)?\s*(?:(?:is|will\s+be|should\s+be|must\s+be|goes|gets)\s+)?(?:(?:placed|set|put|located|kept)\s+)?(?:(?:at|on)\s+)?(?:the\s+level\s+of\s+)?(?:the\s+)?`;
const CANDLE = String.raw`(?:(?:bar|candle)\s+(?:of\s+)?(?:the\s+)?entry|(?:entry|signal|setup|previous|prior|last|preceding)\s+(?:bar|candle))`;
/** What the stop is at: a distance from the entry, a candle's extreme (maybe a few pips beyond), or a line. */
const WHERE = String.raw`(?:${NUM}\s+(pips?|points?)\s+(?:below|above|under|over|from|away\s+from)\s+(?:the\s+)?(?:entry|entry\s+price|open(?:ing)?\s+price|fill)\b|(?:${NUM}\s+(pips?|points?)\s+(?:below|above|under|over|beyond)\s+)?(?:the\s+)?(?:(?:low|high)\s+of\s+the\s+${CANDLE}|${CANDLE}(?:'s)?\s+(?:low|high))|([^.;:\n]{2,40}?))(?=\s*(?:[.;\n]|$|,?\s+(?:and|for|when|take|tp|target)\b))`;

function sideOf(word: string | undefined): Side | null {
  if (word === undefined) return null;
  return /^(?:buy|long)/.test(word) ? "long" : /^(?:sell|short)/.test(word) ? "short" : null;
}

const unit = (u: string): "pips" | "points" => (u.startsWith("point") ? "points" : "pips");

/** The stop a WHERE match describes (its seven groups in order), or null when it names nothing we read. */
function stopOf(g: ReadonlyArray<string | undefined>): SideStop | null {
  const [dist, distUnit, off, offUnit, line] = g;
  if (dist !== undefined && distUnit !== undefined) {
    const value = Number(dist);
    return value > 0 ? { type: "distance", distance: { unit: unit(distUnit), value } } : null;
  }
  if (line === undefined) {
    const value = off === undefined ? 0 : Number(off);
    return {
      type: "candle",
      offset: value > 0 && offUnit !== undefined ? { unit: unit(offUnit), value } : null,
    };
  }
  // A line: exactly one indicator named and nothing else that reads as a level.
  const scanned = scanMentions(line, { knownKinds: [], maPeriods: new Map() });
  const [op] = scanned.operands;
  if (scanned.operands.length !== 1 || op.type !== "indicator") return null;
  if (scanned.text.replace(/§[A-Z]+|\b(?:line|level|value)\b/g, "").trim() !== "") return null;
  return { type: "operand", operand: op };
}

function record(facts: Facts, side: Side | null, stop: SideStop | null): boolean {
  if (side === null || stop === null) return false;
  facts.sideStops = { ...(facts.sideStops ?? {}), [side]: stop };
  return true;
}

const EXTRACTORS: Extractor[] = [
  {
    re: new RegExp(String.raw`\bstop(?:\s*-?\s*loss)?\s*${SIDE_AFTER}${VERB}${WHERE}`, "g"),
    apply: (m, f) => record(f, sideOf(m[1] ?? m[2]), stopOf([m[3], m[4], m[5], m[6], m[7]])),
  },
  {
    re: new RegExp(String.raw`${SIDE_BEFORE}stop(?:\s*-?\s*loss)?${VERB}${WHERE}`, "g"),
    apply: (m, f) => record(f, sideOf(m[1]), stopOf([m[2], m[3], m[4], m[5], m[6]])),
  },
];

/**
 * Both sides in one phrase: "the stop loss is set at the low (uptrend) or high (downtrend) of the previous
 * candlestick", "limiting losses at the high or low of the signal bar". The first extreme named is the buys'
 * (a low) or the sells' (a high); the other side mirrors it (apply.ts).
 */
const EITHER_EXTREME =
  /\b(?:stop(?:\s*-?\s*loss)?|(?:limiting|limit(?:ed)?)\s+(?:the\s+)?loss(?:es)?)\s*(?::|=|-)?\s*(?:(?:is|are|will\s+be|should\s+be|must\s+be)\s+)?(?:(?:placed|set|put|located|kept)\s+)?(?:at|on|below|under|above|beyond)\s+the\s+(low|high)(?:\s*\([^)]{0,60}\))?\s+or\s+(?:the\s+)?(?:high|low)(?:\s*\([^)]{0,60}\))?\s+of\s+the\s+(?:previous|prior|last|signal|entry|preceding|setup)\s+(?:japanese\s+)?(?:candle(?:stick)?|bar)\b/g;
EXTRACTORS.push({
  re: EITHER_EXTREME,
  apply: (m, f) => record(f, m[1] === "low" ? "long" : "short", { type: "candle", offset: null }),
});

/** Fills facts.sideStops from `text` and returns the text with the used phrases blanked. */
export function extractSideStops(text: string, facts: Facts): string {
  // Stops named for a side first; then a stop at a line or candle that says its side by its words.
  return runExtractors(runExtractors(text, EXTRACTORS, facts), LINE_STOP_EXTRACTORS, facts);
}
