/**
 * Rows for the Entries and Profit and Loss charts from the summary data (spec 2 s3 "Summary data";
 * worker/engine/report/summary.ts). The data arrives as JSON, so bucket keys may be strings and a
 * bucket may be missing: every bucket of the grouping is listed and a missing value counts as 0.
 */
import type { Grouping } from "./chart-ticks";

export interface EntriesBucket {
  readonly entries?: number;
}
export interface ProfitLossBucket {
  readonly profit?: number;
  readonly loss?: number;
}
/** Bucket number (hour 0..23, weekday 1..7 Monday..Sunday, month 1..12) to its value. */
export type BucketMap<T> = Readonly<Partial<Record<number, T>>>;
export interface GroupedData<T> {
  readonly hourly: BucketMap<T>;
  readonly weekdays: BucketMap<T>;
  readonly months: BucketMap<T>;
}

export const GROUPINGS: readonly Grouping[] = ["hourly", "weekdays", "months"];
export const GROUPING_NAMES: Readonly<Record<Grouping, string>> = {
  hourly: "Hourly",
  weekdays: "Weekdays",
  months: "Months",
};
/** The x axis label of each grouping. */
export const GROUPING_AXIS: Readonly<Record<Grouping, string>> = {
  hourly: "Hour",
  weekdays: "Weekday",
  months: "Month",
};

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Every bucket number of a grouping, in axis order. */
export function bucketKeys(grouping: Grouping): number[] {
  if (grouping === "weekdays") return range(1, 7);
  if (grouping === "months") return range(1, 12);
  return range(0, 23);
}

/** The tick label of a bucket: the hour number, a short weekday or month name. */
export function bucketLabel(grouping: Grouping, key: number): string {
  if (grouping === "weekdays") return WEEKDAYS[key - 1] ?? String(key);
  if (grouping === "months") return MONTHS[key - 1] ?? String(key);
  return String(key);
}

export type Session = "asia" | "europe" | "usa";
export const SESSION_NAMES: Readonly<Record<Session, string>> = {
  asia: "Asia",
  europe: "Europe",
  usa: "USA",
};
export const SESSIONS: readonly Session[] = ["asia", "europe", "usa"];

/** The trading session an hour index is coloured by: below 8 Asia, 8 to 14 Europe, the rest USA. */
export function sessionOf(hour: number): Session {
  if (hour < 8) return "asia";
  if (hour <= 14) return "europe";
  return "usa";
}

/** A finite number, else 0 (missing buckets and fields, bad JSON). */
function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** One bar group of a bucket chart: its key, its label and the figures read off its bucket. */
export type BucketRow<F> = { readonly key: number; readonly label: string } & Readonly<F>;

/** Every bucket of a grouping in order, the missing ones too (their figures read as 0). */
function bucketRows<B, F>(
  data: GroupedData<B>,
  grouping: Grouping,
  figures: (bucket: B | undefined) => F,
): BucketRow<F>[] {
  const buckets = data[grouping];
  return bucketKeys(grouping).map((key) => ({
    key,
    label: bucketLabel(grouping, key),
    ...figures(buckets[key]),
  }));
}

export type EntriesRow = BucketRow<{ entries: number }>;

export function entriesRows(data: GroupedData<EntriesBucket>, grouping: Grouping): EntriesRow[] {
  return bucketRows(data, grouping, (b) => ({ entries: num(b?.entries) }));
}

export type ProfitLossKind = "profit" | "loss";
export const PROFIT_LOSS_KINDS: readonly ProfitLossKind[] = ["profit", "loss"];
export const PROFIT_LOSS_NAMES: Readonly<Record<ProfitLossKind, string>> = { profit: "Profit", loss: "Loss" };

export type ProfitLossRow = BucketRow<{ profit: number; loss: number }>;

export function profitLossRows(data: GroupedData<ProfitLossBucket>, grouping: Grouping): ProfitLossRow[] {
  return bucketRows(data, grouping, (b) => ({ profit: num(b?.profit), loss: num(b?.loss) }));
}

/** 'Profit: N' or 'Loss: N', N truncated to an integer, 0 when missing. */
export function profitLossTooltip(kind: ProfitLossKind, value: number | null | undefined): string {
  return `${PROFIT_LOSS_NAMES[kind]}: ${Math.trunc(num(value))}`;
}

/** The Entries tooltip: the entries count of the bucket. */
export function entriesTooltip(row: EntriesRow): string {
  return `Entries: ${row.entries}`;
}
