import { describe, expect, it } from "vitest";
import { zScore } from "./zscore";

describe("zScore", () => {
  it("follows Z = (N(R - 0.5) - P) / sqrt(P(P - N)/(N - 1))", () => {
    // W L W L W: N 5, W 3, L 2, R 5, P 12; Z = (22.5 - 12) / sqrt(12 * 7 / 4) = 10.5 / sqrt(21).
    const result = zScore(5, 3, 5);
    expect(result?.z).toBeCloseTo(10.5 / Math.sqrt(21), 12);
    // |Z| = 2.2913 -> 97.81%.
    expect(result?.confidencePercent.toFixed(2)).toBe("97.81");
  });

  it("is negative for clustered results", () => {
    // W W W L L: R 2 -> Z = (5 * 1.5 - 12) / sqrt(21) < 0.
    expect(zScore(5, 3, 2)?.z).toBeCloseTo(-4.5 / Math.sqrt(21), 12);
  });

  it("is undefined without both wins and losses, or when P <= N", () => {
    expect(zScore(0, 0, 0)).toBeNull();
    expect(zScore(4, 4, 1)).toBeNull();
    expect(zScore(4, 0, 1)).toBeNull();
    // W L: P = 2 = N.
    expect(zScore(2, 1, 2)).toBeNull();
  });
});
