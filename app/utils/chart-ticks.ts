/** Tick counts and tick values of the d3 charts by drawn width (spec 2 s2 "Graphs", s9). */

export type Grouping = "hourly" | "weekdays" | "months";

/** Ticks on the x axis of the Entries and Profit and Loss charts. */
export function groupingTicks(grouping: Grouping, width: number): number {
  if (grouping === "weekdays") return 7;
  if (grouping === "months") return width > 350 ? 12 : 6;
  return width > 650 ? 24 : 12;
}

/** Ticks on the x axis of the balance chart. */
export function balanceTicks(width: number): number {
  if (width > 520) return 10;
  if (width > 320) return 5;
  return 3;
}

/**
 * A band axis labels every bucket unless told otherwise; with fewer ticks than buckets every
 * k-th key is labelled (k = ceil(keys / ticks)), starting with the first, so 24 hours in 12 ticks
 * reads 0, 2, 4 ... 22.
 */
export function bandTickValues<T>(keys: readonly T[], ticks: number): T[] {
  if (ticks <= 0) return [];
  const step = Math.max(1, Math.ceil(keys.length / ticks));
  return keys.filter((_, i) => i % step === 0);
}
