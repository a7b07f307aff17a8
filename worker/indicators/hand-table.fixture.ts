/** Test-only: compares a kernel's output with a hand-worked table; nothing outside *.test.ts imports this. */
import { expect } from "vitest";

/**
 * `series` is NaN (MetaTrader draws nothing) before `first`, then equals `values` to `digits`
 * decimals; `whole` also requires the table to reach the end of the series.
 */
export function expectTable(
  series: Float64Array,
  first: number,
  values: readonly number[],
  digits = 13,
  whole = true,
): void {
  expect(Array.from(series.subarray(0, first)).every(Number.isNaN)).toBe(true);
  if (whole) expect(series.length - first).toBe(values.length);
  for (let k = 0; k < values.length; k++) expect(series[first + k]).toBeCloseTo(values[k], digits);
}
