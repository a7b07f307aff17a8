import type { CorpusCase } from "./corpus.fixture";

// The project's own trader phrasings for candlestick patterns by name (issue 15; written here, not taken from any
// outside corpus): engulfing, pin bar / hammer / shooting star, inside bar and its breakout, names StrategySpec v2
// has no definition for (asked about). Each family has a case that must not be read as a pattern. Replayed by
// pattern-phrasings.test.ts in the notation of corpus.fixture.ts.
export const PATTERN_PHRASINGS: readonly CorpusCase[] = [
  {
    name: "engulfing: named sides, a typo, the verb with its object, the side taken from the rule, mirrored",
    turns: [
      {
        say: "Go long when a bullish engulfing bar closes above the 20 ema; go short when a bearish engulfing bar closes under it. SL 25 pips, TP 50 pips.",
        expect: {
          long: ["close > ema20", "bullishEngulfing"],
          short: ["close < ema20", "bearishEngulfing"],
          question: false,
        },
      },
      {
        say: "Enter short on a bearish engulfin pattern when price is below the 200 sma, vice versa for longs. sl 20 tp 40 pips",
        expect: {
          long: ["close > sma200", "bullishEngulfing"],
          short: ["close < sma200", "bearishEngulfing"],
          question: false,
        },
      },
      {
        say: "Long entry: the candle fully engulfs the previous candle's body and the 8 ema is above the 21 ema. Reverse for shorts. Stop 15 pips, target 30 pips.",
        expect: {
          long: ["ema8 > ema21", "bullishEngulfing"],
          short: ["ema8 < ema21", "bearishEngulfing"],
          question: false,
        },
      },
      {
        say: "Sell on a bearish engulfing while RSI is above 70. Stop 20 pips, take profit 50 pips.",
        expect: { direction: "short", short: ["rsi14 > 70", "bearishEngulfing"], question: false },
      },
      {
        say: "Buy after an engulfing candle forms with RSI(14) below 35, the opposite for sells. Stop loss 30 pips, take profit 60 pips.",
        expect: {
          long: ["rsi14 < 35", "bullishEngulfing"],
          short: ["rsi14 > 65", "bearishEngulfing"],
          question: false,
        },
      },
      // Not a pattern: the verb without "the previous candle" engulfs nothing v2 defines.
      {
        say: "Buy when price is above the 50 EMA and the candle engulfs nothing. Stop 20 pips, target 40 pips.",
        expect: { long: ["close > ema50"], question: false },
      },
    ],
  },
  {
    name: "pin bar: 'pinbar', 'pin-bar', a hammer and a shooting star, at a band or beside an oscillator",
    turns: [
      {
        say: "Buy on a pinbar touching the lower bollinger band, sell on a pin bar at the upper band. Stop 20 pips, TP 40 pips.",
        expect: {
          long: ["low < bb20_2.lower", "bullishPinBar"],
          short: ["high > bb20_2.upper", "bearishPinBar"],
          question: false,
        },
      },
      {
        say: "Long when a hammer candle forms and RSI is under 30; short when a shooting star appears and RSI is over 70. SL 20 pips TP 40 pips",
        expect: {
          long: ["rsi14 < 30", "bullishPinBar"],
          short: ["rsi14 > 70", "bearishPinBar"],
          question: false,
        },
      },
      {
        say: "Buy a bullish pin-bar above the 100 ema, opposite for shorts, stop 25 pips, target 50 pips",
        expect: {
          long: ["close > ema100", "bullishPinBar"],
          short: ["close < ema100", "bearishPinBar"],
          question: false,
        },
      },
      // Not a pattern: a "pin" of an order, a hammer-free text.
      {
        say: "Buy when the 10 ema crosses above the 30 ema and pin the stop at 20 pips, target 40 pips.",
        expect: { long: ["ema10 xa ema30"], question: false },
      },
    ],
  },
  {
    name: "inside bar: the previous candle, the breakout either way, the break of an inside candle",
    turns: [
      {
        say: "Sell when the previous candle is an inside bar and RSI is above 60. Stop 20 pips, target 40 pips.",
        expect: { direction: "short", short: ["rsi14 > 60", "insideBar[1]"], question: false },
      },
      {
        say: "Trade the inside bar breakout in both directions: buy the break to the upside, sell the break to the downside. Stop 20 pips, target 40 pips.",
        expect: {
          long: ["insideBar[1]", "close > high[1]"],
          short: ["insideBar[1]", "close < low[1]"],
          question: false,
        },
      },
      {
        say: "Buy on the breakout of an inside candle when price is above the 200 ema, vice versa. Stop 20 pips, TP 40 pips.",
        expect: {
          long: ["close > ema200", "insideBar[1]", "close > high[1]"],
          short: ["close < ema200", "insideBar[1]", "close < low[1]"],
          question: false,
        },
      },
      // Not a pattern: the price inside the bands.
      {
        say: "Buy when the price is inside the bollinger bands and RSI is above 50. Stop 20 pips, target 40 pips.",
        expect: { long: ["rsi14 > 50"], question: false },
      },
    ],
  },
  {
    name: "outside bar and doji: sideless shapes kept by the mirror",
    turns: [
      {
        say: "Buy on an outside bar above the 50 ema, vice versa. Stop 20 pips, TP 40 pips",
        expect: {
          long: ["close > ema50", "outsideBar"],
          short: ["close < ema50", "outsideBar"],
          question: false,
        },
      },
      {
        say: "Enter long on a doji candle at the lower band, the opposite for shorts. stop 20 pips, target 40 pips",
        expect: {
          long: ["low < bb20_2.lower", "doji"],
          short: ["high > bb20_2.upper", "doji"],
          question: false,
        },
      },
      {
        say: "Sell when the previous candle was an outside candle and RSI is above 65. Stop 20 pips, target 40 pips.",
        expect: { direction: "short", short: ["rsi14 > 65", "outsideBar[1]"], question: false },
      },
      // Not a pattern: trading outside the session.
      {
        say: "Buy when the 10 ema crosses above the 30 ema, no trades outside the london session. Stop 20 pips, target 40 pips.",
        expect: { long: ["ema10 xa ema30"], question: false },
      },
    ],
  },
  {
    name: "patterns v2 has no definition for, an unnamed one and a negated one are asked about",
    turns: [
      {
        say: "Buy when a morning star forms at the 50 ema. Stop 20 pips.",
        expect: { question: /morning star.*pattern/ },
      },
      {
        say: "Enter long on a bullish harami at the lower band. stop 20 pips",
        expect: { question: /harami.*pattern/ },
      },
      {
        say: "Sell when three black crows appear below the 100 sma. Stop 20 pips",
        expect: { question: /three black crows/ },
      },
      {
        say: "enter on reversal candle patterns at the 50 ema. stop 20 pips",
        expect: { question: /candlestick pattern without its name/ },
      },
      {
        say: "Buy when RSI crosses above 30 and the last candle isn't an inside bar. Stop 20 pips, target 40 pips.",
        expect: { question: /must not form/ },
      },
      // Not a question: a named pattern beside the words "candlestick patterns".
      {
        say: "I trade candlestick patterns like the bullish engulfing candle pattern above the 200 ema, sell the opposite. stop 20 pips, tp 40 pips",
        expect: {
          long: ["close > ema200", "bullishEngulfing"],
          short: ["close < ema200", "bearishEngulfing"],
          question: false,
        },
      },
    ],
  },
];
