/**
 * The results screen's tables and metric columns (spec 2 s2, s3): which row key each column shows, sorting
 * and paging on the server (a long backtest has thousands of deals, so only one page goes to the browser),
 * and the three columns of report metrics with their help texts. Pure.
 */

import type { DealRow, OrderRow } from "../../worker/engine";
import { REPORT_COLUMNS, REPORT_HELP, type ReportLabel, type TradeRow } from "../../worker/engine/report";
import { MISSING } from "./format";
import type { SortState } from "./table-state";

export interface ColumnSpec<R> {
  /** Column id in the URL (`?orders_sort=openTime`). */
  readonly id: string;
  readonly header: string;
  readonly key: keyof R & string;
  readonly align?: "left" | "right";
}

/** Spec 2 s2 Orders: Id, Open Time, Symbol, Type, Volume, Price, Stop Loss, Take Profit, Time, State, Comment. */
export const ORDER_COLUMNS: readonly ColumnSpec<OrderRow>[] = [
  { id: "id", header: "Id", key: "Order", align: "right" },
  { id: "openTime", header: "Open Time", key: "Open Time" },
  { id: "symbol", header: "Symbol", key: "Symbol" },
  { id: "type", header: "Type", key: "Type" },
  { id: "volume", header: "Volume", key: "Volume", align: "right" },
  { id: "price", header: "Price", key: "Price", align: "right" },
  { id: "stopLoss", header: "Stop Loss", key: "S / L", align: "right" },
  { id: "takeProfit", header: "Take Profit", key: "T / P", align: "right" },
  { id: "time", header: "Time", key: "Time" },
  { id: "state", header: "State", key: "State" },
  { id: "comment", header: "Comment", key: "Comment" },
];

/** Spec 2 s2 Deals: Id, Time, Symbol, Type, Direction, Volume, Price, Order, Commission, Swap, Profit, Balance, Comment. */
export const DEAL_COLUMNS: readonly ColumnSpec<DealRow>[] = [
  { id: "id", header: "Id", key: "Deal", align: "right" },
  { id: "time", header: "Time", key: "Time" },
  { id: "symbol", header: "Symbol", key: "Symbol" },
  { id: "type", header: "Type", key: "Type" },
  { id: "direction", header: "Direction", key: "Direction" },
  { id: "volume", header: "Volume", key: "Volume", align: "right" },
  { id: "price", header: "Price", key: "Price", align: "right" },
  { id: "order", header: "Order", key: "Order", align: "right" },
  { id: "commission", header: "Commission", key: "Commission", align: "right" },
  { id: "swap", header: "Swap", key: "Swap", align: "right" },
  { id: "profit", header: "Profit", key: "Profit", align: "right" },
  { id: "balance", header: "Balance", key: "Balance", align: "right" },
  { id: "comment", header: "Comment", key: "Comment" },
];

/** Issue 16 Trades: one row per closed position, entry and exit paired, with its MFE and MAE. */
export const TRADE_COLUMNS: readonly ColumnSpec<TradeRow>[] = [
  { id: "id", header: "Id", key: "Trade", align: "right" },
  { id: "openTime", header: "Open Time", key: "Open Time" },
  { id: "direction", header: "Direction", key: "Direction" },
  { id: "volume", header: "Volume", key: "Volume", align: "right" },
  { id: "openPrice", header: "Open Price", key: "Open Price", align: "right" },
  { id: "closeTime", header: "Close Time", key: "Close Time" },
  { id: "closePrice", header: "Close Price", key: "Close Price", align: "right" },
  { id: "profit", header: "Profit", key: "Profit", align: "right" },
  { id: "duration", header: "Duration", key: "Duration", align: "right" },
  { id: "mfe", header: "MFE", key: "MFE", align: "right" },
  { id: "mae", header: "MAE", key: "MAE", align: "right" },
  { id: "exit", header: "Exit", key: "Exit" },
];

/** Durations sort by their seconds, not their text ("1d 00:00:00" after "23:00:00"). */
export function tradeCell(row: TradeRow, key: keyof TradeRow & string): string | number {
  return key === "Duration" ? row.Seconds : row[key];
}

/** Spec 2 s2: the tables start sorted by id ascending. */
export const ID_ASCENDING: SortState = { id: "id", dir: "asc" };

/** A plain number, or MT5's "filled / initial" volume (compared by its first figure). */
const NUMERIC = /^(-?\d+(?:\.\d+)?)(?: \/ -?\d+(?:\.\d+)?)?$/;

function numeric(v: string | number): number | null {
  if (typeof v === "number") return v;
  const m = NUMERIC.exec(v);
  return m ? Number(m[1]) : null;
}

/**
 * Numbers compare as numbers ("10.5" after "9", "0.10 / 0.10" by its first figure), times
 * ("2024.01.05 10:00:00") and words as text; empty cells go last in both directions, as in the other tables.
 */
function compareCells(a: string | number, b: string | number): number {
  const ea = a === "";
  const eb = b === "";
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== null && nb !== null) return na - nb;
  return String(a).localeCompare(String(b), "en");
}

/** The rows in the order of a sort state (a stable sort; no sort keeps the stored order). */
export function sortRows<R>(
  rows: readonly R[],
  columns: readonly ColumnSpec<R>[],
  sort: SortState | null,
  cell: (row: R, key: keyof R & string) => string | number,
): R[] {
  const column = sort ? columns.find((c) => c.id === sort.id) : undefined;
  if (!sort || !column) return [...rows];
  const sign = sort.dir === "desc" ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => {
      const a = cell(x.row, column.key);
      const b = cell(y.row, column.key);
      // Empty cells stay last whichever way the column is sorted.
      if (a === "" || b === "") return compareCells(a, b) || x.i - y.i;
      return sign * compareCells(a, b) || x.i - y.i;
    })
    .map((x) => x.row);
}

/** One page (1-based, already clamped) of rows. */
export function pageRows<R>(rows: readonly R[], page: number, pageSize: number): R[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

export interface MetricCell {
  readonly label: ReportLabel;
  readonly value: string;
  readonly help: string;
}

/** The results panel (spec 2 s2): three columns of labelled metrics, '-' for a missing value. */
export function metricColumns(results: Readonly<Record<string, string>>): MetricCell[][] {
  return REPORT_COLUMNS.map((column) =>
    column.map((label) => {
      const raw = Object.hasOwn(results, label) ? results[label] : undefined;
      return {
        label,
        value: raw === undefined || raw.trim() === "" ? MISSING : raw,
        help: REPORT_HELP[label],
      };
    }),
  );
}
