// Realistic trader messages with the facts the interpreter must get from them. Condition
// notation (see corpus.test.ts): "<left> <op> <right>" with op xa (crosses above), xb (crosses
// below), > , < or "in" (between lo..hi); operands are indicator ids (".line" when not the
// default line), price fields in lower case, or numbers; "[n]" reads n bars back.

export interface Expect {
  timeframe?: string;
  direction?: "long" | "short" | "both";
  indicators?: string[];
  long?: string[] | null;
  short?: string[] | null;
  longExit?: string[] | null;
  /** The alternatives of a side's entry (its `any`), in notation. */
  longAny?: string[];
  shortAny?: string[];
  shortExit?: string[] | null;
  stopLoss?: string | null;
  takeProfit?: string | null;
  trailing?: string | null;
  breakEven?: string | null;
  sizing?: string;
  sessions?: string[] | null;
  hours?: [number, number] | null;
  weekdays?: number[] | null;
  maxPositions?: number;
  closeOnOpposite?: boolean;
  /** true: a follow-up question must be asked; false: none; a RegExp: it must match. */
  question?: boolean | RegExp;
  /** The reply text must match. */
  reply?: RegExp;
  /** Nothing usable: spec stays null. */
  noSpec?: true;
  /** A change sentence must match. */
  change?: RegExp;
}

export interface CorpusCase {
  name: string;
  turns: ReadonlyArray<{ say: string; expect: Expect }>;
}

