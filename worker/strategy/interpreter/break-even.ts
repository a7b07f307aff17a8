import type { Extractor, Groups } from "./extract";
import type { Distance, Facts } from "./facts";

// Break-even as descriptions word it beyond "move the stop to breakeven after 20 pips" (risk.ts has those):
// the trigger before or after the word, a few words apart ("shift the stop loss to breakeven level after
// a 35 pips gain", "should the trade run your way until you are 15 points or more up, the position goes to
// breakeven"), and the locked profit said as an exit ("once I am 12 pips up and price falls back to 4 pips
// up, I close": break-even at 12 pips, 4 pips locked). Normalised text;
// a phrase never crosses a sentence. ("comes back to" arrives as "crosses", normalize.ts.)

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const UNIT = String.raw`\s*(pips?|points?)`;
const GAIN = String.raw`(?:\s+(?:or\s+more|of\s+(?:gain|profit)|in\s+(?:gain|profit)|(?:of\s+)?gain|profit|in\s+(?:my|your|our|the\s+trade's)\s+favou?r|up|won|running))*`;
/** Words of one sentence (no full stop, semicolon or line break), at most n characters. */
const WORDS = (n: number) => String.raw`[^.;!?\n]{0,${n}}?`;

function pipsOrPoints(value: string | undefined, unit: string | undefined): Distance | null {
  const v = Number(value);
  if (!(v > 0) || unit === undefined) return null;
  return unit.startsWith("pip") ? { unit: "pips", value: v } : { unit: "points", value: v };
}

/** A break-even with its trigger only ("breakeven after 40 pips"): the stop moves to the entry price. */
function triggerOnly(m: Groups, f: Facts): boolean {
  if (f.breakEven) return false;
  const trigger = pipsOrPoints(m[1], m[2]);
  if (!trigger) return false;
  f.breakEven = { trigger, offset: null };
  return true;
}

export const BREAK_EVEN_EXTRACTORS: Extractor<Facts>[] = [
  // The profit that is kept when the price comes back: a break-even with a locked offset.
  {
    re: new RegExp(
      String.raw`\b(?:once|when|whenever|if|after)\s+(?:i|we|you|the\s+(?:trade|position))\s+(?:have|has|is|are|gets?|reach(?:es)?)\s+(?:a\s+profit\s+of\s+)?${NUM}${UNIT}${GAIN}\s*,?\s+and\s+(?:the\s+)?(?:price(?:\s+action)?|it|market)\s+(?:(?:reverts?|comes?|goes|falls?|retraces?|drops?|pulls?|turns?)\s+back(?:\s+down)?\s+to|returns\s+to|crosses)\s+(?:only\s+)?${NUM}${UNIT}${GAIN}`,
      "g",
    ),
    apply: (m, f) => {
      const trigger = pipsOrPoints(m[1], m[2]);
      const offset = pipsOrPoints(m[3], m[4]);
      if (!trigger || !offset || offset.value >= trigger.value) return false;
      f.breakEven = { trigger, offset };
      return true;
    },
  },
  // The word first: "breakeven stage after 40 pips gain", "to breakeven once we are 25 pips up".
  {
    re: new RegExp(
      String.raw`\bbreakeven\b${WORDS(30)}\b(?:after|once|when|at|on|if|as\s+soon\s+as)\s+(?:a\s+)?(?:(?:profit|gain)\s+of\s+)?(?:reaching\s+|(?:the\s+)?(?:trade|price|position)\s+(?:is|has|moves|goes|reaches)\s+|(?:we|you|i)\s+(?:are|have)\s+)?${NUM}${UNIT}${GAIN}`,
      "g",
    ),
    apply: triggerOnly,
  },
  // The trigger first, a clause or two before the word: "should ... you be 15 points or more up, the position
  // then goes to breakeven".
  {
    re: new RegExp(
      String.raw`\b(?:after|once|when|whenever|if|as\s+soon\s+as|at)\b${WORDS(80)}(?:\b(?:profit\s+of\s+|gain\s+of\s+)|\+|\b)${NUM}${UNIT}${GAIN}${WORDS(50)}\bto\s+(?:the\s+)?breakeven\b(?:\s*(?:\+|plus)\s*${NUM}(?:${UNIT})?)?`,
      "g",
    ),
    // "... move the stop to entry + 5 pips": the profit kept (in the trigger's unit when none is said).
    apply: (m, f) => {
      if (!triggerOnly(m, f) || !f.breakEven || m[3] === undefined) return f.breakEven !== null;
      const lock = pipsOrPoints(m[3], m[4] ?? f.breakEven.trigger.unit);
      if (lock && lock.value < f.breakEven.trigger.value) f.breakEven = { ...f.breakEven, offset: lock };
      return true;
    },
  },
];
