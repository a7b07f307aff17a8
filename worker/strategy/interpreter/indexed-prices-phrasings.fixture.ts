import type { CorpusCase } from "./corpus.fixture";

// Prices named indirectly (indexed-prices.ts), in the project's own wording: two averages of one length on
// different prices, compared by the price each is built on; candles numbered by index as chart platforms show
// them (candle 1 = the last closed bar, shift 0). The last case of each group must NOT be read that way.

const one = (name: string, say: string, expect: CorpusCase["turns"][number]["expect"]): CorpusCase => ({
  name,
  turns: [{ say, expect }],
});

export const INDEXED_PRICE_PHRASINGS: readonly CorpusCase[] = [
  // Two averages of one length on two prices, then "the close line" and "the open line".
  one(
    "average pair: two EMA (10) on the open and the close, close line above open line",
    "Timeframe M30. Plot two EMA (10) calculated on the open and the close of the bars. Buy while the close line is above the open line. Stop 25 pips.",
    { timeframe: "M30", indicators: ["ema10", "ema10_open"], long: ["ema10 > ema10_open"] },
  ),
  one(
    "average pair: in a timeframe listing, the H4 pair on the high and the low",
    "Trend filters per chart:\nh4 - two sma (20) applied to the high and the low; when the high line is above the low line the trend is up.\nm30 - the close is above the 50 ema.\nBuy on the H1 chart. Stop 20 pips.",
    { timeframe: "H1", long: ["sma20_high_h4 > sma20_low_h4", "m30.close > ema50_m30"] },
  ),
  one(
    "average pair: 'ma(10) applied to high' against 'ma(10) applied to low'",
    "Timeframe H1. Go long when ma(10) applied to high is above the ma(10) applied to low. SL 30 pips.",
    { indicators: ["sma10_high", "sma10_low"], long: ["sma10_high > sma10_low"] },
  ),
  one(
    "average pair: 'the 10 ema of the closes' against 'the 10 ema of the opens'",
    "Chart H4. Long when the 10 ema of the closes is higher than the 10 ema of the opens. SL 40 pips",
    { timeframe: "H4", long: ["ema10 > ema10_open"] },
  ),
  one(
    "average pair: close above open with no average pair stays a candle comparison",
    "Timeframe H1. Buy when the close is higher than the open and the 20 ema applied to the close is rising. Stop 20 pips.",
    { indicators: ["ema20"], long: ["close > open", "ema20 > ema20[1]"] },
  ),
  // Candles numbered by index: candle 1 is the last closed bar, candle 2 the one before.
  one(
    "candle index: low and high of candle (1) above those of candle (2)",
    "Timeframe H1. Buy when the low and the high of candle (1) are above the low and high of candle (2). Stop 20 pips.",
    { long: ["low > low[1]", "high > high[1]"] },
  ),
  one(
    "candle index: 'candle[1] low > candle[2] low'",
    "Timeframe H1. Buy when candle[1] low > candle[2] low. Stop 20 pips.",
    { long: ["low > low[1]"] },
  ),
  one(
    "candle index: 'bar 1 closes above bar 2's high'",
    "Timeframe H1. Buy when bar 1 closes above bar 2's high. Stop 20 pips.",
    { long: ["close > high[1]"] },
  ),
  one(
    "candle index: candle 3 is two bars back",
    "Timeframe H1. Buy when the high of candle 1 is higher than the high of candle 2 and the low of candle 1 is higher than the low of candle 3. Stop 20 pips.",
    { long: ["high > high[1]", "low > low[2]"] },
  ),
  one(
    "candle index: in a timeframe listing, the H4 candles",
    "Trend per chart:\nm15 - the close is above the 20 sma.\nh4 - the high of candle #1 is higher than the high of candle #2.\nBuy on the H1 chart. Stop 20 pips.",
    { timeframe: "H1", long: ["m15.close > sma20_m15", "h4.high > h4.high[1]"] },
  ),
  one(
    "candle index: 'the last 2 candles' is a count, no index",
    "Timeframe H1. Buy when the last 2 candles close above the 20 ema. Stop 20 pips.",
    { long: ["close > ema20"] },
  ),
];
