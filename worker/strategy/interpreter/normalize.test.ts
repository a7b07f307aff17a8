import { describe, expect, it } from "vitest";
import { normalize, sentences } from "./normalize";

describe("normalize", () => {
  it.each([
    ["The 50 Movng Avg crosover", "the 50 ma crossover"],
    ["Stop-Loss 30 pips, Take-Profit 60", "stop loss 30 pips, take profit 60"],
    ["SL 20 / TP 40", "stop loss 20 / take profit 40"],
    ["twenty-one exponential moving averages", "21 ema"],
    ["200-day moving average", "200 day ma"],
    ["Bolinger Bands and Stochastics", "bollinger bands and stochastic"],
    ["the fast one crosses the slow one", "the fast ma crosses the slow ma"],
    ["stop loss 50-60 pips, target 80 to 120 pips", "stop loss 55 pips, target 100 pips"],
    ["ADX> = 20 and +DI => 25", "adx>= 20 and +di >= 25"],
    ["the histogram is in the positive zone", "the histogram is positive"],
    ["it uses one exponential moving average with 9 periods", "it uses a ema with 9 periods"],
    ["twenty-one exponential moving average", "21 ema"],
    ["RSI (7 period) under the 30 mark", "rsi (7) under 30"],
    ["the lower MA of Bollinger Bands", "the lower bollinger band"],
    ["20 SMA High above 20 SMA-Low", "20 sma of high above 20 sma of low"],
    ["stay in the buy until RSI falls below 50", "exit buy when rsi falls below 50"],
    ["the 8 EMA fast above the 21 EMA slow", "the 8 ema above the 21 ema"],
    ["RSI isn't above 70", "rsi is not above 70"],
    [
      "EMA-High (period = 1 hour, applied price = High, time period = 30)",
      "30 ema of high on the 1 hour chart",
    ],
    ["RSI (length = 9, applied price = median)", "rsi (9) of median"],
    ["the high price of the last candle is above it", "the high price is above it"],
    ["cci is under 100, i.e. not overbought, and rising", "cci is under 100, and rising"],
    ["the macds' lines", "the macds lines"],
    ["Both Stochastic lines are pointing down", "%k and %d are pointing down"],
  ])("%s → %s", (input, out) => {
    expect(normalize(input)).toBe(out);
  });

  it("splits sentences but not decimals or times", () => {
    expect(sentences("risk 1.5 percent. stop 20 pips; buy at 8:30")).toEqual([
      "risk 1.5 percent",
      "stop 20 pips",
      "buy at 8:30",
    ]);
  });
});
