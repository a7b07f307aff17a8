import type { CorpusCase } from "./corpus.fixture";

// The project's own trader phrasings for condition readings of issue 15 (written here, not taken from any outside
// corpus): prices of earlier bars, indicator parameters in their usual notations, crosses told bar by bar, lines
// named by colour or by pair, and states said of a line's slope or of a place between two lines. Each family has
// a case that must not be read that way. Replayed by condition-phrasings.test.ts.
export const CONDITION_PHRASINGS: readonly CorpusCase[] = [
  // ——— A field of an earlier bar ———
  {
    name: "'closes above the previous high': the close against the high one bar back",
    turns: [
      {
        say: "Buy when the candle closes above the previous high and RSI is over 50. Stop 25 pips.",
        expect: { long: ["close > high[1]", "rsi14 > 50"], question: false },
      },
    ],
  },
  {
    name: "'the low of the prior candle' and 'the preceding bar's low' for a sell",
    turns: [
      {
        say: "Sell when price closes under the low of the prior candle and the 20 EMA is falling. Stop 25 pips.",
        expect: { short: ["close < low[1]", "ema20 < ema20[1]"], question: false },
      },
      {
        say: "Sell when the close is below the preceding bar's low and the 20 EMA is falling. Stop 25 pips.",
        expect: { short: ["close < low[1]", "ema20 < ema20[1]"], question: false },
      },
    ],
  },
  {
    name: "'the close 3 bars ago': a close several bars back",
    turns: [
      {
        say: "Go long when the close is higher than the close 3 bars ago and above the 50 SMA. SL 30 pips",
        expect: { long: ["close > close[3]", "close > sma50"], question: false },
      },
    ],
  },
  {
    name: "not a bar back: 'the previous day's high' stays yesterday's high",
    turns: [
      {
        say: "Buy when price closes above the previous day's high. Stop 30 pips.",
        expect: { long: ["close > day1.high"], question: false },
      },
    ],
  },
];
