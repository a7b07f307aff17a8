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
