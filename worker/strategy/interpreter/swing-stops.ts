import type { Operand as SpecOperand } from "../spec";
import { type Extractor as ExtractorOf, runExtractors } from "./extract";
import { emptyFacts, type Facts, type Side, type SideStop } from "./facts";

// Stops at a swing level (issue 15), StrategySpec v2's "swing" operand (the latest confirmed fractal):
// "the stop goes at the previous local low", "SL 3 pips under the most recent swing low", "stop above the
// last fractal", "stop loss at the nearest minimum", "use the recent swing high as your stop". A stop said
// once is the buys' at a low and the sells' at a high: the other side mirrors it. And the signal pattern's
// own extreme ("1 pip below the low of our signal formation") is the signal bar's, not a swing. Normalised
// text; read before the per-side and plain stops (risk.ts), which would take "3 pips" for a distance.

type Extractor = ExtractorOf<Facts>;

const WHEN = String.raw`(?:previous|prior|last|latest|recent|most\s+recent|nearest|closest|preceding)`;
const EXTREME = String.raw`(?:low|high|minimum|maximum|bottom|top|trough|peak)`;
/** A swing level in the words traders use; the groups say its side (see `swingWordSide`). */
const SWING = String.raw`(?:(?:${WHEN}\s+)?(?:local|swing|fractal)\s+(${EXTREME})s?|(?:nearest|closest|recent|most\s+recent)\s+(?:local\s+)?(${EXTREME})s?|(?:${WHEN}\s+)?(?:(up|down|upper|lower)\s+)?fractals?(?:\s+(low|high))?)\b`;
const SWING_GROUPS = 4;
/** "3 pips below ", "1.5 points beyond ": amount, unit, direction. */
const OFFSET_CORE = String.raw`(\d+(?:\.\d+)?)\s*(pips?|points?)\s+(below|under|beneath|above|over|beyond|behind|past|outside(?:\s+of)?)\s+`;
const OFFSET = `(?:${OFFSET_CORE})?`;
/**
 * Words between "stop" and the level: no number (an offset sits right before the level), no sentence end,
 * nothing that makes it another rule ("stop loss 20 pips, take profit at the swing high", "if price closes
 * below the swing low").
 */
const GAP = String.raw`((?:(?!\b(?:take|profit|target|tp|exit|close|closes|trail\w*|if|when|then|enter|entry)\b)[^.;\n\d]){0,60}?)`;
const STOP = String.raw`\bstop(?:\s*-?\s*loss(?:es)?)?\b`;
const ARTICLE = String.raw`(?:(?:the|a|an|our|my|your)\s+)?(?:level\s+of\s+(?:the\s+)?)?`;

const SIDE_WORD =
  /\b(?:for|on|of|with|when\s+(?:opening|entering|taking))\s+(?:the\s+|a\s+)?(buys?|sells?|longs?|shorts?|long\s+(?:positions?|trades?|orders?)|short\s+(?:positions?|trades?|orders?)|buy\s+(?:positions?|trades?|orders?)|sell\s+(?:positions?|trades?|orders?))\b|\((long|short|buys?|sells?)\)/;

function sideNamed(text: string): Side | null {
  const m = SIDE_WORD.exec(text);
  const word = m?.[1] ?? m?.[2];
  if (word === undefined) return null;
  return /^(?:buy|long)/.test(word) ? "long" : "short";
}

/**
 * The swing's side from its words (a low: the buys'), or null for a bare "fractal", whose side comes from
 * the side named or the preposition (below: a low).
 */
function swingWordSide(g: ReadonlyArray<string | undefined>): Side | null {
  const [w1, w2, updown, fractalSide] = g;
  const word = w1 ?? w2 ?? fractalSide;
  if (word !== undefined) return /^(?:low|minimum|bottom|trough)$/.test(word) ? "long" : "short";
  if (updown !== undefined) return /^(?:down|lower)$/.test(updown) ? "long" : "short";
  return null;
}

function prepositionSide(gap: string, toward: string | undefined): Side {
  const prep = toward ?? /\b(below|under|beneath|above|over)\s+(?:the\s+)?\S*\s*$/.exec(gap)?.[1];
  return prep !== undefined && /^(?:above|over)$/.test(prep) ? "short" : "long";
}

const unitOf = (u: string): "pips" | "points" => (u.startsWith("point") ? "points" : "pips");

/** The swing level of a side, moved by an offset: beyond it is below a low (a buy's) and above a high. */
function swingLevel(side: Side, offset: Off): SpecOperand {
  const base: SpecOperand = { type: "swing", side: side === "long" ? "low" : "high", strength: 2, shift: 0 };
  if (offset === null || !(offset.value > 0)) return base;
  const up =
    /^(?:above|over)$/.test(offset.toward) ||
    (!/^(?:below|under|beneath)$/.test(offset.toward) && side === "short");
  return {
    type: "expression",
    a: base,
    k: 1,
    offset: { value: (up ? 1 : -1) * offset.value, unit: unitOf(offset.unit) },
  };
}

function record(facts: Facts, side: Side, stop: SideStop): void {
  facts.sideStops = { ...(facts.sideStops ?? {}), [side]: stop };
}
const atLevel = (spec: SpecOperand): SideStop => ({
  type: "operand",
  operand: { type: "level", spec, shift: 0 },
});

