// Condition wordings read as the clause grammar's verbs (issue 15). Normalised text.

const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  // "the breakdown of the upper band", "a breakout above the 20 day high", "on a breach of the EMA": the price
  // crossing that line (the direction, when the noun gives none, comes from the rule it is in).
  [
    /\b(?:an?\s+|the\s+)?(?:breakdown|break-?out|breach|penetration)\s+(?:(above|below|under|over)\s+|of\s+|through\s+)/g,
    "price breaks $1 ",
  ],
];

export function rewriteConditionWords(text: string): string {
  let out = text;
  for (const [re, to] of REWRITES) out = out.replace(re, to);
  return out;
}
