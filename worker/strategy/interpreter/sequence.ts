import { type Rule, type SingleBarCondition, WITHIN_DEFAULT_BARS } from "../spec";

// Sequences across bars (issue 15, spec-sequence.ts): "wait for A, then enter when B", "A, followed by B",
// "A ...; enter when the price returns above the band". The clause that carries the last step (the trigger) is
// marked by clauses.ts; what the side's rule already says in this message becomes a window of the last
// WITHIN_DEFAULT_BARS bars before the trigger's conditions join it, and the reply states that length.

/** Words that put a clause after an earlier step: "then", "followed by", "after that". */
const STEP_WORD = /\b(?:then|followed\s+by|follow(?:s|ed)?\s+by|after\s+that|afterwards|subsequently)\b/;

/**
 * Verbs whose event starts from an earlier state: "returns above the lower band", "comes back down to touch the
 * 9", "pulls back to", "retraces to". ("Crosses back above 30" is a cross of its own: not a step.)
 */
const RETURN_WORD =
  /\b(?:returns?|returning|comes?\s+back|coming\s+back|pulls?\s+back|pulling\s+back|retraces?|retracing|gets?\s+back|moves?\s+back)\b/;

/** "the 5 crosses the 50, followed by the 13 crossing it": the steps said inside one clause. */
const IN_CLAUSE_STEP =
  /(?=\s*,?\s*(?:and\s+)?(?:then|followed\s+by|follow(?:s|ed)?\s+by|after\s+that)\s+(?!(?:buy|sell|go|enter|open|exit|close|short|long)\b))/;

/** A clause cut before each of its inner steps (each piece keeps its step word, for isSequenceStep). */
export function splitSteps(clause: string): string[] {
  return clause.split(IN_CLAUSE_STEP).map((p) => p.replace(/^\s*,\s*/, ""));
}

/**
 * Does the clause (with the words that joined it to the one before, `gap`) carry a sequence's last step?
 * "We wait for the first bullish candle to enter": a wait for something before entering is one too.
 */
export function isSequenceStep(text: string, gap: string, before: string): boolean {
  // "If A then buy when B": a condition and its consequence, on one bar.
  const conditional = /^(?:if|when|whenever|as long as|provided|only if)\b/.test(before.trim());
  // A sentence of its own under a heading arrives as "buy when then ...": the step word after the heading's.
  const own = text.replace(HEADING_LEAD, "");
  return (
    (STEP_WORD.test(gap) && !conditional) ||
    STEP_START.test(own) ||
    // "- after that, enter when B": the step word alone before the comma that split it off.
    STEP_ALONE.test(before.replace(HEADING_LEAD, "")) ||
    RETURN_WORD.test(text) ||
    WAIT.test(text)
  );
}

/** The words sections.ts puts before each item of a side's heading ("buy when"). */
const HEADING_LEAD =
  /^\s*(?:buy|sell|go\s+long|go\s+short|long|short|enter(?:\s+long|\s+short)?)\s+(?:when|if)\s+/;

/**
 * A clause that opens with a step word, also in a sentence of its own after the setup's: "then", "after that",
 * "next,", "once that happens", "when this happens", "after this". (Not "next" before a bar's open: "buy at the
 * next open" is when the order goes, not a step.)
 */
const STEP_START =
  /^\s*(?:and\s+)?(?:then|followed\s+by|follow(?:s|ed)?\s+by|after\s+(?:that|this)|afterwards|subsequently|next\s*,|(?:once|when|after)\s+(?:that|this)\s+(?:happens|has\s+happened|is\s+done|occurs|is\s+the\s+case))\b/;

const STEP_ALONE =
  /^\s*(?:and\s+)?(?:then|after\s+(?:that|this)|afterwards|subsequently|next|(?:once|when|after)\s+(?:that|this)\s+(?:happens|has\s+happened|is\s+done|occurs))\s*,?\s*$/;

/** A step that returns from an earlier state: the state before it, with no event, is still the earlier step. */
export function returnsFromState(text: string): boolean {
  return RETURN_WORD.test(text);
}

/**
 * "We wait for a bullish candle to enter", "wait until the price closes above the ema": a wait for something
 * before entering is the trigger of what the side said before it.
 */
const WAIT = /\bwait(?:s|ing)?\s+(?:for|until|till)\b/;

/**
 * The side's rule with its single-bar conditions (those after the last window) turned into a window of the
 * default length; null when there is nothing before the step (a sentence that only returns above a band) or
 * only states (no cross: they stay conditions of the trigger's bar) unless the step returns from them.
 */
export function windowOfSetup(rule: Rule | undefined, returns = false): Rule | null {
  if (!rule) return null;
  const lastWindow = rule.all.map((c) => c.type).lastIndexOf("within");
  const before = rule.all.slice(0, lastWindow + 1);
  const setup = rule.all.slice(lastWindow + 1);
  const single = setup.filter((c): c is SingleBarCondition => c.type !== "within");
  if (single.length === 0 || single.length > 8) return null;
  // "The 50 EMA must be above the 200; wait for the stochastic to cross above 20": states with no event before
  // the trigger are filters that hold on the trigger's bar, not a step that happened earlier.
  if (!returns && !single.some((c) => c.type === "crossesAbove" || c.type === "crossesBelow")) return null;
  return { all: [...before, { type: "within", bars: WITHIN_DEFAULT_BARS, all: single }], any: rule.any };
}

export const SEQUENCE_NOTE = `I read the earlier step as having happened on one of the last ${WITHIN_DEFAULT_BARS} bars (the signal bar included); tell me another number of bars if you want.`;
