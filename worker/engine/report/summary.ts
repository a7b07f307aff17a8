import { balanceSeries } from "./balance";
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

/** ISO weekday: Monday 1 .. Sunday 7 (getUTCDay gives Sunday 0). */
function isoWeekday(date: Date): number {
  const day = date.getUTCDay();
  return day === 0 ? 7 : day;
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
  for (let i = 0; i < balance.length; i++) balanceData.push({ id: i, balance: balance[i].toFixed(2) });

  const entriesData = groupings<EntriesBucket>(() => ({ entries: 0 }));
  const profitLossData = groupings<ProfitLossBucket>(() => ({ profit: 0, loss: 0 }));
  for (const trade of input.trades) {
    const open = new Date(trade.openTime);
    entriesData.hourly[open.getUTCHours()].entries++;
    entriesData.weekdays[isoWeekday(open)].entries++;
    entriesData.months[open.getUTCMonth() + 1].entries++;

    const close = new Date(trade.closeTime);
    addResult(profitLossData.hourly[close.getUTCHours()], trade.profit);
    addResult(profitLossData.weekdays[isoWeekday(close)], trade.profit);
    addResult(profitLossData.months[close.getUTCMonth() + 1], trade.profit);
  }
  for (const grouping of [profitLossData.hourly, profitLossData.weekdays, profitLossData.months]) {
    for (const bucket of Object.values(grouping)) {
      bucket.profit = cents(bucket.profit);
      bucket.loss = cents(bucket.loss);
    }
  }
  return { balanceData, entriesData, profitLossData };
}
