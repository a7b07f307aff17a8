import type { CorpusCase } from "./corpus.fixture";

// The project's own trader phrasings for condition readings of issue 15 (written here, not taken from any outside
// corpus): prices of earlier bars, indicator parameters in their usual notations, crosses told bar by bar, lines
// named by colour or by pair, and states said of a line's slope or of a place between two lines. Each family has
// a case that must not be read that way. Replayed by condition-phrasings.test.ts.
export const CONDITION_PHRASINGS: readonly CorpusCase[] = [
  // ——— A candle's body: bullish / bearish candles, the open ———
  {
    name: "'a bearish candle closes', 'the first bullish candle', 'closes above its open': close against open",
    turns: [
      {
        say: "Sell when RSI is over 70 and a bearish candle closes. Stop 20 pips.",
        expect: { short: ["rsi14 > 70", "close < open"], question: false },
      },
      {
        say: "Buy when RSI is over 50 and the candle closes above its open. Stop 20 pips.",
        expect: { long: ["rsi14 > 50", "close > open"], question: false },
      },
      {
        say: "Buy when stochastic falls below 30, then wait for the first bullish candle to enter. Stop 20 pips.",
        expect: { long: ["within 10 (stoch5_3_3 xb 30)", "close > open"], question: false },
      },
    ],
  },
  {
    name: "'open a sell' is the verb, not the bar's open; a bullish setup heading is no candle",
    turns: [
      {
        say: "Buy when RSI is above 50 and open a sell when RSI is below 50. Stop 20 pips.",
        expect: { long: ["rsi14 > 50"], short: ["rsi14 < 50"], question: false },
      },
      {
        say: "Bullish setup: buy when the 10 ema crosses above the 20 ema. Stop 20 pips.",
        expect: { long: ["ema10 xa ema20"], question: false },
      },
    ],
  },
  {
    name: "a colour in brackets after a line declares it: 'EMA 12 (green) trending above EMA 26 (red)'",
    turns: [
      {
        say: "BUY: EMA 12 (green) trending above EMA 26 (red). Stop 20 pips.",
        expect: { long: ["ema12 > ema26"], question: false },
      },
    ],
  },
  {
    name: "'the last 3 candles are bullish', 'the previous 2 bars closed down': each bar against its own open",
    turns: [
      {
        say: "Buy if the last 3 candles are bullish and RSI(2) < 10. Exit when RSI(2) > 70.",
        expect: {
          long: ["close > open", "close[1] > open[1]", "close[2] > open[2]", "rsi2 < 10"],
          question: false,
        },
      },
      {
        say: "Sell when the previous 2 bars closed down and the close is below the 50 sma. Stop 20 pips.",
        expect: { short: ["close < open", "close[1] < open[1]", "close < sma50"], question: false },
      },
    ],
  },
  // ——— A state said with a verb of staying ———
  {
    name: "'is trending above', 'keeps trading below', 'is sitting under': the comparison of the line named",
    turns: [
      {
        say: "Buy when the EMA 14 is trending above the EMA 31 and RSI is under 40. Stop 20 pips.",
        expect: { long: ["ema14 > ema31", "rsi14 < 40"], question: false },
      },
      {
        say: "Go short if price keeps trading below the 50 sma and the rsi is now sitting under 45. Stop 20 pips.",
        expect: { short: ["close < sma50", "rsi14 < 45"], question: false },
      },
      {
        say: "Buy when the 20 ema is moving above the 50 ema. Stop 20 pips.",
        expect: { long: ["ema20 > ema50"], question: false },
      },
    ],
  },
  {
    name: "a cross beside 'is trading above' stays a cross; the state is the comparison",
    turns: [
      {
        say: "Buy when the 20 ema crosses above the 50 ema while price is trading above the 200 sma. Stop 20 pips.",
        expect: { long: ["ema20 xa ema50", "close > sma200"], question: false },
      },
    ],
  },
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
    name: "not a condition: a stop placed 'below the previous bar's low' adds nothing to the entry",
    turns: [
      {
        say: "Buy when the 9 EMA crosses above the 21 EMA. Put your stop 2 pips under the previous bar's low.",
        expect: { long: ["ema9 xa ema21"] },
      },
      {
        say: "Buy above the prior candle's high when RSI is above 50. Stop 20 pips.",
        expect: { long: ["close > high[1]", "rsi14 > 50"], question: false },
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
  // ——— Lines named by their colour ———
  {
    name: "bands declared by colour, then 'the lower green band' and 'the upper orange band'",
    turns: [
      {
        say: "Bollinger Bands (30, 0, 2) are green, Bollinger Bands (30, 0, 2.5) are orange. Buy when price crosses above the lower green band. Exit when price breaks the upper orange band. Stop 30 pips.",
        expect: {
          indicators: ["bb30_2", "bb30_2_5"],
          long: ["close xa bb30_2.lower"],
          longExit: ["close xa bb30_2_5.upper"],
        },
      },
    ],
  },
  {
    name: "averages named by colour: 'red line: 8 EMA, blue line: 21 EMA ... the red line crosses above the blue line'",
    turns: [
      {
        say: "Red line: 8 EMA. Blue line: 21 EMA. Go long when the red line crosses above the blue line. Stop 25 pips.",
        expect: { indicators: ["ema21", "ema8"], long: ["ema8 xa ema21"], question: false },
      },
      {
        say: "The 10 SMA is purple and the 40 SMA is white. Sell when the purple MA crosses below the white MA. Stop 25 pips.",
        expect: { indicators: ["sma10", "sma40"], short: ["sma10 xb sma40"], question: false },
      },
    ],
  },
  {
    name: "not a line: a colour no indicator was given ('a red candle') is left alone",
    turns: [
      {
        say: "The 20 EMA is blue. Sell when a red candle closes below the blue line. Stop 25 pips.",
        expect: { short: ["close xb ema20"], question: false },
      },
    ],
  },
  // ——— Two oscillators leaving a zone together ———
  {
    name: "'RSI and stochastic turn up from the oversold zone': each crosses up out of its own zone",
    turns: [
      {
        say: "Buy when RSI and stochastic turn up from the oversold zone. Stop 30 pips.",
        expect: { long: ["rsi14 xa 30", "stoch5_3_3 xa 20"], question: false },
      },
      {
        say: "Sell when the CCI and the RSI come out of overbought. Stop 30 pips.",
        expect: { short: ["cci14 xb 100", "rsi14 xb 70"], question: false },
      },
      {
        say: "Buy when %K and %D are not in the overbought zone and the 50 EMA is rising. Stop 30 pips.",
        expect: { long: ["stoch5_3_3 < 80", "stoch5_3_3.signal < 80", "ema50 > ema50[1]"], question: false },
      },
    ],
  },
  {
    name: "not a pair: 'price above the 50 EMA and RSI oversold' reads the zone of the RSI alone",
    turns: [
      {
        say: "Buy when price is above the 50 EMA and RSI is oversold. Stop 30 pips.",
        expect: { long: ["close > ema50", "rsi14 < 30"], question: false },
      },
    ],
  },
  // ——— A break of a line as a noun ———
  {
    name: "'on a breakout above', 'the breakdown of', 'a breach of' a line: the price crossing it",
    turns: [
      {
        say: "Buy on a breakout above the upper Bollinger band. Stop 30 pips.",
        expect: { long: ["close xa bb20_2.upper"], question: false },
      },
      {
        say: "Buy when RSI crosses above 30. Close the buy on the breakdown of the lower Bollinger band. Stop 30 pips.",
        expect: { longExit: ["close xb bb20_2.lower"], question: false },
      },
      {
        say: "Sell when RSI crosses below 70. Exit the sell on a breach of the upper Bollinger band. Stop 30 pips.",
        expect: { shortExit: ["close xa bb20_2.upper"], question: false },
      },
    ],
  },
  // ——— A line's direction said with a direction word ———
  {
    name: "'the 50 EMA is downward', 'remains upward', 'is still downwards': the line against its previous bar",
    turns: [
      {
        say: "Sell when the 50 EMA is downward and RSI is below 50. Stop 30 pips.",
        expect: { short: ["ema50 < ema50[1]", "rsi14 < 50"], question: false },
      },
      {
        say: "Buy when the 100 SMA remains upward and price closes above the 20 SMA. Stop 30 pips.",
        expect: { long: ["sma100 > sma100[1]", "close > sma20"], question: false },
      },
      {
        say: "Go short when the 34 EMA is still downwards and the CCI is under -100. Stop 30 pips.",
        expect: { short: ["ema34 < ema34[1]", "cci14 < -100"], question: false },
      },
    ],
  },
  {
    name: "not a slope: 'crosses upward through the 50 EMA' stays a cross",
    turns: [
      {
        say: "Buy when price crosses upward through the 50 EMA. Stop 30 pips.",
        expect: { long: ["close xa ema50"], question: false },
      },
    ],
  },
  // ——— A place between two lines ———
  {
    name: "'comes back to the point between', 'pulls back into the zone between', 'is between the A and the B'",
    turns: [
      {
        say: "Buy when price comes back to the point between the 8 EMA and the 21 EMA. Stop 30 pips.",
        expect: { long: ["close in ema8..ema21"], question: false },
      },
      {
        say: "Buy when price pulls back into the zone between the 8 EMA and the 21 EMA and RSI is above 50. Stop 30 pips.",
        expect: { long: ["close in ema8..ema21", "rsi14 > 50"], question: false },
      },
      {
        say: "Sell when the close is between the 8 EMA and the 21 EMA and the 21 EMA is falling. Stop 30 pips.",
        expect: { short: ["close in ema8..ema21", "ema21 < ema21[1]"], question: false },
      },
    ],
  },
  {
    name: "not a place between: 'comes back to the 21 EMA' is a cross of that one line",
    turns: [
      {
        say: "Buy when the 8 EMA is above the 21 EMA and price comes back to the 21 EMA. Stop 30 pips.",
        expect: { long: ["ema8 > ema21", "close xa ema21"], question: false },
      },
    ],
  },
  // ——— Both lines of the stochastic ———
  {
    name: "'both stochastic lines', 'both lines of the stochastic', 'both the main and the signal line': each line",
    turns: [
      {
        say: "Buy when both stochastic lines cross above 25. Stop 20 pips.",
        expect: { long: ["stoch5_3_3 xa 25", "stoch5_3_3.signal xa 25"], question: false },
      },
      {
        say: "Sell when both lines of the stochastic are above 75 and falling. Stop 20 pips.",
        expect: {
          short: [
            "stoch5_3_3 > 75",
            "stoch5_3_3.signal > 75",
            "stoch5_3_3 < stoch5_3_3[1]",
            "stoch5_3_3.signal < stoch5_3_3.signal[1]",
          ],
          question: false,
        },
      },
      {
        say: "Buy when RSI crosses above 30. Exit when both the main and the signal line rise above 75. Stop 20 pips.",
        expect: { longExit: ["stoch5_3_3 xa 75", "stoch5_3_3.signal xa 75"], question: false },
      },
    ],
  },
  {
    name: "not a level: 'the stochastic lines cross' with no level is %K crossing %D",
    turns: [
      {
        say: "Buy when the stochastic lines cross upward. Stop 20 pips.",
        expect: { long: ["stoch5_3_3 xa stoch5_3_3.signal"], question: false },
      },
    ],
  },
  // ——— The price against itself some bars back ———
  {
    name: "'higher than it was 5 bars ago', 'lower than it did 3 candles earlier', 'above 6 bars back'",
    turns: [
      {
        say: "Buy when price is higher than it was 5 bars ago and RSI is above 50. Stop 20 pips.",
        expect: { long: ["close > close[5]", "rsi14 > 50"], question: false },
      },
      {
        say: "Sell when the market closes lower than it did 3 candles earlier. Stop 20 pips.",
        expect: { short: ["close < close[3]"], question: false },
      },
      {
        say: "Buy when the 20 EMA is above the 50 EMA and the close is above 6 bars back. Stop 20 pips.",
        expect: { long: ["ema20 > ema50", "close > close[6]"], question: false },
      },
    ],
  },
  {
    name: "not the price: 'RSI is higher than it was 2 bars ago' is never compared with a close",
    turns: [
      {
        say: "Buy when the 20 EMA is above the 50 EMA and RSI is higher than it was 2 bars ago. Stop 20 pips.",
        expect: { long: ["ema20 > ema50"], question: false },
      },
    ],
  },
  {
    name: "'crosses below 100 or below 0': the verb said once is both alternatives'",
    turns: [
      {
        say: "M15. Buy if CCI(20) crosses above -100 or crosses above 0. Sell if CCI crosses below 100 or below 0. Stop 20 pips.",
        expect: {
          longAny: ["cci20 xa -100", "cci20 xa 0"],
          shortAny: ["cci20 xb 100", "cci20 xb 0"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'RSI crosses below 70 or below 50' on a sell",
    turns: [
      {
        say: "H1. Sell when RSI(14) crosses below 70 or below 50. Stop 20 pips.",
        expect: { shortAny: ["rsi14 xb 70", "rsi14 xb 50"], question: false },
      },
    ],
  },
  {
    name: "'crossed above 20 or above 50' (past tense) on a buy",
    turns: [
      {
        say: "H4. Buy when the stochastic crossed above 20 or above 50. Stop 30 pips.",
        expect: { longAny: ["stoch5_3_3 xa 20", "stoch5_3_3 xa 50"], question: false },
      },
    ],
  },
  {
    name: "NOT a cross carried over: 'RSI is below 30 or below 20' stays two levels",
    turns: [
      {
        say: "H1. Buy when RSI(14) is below 30 or below 20. Stop 20 pips.",
        expect: { longAny: ["rsi14 < 30", "rsi14 < 20"], question: false },
      },
    ],
  },
];
