import { describe, expect, it } from "vitest";
import { trade } from "./test-trades";
import { tradeStats } from "./trade-stats";

describe("tradeStats", () => {
  it("counts a zero result as a profit trade (win = p >= 0)", () => {
    const stats = tradeStats([trade(10), trade(0), trade(-4)]);
    expect(stats.profitTrades).toBe(2);
    expect(stats.lossTrades).toBe(1);
    expect(stats.grossProfit).toBe(10);
    expect(stats.grossLoss).toBe(-4);
  });

  it("splits long and short trades and their wins", () => {
    const stats = tradeStats([
      trade(5, { direction: "short" }),
      trade(-5, { direction: "short" }),
      trade(0, { direction: "short" }),
      trade(-1, { direction: "long" }),
    ]);
    expect([stats.shortTrades, stats.shortWins, stats.longTrades, stats.longWins]).toEqual([3, 2, 1, 0]);
  });

  it("takes the largest profit among wins and the largest loss among losses, 0 without one", () => {
    expect(tradeStats([trade(3), trade(7)]).largestLoss).toBe(0);
    expect(tradeStats([trade(-3), trade(-7)]).largestProfit).toBe(0);
    expect(tradeStats([trade(-3), trade(-7), trade(2)]).largestLoss).toBe(-7);
  });

  it("measures holding times in whole seconds", () => {
    const stats = tradeStats([
      trade(1, { openTime: 1000, closeTime: 61_500 }),
      trade(1, { openTime: 0, closeTime: 3_600_000 }),
    ]);
    expect(stats.holding).toEqual({ min: 60, max: 3600, average: 1830 });
    expect(tradeStats([]).holding).toBeNull();
  });
});
