import type { Facts } from "./facts";

// Scale-out targets (v2 exits.scaleOut): several numbered targets, each closing a share of the position, "first
// tp 40 pips, second tp 70, let the last part run", "tp1 = 25, tp2 = 50, tp3 = 80 pips". N targets close N equal
// parts; with a runner ("let the rest run") there is one part more, left to the stop or the exit rules, else the
// last target closes what is left (the take profit). A lone numbered target is an ordinary take profit (risk.ts).
// Normalised text ("tp" arrives as "take profit").

const ORD: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
};
const TARGET = String.raw`(?:take\s+profit|profit\s+target|target|tp)`;
const ONE = new RegExp(
  String.raw`\b(?:(first|1st|second|2nd|third|3rd|fourth|4th)\s+${TARGET}|${TARGET}\s*([1-4])\b)\s*(?:to|at|of|=|:|is|@)?\s*(?:set\s+(?:to|at)\s+)?(\d+(?:\.\d+)?)\s*(pips?|points?)?`,
  "g",
);
const RUNNER =
  /\b(?:let|leave)\s+(?:the\s+)?(?:third|fourth|last|remaining|rest|final|other)\b[^.;\n]{0,30}?\b(?:run(?:ning)?|rid(?:e|ing)|open)\b|\b(?:runner|the\s+rest\s+(?:runs|rides))\b/;

/** Fills facts.scaleOut from two or more numbered targets and returns the text with them blanked. */
export function extractScaleOut(text: string, facts: Facts): string {
  const found: Array<{ n: number; value: number; unit: "pips" | "points" }> = [];
  let unit: "pips" | "points" | null = null;
  for (const m of text.matchAll(ONE)) {
    const n = m[1] ? ORD[m[1]] : Number(m[2]);
    const value = Number(m[3]);
    if (m[4]) unit = m[4].startsWith("point") ? "points" : "pips";
    if (!(value > 0) || found.some((f) => f.n === n)) return text;
    found.push({ n, value, unit: unit ?? "pips" });
  }
  if (found.length < 2) return text;
  found.sort((a, b) => a.n - b.n);
  // A unit given once holds for every target; distances must rise ("tp1 40, tp2 70").
  const u = unit ?? "pips";
  if (found.some((f, i) => f.n !== i + 1 || (i > 0 && f.value <= found[i - 1].value))) return text;
  facts.scaleOut = { targets: found.map((f) => ({ unit: u, value: f.value })), runner: RUNNER.test(text) };
  return text.replace(ONE, " ");
}
