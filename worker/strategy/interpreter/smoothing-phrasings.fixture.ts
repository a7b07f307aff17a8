import type { CorpusCase } from "./corpus.fixture";

// The project's own trader phrasings of an indicator of an indicator (issue 15; written here, not taken from
// any outside corpus): "the N <average> of the M <indicator>", "<indicator> smoothed by/with <average>", an
// average of volatility as a stop, and a line some percent away from another. The last cases must NOT be read
// as averages of indicators. Replayed by corpus.test.ts.
export const SMOOTHING_PHRASINGS: readonly CorpusCase[] = [
  {
    name: "'the 3 period simple moving average of the 7 period CCI' crossing zero, both sides",
    turns: [
      {
        say: "Enter long once the 3 period simple moving average of the 7 period CCI crosses above 0 and short once it crosses below 0. Stop 25 pips, target 50 pips.",
        expect: {
          direction: "both",
          indicators: ["cci7", "sma3_cci7"],
          long: ["sma3_cci7 xa 0"],
          short: ["sma3_cci7 xb 0"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'RSI(9) smoothed by EMA 4' with levels, and the outline says what is averaged",
    turns: [
      {
        say: "Buy if RSI(9) smoothed by EMA 4 is under 35, sell if it is over 65. SL 30 pips TP 30 pips.",
        expect: {
          indicators: ["rsi9", "ema4_rsi9"],
          long: ["ema4_rsi9 < 35"],
          short: ["ema4_rsi9 > 65"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'momentum smoothed with a 6-period average' (no kind: a simple one)",
    turns: [
      {
        say: "Long when Momentum(12) smoothed with a 6-period average rises above 100; exit when it falls below 100. Stop loss 40 pips.",
        expect: {
          indicators: ["mom12", "sma6_mom12"],
          long: ["sma6_mom12 xa 100"],
          longExit: ["sma6_mom12 xb 100"],
          question: false,
        },
      },
    ],
  },
  {
    name: "the exponential average of the ADX as a filter beside an average cross",
    turns: [
      {
        say: "Go long when the 10 ema crosses above the 30 ema and the 5 period exponential average of the 14 period ADX is above 20. Stop 30 pips, take profit 60 pips.",
        expect: {
          indicators: ["ema10", "ema30", "adx14", "ema5_adx14"],
          long: ["ema10 xa ema30", "ema5_adx14 > 20"],
          question: false,
        },
      },
    ],
  },
  {
    name: "one average at least 2 percent above another: a percent offset, not an average of an indicator",
    turns: [
      {
        say: "Short only: sell when the 4 sma is at least 2% above the 12 sma. Stop 50 pips, target 80 pips.",
        expect: {
          direction: "short",
          indicators: ["sma4", "sma12"],
          short: ["sma4 > (sma12 + 2percent)"],
          question: false,
        },
      },
    ],
  },
  {
    name: "NOT an average of an indicator: 'the 20 sma of the close' is the price average, 'the RSI of 14' its period",
    turns: [
      {
        say: "Buy when the close crosses above the 20 sma of the close and the RSI of 14 is above 50. Stop 20 pips, target 40 pips.",
        expect: {
          indicators: ["sma20", "rsi14"],
          long: ["close xa sma20", "rsi14 > 50"],
          question: false,
        },
      },
    ],
  },
];
