import type { Extractor, Groups } from "./extract";
import type { Distance, Facts } from "./facts";

// Risk management counted in multiples of the stop (R), as traders shorten it: break-even once the profit is
// a multiple of the stop, locking a smaller multiple ("pl=2sl -> be=1sl", "at 2r move the stop to +1r", "when
// the trade is twice the risk in profit, move the stop to breakeven plus 1 x stop"), and a trailing stop that
// steps by a multiple of it ("ts with step 1sl", "trailing stop in steps of 1 r"). The builder turns an R into
// the stop's own unit (builder.ts distance "rr"), so 2R of a 1 x ATR stop is 2 x ATR. Normalised text: "sl"
// stands alone as "stop loss", glued to its number as "2sl"; one sentence at a time.

/** A multiple of the stop: "2sl", "2 x stop loss", "2 times the risk", "1.5r", "twice the stop distance". */
const R = String.raw`(?:(\d+(?:\.\d+)?|twice|double)\s*(?:x\s*|times\s+|\*\s*)?(?:the\s+|my\s+|our\s+)?(?:sl|stop\s+loss|stop|risk|r)\b(?:\s+(?:distance|size|value))?)`;
/** Words of one sentence, at most n characters. */
const WORDS = (n: number) => String.raw`[^.;!?\n]{0,${n}}?`;

function multiple(word: string | undefined): number | null {
  if (word === undefined) return null;
  const v = word === "twice" || word === "double" ? 2 : Number(word);
  return v > 0 && v <= 100 ? v : null;
}

const rr = (value: number): Distance => ({ unit: "rr", value });

/** The trigger ("pl=2sl", "profit reaches 2r", "2r in profit", "price moves 2 x risk") in a sentence. */
const TRIGGER = new RegExp(
  String.raw`\b(?:pl|p&l|p\/l|profit|gain|trade|position|price|it)\s*(?:=|:|is|of|reaches|reached|hits|gets\s+to|moves|goes|has\s+moved|runs|is\s+up|up)?\s*(?:a\s+)?(?:profit\s+of\s+)?\+?${R}|\b(?:at|after|once|when)\s+\+?${R}|${R}\s+(?:in\s+)?(?:profit|gain|up)\b`,
);
/** The locked profit: "be=1sl", "breakeven + 1r", "breakeven plus 1 x stop", "lock in 1r", "to +1r". */
const LOCK = new RegExp(
  String.raw`\b(?:be|breakeven)\s*(?:=|\+|plus|at)\s*\+?${R}|\block(?:ing|s)?\s+(?:in\s+)?(?:a\s+profit\s+of\s+)?\+?${R}|\bto\s+\+${R}`,
);

function firstMultiple(m: RegExpExecArray | null): number | null {
  if (!m) return null;
  return multiple(m.slice(1).find((g) => g !== undefined));
}

/** A break-even sentence in R: its trigger, and the lock when one is stated (else the entry price). */
function breakEvenInR(m: Groups, f: Facts): boolean {
  if (f.breakEven) return false;
  const sentence = m[0];
  const lockMatch = LOCK.exec(sentence);
  const lock = firstMultiple(lockMatch);
  // The trigger is read where the lock is not ("be=1sl" is no trigger of 1R).
  const rest = lockMatch ? sentence.replace(lockMatch[0], " ") : sentence;
  const trigger = firstMultiple(TRIGGER.exec(rest));
  if (trigger === null || (lock !== null && lock >= trigger)) return false;
  f.breakEven = { trigger: rr(trigger), offset: lock === null ? null : rr(lock) };
  return true;
}

/** A trailing stop stepping by a multiple of the stop; it trails at one stop distance unless one is given. */
function trailingInR(m: Groups, f: Facts): boolean {
  const step = multiple(m[2]);
  if (step === null) return false;
  const by = multiple(m[1]);
  f.trailing = { distance: rr(by ?? 1), start: f.trailing?.start ?? null, step: rr(step) };
  return true;
}

export const STOP_MULTIPLE_EXTRACTORS: Extractor<Facts>[] = [
  // A sentence that moves the stop to break-even (or locks profit) with the trigger in R.
  {
    re: /[^.;!?\n]*(?:\bbe\s*=|\bbreakeven\b|\block(?:ing|s)?\s+(?:in\s+)?(?:a\s+profit\s+of\s+)?\+?\d|\bmove[sd]?\s+(?:the\s+|my\s+)?stop(?:\s+loss)?\s+to\s+\+)[^.;!?\n]*/g,
    apply: (m, f) => {
      // Only a sentence that counts in R: a trigger in pips is break-even.ts's.
      if (!new RegExp(R).test(m[0])) return false;
      return breakEvenInR(m, f);
    },
  },
  // "ts with step 1sl", "trailing stop in steps of 1r", "trail the stop by 1.5 x risk, stepping 1 r".
  {
    re: new RegExp(
      String.raw`\b(?:ts|trailing(?:\s+stop(?:\s+loss)?)?|trail(?:\s+(?:the\s+)?stop(?:\s+loss)?)?)\b(?:\s+(?:by|at|of)\s+${R})?${WORDS(20)}\b(?:with\s+(?:a\s+)?step|in\s+steps|steps?|stepping|step\s+size)\s*(?:of|=|:|by)?\s*${R}`,
      "g",
    ),
    // Group 1: the trailing distance when given ("by 1.5 x risk"), group 2: the step.
    apply: trailingInR,
  },
];
