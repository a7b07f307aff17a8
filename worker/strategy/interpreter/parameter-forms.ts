// Indicator parameters in the notations traders copy from MetaTrader's input dialogs (issue 15), rewritten as the
// short "name (a, b)" lists the mention grammar reads (mentions.ts). Normalised text.
//
// - Bollinger "(50, 0, 2)": MT5's iBands takes period, shift, deviation; a zero shift in the middle is no
//   parameter of the rules.
// - Stochastic "(14, 3, 3, low/high, 20, 80)": %K, %D, slowing, then the price field, the method and the
//   levels; only the first three are periods.
// - RSI "(8, close)": the period and the applied price.
// - Stochastic "with a period of 8 and 3, respectively", "%K period 8, %D period 3": the %K and %D lengths
//   (slowing keeps its default).
// - The lines by their other names: "slow K", "fast K", "slow D" (MT5's Stochastic is the slow one).

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const PRICE = "close|open|high|low|median|typical|weighted";
/** A deviation's label in MT5's dialog and traders' words ("deviation", "dev", "std", "standard deviations"). */
const DEV = String.raw`(?:std\.?\s*)?(?:deviations?|dev|std|stdev|sd|standard\s+deviations?)`;

const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  [
    new RegExp(String.raw`\bbollinger(?:\s+bands?)?\s*\(\s*(\d+)\s*,\s*0\s*,\s*${NUM}\s*\)`, "g"),
    "bollinger ($1,$2)",
  ],
  [
    /\bstochastic(?:\s+oscillator)?\s*\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,[^()]*\)/g,
    "stochastic ($1,$2,$3)",
  ],
  [
    new RegExp(String.raw`\b(rsi|cci|momentum)\s*\(\s*(\d+)\s*,\s*(${PRICE})(?:\s+prices?)?\s*\)`, "g"),
    "$1 ($2) of $3",
  ],
  // "a stochastic oscillator whose periods are 10 and 4, respectively", "stochastic using periods 14, 3 and 3".
  [
    /\bstochastic(?:\s+(?:indicator|oscillator))?\s+(?:(?:with|using|set\s+to|at)\s+)?(?:(?:a|the)\s+)?(?:periods?|settings?|parameters?|values?|lengths?)\s*(?:of|=|:)?\s*(\d+)\s*(?:,|\/|and)\s*(\d+)(?:\s*(?:,|\/|and)\s*(\d+))?(?:\s*,?\s*respectively)?/g,
    "stochastic ($1,$2,$3)",
  ],
  // "%K period 8, %D period 3(, slowing 3)", "%k = 14 and %d = 3".
  [
    /(?:%k|\bk)\s*(?:period|length)?\s*(?:of|=|:)?\s*(\d+)\s*(?:,|and|;)\s*(?:%d|\bd)\s*(?:period|length)?\s*(?:of|=|:)?\s*(\d+)(?:\s*(?:,|and|;)\s*(?:slowing|slow(?:ing)?\s+period)\s*(?:of|=|:)?\s*(\d+))?/g,
    "stochastic ($1,$2,$3)",
  ],
  // Bollinger parameters by their dialog labels: "band (period 20, deviation 2.5)", "bands(length=30; std 3)",
  // "(deviation 2, period 20)", "bollinger bands with period 20 and deviation 2.5": the "(period, deviation)"
  // pair the mention grammar reads. Only after a band's name (an envelope's deviation is a percentage).
  [
    new RegExp(
      String.raw`(\b(?:bollinger(?:\s+bands?)?|bands?|bb))\s*(?:\(\s*|with\s+(?:a\s+)?)(?:period|length)\s*(?:of\s+|=|:)?\s*(\d+)\s*(?:,|;|and)\s*(?:(?:shift|offset)\s*(?:=|:)?\s*0\s*(?:,|;|and)\s*)?(?:an?\s+)?${DEV}\s*(?:of\s+|=|:)?\s*${NUM}\s*\)?`,
      "g",
    ),
    "$1 ($2,$3)",
  ],
  [
    new RegExp(
      String.raw`(\b(?:bollinger(?:\s+bands?)?|bands?|bb))\s*(?:\(\s*|with\s+(?:an?\s+)?)${DEV}\s*(?:of\s+|=|:)?\s*${NUM}\s*(?:,|;|and)\s*(?:a\s+)?(?:period|length)\s*(?:of\s+|=|:)?\s*(\d+)\s*\)?`,
      "g",
    ),
    "$1 ($3,$2)",
  ],
  // "slow K is below slow D": the stochastic's main and signal lines.
  [/\b(?:slow|fast)\s+(k|d)\b/g, "%$1"],
];

/** Rewrites the parameter notations above; a slowing left out becomes the default's place holder "3". */
export function rewriteParameterForms(text: string): string {
  let out = text;
  for (const [re, to] of REWRITES) out = out.replace(re, to);
  // A list with an empty third slot ("stochastic (8, 3, )"): slowing at MT5's default.
  return out.replace(/\bstochastic \((\d+),(\d+),\)/g, "stochastic ($1,$2,3)");
}
