import type { CorpusCase } from "./corpus.fixture";

// The project's own trader phrasings of sequences across bars (issue 15, spec-sequence.ts; written here, not taken
// from any outside corpus): "then", "followed by", "wait for ... then enter when", "returns above", "comes back to
// touch", each with the other side mirrored, and sentences that must NOT become a window. Replayed by
// corpus.test.ts.
export const SEQUENCE_PHRASINGS: readonly CorpusCase[] = [
  {
    name: "'then buy when price pulls back to touch' after a cross: the cross in a window, the pullback on the bar, mirrored",
    turns: [
      {
        say: "H4. First the 10 EMA has to cross above the 30 EMA, then buy when price pulls back to touch the 10 EMA. Do the opposite for shorts. Stop 25 pips, target 50 pips.",
        expect: {
          direction: "both",
          long: ["within 10 (ema10 xa ema30)", "low < ema10"],
          short: ["within 10 (ema10 xb ema30)", "high > ema10"],
          question: false,
          reply: /last 10 bars/,
        },
      },
    ],
  },
  {
    name: "'wait for A and B. Enter when the price comes back down to tag X.' with the side in a heading",
    turns: [
      {
        say: "Long trades. Wait for the 8 SMA to cross above the 34 SMA and ADX above 20. Enter when the price comes back down to tag the 8 SMA. Stop 30 pips, take profit 60 pips.",
        expect: {
          direction: "long",
          long: ["within 10 (sma8 xa sma34 & adx14 > 20)", "low < sma8"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'A, followed by B' inside one clause: the first cross in a window, the second on the bar",
    turns: [
      {
        say: "Buy when the 3 EMA crosses above the 40 EMA, followed by the 12 EMA crossing above the 40 EMA. SL 35 pips, TP 70 pips.",
        expect: {
          direction: "long",
          long: ["within 10 (ema3 xa ema40)", "ema12 xa ema40"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'and then' between an oscillator dip and a close above an average",
    turns: [
      {
        say: "Go long when RSI drops below 25 and then the price closes above the 20 SMA. Stop 30 pips, target 45 pips.",
        expect: { long: ["within 10 (rsi14 xb 25)", "close > sma20"], question: false },
      },
    ],
  },
  {
    name: "a setup in its own sentence, then 'open a sell when price gets back below the upper band'",
    turns: [
      {
        say: "Sell setup: the close is above the upper Bollinger band and RSI is above 75. Open a sell when price gets back below the upper band. Stop 15 pips, target 30 pips.",
        expect: {
          direction: "short",
          short: ["within 10 (close > bb20_2.upper & rsi14 > 75)", "close xb bb20_2.upper"],
          question: false,
        },
      },
    ],
  },
  {
    name: "NOT a sequence: 'if A then buy when B' is a filter and a signal on the same bar",
    turns: [
      {
        say: "If the 50 EMA is above the 200 EMA then buy when RSI crosses above 30. Stop 30 pips, target 60 pips.",
        expect: { long: ["rsi14 xa 30", "ema50 > ema200"], question: false },
      },
    ],
  },
  {
    name: "NOT a sequence: 'crosses back above' in one sentence with a filter, and an exit that comes back below a line",
    turns: [
      {
        say: "Buy when RSI crosses back above 30 and price is above the 100 SMA. Exit when price comes back below the 100 SMA. Stop 40 pips.",
        expect: { long: ["rsi14 xa 30", "close > sma100"], question: false },
      },
    ],
  },
  {
    name: "states only, then 'wait for' an event: the states are filters on the trigger's bar, not an earlier step",
    turns: [
      {
        say: "Entry rules\n- The 50 EMA must be above the 200 EMA.\n- Wait for RSI(14) to cross back above 30.\n- Buy at the close of that candle.\nStop 30 pips.",
        expect: { long: ["ema50 > ema200", "rsi14 xa 30"], question: false },
      },
    ],
  },
  {
    name: "a state, 'then wait until' a cross: the state holds on the cross's bar",
    turns: [
      {
        say: "H1. Price has to be above the 100 SMA, then wait until the MACD main line crosses above its signal line to buy. Stop 25 pips.",
        expect: { long: ["close > sma100", "macd12_26_9 xa macd12_26_9.signal"], question: false },
      },
    ],
  },
  {
    name: "a state sentence, 'after that, buy when' a cross: still one bar",
    turns: [
      {
        say: "H4. The 20 EMA is above the 50 EMA. After that, buy when the stochastic crosses above 20. Stop 30 pips.",
        expect: { long: ["ema20 > ema50", "stoch5_3_3 xa 20"], question: false },
      },
    ],
  },
  {
    name: "NOT only states: an event before 'wait for' makes the window",
    turns: [
      {
        say: "H1. The 50 EMA must be above the 200 EMA and RSI(14) drops below 30. Wait for a bullish candle to buy. Stop 30 pips.",
        expect: { long: ["within 10 (ema50 > ema200 & rsi14 xb 30)", "close > open"], question: false },
      },
    ],
  },
];