type Off = { value: number; unit: string; toward: string } | null;

/**
 * Records a swing stop on its side and the mirror on the other (a stop said once is meant for both; a side
 * with a stop of its own stated later keeps that one). `tail` is the rest of the phrase ("/ 2 pips above the
 * swing high"): an offset of its own goes to the other side, else the same distance beyond its level.
 */
function swingStop(facts: Facts, side: Side, offset: Off, tail: string): boolean {
  const other: Side = side === "long" ? "short" : "long";
  const own = new RegExp(OFFSET_CORE).exec(tail);
  const otherOffset: Off = own
    ? { value: Number(own[1]), unit: own[2], toward: own[3] }
    : offset && { ...offset, toward: "beyond" };
  record(facts, side, atLevel(swingLevel(side, offset)));
  record(facts, other, atLevel(swingLevel(other, otherOffset)));
  return true;
}

/** The other side said after the first ("/ recent swing high", "or 2 pips above the swing high for sells"). */
const TAIL = String.raw`((?:\s*\([^)]{0,40}\))?(?:\s*(?:\/|,|\bor\b|\band\b)\s*(?:\d+(?:\.\d+)?\s*(?:pips?|points?)\s+(?:below|under|beneath|above|over|beyond|behind|past)\s+)?${ARTICLE}(?:${WHEN}\s+)?(?:local\s+|swing\s+|fractal\s+)?${EXTREME}s?\b(?:\s*\([^)]{0,40}\)|\s+(?:for|on)\s+(?:the\s+)?(?:buys?|sells?|longs?|shorts?|long\s+\w+|short\s+\w+))?)?)`;

const offsetOf = (value: string | undefined, unit: string | undefined, toward: string | undefined): Off =>
  value !== undefined && unit !== undefined && toward !== undefined
    ? { value: Number(value), unit, toward }
    : null;

const EXTRACTORS: Extractor[] = [
  // "stop loss: at the latest local low", "SL 2 pips under the last swing low (buys)
  // / above the last swing high (sells)", "stop for shorts above the most recent fractal".
  {
    re: new RegExp(`${STOP}${GAP}${OFFSET}${ARTICLE}${SWING}${TAIL}`, "g"),
    apply: (m, f, before) => {
      if (/\btrail\w*\s*$/.test(before)) return false;
      const gap = m[1] ?? "";
      const tail = m[5 + SWING_GROUPS] ?? "";
      const side =
        swingWordSide(Array.from({ length: SWING_GROUPS }, (_, i) => m[5 + i])) ??
        sideNamed(`${gap} ${/^\s*\([^)]*\)/.exec(tail)?.[0] ?? ""}`) ??
        prepositionSide(gap, m[4]);
      return swingStop(f, side, offsetOf(m[2], m[3], m[4]), tail);
    },
  },
  // "use the recent swing low as your stop", "with the last fractal as the stop loss".
  {
    re: new RegExp(
      String.raw`\b(?:use|using|with|take|taking)\s+${OFFSET}${ARTICLE}${SWING}\s+as\s+(?:the\s+|a\s+|an\s+|your\s+|my\s+|our\s+)?(?:initial\s+|protective\s+)?stop(?:\s*-?\s*loss)?\b`,
      "g",
    ),
    apply: (m, f) => {
      const side =
        swingWordSide(Array.from({ length: SWING_GROUPS }, (_, i) => m[4 + i])) ?? prepositionSide("", m[3]);
      return swingStop(f, side, offsetOf(m[1], m[2], m[3]), "");
    },
  },
  // The signal pattern's own extreme: "1 pip below the low of our signal formation", "stop loss 2 pips above
  // the high of the setup pattern". The candle stop mirrors to the other side (apply.ts).
  {
    re: new RegExp(
      String.raw`${STOP}${GAP}(?:(\d+(?:\.\d+)?)\s*(pips?|points?)\s+(?:below|under|beneath|above|over|beyond|behind|past)\s+)?(?:the\s+)?(low|high)\s+of\s+(?:the|our|my|your|this|that)\s+(?:signal|setup|entry|trigger)\s+(?:formation|pattern|setup|candle(?:stick)?|bar)\b`,
      "g",
    ),
    apply: (m, f, before) => {
      if (/\btrail\w*\s*$/.test(before)) return false;
      const value = m[2] === undefined ? 0 : Number(m[2]);
      const offset = value > 0 && m[3] !== undefined ? { unit: unitOf(m[3]), value } : null;
      record(f, sideNamed(m[1] ?? "") ?? (m[4] === "low" ? "long" : "short"), { type: "candle", offset });
      return true;
    },
  },
];

/** Fills facts.sideStops with swing and signal-pattern stops and returns the text with them blanked. */
export function extractSwingStops(text: string, facts: Facts): string {
  return runExtractors(text, EXTRACTORS, facts);
}

/** The text without the swing stops it states: a swing read as a stop is no unsupported indicator to ask about. */
export function withoutSwingStops(text: string): string {
  return runExtractors(text, EXTRACTORS, emptyFacts());
}
