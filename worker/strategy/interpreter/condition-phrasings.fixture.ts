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
  // ——— Stochastic parameters in other notations ———
  {
    name: "stochastic periods 'of 9 and 4, respectively', '%K period 9, %D period 4', and MT5's dialog list",
    turns: [
      {
        say: "Use the stochastic oscillator with periods of 9 and 4 respectively. Buy when %K crosses above %D below 25. Stop 30 pips.",
        expect: { indicators: ["stoch9_4_3"], long: ["stoch9_4_3 xa stoch9_4_3.signal", "stoch9_4_3 < 25"] },
      },
      {
        say: "Stochastic: %K period 9, %D period 4, slowing 2. Buy when %K crosses above %D. Stop 30 pips.",
        expect: { indicators: ["stoch9_4_2"], long: ["stoch9_4_2 xa stoch9_4_2.signal"] },
      },
      {
        say: "Stochastic (10, 4, 2, low/high, 25, 75). Buy when the stochastic crosses above 25. Stop 30 pips.",
        expect: { indicators: ["stoch10_4_2"], long: ["stoch10_4_2 xa 25"] },
      },
    ],
  },
  {
    name: "not stochastic periods: 'periods of 9 and 21' of two averages stay the averages' lengths",
    turns: [
      {
        say: "Moving averages with periods of 9 and 21 EMA. Buy when the 9 EMA crosses above the 21 EMA. Stop 30 pips.",
        expect: { indicators: ["ema21", "ema9"], long: ["ema9 xa ema21"] },
      },
    ],
  },
  // ——— A cross told bar by bar ———
  {
    name: "'%K below %D on the last bar and above it on the bar before': %K crossing below %D",
    turns: [
      {
        say: "Sell if slow K is under slow D on the current bar and slow K is over slow D on the previous bar. Stop 20 pips.",
        expect: { short: ["stoch5_3_3 xb stoch5_3_3.signal"], question: false },
      },
      {
        say: "Go long when on the prior candle %K was below %D and now %K is above %D. Stop 20 pips.",
        expect: { long: ["stoch5_3_3 xa stoch5_3_3.signal"], question: false },
      },
      {
        say: "Buy when RSI is above 30 now and RSI was below 30 one bar earlier. Stop 20 pips.",
        expect: { long: ["rsi14 xa 30"], question: false },
      },
    ],
  },
  {
    name: "not a cross: a state on the previous bar alone is read one bar back",
    turns: [
      {
        say: "Buy when RSI is above 50 now and the 20 EMA was above the 50 EMA on the previous bar. Stop 20 pips.",
        expect: { long: ["rsi14 > 50", "ema20[1] > ema50[1]"], question: false },
      },
    ],
  },
];
