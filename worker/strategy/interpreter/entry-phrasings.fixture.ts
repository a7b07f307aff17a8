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
  {
    name: "'rsi period N' before 'higher than', the MACD-signal difference as the histogram, 'and larger than on the previous bar' as a slope",
    turns: [
      {
        say: "Go long if RSI period 7 higher than 55 and the difference between the MACD and its signal line is positive and larger than on the previous bar. Stop 30 pips, target 45 pips.",
        expect: {
          direction: "long",
          long: [
            "rsi7 > 55",
            "macd12_26_9.histogram > 0",
            "macd12_26_9.histogram > macd12_26_9.histogram[1]",
          ],
          question: false,
        },
      },
    ],
  },
  {
    name: "'MACD minus signal', and a level with 'but lower than the prior bar' on the same line",
    turns: [
      {
        say: "Short when stochastic %K is above 80 but lower than the prior bar, and MACD minus signal is below 0. Exit when %K falls under 20. SL 20",
        expect: {
          direction: "short",
          short: ["stoch5_3_3 > 80", "stoch5_3_3 < stoch5_3_3[1]", "macd12_26_9.histogram < 0"],
          question: false,
        },
      },
    ],
  },
  {
    name: "the sell side leaves the level out ('and the MACD drops below'): the buy side's level, mirrored",
    turns: [
      {
        say: "Long: buy once the candle closes above the 50 SMA and the MACD histogram rises above the zero line. Short: sell when the candle closes below the 50 SMA and the MACD drops below. Stop 40 pips.",
        expect: {
          direction: "both",
          long: ["close > sma50", "macd12_26_9.histogram xa 0"],
          short: ["close < sma50", "macd12_26_9.histogram xb 0"],
          question: false,
        },
      },
    ],
  },
  {
    name: "an RSI going the other way with no level on the sell side takes the buy level reflected around 50",
    turns: [
      {
        say: "buy when rsi(10) crosses above 40 and price is above the 100 ema. sell when price is below the 100 ema and rsi crosses down. sl 30 tp 60",
        expect: {
          direction: "both",
          long: ["rsi10 xa 40", "close > ema100"],
          short: ["close < ema100", "rsi10 xb 60"],
          question: false,
        },
      },
    ],
  },
  {
    name: "quoted side headings with 'on the close when;' and '1-)' items; 'exit long' headings close that side",
    turns: [
      {
        say: '"Buy" on the close when; 1-) RSI(4) is below 25, 2-) price is above the 200 SMA. "Exit Buy" on the close when; 1-) RSI(4) is above 55. "Sell" on the close when; 1-) RSI(4) is above 75, 2-) price is below the 200 SMA. "Exit Sell" on the close when; 1-) RSI(4) is below 45.',
        expect: {
          direction: "both",
          long: ["rsi4 < 25", "close > sma200"],
          short: ["rsi4 > 75", "close < sma200"],
          longExit: ["rsi4 > 55"],
          shortExit: ["rsi4 < 45"],
        },
      },
    ],
  },
  {
    name: "'Buying :' and 'Selling :' headings over numbered steps make a two-sided strategy",
    turns: [
      {
        say: "Buying : 1. Wait until the candle closes above the 30 EMA. 2. Enter at the next open. Selling : 1. Wait until the candle closes below the 30 EMA. 2. Enter at the next open. Stop loss 20 pips, take profit 40 pips.",
        expect: { direction: "both", long: ["close xa ema30"], short: ["close xb ema30"], question: false },
      },
    ],
  },
  {
    name: "'long entry.' as a heading; a trend word inside a buy rule does not make it a sell; the oscillator named earlier is the subject of 'is above 25'",
    turns: [
      {
        say: "Long entry. The market is in a bearish phase: the 8 EMA is below the 34 EMA, and the ADX, which measures trend strength, is above 20. Buy when the close crosses above the 8 EMA. Stop 15 pips, target 30 pips.",
        expect: {
          direction: "long",
          indicators: ["ema8", "ema34", "adx14"],
          long: ["ema8 < ema34", "adx14 > 20", "close xa ema8"],
          question: false,
        },
      },
    ],
  },
  {
    name: "the kind written after the name ('MA smoothed 14') and a later plain 'the 14 MA' refers to it",
    turns: [
      {
        say: "Indicators: MA smoothed 14 and MA smoothed 40. Buy when the 14 MA crosses above the 40 MA, sell when the 14 MA crosses below the 40 MA. Stop loss 35 pips.",
        expect: {
          indicators: ["smma14", "smma40"],
          long: ["smma14 xa smma40"],
          short: ["smma14 xb smma40"],
          question: false,
        },
      },
    ],
  },
  {
    name: "input-style names ('EMA5Typical'), a difference of two averages against a threshold, 'it closes the buy position when' as the exit",
    turns: [
      {
        say: "The robot uses EMA5Typical and EMA30. It opens a buy position when (EMA5Typical - EMA30) > 0.0010 it closes the buy position when (EMA5Typical - EMA30) < 0 it opens a sell position when (EMA5Typical - EMA30) < -0.0010 it closes the sell position when (EMA5Typical - EMA30) > 0",
        expect: {
          direction: "both",
          indicators: ["ema5_typical", "ema30"],
          long: ["(ema5_typical - 1*ema30) > 0.001"],
          short: ["(ema5_typical - 1*ema30) < -0.001"],
          longExit: ["(ema5_typical - 1*ema30) < 0"],
          shortExit: ["(ema5_typical - 1*ema30) > 0"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'the difference between' two averages, mirrored for sells around zero",
    turns: [
      {
        say: "Buy when the difference between the 3 SMA and the 15 SMA is above 0.0008, vice versa for sells. Stop 20 pips, target 20 pips.",
        expect: {
          direction: "both",
          long: ["(sma3 - 1*sma15) > 0.0008"],
          short: ["(sma3 - 1*sma15) < -0.0008"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'at or below' / 'greater than or equal to' read as the comparison; 'returns above' after the setup is a sequence (the setup held on one of the last bars)",
    turns: [
      {
        say: "Buy setup: price is at or below the lower Bollinger band and RSI(5) is greater than or equal to 10 but less than 30. Buy when the price returns above the lower band. Sell setup is the mirror image. Stop 12 pips, target 18 pips.",
        expect: {
          long: ["within 10 (close < bb20_2.lower & rsi5 > 10 & rsi5 < 30)", "close xa bb20_2.lower"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'equal or higher than 80' is above 80",
    turns: [
      {
        say: "Sell when the stochastic %K is equal or higher than 80 and the price is below the 50 EMA. Exit when %K is equal or lower than 20. SL 30",
        expect: { direction: "short", short: ["stoch5_3_3 > 80", "close < ema50"], question: false },
      },
    ],
  },
  {
    name: "'we open a buy deal ... and we open a sell deal' with one set of conditions: the sell side is its mirror; a bar that does not touch the line lies wholly beyond it",
    turns: [
      {
        say: "The candle must not touch the 21 EMA. In a rising market we open a buy deal on the next candle, in a falling market we open a sell deal on the next candle. Stop 25 pips, target 50 pips.",
        expect: {
          direction: "both",
          long: ["low > ema21"],
          short: ["high < ema21"],
          question: false,
        },
      },
    ],
  },
];
