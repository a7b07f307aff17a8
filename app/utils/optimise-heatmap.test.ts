import { describe, expect, it } from "vitest";
import { cellStrength, heatmapAxes, heatmapGrid } from "./optimise-heatmap";

const run = (a: number, b: number, c: number, result: number | null) => ({ values: { a, b, c }, result });

describe("the optimisation heatmap's grid", () => {
  it("has one cell per pair, each the best run of the pair, the axes sorted", () => {
    const grid = heatmapGrid(
      [run(2, 10, 1, 5), run(1, 10, 1, 3), run(1, 10, 2, 7), run(2, 20, 1, null), run(1, 20, 1, -1)],
      "a",
      "b",
    );
    expect(grid.xs).toEqual([1, 2]);
    expect(grid.ys).toEqual([10, 20]);
    const at = (x: number, y: number) => grid.cells.find((c) => c.x === x && c.y === y);
    expect(at(1, 10)).toEqual({ x: 1, y: 10, value: 7, runs: 2 });
    expect(at(2, 20)?.value).toBeNull();
    expect([grid.min, grid.max]).toEqual([-1, 7]);
  });

  it("takes the lowest of a pair for Drawdown min", () => {
    const grid = heatmapGrid([run(1, 1, 1, 12), run(1, 1, 2, 4)], "a", "b", true);
    expect(grid.cells[0].value).toBe(4);
  });

  it("makes the best end strongest either way", () => {
    expect(cellStrength(7, -1, 7)).toBe(1);
    expect(cellStrength(-1, -1, 7)).toBeCloseTo(0.12);
    expect(cellStrength(4, 4, 12, true)).toBe(1);
  });

  it("keeps asked axes that are distinct inputs, and falls back to the first two", () => {
    expect(heatmapAxes(["a", "b", "c"], "c", "a")).toEqual({ x: "c", y: "a" });
    expect(heatmapAxes(["a", "b", "c"], "zz", "a")).toEqual({ x: "a", y: "b" });
    expect(heatmapAxes(["a", "b", "c"], "b", "b")).toEqual({ x: "b", y: "a" });
    expect(heatmapAxes(["a"], null, null)).toBeNull();
  });
});
