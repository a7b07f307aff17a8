// Condition wordings read as the clause grammar's verbs (issue 15). Normalised text.

const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  // "the breakdown of the upper band", "a breakout above the 20 day high", "on a breach of the EMA": the price
  // crossing that line (the direction, when the noun gives none, comes from the rule it is in).
  [
    /\b(?:an?\s+|the\s+)?(?:breakdown|break-?out|breach|penetration)\s+(?:(above|below|under|over)\s+|of\s+|through\s+)/g,
    "price breaks $1 ",
  ],
  // "both stochastic lines", "the stochastic's lines", "both lines of the stochastic", "both the main and the
  // signal line": the pair %k and %d, each read with the predicate that follows.
  [
    /\b(?:both\s+)?(?:the\s+)?stochastic(?:'s)?\s+lines\b|\bboth\s+(?:the\s+)?lines\s+of\s+(?:the\s+)?stochastic\b|\bboth\s+(?:the\s+)?(?:stochastic\s+)?(?:%k|main)\s+and\s+(?:the\s+)?(?:%d|signal)(?:\s+lines?)?\b/g,
    "%k and %d",
  ],
  // "price comes back to the area between the 10 and the 21 EMA", "pulls back into the zone between": a place
  // between the two lines, not a cross of either ("comes back to" arrives here as "crosses").
  [
    /\b(?:crosses|come|comes|came|pulls?\s+back|pulled\s+back|retraces?|retraced|returns?|returned|gets?\s+back|goes\s+back|moves?\s+back|trades?\s+back)\s+(?:(?:back\s+)?(?:in)?to\s+)?(?:the\s+)?(?:point|area|zone|space|region|place|gap)?\s*between\b/g,
    "is between",
  ],
];

export function rewriteConditionWords(text: string): string {
  let out = text;
  for (const [re, to] of REWRITES) out = out.replace(re, to);
  return out;
}
