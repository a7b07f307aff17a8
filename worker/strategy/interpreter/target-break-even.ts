import type { Extractor } from "./extract";
import type { Facts } from "./facts";

// Break-even at a fraction of the way to the target (issue 15, StrategySpec v2 exits.breakEvenAtTarget):
// "move to breakeven when price has covered half the distance to the target", "sl to be at 50% of tp", "once
// the trade is halfway to the take profit, move the stop to entry", "breakeven after 60% of the way to the
// target", "when profit reaches a third of the take profit, stop to the open price". Normalised text ("to
// entry" and "to the open price" arrive as "to breakeven", "tp" as "take profit"); a phrase never crosses a
// sentence. A break-even after a distance ("breakeven after 20 pips") is break-even.ts's.

/** Words of one sentence (no full stop, semicolon or line break), at most n characters. */
const WORDS = (n: number) => String.raw`[^.;!?\n]{0,${n}}?`;
/** "half", "halfway", "50%", "1/2", "2 thirds", "a quarter". */
const FRACTION = String.raw`(half\s*way|half|\d+(?:\.\d+)?\s*%|\d+\s*\/\s*\d+|(?:a|an|1|one|2|two|3|three)\s+(?:thirds?|quarters?))`;
const TO_TARGET = String.raw`\s+(?:of\s+)?(?:the\s+)?(?:(?:way|distance|path|move|profit)\s+)?(?:to(?:wards)?\s+|of\s+)?(?:the\s+|my\s+|our\s+|its\s+)?(?:take\s+profit|profit\s+target|target)\b`;
/** "breakeven", or "be" right after a move of the stop ("move stop loss to be"). */
const BREAK_EVEN = String.raw`(?:\bbreakeven\b|\b(?:stop(?:\s*loss)?|sl|move|moved|moving|put|set)\s+to\s+be\b)`;

/** The fraction a word says, or NaN. */
export function fractionOf(word: string): number {
  const w = word.replace(/\s+/g, " ").trim();
  if (/^half ?way$|^half$/.test(w)) return 0.5;
  const pct = /^(\d+(?:\.\d+)?) ?%$/.exec(w);
  if (pct) return Number(pct[1]) / 100;
  const ratio = /^(\d+) ?\/ ?(\d+)$/.exec(w);
  if (ratio) return Number(ratio[1]) / Number(ratio[2]);
  const part = /^(a|an|1|one|2|two|3|three) (third|quarter)s?$/.exec(w);
  if (part) {
    const n = /^(?:2|two)$/.test(part[1]) ? 2 : /^(?:3|three)$/.test(part[1]) ? 3 : 1;
    return n / (part[2] === "third" ? 3 : 4);
  }
  return Number.NaN;
}

function record(word: string | undefined, f: Facts): boolean {
  const fraction = word === undefined ? Number.NaN : fractionOf(word);
  if (f.breakEven || f.breakEvenAtTarget !== null || !(fraction > 0 && fraction < 1)) return false;
  f.breakEvenAtTarget = fraction;
  return true;
}

export const TARGET_BREAK_EVEN_EXTRACTORS: Extractor<Facts>[] = [
  // The break-even first: "move to breakeven when price has covered half the distance to the target".
  {
    re: new RegExp(`${BREAK_EVEN}${WORDS(60)}\\b${FRACTION}${TO_TARGET}`, "g"),
    apply: (m, f) => record(m[1], f),
  },
  // The fraction first: "once the trade is halfway to the take profit, move the stop to breakeven".
  {
    re: new RegExp(
      String.raw`\b(?:once|when|whenever|if|after|as\s+soon\s+as|at)\b${WORDS(60)}\b${FRACTION}${TO_TARGET}${WORDS(60)}${BREAK_EVEN}`,
      "g",
    ),
    apply: (m, f) => record(m[1], f),
  },
];
