import type { CorpusCase } from "./corpus.fixture";

// The project's own wordings (issue 15; written here, not taken from any outside corpus) of what traders copy
// from their platforms or job specs: bar indexes "(shift_1)"/"(shift_0)" telling a cross, Dukascopy trade
// amounts in currency units, bullet rules under a side label that open with the bar's close, "main line" said
// alone, and "stop loss is moved to open price". Each family has one case that must NOT be read that way.
// Replayed by corpus.test.ts.
export const PLATFORM_PHRASINGS: readonly CorpusCase[] = [
  {
    name: "shift tags: older bar below, newer bar above is a cross of a level",
    turns: [
      {
        say: "Buy when RSI(14)(shift_1) < 30 and RSI(14)(shift_0) > 30. Sell when RSI(14)(shift_1) > 70 and RSI(14)(shift_0) < 70. SL 20 pips.",
        expect: { long: ["rsi14 xa 30"], short: ["rsi14 xb 70"], question: false },
      },
    ],
  },
  {
    name: "shift tags on both lines of a stochastic (2 and 1) with the action after '='",
    turns: [
      {
        say: "Stochastic(10,3,3) K line(shift_2) under D line(shift_2) and K line(shift_1) over D line(shift_1) = BUY. The reverse is SELL. Stop loss 25 pips.",
        expect: {
          long: ["stoch10_3_3 xa stoch10_3_3.signal"],
          short: ["stoch10_3_3 xb stoch10_3_3.signal"],
          question: false,
        },
      },
    ],
  },
  {
    name: "shift tags with 'main line' alone in the sell rule (the stochastic named in the buy rule)",
    turns: [
      {
        say: "Buy when stochastic main line (shift 1) < 25 and stochastic main line (shift 0) > 25. Sell when main line (shift 1) > 75 and main line (shift 0) < 75. SL 30 pips.",
        expect: { long: ["stoch5_3_3 xa 25"], short: ["stoch5_3_3 xb 75"], question: false },
      },
    ],
  },
  {
    name: "NOT a cross: both comparisons on the same bar index stay two levels",
    turns: [
      {
        say: "Buy when RSI(14)(shift_1) > 50 and CCI(14)(shift_1) > 0. Stop 30 pips.",
        expect: { long: ["rsi14 > 50", "cci14 > 0"], question: false },
      },
    ],
  },
  {
    name: "Dukascopy amount in millions: 'amount 1 million' is 10 lots",
    turns: [
      {
        say: "Buy when the 10 EMA crosses above the 30 EMA, sell on the opposite cross. Stop 40 pips. Amount 1 million.",
        expect: { sizing: "10 lots", question: false },
      },
    ],
  },
  {
    name: "Dukascopy amount in units: 'trade amount is 300 000' is 3 lots, '0.2 mil' 2 lots, '50k units' half a lot",
    turns: [
      {
        say: "Buy when RSI(14) crosses above 30. Stop 20 pips. Trade amount is 300 000.",
        expect: { sizing: "3 lots" },
      },
      { say: "amount 0.2 mil", expect: { sizing: "2 lots" } },
      { say: "use 50k units", expect: { sizing: "0.5 lots" } },
    ],
  },
  {
    name: "NOT an amount of currency: 'trade amount of 2 lots' stays 2 lots",
    turns: [
      {
        say: "Buy when RSI(14) crosses above 30. Stop 20 pips. Trade amount of 2 lots.",
        expect: { sizing: "2 lots" },
      },
    ],
  },
  {
    name: "bullet rules under 'long entry:' / 'short entry:' that open with the bar's close",
    turns: [
      {
        say: "## Rules\n- Long entry: close above the 100 EMA and RSI(3) below 15\n- Short entry: close below the 100 EMA and RSI(3) above 85\n- Stop loss: 40 pips",
        expect: {
          direction: "both",
          long: ["close > ema100", "rsi3 < 15"],
          short: ["close < ema100", "rsi3 > 85"],
          stopLoss: "40 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "dash items 'BUY:' / 'SELL:' whose rule is 'close is below/above the band'",
    turns: [
      {
        say: "EA spec:\n- BUY: close is below the lower Bollinger band (20, 2)\n- SELL: close is above the upper band\n- SL: 30 pips\n- Max open positions: 2\n- Lot: 0.2",
        expect: {
          direction: "both",
          long: ["close < bb20_2.lower"],
          short: ["close > bb20_2.upper"],
          sizing: "0.2 lots",
          maxPositions: 2,
          question: false,
        },
      },
    ],
  },
  {
    name: "NOT a condition: 'close the trade when ...' under an exit label stays an exit",
    turns: [
      {
        say: "- Buy: RSI(14) crosses above 30\n- Exit: close the trade when RSI(14) crosses above 70\n- Stop: 25 pips",
        expect: { long: ["rsi14 xa 30"], longExit: ["rsi14 xa 70"], question: false },
      },
    ],
  },
  {
    name: "break-even: 'stop loss is moved to open price' / 'SL gets moved to the entry point' after N pips",
    turns: [
      {
        say: "Buy when RSI(14) crosses above 30. Stop loss 20 pips. When profit reach 12 pips stop loss is moved to open price.",
        expect: { stopLoss: "20 pips", breakEven: "12 pips" },
      },
      {
        say: "after 15 pips in profit the stop loss gets moved to the entry point",
        expect: { stopLoss: "20 pips", breakEven: "15 pips" },
      },
    ],
  },
  {
    name: "NOT break-even: a stop at the open of the previous candle is no entry price",
    turns: [
      {
        say: "Buy when RSI(14) crosses above 30. Stop loss at the open of the previous candle. Take profit 30 pips.",
        expect: { breakEven: null },
      },
    ],
  },
  {
    name: "out past a level and back over it is the cross back: 'dips under 20 and then comes back above 20'",
    turns: [
      {
        say: "Buy if CCI(14) dips under -100 and then comes back above -100. Sell if CCI(14) goes over 100 and after goes back under it. Stop 30 pips.",
        expect: { long: ["cci14 xa -100"], short: ["cci14 xb 100"], question: false },
      },
    ],
  },
  {
    name: "cross back with 'that level' and a decimal level",
    turns: [
      {
        say: "Long when RSI(9) falls below 27.5, then rises back above that level. Stop 20 pips.",
        expect: { long: ["rsi9 xa 27.5"], question: false },
      },
    ],
  },
  {
    name: "NOT a cross back: out past one level and back over another keeps both levels",
    turns: [
      {
        say: "Buy when RSI(14) goes below 30 and then comes back above 50. Stop 20 pips.",
        expect: { long: ["rsi14 < 30"] },
      },
    ],
  },
  {
    name: "labelled band parameters: '(period 20, deviation 2.5)', '(deviation 3, period 30)', 'with period 25 and deviation 1.5'",
    turns: [
      {
        say: "Buy when the close is above the upper Bollinger band (period 20, deviation 2.5). Stop 30 pips.",
        expect: { indicators: ["bb20_2_5"], long: ["close > bb20_2_5.upper"] },
      },
      {
        say: "Bollinger bands (deviation 3, period 30). Buy when the close is below the lower band. Stop 30 pips.",
        expect: { indicators: ["bb30_3"], long: ["close < bb30_3.lower"] },
      },
      {
        say: "Use Bollinger bands with period 25 and deviation 1.5. Sell when the close is above the upper band. Stop 30 pips.",
        expect: { indicators: ["bb25_1_5"], short: ["close > bb25_1_5.upper"] },
      },
    ],
  },
  {
    name: "an oscillator named with 'indicator' keeps its period: 'momentum indicator with 10 period and 30 sma'",
    turns: [
      {
        say: "The system uses the momentum indicator with 12 period and 40 sma. Buy when momentum is higher than 100 and price above 40 sma. Stop 30 pips.",
        expect: { indicators: ["mom12", "sma40"], long: ["mom12 > 100", "close > sma40"] },
      },
    ],
  },
  {
    name: "a price said once after two averages named together is both's; NOT when they are compared",
    turns: [
      {
        say: "Buy when the ema 8 and ema 21 on the typical price cross up. Stop 30 pips.",
        expect: { indicators: ["ema8_typical", "ema21_typical"], long: ["ema8_typical xa ema21_typical"] },
      },
      {
        say: "Buy when the 50 ema is above the 200 sma of the high. Stop 30 pips.",
        expect: { indicators: ["ema50", "sma200_high"], long: ["ema50 > sma200_high"] },
      },
    ],
  },
  {
    name: "an entry's plain 'A or B' is two ways in, on both sides",
    turns: [
      {
        say: "Buy when RSI(14) crosses above 30 or CCI(14) crosses above -100. Sell when RSI(14) crosses below 70 or CCI(14) crosses below 100. Stop 25 pips, target 50 pips.",
        expect: {
          long: [],
          short: [],
          question: false,
          reply:
            /Buy when at least one of: RSI\(14\) crosses above 30 or CCI\(14\) crosses above -100[\s\S]*Sell when at least one of: RSI\(14\) crosses below 70 or CCI\(14\) crosses below 100/,
        },
      },
    ],
  },
  {
    name: "'or when' and a stochastic line as the second way in",
    turns: [
      {
        say: "Go short when RSI(14) is above 75, or when the stochastic main line crosses below 85. SL 20 pips TP 40 pips.",
        expect: {
          short: [],
          question: false,
          reply:
            /Sell when at least one of: RSI\(14\) is above 75 or Stochastic\(5, 3, 3\) %K crosses below 85/,
        },
      },
    ],
  },
  {
    name: "NOT alternatives: 'A and B' in an entry stays both at once",
    turns: [
      {
        say: "Buy when RSI(14) crosses above 30 and CCI(14) is above 0. Stop 25 pips.",
        expect: { long: ["rsi14 xa 30", "cci14 > 0"], question: false, reply: /^(?![\s\S]*at least one of)/ },
      },
    ],
  },
  {
    name: "fast and slow averages given their lengths in a settings sentence: 'Fast SMA 8, slow SMA 21'",
    turns: [
      {
        say: "Fast SMA 8, slow SMA 21. If the fast SMA is above the slow SMA, buy; if it is below, sell. Stop 30 pips.",
        expect: { indicators: ["sma8", "sma21"], long: ["sma8 > sma21"], question: false },
      },
    ],
  },
  {
    name: "fast/slow lengths as settings with '=' or ':' and the kind in brackets",
    turns: [
      {
        say: "Slow MA = 40 (EMA)\nFast MA = 15 (EMA)\nBuy when fast MA crosses above slow MA. Stop 30 pips.",
        expect: { indicators: ["ema15", "ema40"], long: ["ema15 xa ema40"], question: false },
      },
    ],
  },
  {
    name: "fast and slow by length when two averages are named: 'a 12 EMA and a 34 EMA ... the fast one'",
    turns: [
      {
        say: "I use a 34 EMA and a 12 EMA. Buy when the fast EMA crosses above the slow EMA. Stop 30 pips.",
        expect: { long: ["ema12 xa ema34"], question: false },
      },
    ],
  },
  {
    name: "NOT guessed: 'fast MA' and 'slow MA' with only one length in the text still ask",
    turns: [
      {
        say: "Buy when the fast MA crosses above the slow MA and price is above the 200 EMA. Stop 30 pips.",
        expect: { noSpec: true, question: /lengths/i },
      },
    ],
  },
  {
    name: "one candle's colour: 'the previous candle is bullish', 'last bar was red', 'the bar closed up'",
    turns: [
      {
        say: "Buy when RSI(14) is above 55 and the previous candle is bullish. Sell when RSI(14) is below 45 and last bar was red. Stop 25 pips.",
        expect: {
          long: ["rsi14 > 55", "close > open"],
          short: ["rsi14 < 45", "close < open"],
          question: false,
        },
      },
    ],
  },
  {
    name: "NOT a candle colour: 'the candle is above the 50 EMA' is the close against the average",
    turns: [
      {
        say: "Buy when the candle is above the 50 EMA. Stop 25 pips.",
        expect: { long: ["close > ema50"] },
      },
    ],
  },
  {
    name: "'support' as a verb in a request ('could the EA support a ...', 'support both sides') is no level",
    turns: [
      {
        say: "Could the bot support a CCI system? Buy when CCI(20) crosses above -100. Stop 20 pips.",
        expect: { long: ["cci20 xa -100"], question: false },
      },
      {
        say: "It should support both sides: sell when CCI(20) crosses below 100",
        expect: { short: ["cci20 xb 100"], question: false },
      },
    ],
  },
  {
    name: "NOT a verb: 'bounces off support' still asks how support is found",
    turns: [
      {
        say: "Buy when price bounces off support and RSI(14) is below 30. Stop 20 pips.",
        expect: { question: /support/i },
      },
    ],
  },
  {
    name: "an average's price declared in one sentence holds where its length is used again: 'SMMA 5 and SMMA 13 applied to median price'",
    turns: [
      {
        say: "Create an EA using SMMA 5 and SMMA 13 applied to median price. Buy when SMMA 5 is above SMMA 13. Stop 20 pips.",
        expect: { long: ["smma5_median > smma13_median"], question: false },
      },
    ],
  },
  {
    name: "'the 5 EMA and the 13 EMA on the typical price', then a cross of the two in the next sentence",
    turns: [
      {
        say: "H1. Use the 5 EMA and the 13 EMA on the typical price. Buy when the 5 EMA crosses above the 13 EMA. Stop 20 pips.",
        expect: { long: ["ema5_typical xa ema13_typical"], question: false },
      },
    ],
  },
  {
    name: "an indicators list with a price, the rules below it: 'LWMA 8 on weighted price'",
    turns: [
      {
        say: "Indicators: LWMA 8 on weighted price. Rules: buy when the close is above LWMA 8. Stop 20 pips.",
        expect: { long: ["close > lwma8_weighted"], question: false },
      },
    ],
  },
  {
    name: "NOT one declared price: a length declared on two prices keeps each mention's own",
    turns: [
      {
        say: "H1. The 10 EMA on open and the 10 EMA on close. Buy when the 10 EMA on close crosses above the 10 EMA on open. Stop 20 pips.",
        expect: { long: ["ema10 xa ema10_open"], question: false },
      },
    ],
  },
  {
    name: "'close when price closes back inside the bands' after breakout entries: buys below the upper band, sells above the lower",
    turns: [
      {
        say: "H1. Buy when the candle closes above the upper Bollinger band (20, 2), sell when it closes below the lower band. Close the trade when price closes back inside the bands. Stop 30 pips.",
        expect: { longExit: ["close < bb20_2.upper"], shortExit: ["close > bb20_2.lower"], question: false },
      },
    ],
  },
  {
    name: "'exit when the price returns inside the bands' after reversion entries: buys above the lower band, sells below the upper",
    turns: [
      {
        say: "H1. Buy when the close is below the lower Bollinger band (20, 2), sell when it is above the upper band. Exit when the price returns inside the bands. Stop 30 pips.",
        expect: { longExit: ["close > bb20_2.lower"], shortExit: ["close < bb20_2.upper"], question: false },
      },
    ],
  },
  {
    name: "'exit once the candle re-enters the bands' (breakout entries, one side mirrored)",
    turns: [
      {
        say: "H4. Go long when price closes above the upper Bollinger band (20, 2). Short is the opposite. Exit once the candle re-enters the bands. Stop 40 pips.",
        expect: { longExit: ["close < bb20_2.upper"], shortExit: ["close > bb20_2.lower"], question: false },
      },
    ],
  },
  {
    name: "NOT a band exit without band entries: the words are left alone",
    turns: [
      {
        say: "H1. Buy when RSI crosses above 30 and sell when it crosses below 70. Close the trade when price closes back inside the bands. Stop 30 pips.",
        expect: { long: ["rsi14 xa 30"], longExit: null, shortExit: null, question: false },
      },
    ],
  },
];
