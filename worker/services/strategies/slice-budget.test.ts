import { describe, expect, it } from "vitest";
import { nextSliceBars, SLICE_MAX_BARS, SLICE_MIN_BARS, SLICE_TARGET_MS } from "./slice-budget";

describe("the runner's slice size (issue 11)", () => {
  it("shrinks a slice that took longer than its target in proportion", () => {
    expect(nextSliceBars(4_000, SLICE_TARGET_MS * 10)).toBe(400);
    expect(nextSliceBars(1_000, SLICE_TARGET_MS * 2)).toBe(500);
  });

  it("grows a quick slice, at most doubling it, up to the cap", () => {
    expect(nextSliceBars(1_000, 1)).toBe(2_000);
    expect(nextSliceBars(1_000, 0)).toBe(2_000);
    expect(nextSliceBars(6_000, 0)).toBe(SLICE_MAX_BARS);
  });

  it("never drops below a floor, however busy the isolate", () => {
    expect(nextSliceBars(100, 60_000)).toBe(SLICE_MIN_BARS);
  });
});