export const CORPUS: readonly CorpusCase[] = [
  // ——— The two example prompts of the New Strategy form ———
  {
    // Issue 15: the example must trade all year, so the cross back closes (stated in one line), no question.
    name: "example 1: long-only MA cross closes on the cross back, stated as an assumption",
    turns: [
      {
        say: "Go long when the 6 MA crosses the 12 MA.",
        expect: {
          direction: "long",
          indicators: ["sma6", "sma12"],
          long: ["sma6 xa sma12"],
          longExit: ["sma6 xb sma12"],
          stopLoss: null,
          question: false,
          reply: /entry signal turns round/i,
        },
      },
      {
        say: "close on the opposite cross, stop loss 25 pips",
        expect: { longExit: ["sma6 xb sma12"], stopLoss: "25 pips", question: false },
      },
    ],
  },
  {
    name: "example 2: 60/120 both directions via 'do the opposite'",
    turns: [
      {
        say: "When the 60 moving average crosses the 120 moving average, go long. Do the opposite for short.",
        expect: {
          direction: "both",
          indicators: ["sma60", "sma120"],
          long: ["sma60 xa sma120"],
          short: ["sma60 xb sma120"],
          longExit: null,
          closeOnOpposite: true,
        },
      },
    ],
  },
  // ——— Moving averages: kinds and lengths ———
  {
    name: "EMA words and digits",
    turns: [
      {
        say: "Buy when the fifty EMA crosses above the two hundred EMA, sell when it crosses below. 4 hour chart.",
        expect: { timeframe: "H4", direction: "both", long: ["ema50 xa ema200"], short: ["ema50 xb ema200"] },
      },
    ],
  },
  {
    name: "twenty-one exponential and 200-period simple",
    turns: [
      {
        say: "go long when price crosses above the twenty-one exponential moving average and is above the 200-period simple moving average",
        expect: { long: ["close xa ema21", "close > sma200"], indicators: ["ema21", "sma200"] },
      },
    ],
  },
  {
    name: "200 day MA trend filter",
    turns: [
      {
        say: "Only buy when price is above the 200 day MA and the 20 EMA crosses above the 50 EMA. Daily.",
        expect: { timeframe: "D1", long: ["close > sma200", "ema20 xa ema50"], direction: "long" },
      },
    ],
  },
  {
    name: "smoothed MA",
    turns: [
      {
        say: "Buy when the 10 smoothed moving average crosses above the 30 smoothed moving average. Vice versa for sells.",
        expect: { long: ["smma10 xa smma30"], short: ["smma10 xb smma30"], direction: "both" },
      },
    ],
  },
  {
    name: "linear weighted MA",
    turns: [
      {
        say: "Long when the 5 linear weighted MA crosses above the 20 linear weighted MA, stop loss 25 pips, take profit 50 pips",
        expect: { long: ["lwma5 xa lwma20"], stopLoss: "25 pips", takeProfit: "50 pips" },
      },
    ],
  },
  {
    name: "sma and ema abbreviations with parentheses",
    turns: [
      {
        say: "Buy when EMA(8) crosses above SMA(34). Sell when EMA(8) crosses below SMA(34).",
        expect: { long: ["ema8 xa sma34"], short: ["ema8 xb sma34"], direction: "both" },
      },
    ],
  },
  {
    name: "typos: movng average, crosover",
    turns: [
      {
        say: "buy when the 10 movng average crosover the 20 movng average and sell when the opposite crosover happens",
        expect: { long: ["sma10 xa sma20"], direction: "both", short: ["sma10 xb sma20"] },
      },
    ],
  },
  {
    name: "9/21 EMA crossover on M15 both ways",
    turns: [
      {
        say: "9/21 ema crossover on the 15-minute chart, long and short, stop 20 pips target 40 pips",
        expect: {
          timeframe: "M15",
          direction: "both",
          long: ["ema9 xa ema21"],
          short: ["ema9 xb ema21"],
          stopLoss: "20 pips",
          takeProfit: "40 pips",
        },
      },
    ],
  },
  {
    name: "golden cross",
    turns: [
      {
        say: "Buy on a golden cross on the daily chart. Stop loss 100 pips.",
        expect: { timeframe: "D1", long: ["sma50 xa sma200"], stopLoss: "100 pips" },
      },
    ],
  },
  {
    name: "applied price: MA of the high",
    turns: [
      {
        say: "go long when the close crosses above the 20 EMA of the high. Stop 15 pips, TP 30 pips.",
        expect: { long: ["close xa ema20_high"], indicators: ["ema20_high"] },
      },
    ],
  },
  {
    name: "applied price: typical price",
    turns: [
      {
        say: "buy when the 10 sma on typical price crosses above the 30 sma on typical price, sl 40 pips, tp 80",
        expect: { long: ["sma10_typical xa sma30_typical"], stopLoss: "40 pips" },
      },
    ],
  },
  {
    name: "fast and slow MA named with lengths",
    turns: [
      {
        say: "Go long when the fast EMA (12) crosses above the slow EMA (26) on H1, go short when it crosses below. 0.5 lots.",
        expect: { long: ["ema12 xa ema26"], short: ["ema12 xb ema26"], sizing: "0.5 lots", timeframe: "H1" },
      },
    ],
  },
  {
    name: "MA cross without lengths asks for them",
    turns: [
      {
        say: "I want to buy when the fast moving average crosses the slow moving average.",
        expect: { noSpec: true, question: /lengths/i },
      },
    ],
  },
  // ——— Oscillators ———
  {
    name: "RSI oversold/overbought reversal",
    turns: [
      {
        say: "Buy when RSI crosses above 30, sell when RSI crosses below 70. SL 30 pips TP 60 pips.",
        expect: { long: ["rsi14 xa 30"], short: ["rsi14 xb 70"], stopLoss: "30 pips", takeProfit: "60 pips" },
      },
    ],
  },
  {
    name: "RSI below 30 with custom period",
    turns: [
      {
        say: "buy when the 7 period RSI is below 30. exit when RSI goes above 70. stop loss 50 pips",
        expect: { long: ["rsi7 < 30"], longExit: ["rsi7 > 70"], stopLoss: "50 pips", direction: "long" },
      },
    ],
  },
  {
    name: "RSI 2 Connors style with trend filter",
    turns: [
      {
        say: "RSI 2 below 10 and price above the 200 SMA -> go long. Exit when price closes above the 5 SMA. Daily chart.",
        expect: { long: ["rsi2 < 10", "close > sma200"], longExit: ["close > sma5"], timeframe: "D1" },
      },
    ],
  },
  {
    name: "RSI oversold word",
    turns: [
      {
        say: "go long when RSI is oversold, short when RSI is overbought, stop 25 pips take profit 50 pips",
        expect: { long: ["rsi14 < 30"], short: ["rsi14 > 70"], direction: "both" },
      },
    ],
  },
  {
    name: "RSI between",
    turns: [
      {
        say: "Buy when MACD crosses above its signal line while RSI is between 40 and 70; sell on the mirror. Stop 2x ATR, take profit 3x ATR.",
        expect: {
          long: ["macd12_26_9 xa macd12_26_9.signal", "rsi14 in 40..70"],
          short: ["macd12_26_9 xb macd12_26_9.signal", "rsi14 in 30..60"],
          stopLoss: "2 atr14",
          takeProfit: "3 atr14",
        },
      },
    ],
  },
  {
    name: "MACD signal cross",
    turns: [
      {
        say: "Go long when the MACD crosses above its signal line. Do the opposite for shorts. 30 pip stop.",
        expect: {
          long: ["macd12_26_9 xa macd12_26_9.signal"],
          short: ["macd12_26_9 xb macd12_26_9.signal"],
          stopLoss: "30 pips",
        },
      },
    ],
  },
  {
    name: "MACD custom parameters and zero line",
    turns: [
      {
        say: "buy when macd (8,17,9) crosses above zero, sell when it crosses below zero. 1h chart. stop 40 pips",
        expect: { long: ["macd8_17_9 xa 0"], short: ["macd8_17_9 xb 0"], timeframe: "H1" },
      },
    ],
  },
  {
    name: "MACD histogram turns positive",
    turns: [
      {
        say: "Buy when the MACD histogram turns positive and price is above the 100 EMA. Stop loss 35 pips.",
        expect: { long: ["macd12_26_9.histogram xa 0", "close > ema100"] },
      },
    ],
  },
  {
    name: "Bollinger close above upper band",
    turns: [
      {
        say: "Buy when price closes above the upper Bollinger band. Sell when price closes below the lower Bollinger band. Stop 30 pips.",
        expect: { long: ["close > bb20_2.upper"], short: ["close < bb20_2.lower"], direction: "both" },
      },
    ],
  },
  {
    name: "Bollinger mean reversion with parameters",
    turns: [
      {
        say: "Bollinger bands (20, 2.5). Go long when price crosses below the lower band, exit at the middle band. Stop loss 1% ",
        expect: {
          long: ["close xb bb20_2_5.lower"],
          indicators: ["bb20_2_5"],
          stopLoss: "1%",
        },
      },
    ],
  },
  {
    name: "stochastic cross in the oversold zone",
    turns: [
      {
        say: "Buy when stochastic %K crosses %D below 20, sell when %K crosses below %D above 80. Stop 20 pips.",
        expect: {
          long: ["stoch5_3_3 xa stoch5_3_3.signal", "stoch5_3_3 < 20"],
          short: ["stoch5_3_3 xb stoch5_3_3.signal", "stoch5_3_3 > 80"],
        },
      },
    ],
  },
  {
    name: "stochastic with parameters crossing a level",
    turns: [
      {
        say: "stochastic(14,3,3) crosses above 20 = buy. opposite = sell. tp 40 pips sl 20 pips",
        expect: { long: ["stoch14_3_3 xa 20"], short: ["stoch14_3_3 xb 80"], direction: "both" },
      },
    ],
  },
  {
    name: "ADX filter with MA cross",
    turns: [
      {
        say: "Buy when the 20 EMA crosses above the 50 EMA and ADX above 25. Opposite for sell. Stop 40 pips.",
        expect: {
          long: ["ema20 xa ema50", "adx14 > 25"],
          short: ["ema20 xb ema50", "adx14 > 25"],
        },
      },
    ],
  },
  {
    name: "DI lines",
    turns: [
      {
        say: "go long when +DI crosses above -DI and ADX is above 20, vice versa for short, stop 30 pips",
        expect: {
          long: ["adx14.plusDi xa adx14.minusDi", "adx14 > 20"],
          short: ["adx14.plusDi xb adx14.minusDi", "adx14 > 20"],
        },
      },
    ],
  },
  {
    name: "CCI extremes",
    turns: [
      {
        say: "Buy when CCI below -100, sell when CCI above 100. SL 30 TP 30 pips",
        expect: { long: ["cci14 < -100"], short: ["cci14 > 100"] },
      },
    ],
  },
  {
    name: "CCI crossing back with a period",
    turns: [
      {
        say: "buy when CCI(20) crosses above -100 and sell when CCI(20) crosses below 100, stop loss 2 ATR",
        expect: { long: ["cci20 xa -100"], short: ["cci20 xb 100"], stopLoss: "2 atr14" },
      },
    ],
  },
  {
    name: "Momentum above 100",
    turns: [
      {
        say: "Long when momentum crosses above 100 and price above the 50 SMA. Short on the opposite. Stop 25 pips.",
        expect: { long: ["mom14 xa 100", "close > sma50"], short: ["mom14 xb 100", "close < sma50"] },
      },
    ],
  },
  {
    name: "ATR-based stop and target with a custom ATR period",
    turns: [
      {
        say: "Buy when RSI crosses above 50. Stop loss 1.5 x ATR(20), take profit 3 x ATR(20).",
        expect: { stopLoss: "1.5 atr20", takeProfit: "3 atr20", indicators: ["rsi14", "atr20"] },
      },
    ],
  },
  // ——— Risk management ———
  {
    name: "stop 2x ATR, TP percent, risk percent",
    turns: [
      {
        say: "Buy when the 50 EMA crosses above the 200 EMA, sell when below. Stop 2x ATR, take profit at 3%, risk 1% per trade.",
        expect: { stopLoss: "2 atr14", takeProfit: "3%", sizing: "1% risk" },
      },
    ],
  },
  {
    name: "1.5 ATR stop word order",
    turns: [
      {
        say: "long when price crosses above the 20 ema, 1.5 ATR stop and 2 to 1 reward to risk",
        expect: { stopLoss: "1.5 atr14" },
      },
    ],
  },
  {
    name: "risk reward ratio from the stop",
    turns: [
      {
        say: "Buy when RSI crosses above 30. Stop loss 20 pips with a 1:3 risk reward.",
        expect: { stopLoss: "20 pips", takeProfit: "60 pips" },
      },
    ],
  },
  {
    name: "trailing stop",
    turns: [
      {
        say: "Go long when the 8 EMA crosses above the 21 EMA. Stop 30 pips and trail the stop by 20 pips.",
        expect: { stopLoss: "30 pips", trailing: "20 pips" },
      },
    ],
  },
  {
    name: "trailing stop with a start",
    turns: [
      {
        say: "sell when the 8 ema crosses below the 21 ema, short only. stop 30 pips, 25 pip trailing stop starting after 40 pips profit",
        expect: { direction: "short", short: ["ema8 xb ema21"], trailing: "25 pips from 40 pips" },
      },
    ],
  },
  {
    name: "break-even",
    turns: [
      {
        say: "Buy when RSI crosses above 30. Stop loss 30 pips, take profit 90 pips, move stop to break even after 15 pips.",
        expect: { breakEven: "15 pips", stopLoss: "30 pips", takeProfit: "90 pips" },
      },
    ],
  },
  {
    name: "break-even with offset",
    turns: [
      {
        say: "buy when macd crosses above signal, stop 40 pips, tp 80 pips, breakeven at 20 pips +2 pips",
        expect: { breakEven: "20 pips +2 pips" },
      },
    ],
  },
  {
    name: "lot sizing",
    turns: [
      {
        say: "Trade 0.1 lots. Buy when the 20 SMA crosses above the 50 SMA, stop 50 pips, tp 100 pips.",
        expect: { sizing: "0.1 lots", stopLoss: "50 pips" },
      },
    ],
  },
  {
    name: "lot size words",
    turns: [
      {
        say: "lot size 0.05, buy when rsi crosses above 30, stop loss 20 pips",
        expect: { sizing: "0.05 lots" },
      },
    ],
  },
  {
    name: "risk percent in words",
    turns: [
      {
        say: "Buy when the 12 EMA crosses above the 26 EMA. Stop 40 pips. Risk two percent of my account per trade.",
        expect: { sizing: "2% risk" },
      },
    ],
  },
  {
    name: "risk without a stop asks for one",
    turns: [
      {
        say: "Buy when the 12 EMA crosses above the 26 EMA and sell when it crosses below. Risk 1% per trade.",
        expect: { sizing: "0.1 lots", question: /stop/i },
      },
    ],
  },
  {
    name: "stop in points",
    turns: [
      {
        say: "buy when rsi crosses above 30, stop loss 300 points, take profit 600 points",
        expect: { stopLoss: "300 points", takeProfit: "600 points" },
      },
    ],
  },
  {
    name: "explicit no stop loss is respected",
    turns: [
      {
        say: "Buy when the 10 SMA crosses above the 20 SMA and sell when it crosses below. No stop loss.",
        expect: { stopLoss: null, question: false, direction: "both" },
      },
    ],
  },
  // ——— Timeframes ———
  {
    name: "timeframe H1 code",
    turns: [{ say: "H1: buy when RSI crosses above 30, stop 20 pips", expect: { timeframe: "H1" } }],
  },
  {
    name: "timeframe 4 hour chart",
    turns: [
      {
        say: "On the 4 hour chart, buy when the 50 EMA crosses above the 100 EMA. stop 50 pips",
        expect: { timeframe: "H4" },
      },
    ],
  },
  {
    name: "timeframe weekly",
    turns: [{ say: "weekly chart, buy when rsi crosses above 40, sl 200 pips", expect: { timeframe: "W1" } }],
  },
  {
    name: "timeframe 5 minute",
    turns: [
      {
        say: "scalping on the 5 min chart: buy when the 5 ema crosses above the 13 ema, 10 pip stop",
        expect: { timeframe: "M5", stopLoss: "10 pips" },
      },
    ],
  },
  {
    name: "timeframe 30m shorthand",
    turns: [
      {
        say: "30m chart. long when cci crosses above 0. sl 15 pips",
        expect: { timeframe: "M30", long: ["cci14 xa 0"] },
      },
    ],
  },
  // ——— Sessions, hours, weekdays ———
  {
    name: "London session only",
    turns: [
      {
        say: "Buy when the 20 EMA crosses above the 50 EMA. Only trade London. Stop 20 pips.",
        expect: { sessions: ["london"] },
      },
    ],
  },
  {
    name: "New York session",
    turns: [
      {
        say: "Sell when RSI crosses below 70 during the New York session, stop 25 pips, short only",
        expect: { sessions: ["newyork"], direction: "short", short: ["rsi14 xb 70"] },
      },
    ],
  },
  {
    name: "London and New York sessions",
    turns: [
      {
        say: "trade the london and new york sessions. buy when macd crosses above its signal line, stop 30 pips",
        expect: { sessions: ["london", "newyork"] },
      },
    ],
  },
  {
    name: "Asian session",
    turns: [
      {
        say: "buy when price crosses below the lower bollinger band during the asian session, stop 15 pips, tp 15 pips",
        expect: { sessions: ["asia"], long: ["close xb bb20_2.lower"] },
      },
    ],
  },
  {
    name: "hours UTC",
    turns: [
      {
        say: "Buy when RSI crosses above 30, only between 8:00 and 16:00 UTC, stop 20 pips",
        expect: { hours: [8, 16] },
      },
    ],
  },
  {
    name: "hours am/pm",
    turns: [
      {
        say: "only enter from 7am to 3pm. buy when the 10 ema crosses above the 20 ema. sl 20 pips",
        expect: { hours: [7, 15] },
      },
    ],
  },
  {
    name: "no trading on Fridays",
    turns: [
      {
        say: "Buy when the 20 SMA crosses above the 50 SMA. No trading on Fridays. Stop 30 pips.",
        expect: { weekdays: [1, 2, 3, 4] },
      },
    ],
  },
  {
    name: "Monday to Thursday",
    turns: [
      {
        say: "trade monday to thursday only, buy when rsi crosses above 30, stop 20 pips",
        expect: { weekdays: [1, 2, 3, 4] },
      },
    ],
  },
  {
    name: "avoid Mondays and Fridays",
    turns: [
      {
        say: "buy when rsi crosses above 30, stop 20 pips. avoid mondays and fridays",
        expect: { weekdays: [2, 3, 4] },
      },
    ],
  },
  // ——— Direction and positions ———
  {
    name: "long only words",
    turns: [
      {
        say: "Buy when the 10 EMA crosses above the 30 EMA, sell when it crosses below. Long only. Stop 20 pips.",
        expect: { direction: "long", long: ["ema10 xa ema30"] },
      },
    ],
  },
  {
    name: "no shorts",
    turns: [
      {
        say: "RSI crosses above 30 buy, no shorts, stop 30 pips",
        expect: { direction: "long", long: ["rsi14 xa 30"], longExit: ["rsi14 xb 70"], question: false },
      },
    ],
  },
  {
    name: "max positions",
    turns: [
      {
        say: "buy when rsi crosses above 30, sell when rsi crosses below 70, max 3 open trades, stop 20 pips",
        expect: { maxPositions: 3 },
      },
    ],
  },
  {
    name: "one trade at a time",
    turns: [
      {
        say: "only one trade at a time. buy when rsi crosses above 30. stop 20 pips",
        expect: { maxPositions: 1, long: ["rsi14 xa 30"] },
      },
    ],
  },
  // ——— Follow-up questions ———
  {
    name: "unknown indicator",
    turns: [
      { say: "Buy when the Ichimoku cloud turns green.", expect: { noSpec: true, question: /Ichimoku/ } },
    ],
  },
  {
    name: "unknown indicator alongside a known one",
    turns: [
      {
        say: "buy when price is above the parabolic SAR and RSI above 50, stop 20 pips",
        expect: { question: /Parabolic SAR/ },
      },
    ],
  },
  {
    name: "nothing to build",
    turns: [{ say: "Hello, can you help me make money?", expect: { noSpec: true, question: /entry/i } }],
  },
  {
    name: "signal without a side is read as a buy and says so",
    turns: [
      {
        say: "RSI crosses above 30. Stop 20 pips.",
        expect: { long: ["rsi14 xa 30"], question: false, reply: /read the signal as a buy/i },
      },
    ],
  },
  {
    name: "no exit and no stop: the entry turning round closes, no question",
    turns: [
      {
        say: "buy when RSI is below 30",
        expect: { long: ["rsi14 < 30"], longExit: ["rsi14 > 70"], question: false },
      },
    ],
  },
  {
    name: "conflicting directions",
    turns: [
      {
        say: "Buy when RSI crosses above 30 and sell when RSI crosses below 70. Short only.",
        expect: { question: /both directions/i },
      },
    ],
  },
  {
    name: "explicit exit rule for longs",
    turns: [
      {
        say: "Buy when RSI crosses above 30. Close the long when RSI crosses above 70. long only",
        expect: { long: ["rsi14 xa 30"], longExit: ["rsi14 xa 70"], direction: "long" },
      },
    ],
  },
  {
    name: "exit on the opposite signal, long only",
    turns: [
      {
        say: "go long when the close is above the 50 sma and rsi above 50. exit on the opposite signal.",
        expect: { longExit: ["close < sma50", "rsi14 < 50"], direction: "long" },
      },
    ],
  },
  // ——— Multi-turn refinements ———
  {
    name: "refine: stop, take profit, timeframe",
    turns: [
      { say: "Go long when the 6 MA crosses the 12 MA.", expect: { long: ["sma6 xa sma12"] } },
      {
        say: "make the stop 30 pips",
        expect: { stopLoss: "30 pips", long: ["sma6 xa sma12"], change: /Stop loss set to 30 pips/ },
      },
      { say: "add a take profit of 60 pips", expect: { takeProfit: "60 pips", stopLoss: "30 pips" } },
      { say: "switch to the daily chart", expect: { timeframe: "D1", stopLoss: "30 pips", change: /D1/ } },
    ],
  },
  {
    name: "refine: EMA instead, change fast MA",
    turns: [
      {
        say: "When the 60 moving average crosses the 120 moving average, go long. Do the opposite for short.",
        expect: { long: ["sma60 xa sma120"] },
      },
      {
        say: "use EMA instead",
        expect: { long: ["ema60 xa ema120"], short: ["ema60 xb ema120"], indicators: ["ema60", "ema120"] },
      },
      { say: "change the fast MA to 9", expect: { long: ["ema9 xa ema120"], short: ["ema9 xb ema120"] } },
      { say: "make the slow one 50", expect: { long: ["ema9 xa ema50"], indicators: ["ema9", "ema50"] } },
    ],
  },
  {
    name: "refine: add and remove an RSI filter",
    turns: [
      {
        say: "Buy when the 20 EMA crosses above the 50 EMA, sell when it crosses below. Stop 30 pips.",
        expect: { long: ["ema20 xa ema50"] },
      },
      {
        say: "add an RSI filter: only buy when RSI is above 50",
        expect: { long: ["ema20 xa ema50", "rsi14 > 50"], short: ["ema20 xb ema50"] },
      },
      { say: "remove the RSI filter", expect: { long: ["ema20 xa ema50"], indicators: ["ema20", "ema50"] } },
    ],
  },
  {
    name: "refine: sideless filter applies to both sides, mirrored",
    turns: [
      {
        say: "Buy when MACD crosses above its signal line, sell when it crosses below. stop 25 pips.",
        expect: { direction: "both" },
      },
      {
        say: "only take trades when price is above the 200 EMA for buys",
        expect: { long: ["macd12_26_9 xa macd12_26_9.signal", "close > ema200"] },
      },
      {
        say: "also ADX above 20",
        expect: {
          long: ["macd12_26_9 xa macd12_26_9.signal", "close > ema200", "adx14 > 20"],
          short: ["macd12_26_9 xb macd12_26_9.signal", "adx14 > 20"],
        },
      },
    ],
  },
  {
    name: "refine: sessions and weekdays",
    turns: [
      {
        say: "Buy when RSI crosses above 30, sell when RSI crosses below 70, stop 20 pips",
        expect: { sessions: null },
      },
      { say: "only trade London", expect: { sessions: ["london"] } },
      { say: "no trading on Fridays", expect: { weekdays: [1, 2, 3, 4], sessions: ["london"] } },
      { say: "remove the session filter", expect: { sessions: null, weekdays: [1, 2, 3, 4] } },
    ],
  },
  {
    name: "refine: trailing and break-even, then remove them",
    turns: [
      {
        say: "buy when the 5 ema crosses above the 20 ema, stop 30 pips, tp 60 pips",
        expect: { trailing: null },
      },
      { say: "trail the stop by 20 pips", expect: { trailing: "20 pips" } },
      { say: "move stop to break even after 15 pips", expect: { breakEven: "15 pips", trailing: "20 pips" } },
      { say: "remove the trailing stop", expect: { trailing: null, breakEven: "15 pips" } },
    ],
  },
  {
    name: "refine: long only, then allow shorts",
    turns: [
      {
        say: "buy when the 10 sma crosses above the 20 sma, stop 20 pips, tp 40 pips",
        expect: { direction: "long" },
      },
      { say: "allow shorts too", expect: { direction: "both", short: ["sma10 xb sma20"] } },
      { say: "actually, long only", expect: { direction: "long" } },
    ],
  },
  {
    name: "refine: RSI level change",
    turns: [
      {
        say: "Buy when RSI is below 30 and price above the 200 SMA. Stop 30 pips, TP 60 pips.",
        expect: { long: ["rsi14 < 30", "close > sma200"] },
      },
      { say: "make it RSI below 25 instead", expect: { long: ["rsi14 < 25", "close > sma200"] } },
      {
        say: "change the RSI period to 7",
        expect: { long: ["rsi7 < 25", "close > sma200"], indicators: ["rsi7", "sma200"] },
      },
    ],
  },
  {
    name: "refine: sizing and max positions",
    turns: [
      {
        say: "buy when the 50 ema crosses above the 200 ema, stop 2 atr, tp 4 atr",
        expect: { sizing: "0.1 lots" },
      },
      { say: "risk 1% per trade", expect: { sizing: "1% risk" } },
      { say: "allow up to 3 positions", expect: { maxPositions: 3, sizing: "1% risk" } },
      { say: "use 0.2 lots instead", expect: { sizing: "0.2 lots" } },
    ],
  },
  {
    name: "refine: remove stop loss and take profit",
    turns: [
      {
        say: "buy when rsi crosses above 30 and sell when rsi crosses below 70, sl 20 pips, tp 40 pips",
        expect: { stopLoss: "20 pips" },
      },
      { say: "remove the take profit", expect: { takeProfit: null, stopLoss: "20 pips" } },
      { say: "no stop loss", expect: { stopLoss: null } },
    ],
  },
  {
    name: "refine: new entry replaces the old one",
    turns: [
      { say: "buy when rsi crosses above 30, stop 20 pips", expect: { long: ["rsi14 xa 30"] } },
      {
        say: "buy when the 9 ema crosses above the 21 ema instead",
        expect: { long: ["ema9 xa ema21"], indicators: ["ema9", "ema21"] },
      },
    ],
  },
  {
    name: "refine: unknown refinement keeps the spec",
    turns: [
      { say: "buy when rsi crosses above 30, stop 20 pips", expect: { long: ["rsi14 xa 30"] } },
      { say: "thanks!", expect: { long: ["rsi14 xa 30"], stopLoss: "20 pips", reply: /didn't find/i } },
    ],
  },
  {
    name: "refine: add a second MA for a pair then change the 50 to 100",
    turns: [
      {
        say: "buy when the 20 sma crosses above the 50 sma. sell on the opposite. stop 40 pips",
        expect: { long: ["sma20 xa sma50"] },
      },
      { say: "change the 50 sma to 100", expect: { long: ["sma20 xa sma100"], short: ["sma20 xb sma100"] } },
    ],
  },
  {
    name: "refine: switch timeframe with 'hourly' and M15 code",
    turns: [
      { say: "buy when cci crosses above -100, stop 20 pips, tp 20 pips", expect: { timeframe: "H1" } },
      { say: "use the m15 timeframe", expect: { timeframe: "M15" } },
      { say: "hmm, go back to hourly", expect: { timeframe: "H1" } },
    ],
  },
  // ——— Shorthand and looser wording ———
  {
    name: "no punctuation, unitless stop and target",
    turns: [
      {
        say: "rsi below 30 buy rsi above 70 sell sl 30 tp 60",
        expect: {
          long: ["rsi14 < 30"],
          short: ["rsi14 > 70"],
          stopLoss: "30 pips",
          takeProfit: "60 pips",
          direction: "both",
        },
      },
    ],
  },
  {
    name: "Long:/Short: labels with comparison signs",
    turns: [
      {
        say: "Long: EMA 10 > EMA 20 and RSI > 55. Short: EMA 10 < EMA 20 and RSI < 45. SL 20 pips, TP 40 pips.",
        expect: {
          long: ["ema10 > ema20", "rsi14 > 55"],
          short: ["ema10 < ema20", "rsi14 < 45"],
          direction: "both",
        },
      },
    ],
  },
  {
    name: "pair cross with 'cross up' and pronoun 'they'",
    turns: [
      {
        say: "buy when the 20 and 50 ema cross up, sell when they cross down, 4h, sl 40",
        expect: { long: ["ema20 xa ema50"], short: ["ema20 xb ema50"], timeframe: "H4", stopLoss: "40 pips" },
      },
    ],
  },
  {
    name: "passive voice cross of the middle band",
    turns: [
      {
        say: "when the bollinger middle band is crossed from below go long, stop 20 pips tp 40 pips",
        expect: { long: ["close xa bb20_2"], direction: "long" },
      },
    ],
  },
  {
    name: "DI cross for shorts only",
    turns: [
      {
        say: "sell when adx is above 25 and -di crosses above +di, short only, stop 30 pips tp 60 pips",
        expect: { direction: "short", short: ["adx14 > 25", "adx14.minusDi xa adx14.plusDi"] },
      },
    ],
  },
  {
    name: "momentum with explicit exit",
    turns: [
      {
        say: "buy if momentum crosses above 100, exit if momentum crosses below 100, long only, stop 2 atr",
        expect: { long: ["mom14 xa 100"], longExit: ["mom14 xb 100"], stopLoss: "2 atr14" },
      },
    ],
  },
  {
    name: "trend filter plus pullback entry, vice versa, max trades and excluded Monday",
    turns: [
      {
        say: "buy when the 50 ema is above the 200 ema and price crosses above the 20 ema. sell vice versa. stop 20 pips, tp 40, max 2 trades, no trading monday",
        expect: {
          long: ["ema50 > ema200", "close xa ema20"],
          short: ["ema50 < ema200", "close xb ema20"],
          maxPositions: 2,
          weekdays: [2, 3, 4, 5],
          takeProfit: "40 pips",
        },
      },
    ],
  },
  {
    name: "long description with pronoun 'it' and back below",
    turns: [
      {
        say: "I want to buy EURUSD when the 20 period exponential moving average crosses above the 50 period one and sell when it crosses back below, with a 30 pip stop and 60 pip target",
        expect: {
          long: ["ema20 xa ema50"],
          short: ["ema20 xb ema50"],
          stopLoss: "30 pips",
          takeProfit: "60 pips",
        },
      },
    ],
  },
  {
    name: "RSI drop and rise with weekday range 'through'",
    turns: [
      {
        say: "Enter long if the 14-period RSI drops below 25 and exit when it rises above 55. Use a 1% risk with a stop of 40 pips. Trade only Tuesday through Thursday",
        expect: { long: ["rsi14 xb 25"], longExit: ["rsi14 xa 55"], sizing: "1% risk", weekdays: [2, 3, 4] },
      },
    ],
  },
  {
    name: "death cross short on the weekly",
    turns: [
      {
        say: "short the death cross, sl 80 pips, tp 160 pips, weekly",
        expect: { direction: "short", short: ["sma50 xb sma200"], timeframe: "W1" },
      },
    ],
  },
  {
    name: "two conditions and an exit on RSI",
    turns: [
      {
        say: "buy when rsi(14) < 30 and stochastic < 20. close when rsi > 50. stop 20 pips",
        expect: { long: ["rsi14 < 30", "stoch5_3_3 < 20"], longExit: ["rsi14 > 50"], direction: "long" },
      },
    ],
  },
  {
    name: "M1 scalper with kind-first notation and 'upwards'",
    turns: [
      {
        say: "i want a scalper on m1 that buys when ema 5 crosses ema 10 upwards and sells when it crosses downwards, sl 5 pips tp 8 pips max 1 trade",
        expect: { timeframe: "M1", long: ["ema5 xa ema10"], short: ["ema5 xb ema10"], maxPositions: 1 },
      },
    ],
  },
  {
    name: "MACD signal cross below zero",
    turns: [
      {
        say: "go long when macd line crosses above the signal line below zero, stop 30 pips",
        expect: { long: ["macd12_26_9 xa macd12_26_9.signal", "macd12_26_9 < 0"] },
      },
    ],
  },
  {
    name: "refine: ATR stop, R-multiple target, method and period words",
    turns: [
      { say: "Go long when the 6 MA crosses the 12 MA.", expect: { long: ["sma6 xa sma12"] } },
      { say: "set stop loss to 1.5 atr", expect: { stopLoss: "1.5 atr14" } },
      { say: "tp 3R", expect: { takeProfit: "4.5 atr14" } },
      {
        say: "use exponential moving averages",
        expect: { long: ["ema6 xa ema12"], longExit: ["ema6 xb ema12"] },
      },
      { say: "lower the fast ma to 4", expect: { long: ["ema4 xa ema12"] } },
      { say: "remove the stop", expect: { stopLoss: null, takeProfit: "4.5 atr14" } },
    ],
  },
  {
    name: "refine: session plus hours, then trade all sessions",
    turns: [
      {
        say: "buy when cci crosses above -100, stop 20 pips, tp 30 pips",
        expect: { long: ["cci14 xa -100"] },
      },
      {
        say: "trade only during london session between 8 and 12 utc",
        expect: { sessions: ["london"], hours: [8, 12] },
      },
      { say: "trade all sessions", expect: { sessions: null, hours: [8, 12] } },
    ],
  },
  {
    name: "refine: R-multiple before a stop asks for the stop",
    turns: [
      {
        say: "buy when the 10 ema crosses above the 20 ema, sell when it crosses below",
        expect: { direction: "both" },
      },
      { say: "take profit 2 times the stop", expect: { takeProfit: null, question: /stop loss first/i } },
      { say: "stop 25 pips", expect: { stopLoss: "25 pips" } },
      { say: "take profit 2 times the stop", expect: { takeProfit: "50 pips" } },
    ],
  },
  {
    name: "refine: one side then the other side closes with reversal",
    turns: [
      {
        say: "buy when the price is above the 200 ema and rsi crosses above 50, stop 30 pips",
        expect: { direction: "long", longExit: ["rsi14 xb 50"], question: false },
      },
      {
        say: "sell when price is below the 200 ema and rsi crosses below 50",
        expect: { direction: "both", longExit: null, shortExit: null, closeOnOpposite: true },
      },
    ],
  },
  {
    name: "refine: ask the side, then answer both",
    turns: [
      {
        say: "RSI crosses above 30, stop 20 pips, take profit 40 pips",
        expect: { question: false, reply: /read the signal as a buy/i, direction: "long" },
      },
      { say: "both directions", expect: { direction: "both", short: ["rsi14 xb 70"] } },
    ],
  },
  {
    name: "refine: unknown indicator in a refinement keeps the spec and asks",
    turns: [
      {
        say: "buy when rsi crosses above 30 and sell when rsi crosses below 70, stop 20 pips",
        expect: { direction: "both" },
      },
      { say: "add an ichimoku filter", expect: { long: ["rsi14 xa 30"], question: /Ichimoku/ } },
    ],
  },
  {
    name: "touching the bands with RSI confirmation",
    turns: [
      {
        say: "Buy when price touches the lower Bollinger band and RSI is below 30, sell when price touches the upper band and RSI above 70. Stop 25 pips, TP 50 pips.",
        expect: { long: ["low < bb20_2.lower", "rsi14 < 30"], short: ["high > bb20_2.upper", "rsi14 > 70"] },
      },
    ],
  },
  {
    name: "RSI hits a level",
    turns: [
      {
        say: "buy when RSI hits 30, sell when RSI hits 70, SL 20 TP 40",
        expect: { long: ["rsi14 xb 30"], short: ["rsi14 xa 70"], stopLoss: "20 pips", takeProfit: "40 pips" },
      },
    ],
  },
  {
    name: "subject named once: 'use rsi 14. buy below 30'",
    turns: [
      {
        say: "use rsi 14. buy below 30 and sell above 70. stop 20 pips",
        expect: { long: ["rsi14 < 30"], short: ["rsi14 > 70"] },
      },
    ],
  },
  {
    name: "stochastic zone with 'both are below' and 'short the reverse'",
    turns: [
      {
        say: "go long when the stochastic (14, 3, 3) main line crosses above the signal line while both are below 20 — short the reverse above 80. 15 pip stop, 30 pip target, M15",
        expect: {
          long: ["stoch14_3_3 xa stoch14_3_3.signal", "stoch14_3_3 < 20"],
          short: ["stoch14_3_3 xb stoch14_3_3.signal", "stoch14_3_3 > 80"],
          timeframe: "M15",
        },
      },
    ],
  },
  {
    name: "first timeframe named is the chart; higher-timeframe trend is not",
    turns: [
      {
        say: "I would like to go short whenever the 5 ema crosses under the 10 ema on the 5 minute timeframe and the 1 hour trend is down. stop 10 pips",
        expect: { timeframe: "M5", direction: "short", short: ["ema5 xb ema10"] },
      },
    ],
  },
  {
    name: "MACD histogram sign and an SMA comparison in both directions",
    turns: [
      {
        say: "buy when the 10 SMA is above the 30 SMA and the macd histogram is above zero; sell when histogram below zero and 10 SMA below 30 SMA. stop 20",
        expect: {
          long: ["sma10 > sma30", "macd12_26_9.histogram > 0"],
          short: ["macd12_26_9.histogram < 0", "sma10 < sma30"],
          stopLoss: "20 pips",
        },
      },
    ],
  },
  {
    name: "refine: timeframe 'from H1 to H4' and removing the exit rule",
    turns: [
      { say: "buy when rsi crosses above 30, stop 20, tp 40", expect: { timeframe: "H1", longExit: null } },
      { say: "exit when rsi crosses above 70", expect: { longExit: ["rsi14 xa 70"] } },
      { say: "change the timeframe from H1 to H4", expect: { timeframe: "H4" } },
      { say: "remove the exit rule", expect: { longExit: null, stopLoss: "20 pips" } },
    ],
  },
  {
    name: "ADX/DI trend following with SL = 2*ATR",
    turns: [
      {
        say: "Trend following with ADX: if ADX(14) > 25 and +DI > -DI then buy; if ADX > 25 and -DI > +DI then sell. SL = 2*ATR, TP = 4*ATR.",
        expect: {
          long: ["adx14 > 25", "adx14.plusDi > adx14.minusDi"],
          short: ["adx14 > 25", "adx14.minusDi > adx14.plusDi"],
          stopLoss: "2 atr14",
          takeProfit: "4 atr14",
        },
      },
    ],
  },
  {
    name: "short CCI with +100 and 'cover'",
    turns: [
      {
        say: "Enter short when CCI(20) crosses below +100 from above. Cover when CCI crosses below -100. Stop 30 pips. Short only.",
        expect: { direction: "short", short: ["cci20 xb 100"], shortExit: ["cci20 xb -100"] },
      },
    ],
  },
  {
    name: "bare 'close >' with Bollinger parameters and a middle-band exit",
    turns: [
      {
        say: "long when close > upper bollinger(20,2), exit when close < middle band, sl 40 pips",
        expect: { long: ["close > bb20_2.upper"], longExit: ["close < bb20_2"], stopLoss: "40 pips" },
      },
    ],
  },
  {
    name: "golden and death cross of named EMAs",
    turns: [
      {
        say: "Please make an EA: EMA 50/200 golden cross for buys, death cross for sells, 1 lot, SL 100, TP 300, daily",
        expect: { long: ["ema50 xa ema200"], short: ["ema50 xb ema200"], sizing: "1 lots", timeframe: "D1" },
      },
    ],
  },
  {
    // StrategySpec v2 (issue 14) states N-bar extremes; the corpus README: a price construct is no reason to ask.
    name: "N-bar high breakout: the close against the high of the 20 bars before it",
    turns: [
      {
        say: "go long if price closes above the 20 period high",
        expect: { long: ["close > highest(20)[1]"], question: false },
      },
    ],
  },
  {
    name: "mean reversion RSI(2) with an exit cross and risk sizing",
    turns: [
      {
        say: "I want a mean reversion EA. When RSI(2) goes under 5 buy, when it goes over 95 sell. Exit when price crosses the 5 SMA. 4H chart. Risk 0.5% per trade with a 1.5 ATR stop.",
        expect: {
          long: ["rsi2 < 5"],
          short: ["rsi2 > 95"],
          longExit: ["close xb sma5"],
          shortExit: ["close xa sma5"],
          timeframe: "H4",
          sizing: "0.5% risk",
          stopLoss: "1.5 atr14",
        },
      },
    ],
  },
  {
    name: "AND in capitals, explicit close rule, no sells",
    turns: [
      {
        say: "buy when 20 ema crosses above 50 ema AND macd is above 0. close the trade when 20 ema crosses below 50 ema. max 1 position. no sells.",
        expect: {
          direction: "long",
          long: ["ema20 xa ema50", "macd12_26_9 > 0"],
          longExit: ["ema20 xb ema50"],
        },
      },
    ],
  },
  {
    name: "long only contradicted by 'do the opposite for short'",
    turns: [
      {
        say: "Go long when the 6 MA crosses the 12 MA. Long only. Do the opposite for short. Stop 20 pips.",
        expect: { direction: "long", question: /both directions/i },
      },
    ],
  },
  {
    name: "refine: widen the stop, tighten the target, trade every day, remove the time filter",
    turns: [
      {
        say: "buy when rsi crosses above 30, sell when rsi crosses below 70, stop 20 pips, tp 40 pips, no trading on fridays, only trade new york",
        expect: { weekdays: [1, 2, 3, 4], sessions: ["newyork"] },
      },
      { say: "widen the stop to 40 pips", expect: { stopLoss: "40 pips", takeProfit: "40 pips" } },
      { say: "tighten the take profit to 30 pips", expect: { takeProfit: "30 pips" } },
      { say: "trade every day", expect: { weekdays: null, sessions: ["newyork"] } },
      { say: "remove the time filter", expect: { weekdays: null, sessions: null } },
    ],
  },
  {
    name: "refine: long conversation of settings and filters",
    turns: [
      {
        say: "Buy when RSI crosses above 30, sell when RSI crosses below 70. stop 20 pips",
        expect: { direction: "both" },
      },
      { say: "make it 4 hour", expect: { timeframe: "H4" } },
      { say: "change the stop loss to 2 atr", expect: { stopLoss: "2 atr14" } },
      { say: "make the take profit 3 times the stop", expect: { takeProfit: "6 atr14" } },
      {
        say: "can you add a trailing stop of 15 pips that starts after 20 pips",
        expect: { trailing: "15 pips from 20 pips" },
      },
      { say: "I also want to move the stop to break even after 20 pips", expect: { breakEven: "20 pips" } },
      { say: "change the RSI to 21", expect: { long: ["rsi21 xa 30"], short: ["rsi21 xb 70"] } },
      { say: "allow 2 trades at the same time", expect: { maxPositions: 2 } },
      {
        say: "use the 100 SMA as a trend filter",
        expect: { long: ["rsi21 xa 30", "close > sma100"], short: ["rsi21 xb 70", "close < sma100"] },
      },
    ],
  },
  {
    name: "refine: sided filters with 'it'",
    turns: [
      {
        say: "Buy when RSI crosses above 30, sell when RSI crosses below 70. stop 20 pips",
        expect: { direction: "both" },
      },
      {
        say: "only buy above the 100 sma and only sell below it",
        expect: { long: ["rsi14 xa 30", "close > sma100"], short: ["rsi14 xb 70", "close < sma100"] },
      },
    ],
  },
  // ——— More varied one-shot descriptions ———
  {
    name: "long rambling description",
    turns: [
      {
        say: "Hi! I trade EURUSD on the 1 hour chart. My idea: when the 21 EMA crosses above the 55 EMA and the RSI is above 50 I buy, when the 21 crosses below the 55 and RSI under 50 I sell. SL 25 pips, TP 50 pips, risk 1% per trade, London and New York sessions only.",
        expect: {
          timeframe: "H1",
          long: ["ema21 xa ema55", "rsi14 > 50"],
          short: ["ema21 xb ema55", "rsi14 < 50"],
          stopLoss: "25 pips",
          takeProfit: "50 pips",
          sizing: "1% risk",
          sessions: ["london", "newyork"],
        },
      },
    ],
  },
  {
    name: "short only breakdown",
    turns: [
      {
        say: "Short only: sell when price crosses below the 100 SMA and ADX is above 30. Stop loss 60 pips, take profit 120 pips.",
        expect: { direction: "short", short: ["close xb sma100", "adx14 > 30"] },
      },
    ],
  },
  {
    name: "percent stop and target",
    turns: [
      {
        say: "buy when the 50 sma crosses above the 100 sma, stop loss 0.5%, take profit 1.5%",
        expect: { stopLoss: "0.5%", takeProfit: "1.5%" },
      },
    ],
  },
  {
    name: "ema cross with words for periods and sell word",
    turns: [
      {
        say: "Sell when the thirteen ema crosses under the forty-eight ema. buy when it crosses over. stop thirty pips",
        expect: { short: ["ema13 xb ema48"], long: ["ema13 xa ema48"], stopLoss: "30 pips" },
      },
    ],
  },
  {
    name: "stochastic oversold with lot size",
    turns: [
      {
        say: "go long when stochastic is oversold and price is above the 50 ema, 0.2 lots, sl 15 pips, tp 30 pips",
        expect: { long: ["stoch5_3_3 < 20", "close > ema50"], sizing: "0.2 lots" },
      },
    ],
  },
  {
    name: "rsi leaving oversold",
    turns: [
      {
        say: "buy when RSI comes out of oversold, sell when RSI leaves overbought. stop 20 pips",
        expect: { long: ["rsi14 xa 30"], short: ["rsi14 xb 70"] },
      },
    ],
  },
  {
    name: "MA cross with SL in ATR and trailing in ATR",
    turns: [
      {
        say: "long when the 10 ema crosses above the 40 ema. stop loss 2 ATR, trailing stop 1.5 ATR. H4",
        expect: { stopLoss: "2 atr14", trailing: "1.5 atr14", timeframe: "H4" },
      },
    ],
  },
  {
    name: "breakout of bollinger with weekdays list",
    turns: [
      {
        say: "buy when price breaks above the upper band of the bollinger bands, only on tuesdays and wednesdays, stop 30 pips, tp 30 pips",
        expect: { long: ["close xa bb20_2.upper"], weekdays: [2, 3] },
      },
    ],
  },
  {
    name: "momentum with custom period and M30",
    turns: [
      {
        say: "M30. buy when momentum(10) is above 100 and the 20 ema is above the 50 ema. stop 15 pips tp 30 pips",
        expect: { long: ["mom10 > 100", "ema20 > ema50"], timeframe: "M30" },
      },
    ],
  },
  {
    name: "EMA 50 crosses EMA 200 in kind-first notation",
    turns: [
      {
        say: "buy if ema50 crosses above ema200, sell if ema50 crosses below ema200, stop 50 pips",
        expect: { long: ["ema50 xa ema200"], short: ["ema50 xb ema200"] },
      },
    ],
  },

  // ——— Refinements found by the audit of issue 6 ———
  {
    name: "refine: only trade London and New York keeps both sessions",
    turns: [
      {
        say: "Go long when the 6 MA crosses the 12 MA. stop 20 pips, tp 40 pips",
        expect: { direction: "long" },
      },
      { say: "only trade London and New York", expect: { sessions: ["london", "newyork"] } },
    ],
  },
  {
    name: "refine: 'London and NY' reads NY as New York",
    turns: [
      {
        say: "Go long when the 6 MA crosses the 12 MA. stop 20 pips, tp 40 pips",
        expect: { direction: "long" },
      },
      { say: "trade during London and NY", expect: { sessions: ["london", "newyork"] } },
    ],
  },
  {
    name: "refine: 'also trade New York' adds a session",
    turns: [
      {
        say: "Go long when the 6 MA crosses the 12 MA. stop 20 pips, tp 40 pips",
        expect: { direction: "long" },
      },
      { say: "only trade London", expect: { sessions: ["london"] } },
      { say: "also trade New York", expect: { sessions: ["london", "newyork"] } },
      { say: "only trade the Tokyo session", expect: { sessions: ["asia"] } },
    ],
  },
  {
    name: "refine: short only on a long-only spec switches the side",
    turns: [
      {
        say: "Go long when the 6 MA crosses the 12 MA. stop 20 pips, tp 40 pips",
        expect: { direction: "long" },
      },
      {
        say: "short only",
        expect: {
          direction: "short",
          long: null,
          short: ["sma6 xb sma12"],
          change: /short only/i,
          question: false,
        },
      },
      { say: "only go long", expect: { direction: "long", long: ["sma6 xa sma12"], short: null } },
    ],
  },
  {
    name: "sell on the reverse cross: mirrored short entry, no vague-cross question",
    turns: [
      {
        say: "Buy when the 50 SMA crosses above the 100 SMA; sell on the reverse cross; SL 50 TP 150 pips",
        expect: {
          direction: "both",
          long: ["sma50 xa sma100"],
          short: ["sma50 xb sma100"],
          stopLoss: "50 pips",
          takeProfit: "150 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "sell on the opposite cross: mirrored short entry, no question",
    turns: [
      {
        say: "Buy when the 50 SMA crosses above the 100 SMA; sell on the opposite cross; SL 50 TP 150 pips",
        expect: { direction: "both", short: ["sma50 xb sma100"], question: false },
      },
    ],
  },
  {
    name: "sell when it crosses back: mirrored short entry",
    turns: [
      {
        say: "Buy when the 50 SMA crosses above the 100 SMA and sell when it crosses back, SL 50 pips",
        expect: {
          direction: "both",
          long: ["sma50 xa sma100"],
          short: ["sma50 xb sma100"],
          closeOnOpposite: true,
          question: false,
        },
      },
    ],
  },
  {
    name: "a rising moving average becomes a slope condition",
    turns: [
      {
        say: "go long when price is above the upper bollinger band (20, 2) and the 50 sma is rising. SL 30 pips, TP 60 pips",
        expect: {
          indicators: ["bb20_2", "sma50"],
          long: ["close > bb20_2.upper", "sma50 > sma50[1]"],
          question: false,
        },
      },
    ],
  },
  {
    name: "a falling EMA for sells, mirrored to a rising one for buys",
    turns: [
      {
        say: "sell when rsi crosses below 70 and the 200 ema is sloping down, do the opposite for buys, stop 30 pips",
        expect: { short: ["rsi14 xb 70", "ema200 < ema200[1]"], long: ["rsi14 xa 30", "ema200 > ema200[1]"] },
      },
    ],
  },
  {
    name: "refine: a session that never overlaps the hours replaces them",
    turns: [
      {
        say: "Go long when the 6 MA crosses the 12 MA. stop 20 pips, tp 40 pips",
        expect: { direction: "long" },
      },
      { say: "only trade between 13:00 and 17:00", expect: { hours: [13, 17] } },
      {
        say: "only trade the Tokyo session",
        expect: { sessions: ["asia"], hours: null, reply: /never overlap/ },
      },
      { say: "only trade between 2:00 and 6:00", expect: { sessions: ["asia"], hours: [2, 6] } },
    ],
  },
  {
    name: "a lone RSI cross entry closes at the mirrored level until an exit is given",
    turns: [
      {
        say: "Buy when RSI(9) crosses above 55. stop 20 pips",
        expect: { long: ["rsi9 xa 55"], longExit: ["rsi9 xb 45"], question: false },
      },
      { say: "exit when rsi crosses below 45", expect: { longExit: ["rsi9 xb 45"], question: false } },
    ],
  },
];
