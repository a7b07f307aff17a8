import { describe, expect, it } from "vitest";
import {
  brushedDomain,
  deepest,
  fullDomain,
  indexAtOrBefore,
  isFull,
  minimumSpan,
  nearestIndex,
  unionDomain,
  valueDomain,
  visibleRange,
  zoomDomain,
} from "./time-series";

const H = 3_600_000;
const times = [0, H, 2 * H, 3 * H, 4 * H];

describe("time series arithmetic", () => {
  it("spans first to last, widening a single moment by an hour each way", () => {
    expect(fullDomain(times)).toEqual([0, 4 * H]);
    expect(fullDomain([5 * H])).toEqual([4 * H, 6 * H]);
    expect(unionDomain([[2 * H, 3 * H], [], [H, 2 * H]])).toEqual([H, 3 * H]);
  });

  it("draws the points inside a window plus one neighbour each side", () => {
    expect(visibleRange(times, [1.5 * H, 2.5 * H])).toEqual([1, 4]);
    expect(visibleRange(times, [0, 4 * H])).toEqual([0, 5]);
    expect(visibleRange(times, [10 * H, 11 * H])).toEqual([4, 5]);
  });

  it("finds the nearest point, and the balance holding at a time", () => {
    expect(nearestIndex(times, 1.4 * H)).toBe(1);
    expect(nearestIndex(times, 1.6 * H)).toBe(2);
    expect(nearestIndex(times, -H)).toBe(0);
    expect(nearestIndex(times, 9 * H)).toBe(4);
    expect(nearestIndex([], 0)).toBe(-1);
    expect(indexAtOrBefore(times, 2 * H)).toBe(2);
    expect(indexAtOrBefore(times, 2.9 * H)).toBe(2);
    expect(indexAtOrBefore(times, -1)).toBe(-1);
  });

  it("zooms around the centre inside the full range, never narrower than two points", () => {
    const full = fullDomain(times);
    expect(zoomDomain(full, full, 0.5, H)).toEqual([H, 3 * H]);
    expect(zoomDomain([H, 3 * H], full, 2, H)).toEqual([0, 4 * H]);
    // Out from a window at the left edge: it slides right rather than past the first point.
    expect(zoomDomain([0, H], full, 2, H)).toEqual([0, 2 * H]);
    expect(zoomDomain([H, 1.5 * H], full, 0.1, minimumSpan(times))).toEqual([0.25 * H, 2.25 * H]);
    expect(brushedDomain(3.5 * H, 2.5 * H, full, H)).toEqual([2.5 * H, 3.5 * H]);
    expect(brushedDomain(3.9 * H, 4 * H, full, H)).toEqual([3 * H, 4 * H]);
    expect(isFull(full, full)).toBe(true);
    expect(isFull([H, 4 * H], full)).toBe(false);
  });

  it("reads the value range and the deepest point", () => {
    expect(valueDomain([3, -2, 7])).toEqual([-2, 7]);
    expect(valueDomain([5, 5])).toEqual([4, 6]);
    expect(valueDomain([])).toEqual([0, 1]);
    expect(deepest([0, 3.5, 1, 3.5])).toEqual({ index: 1, value: 3.5 });
    expect(deepest([])).toEqual({ index: -1, value: 0 });
  });
});
