import type { CorpusCase } from "./corpus.fixture";

// The project's own trader phrasings for the entry side of issue 15 (written here, not taken from any outside
// corpus): long section labels, side words by other spellings, elliptical second sides, oscillator parameters
// in their usual notations, and which side a heading makes a rule. Replayed by corpus.test.ts.
export const ENTRY_PHRASINGS: readonly CorpusCase[] = [
  {
    name: "a long label for the sell conditions, a misspelt side, and an MA name-first before the next label",
    turns: [
      {
        say: "Conditions that all have to be true for the SEL order: 1) price below EMA 100 2) EMA 20 under EMA 100 3) price under EMA 20 Conditions to close the SEL order: 1) price above EMA 20. SL 25 pips",
        expect: {
          direction: "short",
          short: ["close < ema100", "ema20 < ema100", "close < ema20"],
          shortExit: ["close > ema20"],
          question: false,
        },
      },
    ],
  },
];
