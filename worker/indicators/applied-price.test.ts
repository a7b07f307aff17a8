import { describe, expect, it } from "vitest";
import { APPLIED_PRICES, appliedPrice } from "./applied-price";

const bars = {
  open: Float64Array.of(1, 10),
  high: Float64Array.of(4, 14),
  low: Float64Array.of(0, 8),
  close: Float64Array.of(2, 12),
};

describe("appliedPrice (MT5 ENUM_APPLIED_PRICE)", () => {
  it.each([
    ["CLOSE", [2, 12]],
    ["OPEN", [1, 10]],
    ["HIGH", [4, 14]],
    ["LOW", [0, 8]],
    ["MEDIAN", [2, 11]],
    ["TYPICAL", [2, 34 / 3]],
    ["WEIGHTED", [2, 11.5]],
  ] as const)("%s", (kind, expected) => {
    expect(Array.from(appliedPrice(bars, kind))).toEqual(expected);
  });

  it("returns a copy, never the bars' own array", () => {
    for (const kind of APPLIED_PRICES) {
      const out = appliedPrice(bars, kind);
      out[0] = -1;
    }
    expect(Array.from(bars.close)).toEqual([2, 12]);
    expect(Array.from(bars.open)).toEqual([1, 10]);
  });
});
