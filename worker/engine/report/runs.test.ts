import { describe, expect, it } from "vitest";
import { runStats } from "./runs";
import { trade } from "./test-trades";

const profits = (values: readonly number[]) => values.map((p) => trade(p));

describe("runStats", () => {
  // Win runs: [10 0 5] (3, 15), [20] (1, 20), [7 8 9] (3, 24).
  // Loss runs: [-3 -4] (2, -7), [-1] (1, -1), [-2 -2 -2] (3, -6).
  const stats = runStats(profits([10, 0, 5, -3, -4, 20, -1, 7, 8, 9, -2, -2, -2]));

  it("counts a zero result inside a win run", () => {
    expect(stats.longestWin).toEqual({ count: 3, sum: 15 });
  });

  it("takes the longest run (first on ties) and the run of largest sum separately", () => {
    expect(stats.mostProfit).toEqual({ count: 3, sum: 24 });
    expect(stats.longestLoss).toEqual({ count: 3, sum: -6 });
    expect(stats.mostLoss).toEqual({ count: 2, sum: -7 });
  });

  it("counts runs for the Z-Score", () => {
    expect(stats.runs).toBe(6);
  });

  it("averages run lengths as integers", () => {
    // 7 wins / 3 runs = 2.33 -> 2; 6 losses / 3 runs = 2.
    expect(stats.averageWins).toBe(2);
    expect(stats.averageLosses).toBe(2);
    // 5 wins / 2 runs = 2.5 -> 3.
    expect(runStats(profits([1, 1, 1, -1, 1, 1])).averageWins).toBe(3);
  });

  it("reports empty runs without trades", () => {
    const empty = runStats([]);
    expect(empty.runs).toBe(0);
    expect(empty.longestWin).toEqual({ count: 0, sum: 0 });
    expect(empty.mostLoss).toEqual({ count: 0, sum: 0 });
    expect(empty.averageWins).toBe(0);
  });

  it("records a run of zero results as the maximal profit run", () => {
    expect(runStats(profits([0, 0])).mostProfit).toEqual({ count: 2, sum: 0 });
  });
});
