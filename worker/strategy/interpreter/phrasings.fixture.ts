import type { CorpusCase } from "./corpus.fixture";

// The project's own trader phrasings for issue 15's reading rules (written here, not taken from any outside
// corpus): job-spec annotations, name-first MA lengths, "from below" crosses, "+" between two signals, and the
// question policy (no blocking question when a sound default exists). Replayed by corpus.test.ts.
export const PHRASINGS: readonly CorpusCase[] = [
  {
    name: "job spec: name-first MA lengths with (adjustable) notes, one trade at a time",
    turns: [
      {
        say: "EA wanted. Buy if EMA 12 (adjustable) crosses above EMA 30 (adjustable). Sell if EMA 12 crosses below EMA 30. Stop loss 40 pips (input), take profit 80 pips (input). Only 1 trade open at a time.",
        expect: {
          direction: "both",
          long: ["ema12 xa ema30"],
          short: ["ema12 xb ema30"],
          stopLoss: "40 pips",
          takeProfit: "80 pips",
          maxPositions: 1,
          question: false,
        },
      },
    ],
  },
  {
    name: "crossing the midline from below / above is a cross of 50, '+' separates the two signals",
    turns: [
      {
        say: "long when the rsi crosses the midline from below + short when the rsi crosses the midline from above, 30 pips stop",
        expect: { long: ["rsi14 xa 50"], short: ["rsi14 xb 50"], stopLoss: "30 pips", question: false },
      },
    ],
  },
  {
    name: "'X crosses Y from below' is a cross up",
    turns: [
      {
        say: "buy when the 10 ema crosses the 40 ema from below, sell when the 10 ema crosses the 40 ema from above. sl 25 tp 50",
        expect: { long: ["ema10 xa ema40"], short: ["ema10 xb ema40"], question: false },
      },
    ],
  },
  {
    name: "'the level of' before a threshold",
    turns: [
      {
        say: "Buy when CCI rises above the level of -100, stop 20 pips, target 40 pips",
        expect: { long: ["cci14 xa -100"], stopLoss: "20 pips", question: false },
      },
    ],
  },
  {
    name: "no stop given: built, stated, not asked",
    turns: [
      {
        say: "buy when the 20 ema crosses above the 50 ema, sell when it crosses below",
        expect: { direction: "both", stopLoss: null, question: false, reply: /no stop loss is set/i },
      },
    ],
  },
  {
    name: "a short-only cross closes on the cross back",
    turns: [
      {
        say: "Go short when the 9 EMA crosses below the 21 EMA. Shorts only.",
        expect: {
          direction: "short",
          short: ["ema9 xb ema21"],
          shortExit: ["ema9 xa ema21"],
          question: false,
        },
      },
    ],
  },
  {
    name: "bullet lists under 'long setup:' / 'short setup:' / 'exit rules' headings",
    turns: [
      {
        say: "Indicators: • 20 EMA • RSI 14\nLong setup: • price closes above the 20 EMA • RSI above 55\nShort setup: • price closes below the 20 EMA • RSI below 45\nExit rules • close when RSI crosses 50 against the trade\nStop 30 pips",
        expect: {
          direction: "both",
          long: ["close > ema20", "rsi14 > 55"],
          short: ["close < ema20", "rsi14 < 45"],
          stopLoss: "30 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "two exits joined by 'or': either one closes",
    turns: [
      {
        say: "buy when the 10 sma crosses above the 30 sma. exit when the 10 sma crosses below the 30 sma or if rsi drops below 40. stop 25 pips",
        expect: { long: ["sma10 xa sma30"], question: false, reply: /at least one of/i },
      },
    ],
  },
  {
    name: "a parenthesised 'do not enter if overbought' caution is not turned into the opposite filter",
    turns: [
      {
        say: "Buy when the 5 EMA crosses above the 20 EMA (do not enter if RSI is already overbought). Stop 20 pips, target 40 pips.",
        expect: { long: ["ema5 xa ema20"], indicators: ["ema5", "ema20"], question: false },
      },
    ],
  },
  {
    name: "chat edits: drop one MA filter by its length, break-even once we're N pips up, exit when RSI gets back to 50",
    turns: [
      {
        say: "H1. buy when rsi 14 crosses above 30 and price is above the 100 sma, sell when rsi crosses below 70 and price is below the 100 sma. close the trade when rsi gets back to 50. stop 30 pips",
        expect: { long: ["rsi14 xa 30", "close > sma100"], longExit: ["rsi14 xa 50"], question: false },
      },
      { say: "remove the 100 sma filter", expect: { long: ["rsi14 xa 30"], indicators: ["rsi14"] } },
      { say: "move the stop to breakeven once we're 15 pips up", expect: { breakEven: "15 pips" } },
    ],
  },
  {
    name: "chat edits of Bollinger and MACD settings say what changed",
    turns: [
      {
        say: "H4. buy when macd (12,26,9) crosses above its signal line and the close is above the upper bollinger band (20, 2), sell the opposite. stop 40 pips, target 80 pips",
        expect: { indicators: ["macd12_26_9", "bb20_2"], question: false },
      },
      {
        say: "use 2.5 deviations",
        expect: { indicators: ["macd12_26_9", "bb20_2_5"], change: /Bollinger Bands\(20, 2\.5\)/ },
      },
      {
        say: "make the bands 30, 2.5",
        expect: { indicators: ["macd12_26_9", "bb30_2_5"], change: /\(30, 2\.5\)/ },
      },
      { say: "macd 8/21/5", expect: { indicators: ["macd8_21_5", "bb30_2_5"], change: /MACD\(8, 21, 5\)/ } },
    ],
  },
  {
    name: "a target at twice the stop distance follows an ATR stop",
    turns: [
      {
        say: "buy when rsi crosses above 30, sell when rsi crosses below 70. stop 2 x atr(14)",
        expect: { stopLoss: "2 atr14", question: false },
      },
      { say: "and put the take profit at twice the stop distance", expect: { takeProfit: "4 atr14" } },
    ],
  },
  {
    name: "numbered items under BUY if: / SELL if: headings, 'as above but' the cross the other way",
    turns: [
      {
        say: "Rules: 1. One trade at a time. 2. BUY if: 1. EMA 5 crosses above EMA 15. 2. Stop loss 20 pips, profit target 60 pips. 3. SELL if: 1. Same as above but when the averages cross down.",
        expect: {
          direction: "both",
          long: ["ema5 xa ema15"],
          short: ["ema5 xb ema15"],
          stopLoss: "20 pips",
          takeProfit: "60 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "an oscillator's period stated later in its sentence, a stop in parentheses, the open price",
    turns: [
      {
        say: "The system reads the RSI, set to nine periods on the hourly chart. Buy when the RSI is above 58 and the close price is greater than the open price; sell when the RSI is below 42 and the close price is lower than the open price. Stop loss (45), take profit (90).",
        expect: {
          indicators: ["rsi9"],
          long: ["rsi9 > 58", "close > open"],
          short: ["rsi9 < 42", "close < open"],
          stopLoss: "45 pips",
          takeProfit: "90 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "dash-labelled items under 'Long entry (buy) rules -' headings; a filter 'positioned above' zero",
    turns: [
      {
        say: "Setup on M30. Long entry (buy) rules - Trigger: the 10 EMA crosses the 30 EMA from bottom to top - Filter: the CCI (20) line is positioned above 0. Short entry (sell) rules - Trigger: the 10 EMA crosses the 30 EMA from top to bottom - Filter: the CCI (20) line is positioned below 0. Take profit: 40 pips or at the next resistance.",
        expect: {
          timeframe: "M30",
          long: ["ema10 xa ema30", "cci20 > 0"],
          short: ["ema10 xb ema30", "cci20 < 0"],
          takeProfit: "40 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "a chain of lengths after an average orders the averages; a sizing condition on equity is no rule",
    turns: [
      {
        say: "I go long when 5 sma > 10 > 20 > 40 with rsi > 55, and short when 5 sma < 10 < 20 < 40 with rsi < 45. Lot size = 2 lots when equity drops below 50000.",
        expect: {
          long: ["sma5 > sma10", "sma10 > sma20", "sma20 > sma40", "rsi14 > 55"],
          short: ["sma5 < sma10", "sma10 < sma20", "sma20 < sma40", "rsi14 < 45"],
          question: false,
        },
      },
    ],
  },
  {
    name: "'the ema' after the one EMA the message named; 'more then positive 40', 'less then negative 40'",
    turns: [
      {
        say: "Chart with CCI (20) and an EMA (30). Buy when the ema is rising and cci is more then positive 40; sell when the ema is falling and cci is less then negative 40. Stop loss 35 pips.",
        expect: {
          indicators: ["ema30", "cci20"],
          long: ["ema30 > ema30[1]", "cci20 > 40"],
          short: ["ema30 < ema30[1]", "cci20 < -40"],
          stopLoss: "35 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "stop orders at a distance from the N-day extremes, exits on a new N-day extreme per side",
    turns: [
      {
        say: "D1. Buy stop 5 pips above the 30 day high and sell stop 5 pips below the 30 day low. Close longs on a new 15 day low and shorts on a new 15 day high.",
        expect: {
          timeframe: "D1",
          long: ["close xa (highest(30)[1] + 5pips)"],
          short: ["close xb (lowest(30)[1] - 5pips)"],
          longExit: ["close xb lowest(15)[1]"],
          shortExit: ["close xa highest(15)[1]"],
          question: false,
        },
      },
    ],
  },
  {
    name: "yesterday's high and low broken by a distance; 'buy stop loss' is a stop, not an order",
    turns: [
      {
        say: "H1 chart. Go long when the price exceeds yesterday's high by 15 pips, go short when the price falls 15 pips below yesterday's low. Buy stop loss 30, target 45.",
        expect: {
          long: ["close xa (day1.high + 15pips)"],
          short: ["close xb (day1.low - 15pips)"],
          stopLoss: "30 pips",
          takeProfit: "45 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "the highest high of the last N bars, mirrored for shorts",
    turns: [
      {
        say: "Buy when the close crosses above the highest high of the last 40 bars, do the opposite for shorts. 4 hour chart, stop 60 pips.",
        expect: {
          timeframe: "H4",
          long: ["close xa highest(40)[1]"],
          short: ["close xb lowest(40)[1]"],
          stopLoss: "60 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "a close beyond an average as the one trigger is a cross; 'when it closes below' takes the same line",
    turns: [
      {
        say: "GBPUSD 1 hour: buy when a candle closes above the 50 EMA, sell when it closes below. Stop 30, target 60.",
        expect: {
          long: ["close xa ema50"],
          short: ["close xb ema50"],
          stopLoss: "30 pips",
          takeProfit: "60 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "'change it to the N EMA' gives the one average a new length; 'only trade the short side'",
    turns: [
      {
        say: "H1: buy when price crosses above the 40 EMA, sell when it crosses below. Stop 20 pips.",
        expect: { long: ["close xa ema40"], short: ["close xb ema40"], question: false },
      },
      {
        say: "change it to the 60 EMA",
        expect: { long: ["close xa ema60"], short: ["close xb ema60"], indicators: ["ema60"] },
      },
      {
        say: "only trade the short side",
        expect: { direction: "short" },
      },
    ],
  },
  {
    name: "'buy when A and close when B': B closes the buy; the sell's own close closes the sell",
    turns: [
      {
        say: "Buy when the CCI rises above -100 and close when the CCI rises above 100. Sell when the CCI falls below 100 and close when the CCI falls below -100. Stop loss of 35 pips.",
        expect: {
          direction: "both",
          long: ["cci14 xa -100"],
          short: ["cci14 xb 100"],
          longExit: ["cci14 xa 100"],
          shortExit: ["cci14 xb -100"],
          stopLoss: "35 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "'stay in the buy until X'; a later 'the exit is when' after the sell belongs to the sell",
    turns: [
      {
        say: "We go long when a candle closes above the 60 EMA and stay in the buy until a candle closes below the 20 EMA. We go short when a candle closes below the 60 EMA. The exit is when a candle closes above the 20 EMA. H4 chart, stop 45 pips.",
        expect: {
          timeframe: "H4",
          long: ["close xa ema60"],
          short: ["close xb ema60"],
          longExit: ["close < ema20"],
          shortExit: ["close > ema20"],
          question: false,
        },
      },
    ],
  },
  {
    name: "labelled headings in any wording, with several sentences under each; a target range",
    turns: [
      {
        say: "Chart: H1. Rules for opening buy trades: the MACD histogram is in the positive zone. The 10 SMA is above the 30 SMA. Rules for opening sell trades: the MACD histogram is in the negative zone. The 10 SMA is below the 30 SMA. Stop loss: 25 pips. Target: 40-60 pips.",
        expect: {
          timeframe: "H1",
          long: ["macd12_26_9.histogram > 0", "sma10 > sma30"],
          short: ["macd12_26_9.histogram < 0", "sma10 < sma30"],
          stopLoss: "25 pips",
          takeProfit: "50 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "numbered rules with signs written apart ('> ='), and a negated level",
    turns: [
      {
        say: "Long when: 1. the 12 EMA has crossed above the 48 EMA 2. ADX> = 22 3. RSI is not above 75. Exit when: 1. the 12 EMA has crossed the 48 EMA. D1.",
        expect: {
          direction: "long",
          long: ["ema12 xa ema48", "adx14 > 22", "rsi14 < 75"],
          longExit: ["ema12 xb ema48"],
          timeframe: "D1",
          question: false,
        },
      },
    ],
  },
  {
    name: "a parameter left as '?' is asked about",
    turns: [
      {
        say: "Inputs: lots = 0.05, stop loss = 40 pips, threshold = ? . Buy when the close is above the 30 SMA by more than the threshold.",
        expect: { question: /threshold/ },
      },
    ],
  },
  {
    name: "buy and sell rules written the same are asked about",
    turns: [
      {
        say: "Buy: the 7 EMA above the 30 EMA and RSI above 50. Sell: the 7 EMA above the 30 EMA and RSI above 50. Stop 20 pips.",
        expect: { question: /same as the buy rules/ },
      },
    ],
  },
  {
    name: "the chart named most often is the one traded",
    turns: [
      {
        say: "Daily chart for the trend, 15 minute chart for entries. On the 15 minute chart buy when the 9 EMA crosses above the 21 EMA and sell when it crosses below; stop 15 pips, exit on the 15 minute chart when RSI crosses 50.",
        expect: { timeframe: "M15", long: ["ema9 xa ema21"], question: false },
      },
    ],
  },
  {
    name: "a zero cross said as 'from negative to positive', sides split at 'and when', the stop moved to the entry price",
    turns: [
      {
        say: "When the CCI crosses from negative to positive we buy and when it crosses from positive to negative we sell. Stop 30 pips; move the stop to the entry price after 20 pips in gain.",
        expect: {
          long: ["cci14 xa 0"],
          short: ["cci14 xb 0"],
          stopLoss: "30 pips",
          breakEven: "20 pips",
          question: false,
        },
      },
    ],
  },
  {
    name: "an average of an indicator with no length is asked about, naming the indicator",
    turns: [
      {
        say: "Go long when the RSI line crosses its moving average going upward.",
        expect: { noSpec: true, question: /moving average of the RSI line/ },
      },
    ],
  },
  {
    name: "nothing that opens or closes a trade: one question for both",
    turns: [
      {
        say: "I watch the euro on the hourly chart and wait for a good moment.",
        expect: { noSpec: true, question: /trigger an entry, and what should close/ },
      },
    ],
  },
  {
    name: "'the highs' refers back to the previous day's highs; a stop order 'is placed' above them",
    turns: [
      {
        say: "Orders go at the highs and lows of the previous day. A buystop is placed 3 pips above the highs and a sellstop is placed 3 pips below the lows. Target 15 pips, stop 25 pips.",
        expect: {
          direction: "both",
          long: ["close xa (day1.high + 3pips)"],
          short: ["close xb (day1.low - 3pips)"],
          stopLoss: "25 pips",
          takeProfit: "15 pips",
          question: false,
        },
      },
    ],
  },
];
