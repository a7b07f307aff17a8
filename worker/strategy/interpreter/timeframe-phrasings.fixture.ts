import type { CorpusCase } from "./corpus.fixture";

// Values read on another timeframe than the chart's (timeframe-tags.ts), in the project's own wording: a
// chart phrase after a comparison, a timeframe before an indicator or a price, "(D1)" after an indicator,
// and which of several named charts the strategy runs on. The last cases must NOT be read that way.

const one = (name: string, say: string, expect: CorpusCase["turns"][number]["expect"]): CorpusCase => ({
  name,
  turns: [{ say, expect }],
});

export const TIMEFRAME_PHRASINGS: readonly CorpusCase[] = [
  // The unit before its count, as some platforms name charts; "minute 15 of each hour" is no chart.
  one(
    "unit first: 'Time frames : Minute 15'",
    "Time frames : Minute 15. Buy when the 10 ema crosses above the 20 ema. Stop 20 pips.",
    {
      timeframe: "M15",
    },
  ),
  one(
    "unit first: 'Chart: hour 4'",
    "Chart: hour 4. Buy when the 10 ema crosses above the 20 ema. Stop 20 pips.",
    {
      timeframe: "H4",
    },
  ),
  one(
    "unit first: 'at minute 15 of each hour' is no chart",
    "Buy when the 10 ema crosses above the 20 ema at minute 15 of each hour. Stop 20 pips.",
    { timeframe: "H1" },
  ),
  // Levels counted in days with no chart stated: daily bars (20 bars of H1 would be less than a day).
  one(
    "days: 'the 20-day high' with no chart is read on D1",
    "Buy when the close breaks above the 20-day high. Stop 30 pips.",
    { timeframe: "D1", long: ["close > highest(20)[1]"] },
  ),
  one(
    "days: a stated chart stays",
    "Timeframe H4. Go long once price closes above the 15 day high. Stop 30 pips.",
    { timeframe: "H4" },
  ),
  one(
    "days: a '14 day rsi' is no level counted in days",
    "Buy when the 14 day rsi crosses above 30. Stop 30 pips.",
    {
      timeframe: "H1",
    },
  ),
  // A chart phrase after a comparison: every operand of it is read there.
  one(
    "mtf: %K above %D on the daily chart, entries on the H1 chart",
    "Only buy while the stochastic %k holds above %d on the daily chart; enter when the 5 ema crosses above the 20 ema on the 1 hour chart. Stop 30 pips",
    { timeframe: "H1", long: ["stoch5_3_3_d1 > stoch5_3_3_d1.signal", "ema5 xa ema20"] },
  ),
  one(
    "mtf: RSI on the 4 hour chart as a filter, entries on M15",
    "Long if RSI 14 on the 4 hour chart is above 50 and the 10 sma crosses above the 30 sma. Entries on the 15 minute chart. SL 20 pips",
    { timeframe: "M15", long: ["rsi14_h4 > 50", "sma10 xa sma30"] },
  ),
  one(
    "mtf: close above the 100 EMA in the 4h chart, M30 to enter",
    "Charts: H4 for the trend, M30 to enter. Long when close is above the 100 ema on the 4h chart and the 5 ema crosses above the 13 ema. SL 25 pips",
    { timeframe: "M30", long: ["h4.close > ema100_h4", "ema5 xa ema13"] },
  ),
  // A timeframe before an indicator.
  one(
    "mtf: the daily 50 EMA rising as a trend filter on H1",
    "Trade on the H1 chart. Buy when the 20 EMA crosses above the 50 EMA and the daily 50 EMA is rising. stop 30 pips",
    { timeframe: "H1", long: ["ema20 xa ema50", "ema50_d1 > ema50_d1[1]"] },
  ),
  one(
    "mtf: an H4 RSI filter before the indicator",
    "Timeframe M30. Go long when the 8 ema crosses above the 21 ema and the h4 rsi is above 55. Stop 25 pips",
    { timeframe: "M30", long: ["ema8 xa ema21", "rsi14_h4 > 55"] },
  ),
  // "(D1)" after an indicator in a list.
  one(
    "mtf: indicator list with a timeframe in brackets",
    "Indicators: EMA 21 (H4), RSI 14. Timeframe M30. Buy when close is above the EMA 21 and RSI 14 is above 55. stop 30 pips",
    { timeframe: "M30", indicators: ["ema21_h4", "rsi14"], long: ["close > ema21_h4", "rsi14 > 55"] },
  ),
  // A price on a higher timeframe.
  one(
    "mtf: the H4 high above the previous H4 high on an H1 chart",
    "Timeframe H1. Buy when the H4 high is above the previous H4 high. Stop 40 pips",
    { timeframe: "H1", long: ["h4.high > h4.high[1]"] },
  ),
  one(
    "mtf: the high of the last H4 candle against the previous H4 candle's",
    "Use the 1 hour chart. Buy when the high of the last H4 candle is above the high of the previous H4 candle. Stop 40 pips",
    { timeframe: "H1", long: ["h4.high > h4.high[1]"] },
  ),
  one(
    "mtf: close below the H4 open, entries on M15",
    "Sell when the close is below the H4 open and the 8 ema crosses below the 21 ema on M15. Stop 15 pips.",
    { timeframe: "M15", short: ["close < h4.open", "ema8 xb ema21"] },
  ),
  one(
    "mtf: the close of the last hourly candle with no chart named: a shorter chart",
    "Buy when the 10 ema crosses above the 30 ema and the price is above the close of the last hourly candle. Stop 20 pips",
    { timeframe: "M30", long: ["ema10 xa ema30", "close > h1.close"] },
  ),
  // A LOWER timeframe than the chart's (spec-indicators.ts, LOWER TIMEFRAME): the indicator is read there.
  one(
    "lower: 'the 15 minute sma 5' on an H1 chart",
    "H1 chart. Buy when the close is above the 15 minute sma 5. Stop 30 pips.",
    { timeframe: "H1", indicators: ["sma5_m15"], long: ["close > sma5_m15"] },
  ),
  one(
    "lower: 'the m30 rsi 14' on an hourly chart",
    "Hourly chart. Go long when the m30 rsi 14 is below 30. Stop 25 pips.",
    { timeframe: "H1", indicators: ["rsi14_m30"], long: ["rsi14_m30 < 30"] },
  ),
  one(
    "lower: 'the h1 ema 10 above the h1 ema 30' on H4",
    "Timeframe H4. Buy when the h1 ema 10 is above the h1 ema 30. Stop 40 pips.",
    { timeframe: "H4", indicators: ["ema10_h1", "ema30_h1"], long: ["ema10_h1 > ema30_h1"] },
  ),
  // Lines labelled with a timeframe ("15m - ...", "• H1: ..."): every indicator and candle of the line is read there.
  one(
    "labelled lines: '15m - the candle closes above the sma 5', '30m - the ema 10 above the ema 20' on H1",
    "H1 chart. Buy when the trend is up on both:\n- 15m - the candle closes above the sma 5\n- 30m - the ema 10 is above the ema 20\nStop 25 pips.",
    { timeframe: "H1", long: ["m15.close > sma5_m15", "ema10_m30 > ema20_m30"] },
  ),
  one(
    "labelled lines: '• H1: the close is above the ema 50', '• M30: the 10 ema above the 20 ema' on an H4 chart",
    "Chart H4. Long entries need:\n• H1: the close is above the ema 50\n• M30: the 10 ema is above the 20 ema\nStop 40 pips.",
    { timeframe: "H4", indicators: ["ema50_h1", "ema10_m30", "ema20_m30"] },
  ),
  one(
    "labelled lines: '4h - rsi 14 above 50', '1h - close above the sma 20' under a daily chart",
    "Daily chart. Buy when:\n4h - rsi 14 above 50\n1h - the close is above the sma 20\nStop 80 pips.",
    { timeframe: "D1", indicators: ["rsi14_h4", "sma20_h1"], long: ["rsi14_h4 > 50", "h1.close > sma20_h1"] },
  ),
  one(
    "labelled lines not: one 'H1:' label opening the message names the chart",
    "H1: buy when the 10 ema crosses above the 20 ema, stop 20 pips",
    { timeframe: "H1", indicators: ["ema10", "ema20"] },
  ),
  one(
    "labelled lines not: 'h4 chart - ...' names the chart, no label",
    "h4 chart - buy when the ema 10 is above the ema 20. Stop 40 pips.",
    { timeframe: "H4", indicators: ["ema10", "ema20"] },
  ),
  one(
    "lower not: a shorter timeframe that does not divide the chart's stays the chart's",
    "Timeframe H4. Buy when the 3 hour ema 10 is above 1.2. Stop 40 pips.",
    { timeframe: "H4", indicators: ["ema10"] },
  ),
  // Not another timeframe.
  one(
    "mtf not: a 200 day SMA is a length, not the daily chart",
    "Use H1. Buy when close crosses above the 200 day sma. stop 50 pips",
    { timeframe: "H1", long: ["close xa sma200"] },
  ),
  one(
    "mtf not: a timeframe named once with an indicator is the chart",
    "Buy when the fast EMA (9) crosses above the slow EMA (21) on H4; stop 35 pips",
    { timeframe: "H4", long: ["ema9 xa ema21"], indicators: ["ema9", "ema21"] },
  ),
  one(
    "mtf not: 'timeframe: D1' before an indicator names the chart",
    "Timeframe: D1 rsi 14 below 30 buy, above 70 sell. stop 80 pips",
    { timeframe: "D1", indicators: ["rsi14"] },
  ),
];
