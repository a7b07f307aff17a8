import type { CorpusCase } from "./corpus.fixture";

// Phrase families of forum posts, script descriptions, blog rule lists and translated texts, in the project's
// own wording (issue 15): each reading has at least three variants and one case that must NOT be read that way.

const one = (name: string, say: string, expect: CorpusCase["turns"][number]["expect"]): CorpusCase => ({
  name,
  turns: [{ say, expect }],
});

const chat = (name: string, first: string, edit: string, expect: CorpusCase["turns"][number]["expect"]) => ({
  name,
  turns: [
    { say: first, expect: {} },
    { say: edit, expect },
  ],
});

export const FORUM_PHRASINGS: readonly CorpusCase[] = [
  // A side heading whose rule starts with the bar's close: the price, not the closing action.
  one(
    "heading: 'Long entry: close crosses above the lower band'",
    "Long entry: close crosses above the lower Bollinger band. Short entry: close crosses below the upper band. Stop 20 pips.",
    { direction: "both", long: ["close xa bb20_2.lower"], short: ["close xb bb20_2.upper"] },
  ),
  one(
    "heading: 'Buy setup: close is above the 20 SMA and ...'",
    "Buy setup: close is above the 20 SMA and RSI(14) is above 50. Sell setup: close is below the 20 SMA and RSI(14) is below 50. Stop 25 pips.",
    { direction: "both", long: ["close > sma20", "rsi14 > 50"], short: ["close < sma20", "rsi14 < 50"] },
  ),
  one(
    "heading: 'Long signal: close breaks above the 50 EMA'",
    "Long signal: close breaks above the 50 EMA. Stop 30 pips, target 60 pips.",
    { direction: "long", long: ["close xa ema50"] },
  ),
  one(
    "heading: NOT the price: 'Exit rules: close the trade when RSI crosses above 70'",
    "Buy when RSI(14) crosses above 30. Exit rules: close the trade when RSI(14) crosses above 70. Stop 20 pips.",
    { long: ["rsi14 xa 30"], longExit: ["rsi14 xa 70"] },
  ),
  // The bands' middle line by other names, and an exit at it with an object.
  one(
    "middle band: 'exit at the basis'",
    "Buy when the close is below the lower Bollinger band. Exit at the basis. Stop 20 pips.",
    { longExit: ["close xa bb20_2"] },
  ),
  one(
    "middle band: 'close the position at the middle band'",
    "Buy when the close is below the lower Bollinger band. Close the position at the middle band. Stop 20 pips.",
    { longExit: ["close xa bb20_2"] },
  ),
  one(
    "middle band: 'exit the trade at the middle band'",
    "Sell when the close is above the upper Bollinger band. Exit the trade at the middle band. Stop 20 pips.",
    { shortExit: ["close xb bb20_2"] },
  ),
  one(
    "middle band: NOT 'on a daily basis'",
    "I check the chart on a daily basis. Buy when the 10 EMA crosses above the 20 EMA. Stop 20 pips.",
    { indicators: ["ema10", "ema20"], long: ["ema10 xa ema20"] },
  ),
  // Misspelt side and target words.
  one(
    "typos: 'crosses bellow', 'take proft'",
    "Sell when RSI(14) crosses bellow 70. stop 20 pips, take proft 40 pips",
    { short: ["rsi14 xb 70"], stopLoss: "20 pips", takeProfit: "40 pips" },
  ),
  one("typos: 'abov the 50 ema'", "buy when price is abov the 50 ema and rsi(14) is above 50. stop 30 pips", {
    long: ["close > ema50", "rsi14 > 50"],
  }),
  one("typos: 'the singal line'", "Buy when the MACD crosses above the singal line. Stop 30 pips.", {
    long: ["macd12_26_9 xa macd12_26_9.signal"],
  }),
  one(
    "typos: NOT 'a blow to the account'",
    "Buy when RSI(14) crosses above 30. A 20 pip stop keeps a blow to the account small.",
    { long: ["rsi14 xa 30"], stopLoss: "20 pips" },
  ),
  // Break-even abbreviated.
  one(
    "break-even: 'move SL to BE after 25 pips in profit'",
    "Buy when RSI(14) crosses above 30. SL 40 pips. Move SL to BE after 25 pips in profit.",
    { stopLoss: "40 pips", breakEven: "25 pips" },
  ),
  one("break-even: 'BE at +15 pips'", "Buy when RSI(14) crosses above 30. SL 40 pips, BE at +15 pips.", {
    breakEven: "15 pips",
  }),
  one(
    "break-even: 'sl to be after 10 pips'",
    "buy when rsi(14) crosses above 30. sl 30 pips, sl to be after 10 pips",
    { breakEven: "10 pips" },
  ),
  one(
    "break-even: NOT 'IT SHOULD BE SIMPLE'",
    "BUY WHEN RSI(14) CROSSES ABOVE 30. STOP 30 PIPS. IT SHOULD BE SIMPLE.",
    { long: ["rsi14 xa 30"], breakEven: null },
  ),
  // The other side as the mirror, in other words and under an exit heading.
  one(
    "mirror: 'Signal for sell: on the contrary'",
    "Signal for buy: the 5 SMA is above the 20 SMA. Signal for sell: on the contrary. Stop 20 pips.",
    { direction: "both", long: ["sma5 > sma20"], short: ["sma5 < sma20"] },
  ),
  one(
    "mirror: 'conversely for shorts'",
    "Go long when RSI(14) crosses above 30, conversely for shorts. Stop 20 pips.",
    { direction: "both", long: ["rsi14 xa 30"], short: ["rsi14 xb 70"] },
  ),
  one(
    "mirror: 'For a sell, the reverse applies' after an exit list",
    "Entry rules\n- The 50 EMA is above the 200 EMA.\n- RSI(14) crosses above 40.\nExit rules\n- Stop loss 30 pips.\n- Take profit 60 pips.\nFor a sell, the reverse applies.",
    { direction: "both", long: ["ema50 > ema200", "rsi14 xa 40"], short: ["ema50 < ema200", "rsi14 xb 60"] },
  ),
  one(
    "mirror: NOT an exit on the opposite signal under an exit heading",
    "Buy when the 10 EMA crosses above the 30 EMA. Sell when it crosses below.\nExit rules\n- close on the opposite signal.",
    { direction: "both", closeOnOpposite: true },
  ),
  // "the other side of the line": a long closes below it, a short above it.
  one(
    "other side: 'close when the price closes on the other side of the 20 SMA'",
    "Buy when the close is above the 20 SMA and RSI(14) is above 50, vice versa for sells. Close when the price closes on the other side of the 20 SMA.",
    { longExit: ["close < sma20"], shortExit: ["close > sma20"] },
  ),
  one(
    "other side: 'exit once a candle closes back on the other side of the EMA'",
    "Buy when the close is above the 50 EMA and the 50 EMA is above the 100 EMA, vice versa for sells. Exit once a candle closes back on the other side of the 50 EMA.",
    { longExit: ["close < ema50"], shortExit: ["close > ema50"] },
  ),
  one(
    "other side: 'close if price crosses to the other side of the 34 EMA' is a cross",
    "Buy when the close is above the 34 EMA and RSI(14) is above 50, vice versa for sells. Close if price crosses to the other side of the 34 EMA.",
    { longExit: ["close xb ema34"], shortExit: ["close xa ema34"] },
  ),
  one(
    "other side: NOT without 'other side'",
    "Buy when the close is above the 20 SMA and RSI(14) is above 50. Close when the price closes below the 10 SMA.",
    { longExit: ["close < sma10"] },
  ),
  // The action after an arrow or an equals sign.
  one(
    "arrow: 'crosses above the signal line = buy'",
    "MACD crosses above the signal line = buy, crosses below = sell. Stop 40 pips.",
    {
      direction: "both",
      long: ["macd12_26_9 xa macd12_26_9.signal"],
      short: ["macd12_26_9 xb macd12_26_9.signal"],
    },
  ),
  one(
    "arrow: 'RSI(14) crosses above 30 -> buy'",
    "RSI(14) crosses above 30 -> buy. RSI(14) crosses below 70 -> sell. Stop 25 pips.",
    { direction: "both", long: ["rsi14 xa 30"], short: ["rsi14 xb 70"] },
  ),
  one(
    "arrow: a parameter list before '= buy' stays whole",
    "stochastic(9,3,3) crosses above 20 = buy. Stop 25 pips.",
    { indicators: ["stoch9_3_3"], long: ["stoch9_3_3 xa 20"] },
  ),
  one(
    "arrow: NOT a setting 'Direction = long'",
    "Direction = long. Enter when RSI(14) crosses above 30. Stop 25 pips.",
    { direction: "long", long: ["rsi14 xa 30"] },
  ),
  // A negated filter on one side: the condition turned round, never a direction.
  one(
    "negated filter: 'don't take longs if RSI is above 70, no shorts when it is below 30'",
    "Buy when the 10 EMA crosses above the 30 EMA, sell when it crosses below. Don't take longs if RSI(14) is above 70, no shorts when RSI(14) is below 30. Stop 20 pips.",
    {
      direction: "both",
      long: ["ema10 xa ema30", "rsi14 < 70"],
      short: ["ema10 xb ema30", "rsi14 > 30"],
    },
  ),
  one(
    "negated filter: 'we never buy when ... and never sell when ...' then the signal",
    "We never buy when RSI(14) is above 70 and never sell when it is below 30. The signal is a crossover of the 8 and 21 SMA. Stop 20 pips.",
    {
      direction: "both",
      long: ["rsi14 < 70", "sma8 xa sma21"],
      short: ["rsi14 > 30", "sma8 xb sma21"],
    },
  ),
  one(
    "negated filter: 'avoid buying while the price is under the 200 EMA'",
    "Buy when RSI(14) crosses above 30. Avoid buying while the price is under the 200 EMA. Stop 20 pips.",
    { direction: "long", long: ["rsi14 xa 30", "close > ema200"] },
  ),
  one(
    "negated filter: NOT a direction: 'buy only when' is a condition, 'no shorts' alone is long only",
    "Buy only when RSI(14) is below 70 and the 10 EMA crosses above the 30 EMA. No shorts. Stop 20 pips.",
    { direction: "long", long: ["rsi14 < 70", "ema10 xa ema30"] },
  ),
  // A cross named as "a cross of A and B".
  one(
    "cross of: 'buy on a crossover of the 8 and 21 EMA'",
    "Buy on a crossover of the 8 and 21 EMA, sell on the opposite. Stop 20 pips.",
    { direction: "both", long: ["ema8 xa ema21"], short: ["ema8 xb ema21"] },
  ),
  one(
    "cross of: 'a cross between the 50 SMA and the 200 SMA'",
    "Buy on a cross between the 50 SMA and the 200 SMA. Stop 50 pips.",
    { long: ["sma50 xa sma200"] },
  ),
  one(
    "cross of: NOT 'a cross of the 50 EMA' alone (price and one line)",
    "Buy on a close above the 50 EMA. Stop 50 pips.",
    { indicators: ["ema50"] },
  ),
  // A length in brackets after its indicator, as script inputs read.
  one(
    "length in brackets: 'the fast EMA (length 9)'",
    "Goes long when the fast EMA (length 9) crosses over the slow EMA (length 21), shorts are the mirror image. Stop 20 pips.",
    { indicators: ["ema9", "ema21"], long: ["ema9 xa ema21"], question: false },
  ),
  one("length in brackets: 'RSI (length 5)'", "Long when RSI (length 5) crosses over 30. Stop 20 pips.", {
    indicators: ["rsi5"],
    long: ["rsi5 xa 30"],
  }),
  one(
    "length in brackets: 'CCI (period = 20)'",
    "Long when CCI (period = 20) crosses above -100. Stop 20 pips.",
    { indicators: ["cci20"], long: ["cci20 xa -100"] },
  ),
  one(
    "length in brackets: NOT a stop '(20 pips)'",
    "Long when RSI(14) crosses above 30, with a stop (20 pips).",
    { indicators: ["rsi14"], stopLoss: "20 pips" },
  ),
  // Script inputs with the unit in the label.
  one(
    "input units: 'Stop Loss % = 2, Take Profit % = 4'",
    "Long when RSI(14) crosses above 30. Stop Loss % = 2, Take Profit % = 4.",
    { stopLoss: "2%", takeProfit: "4%" },
  ),
  one(
    "input units: 'Take Profit (pips): 50'",
    "Long when RSI(14) crosses above 30. Stop Loss (pips): 25. Take Profit (pips): 50.",
    { stopLoss: "25 pips", takeProfit: "50 pips" },
  ),
  one("input units: 'SL (%) 1.5'", "Long when RSI(14) crosses above 30. SL (%) 1.5", { stopLoss: "1.5%" }),
  // "closes the long when": that side's exit, not one more entry condition.
  one(
    "side exit: 'goes long when A and closes the long when B'",
    "The script goes long when the 9 EMA crosses above the 21 EMA and closes the long when RSI(14) crosses above 75. Stop 20 pips.",
    { long: ["ema9 xa ema21"], longExit: ["rsi14 xa 75"] },
  ),
  one(
    "side exit: 'exits the short if'",
    "It sells when RSI(14) crosses below 70 and exits the short if RSI(14) crosses below 30. Stop 20 pips.",
    { short: ["rsi14 xb 70"], shortExit: ["rsi14 xb 30"] },
  ),
  one(
    "side exit: 'close long positions when'",
    "Buy when the close crosses above the 50 SMA; close long positions when the close crosses below the 20 SMA. Stop 30 pips.",
    { long: ["close xa sma50"], longExit: ["close xb sma20"] },
  ),
  // Stop and target values written together.
  one(
    "stop and target: 'TP 30 SL 20 pips' is two distances",
    "Buy when RSI(14) crosses above 30. TP 30 SL 20 pips.",
    { stopLoss: "20 pips", takeProfit: "30 pips" },
  ),
  one(
    "stop and target: 'TP/SL 30/20 pips' in order, not a range",
    "Buy when RSI(14) crosses above 30. TP/SL 30/20 pips.",
    { stopLoss: "20 pips", takeProfit: "30 pips" },
  ),
  one(
    "stop and target: 'the target is 2 times the risk'",
    "Buy when RSI(14) crosses above 30. Stop 20 pips and the target is 2 times the risk.",
    { stopLoss: "20 pips", takeProfit: "40 pips" },
  ),
  one(
    "stop and target: a sign makes a multiple: 'take profit 3 x sl'",
    "Buy when RSI(14) crosses above 30. stop 20 pips, take profit 3 x sl.",
    { stopLoss: "20 pips", takeProfit: "60 pips" },
  ),
  // Both averages' lengths changed at once in the chat.
  chat(
    "chat: 'change the periods to 8 and 21'",
    "Buy when the 12 EMA crosses above the 26 EMA, sell when it crosses below. Stop 30 pips.",
    "change the periods to 8 and 21",
    { indicators: ["ema8", "ema21"], long: ["ema8 xa ema21"], short: ["ema8 xb ema21"] },
  ),
  chat(
    "chat: 'use 30 and 50 instead' past the old longer length",
    "Buy when the 12 EMA crosses above the 26 EMA, sell when it crosses below. Stop 30 pips.",
    "use 30 and 50 instead",
    { indicators: ["ema30", "ema50"], long: ["ema30 xa ema50"] },
  ),
  chat(
    "chat: 'make the SMA 200' with one average",
    "Buy when RSI(14) crosses above 50 and the close is above the 100 SMA. Stop 30 pips.",
    "make the SMA 200",
    { indicators: ["rsi14", "sma200"], long: ["rsi14 xa 50", "close > sma200"] },
  ),
  chat(
    "chat: NOT two lengths for one average: a question",
    "Buy when RSI(14) crosses above 50 and the close is above the 100 SMA. Stop 30 pips.",
    "change the periods to 8 and 21",
    { indicators: ["rsi14", "sma100"], question: true },
  ),
  // A cap on the risk per trade is the risk-based size.
  one(
    "risk cap: 'risk no more than 1% of your account per trade'",
    "Buy when RSI(14) crosses above 30. Stop 20 pips. Risk no more than 1% of your account per trade.",
    { sizing: "1% risk" },
  ),
  one(
    "risk cap: 'never risk more than 2%'",
    "Buy when RSI(14) crosses above 30. Stop 20 pips. Never risk more than 2% on a trade.",
    { sizing: "2% risk" },
  ),
  one(
    "risk cap: 'risk at most 0.5% per trade'",
    "Buy when RSI(14) crosses above 30. Stop 20 pips, risk at most 0.5% per trade.",
    { sizing: "0.5% risk" },
  ),
  one(
    "risk cap: NOT a size: 'a stop no more than 2% away'",
    "Buy when RSI(14) crosses above 30. Stop loss 2%. Lot 0.3.",
    { stopLoss: "2%", sizing: "0.3 lots" },
  ),
  // Translated texts: the kind after the generic name, and the sell side as the cross's other direction.
  one(
    "translated: 'the fast moving average EMA with period 12 crosses ... from bottom to top; for the sale - from top to bottom'",
    "For the opening of purchase the fast moving average EMA with period 12 crosses the slow moving average EMA with period 26 from bottom to top. For the sale - from top to bottom. Stop loss 30 points.",
    {
      direction: "both",
      indicators: ["ema12", "ema26"],
      long: ["ema12 xa ema26"],
      short: ["ema12 xb ema26"],
    },
  ),
  one(
    "translated: 'moving average SMA with period 50' and 'opening of a sale'",
    "Opening of a purchase: the price crosses the moving average SMA with period 50 upwards. Opening of a sale: the price crosses the SMA downwards. Stop loss 40 points.",
    { indicators: ["sma50"], long: ["close xa sma50"], short: ["close xb sma50"] },
  ),
  one(
    "translated: 'for the buy - from below' after a sell rule",
    "Sell when the fast moving average LWMA with period 5 crosses the slow moving average LWMA with period 15 from above. For the buy - from below. Stop 25 pips.",
    { direction: "both", long: ["lwma5 xa lwma15"], short: ["lwma5 xb lwma15"] },
  ),
  one(
    "translated: NOT a sale of a product",
    "This EA is not for sale. Buy when the 10 EMA crosses above the 20 EMA. Stop 20 pips.",
    { direction: "long", long: ["ema10 xa ema20"] },
  ),
  // A Donchian channel is the N-bar high and low: no question when its levels are what the rule reads.
  one(
    "donchian: named beside 'the highest high of the last 20 bars'",
    "Donchian breakout: buy when price breaks above the highest high of the last 20 bars. Stop 30 pips.",
    // A break of an N-bar extreme is the close beyond it (as annotators read it; conditions.ts).
    { long: ["close > highest(20)[1]"], question: false },
  ),
  one(
    "donchian: 'the upper band of the 20-period Donchian channel'",
    "Buy when the close crosses above the upper band of the 20-period Donchian channel, sell when it crosses below the lower band of the 20-period Donchian channel. Stop 30 pips.",
    { long: ["close xa highest(20)[1]"], short: ["close xb lowest(20)[1]"], question: false },
  ),
  one("donchian: 'the 55 Donchian high'", "Buy when the close is above the 55 Donchian high. Stop 30 pips.", {
    long: ["close > highest(55)[1]"],
    question: false,
  }),
  one("donchian: NOT without its levels: asked", "Buy when the Donchian channel turns up. Stop 30 pips.", {
    noSpec: true,
    question: /Donchian/,
  }),
  // "close when the EMAs cross the other way" beside entries that hold two averages as a state.
  one(
    "averages cross back: 'close when the EMAs cross the other way'",
    "Long when the 8 EMA is above the 21 EMA and RSI(14) crosses above 50. Short when the 8 EMA is below the 21 EMA and RSI(14) crosses below 50. Close when the EMAs cross the other way. Stop 30 pips.",
    { longExit: ["ema8 xb ema21"], shortExit: ["ema8 xa ema21"] },
  ),
  one(
    "averages cross back: 'exit once the averages cross back'",
    "Buy when the 10 SMA is above the 50 SMA and the close crosses above the 10 SMA. Exit once the averages cross back. Stop 30 pips.",
    { longExit: ["sma10 xb sma50"] },
  ),
  one(
    "averages cross back: 'the MAs cross in the opposite direction'",
    "Sell when the 20 EMA is below the 50 EMA and CCI(14) crosses below 0. Close the trade when the MAs cross in the opposite direction. Stop 30 pips.",
    { shortExit: ["ema20 xa ema50"] },
  ),
  one(
    "averages cross back: NOT when the entry is the cross itself (the opposite signal closes)",
    "Buy when the 8 EMA crosses above the 21 EMA, sell when it crosses below. Close when the EMAs cross back. Stop 30 pips.",
    { closeOnOpposite: true, longExit: null },
  ),
  // "both" after a %K/%D cross: each of the two lines.
  one(
    "both lines: '%K crosses above %D and both are below 20'",
    "Long when %K crosses above %D and both are below 20. Stop 20 pips.",
    { long: ["stoch5_3_3 xa stoch5_3_3.signal", "stoch5_3_3 < 20", "stoch5_3_3.signal < 20"] },
  ),
  one(
    "both lines: 'with both above 80'",
    "Short when %K crosses below %D with both above 80. Stop 20 pips.",
    { short: ["stoch5_3_3 xb stoch5_3_3.signal", "stoch5_3_3 > 80", "stoch5_3_3.signal > 80"] },
  ),
  one(
    "both lines: 'and both lines are under 25'",
    "Buy when %K crosses above %D and both lines are under 25. Stop 20 pips.",
    { long: ["stoch5_3_3 xa stoch5_3_3.signal", "stoch5_3_3 < 25", "stoch5_3_3.signal < 25"] },
  ),
  one(
    "both lines: NOT without a level after 'both'",
    "Buy when %K crosses above %D and RSI(14) is above 50. Stop 20 pips.",
    { long: ["stoch5_3_3 xa stoch5_3_3.signal", "rsi14 > 50"] },
  ),
];
