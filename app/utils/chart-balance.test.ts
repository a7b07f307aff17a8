import { describe, expect, it } from "vitest";
import { balanceDomain, balancePoints, balanceTooltip, nearestPoint, wholeTicks } from "./chart-balance";
import { CHART_HEIGHT, CHART_MARGIN, plotSize } from "./chart-layout";

describe("balancePoints", () => {
  it("parses numeric strings, sorts by id and skips unreadable ones", () => {
    const points = balancePoints([
      { id: 1, balance: "10050.25" },
      { id: 0, balance: "10000.00" },
      { id: 2, balance: "oops" },
      { id: 3, balance: "" },
    ]);
    expect(points).toEqual([
      { id: 0, balance: 10000, text: "10000.00" },
      { id: 1, balance: 10050.25, text: "10050.25" },
    ]);
    expect(balanceTooltip(points[0])).toEqual(["Deposit", "Balance: 10000.00"]);
    expect(balanceTooltip(points[1])).toEqual(["Trade 1", "Balance: 10050.25"]);
  });

  it("gives a domain, whole ticks and the nearest point", () => {
    const points = balancePoints([
      { id: 0, balance: "100" },
      { id: 1, balance: "90" },
      { id: 2, balance: "120" },
    ]);
    expect(balanceDomain(points)).toEqual([90, 120]);
    expect(balanceDomain(points.slice(0, 1))).toEqual([99, 101]);
    expect(wholeTicks([0, 0.5, 1, 1.5, 2])).toEqual([0, 1, 2]);
    expect(nearestPoint(points, 1.4)?.id).toBe(1);
    expect(nearestPoint([], 1)).toBeUndefined();
  });
});

describe("plotSize", () => {
  it("takes the spec's margins off a 400px chart", () => {
    expect(CHART_HEIGHT).toBe(400);
    expect(CHART_MARGIN).toEqual({ top: 40, right: 20, bottom: 50, left: 60 });
    expect(plotSize(800)).toEqual({ width: 720, height: 310 });
    expect(plotSize(10).width).toBe(0);
  });
});
