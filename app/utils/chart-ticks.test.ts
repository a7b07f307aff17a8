import { describe, expect, it } from "vitest";
import { balanceTicks, bandTickValues, groupingTicks } from "./chart-ticks";

describe("groupingTicks", () => {
  it("always gives 7 weekday ticks", () => {
    for (const w of [0, 200, 351, 651, 2000]) expect(groupingTicks("weekdays", w)).toBe(7);
  });
  it("gives 12 month ticks only over 350px", () => {
    expect(groupingTicks("months", 350)).toBe(6);
    expect(groupingTicks("months", 351)).toBe(12);
    expect(groupingTicks("months", 100)).toBe(6);
  });
  it("gives 24 hour ticks only over 650px", () => {
    expect(groupingTicks("hourly", 650)).toBe(12);
    expect(groupingTicks("hourly", 651)).toBe(24);
    expect(groupingTicks("hourly", 300)).toBe(12);
  });
});

describe("balanceTicks", () => {
  it("gives 10 over 520px, 5 over 320px, else 3", () => {
    expect(balanceTicks(521)).toBe(10);
    expect(balanceTicks(520)).toBe(5);
    expect(balanceTicks(321)).toBe(5);
    expect(balanceTicks(320)).toBe(3);
    expect(balanceTicks(0)).toBe(3);
  });
});

describe("bandTickValues", () => {
  const hours = Array.from({ length: 24 }, (_, i) => i);
  it("keeps every key when ticks cover them", () => {
    expect(bandTickValues(hours, 24)).toEqual(hours);
    expect(bandTickValues([1, 2, 3, 4, 5, 6, 7], 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it("labels every other hour with 12 ticks", () => {
    expect(bandTickValues(hours, 12)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
  });
  it("labels every other month with 6 ticks", () => {
    const months = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(bandTickValues(months, 6)).toEqual([1, 3, 5, 7, 9, 11]);
  });
  it("gives nothing for no ticks", () => {
    expect(bandTickValues(hours, 0)).toEqual([]);
  });
});
