import { balanceSeries } from "./balance";
import { toFixed2 } from "./format";
import type { ReportTrade } from "./types";

/** One point of the balance chart: id 0 is the initial deposit, id i the balance after trade i. */
export interface BalancePoint {
  readonly id: number;
  /** The balance as a numeric string with 2 decimals (spec 2 section 3). */
  readonly balance: string;
}

export interface EntriesBucket {
  entries: number;
}

/**
 * Profit and loss of the trades closed in a bucket. Both are magnitudes (>= 0): profit = sum of p > 0,
 * loss = |sum of p < 0|, so the chart draws both bars upwards side by side. Rounded to cents.
 */
export interface ProfitLossBucket {
  profit: number;
  loss: number;
}

/** Hours 0..23, weekdays 1..7 (Monday..Sunday), months 1..12 (January..December), every bucket present. */
export interface Groupings<T> {
  readonly hourly: Record<number, T>;
  readonly weekdays: Record<number, T>;
  readonly months: Record<number, T>;
}

export interface SummaryData {
  readonly balanceData: readonly BalancePoint[];
  /** Positions counted by their open time, UTC. */
  readonly entriesData: Groupings<EntriesBucket>;
  /** Trades counted by their close time, UTC (the time the result lands on the balance). */
  readonly profitLossData: Groupings<ProfitLossBucket>;
}

export interface SummaryInput {
  readonly initialDeposit: number;
  readonly trades: readonly ReportTrade[];
}

function buckets<T>(from: number, to: number, make: () => T): Record<number, T> {
  const record: Record<number, T> = {};
  for (let key = from; key <= to; key++) record[key] = make();
  return record;
}

function groupings<T>(make: () => T): Groupings<T> {
  return { hourly: buckets(0, 23, make), weekdays: buckets(1, 7, make), months: buckets(1, 12, make) };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** UTC hour 0..23 of an epoch-ms time, by arithmetic (no Date per trade). */
function utcHour(timeMs: number): number {
  const day = Math.floor(timeMs / DAY_MS);
  return Math.floor((timeMs - day * DAY_MS) / HOUR_MS);
}

/** ISO weekday: Monday 1 .. Sunday 7 (1970-01-01, day 0, was a Thursday). */
function isoWeekday(timeMs: number): number {
  const day = Math.floor(timeMs / DAY_MS);
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/**
 * UTC month 1..12 of epoch-ms times. Trades come in time order, so consecutive ones mostly share a
 * month: a Date is built only when a time leaves the month of the previous one.
 */
class MonthOf {
  private from = 0;
  private to = 0;
  private month = 0;

  at(timeMs: number): number {
    if (!(timeMs >= this.from && timeMs < this.to)) {
      const d = new Date(timeMs);
      const y = d.getUTCFullYear();
      const m = d.getUTCMonth();
      this.from = Date.UTC(y, m, 1);
      this.to = Date.UTC(y, m + 1, 1);
      this.month = m + 1;
    }
    return this.month;
  }
}

function addResult(bucket: ProfitLossBucket, p: number): void {
  if (p > 0) bucket.profit += p;
  else if (p < 0) bucket.loss -= p;
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The data behind the Balance, Entries and Profit and Loss charts (spec 2 section 3). */
export function summarise(input: SummaryInput): SummaryData {
  const balance = balanceSeries(input.initialDeposit, input.trades);
  const balanceData: BalancePoint[] = [];
  for (let i = 0; i < balance.length; i++) balanceData.push({ id: i, balance: toFixed2(balance[i]) });

  const entriesData = groupings<EntriesBucket>(() => ({ entries: 0 }));
  const profitLossData = groupings<ProfitLossBucket>(() => ({ profit: 0, loss: 0 }));
  const openMonth = new MonthOf();
  const closeMonth = new MonthOf();
  for (const trade of input.trades) {
    const open = trade.openTime;
    entriesData.hourly[utcHour(open)].entries++;
    entriesData.weekdays[isoWeekday(open)].entries++;
    entriesData.months[openMonth.at(open)].entries++;

    const close = trade.closeTime;
    addResult(profitLossData.hourly[utcHour(close)], trade.profit);
    addResult(profitLossData.weekdays[isoWeekday(close)], trade.profit);
    addResult(profitLossData.months[closeMonth.at(close)], trade.profit);
  }
  for (const grouping of [profitLossData.hourly, profitLossData.weekdays, profitLossData.months]) {
    for (const bucket of Object.values(grouping)) {
      bucket.profit = cents(bucket.profit);
      bucket.loss = cents(bucket.loss);
    }
  }
  return { balanceData, entriesData, profitLossData };
}
