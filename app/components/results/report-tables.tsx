import { createColumnHelper, type RowData } from "@tanstack/react-table";
import type { DealRow, OrderRow } from "../../../worker/engine";
import type { TradeRow } from "../../../worker/engine/report";
import type { DealTotals } from "../../utils/deal-totals";
import {
  type ColumnSpec,
  DEAL_COLUMNS,
  ID_ASCENDING,
  ORDER_COLUMNS,
  TRADE_COLUMNS,
} from "../../utils/results-columns";
import { TABLE_PREFIX } from "../../utils/results-view";
import { prefixedParams } from "../../utils/table-state";
import { DataTable, type TableColumn } from "../ui/data-table";

/** Column definitions from the shared column specs; `wide` is the one text column that gets more room. */
function columnsOf<R extends RowData>(
  specs: readonly ColumnSpec<R>[],
  size: number,
  wide: { id: string; size: number },
): TableColumn<R>[] {
  const helper = createColumnHelper<R>();
  return specs.map((c) =>
    helper.accessor((row) => String(row[c.key]), {
      id: c.id,
      header: c.header,
      size: c.id === wide.id ? wide.size : size,
      meta: { align: c.align ?? "left" },
    }),
  );
}

// Module level: tanstack renders cells as components, so the definitions must not change per render.
const ORDER_TABLE = columnsOf(ORDER_COLUMNS, 110, { id: "comment", size: 160 });
const DEAL_TABLE = columnsOf(DEAL_COLUMNS, 110, { id: "comment", size: 160 });
const TRADE_TABLE = columnsOf(TRADE_COLUMNS, 100, { id: "exit", size: 120 });

type Section = keyof typeof TABLE_PREFIX;

/**
 * One results table: the loader sorts and pages (a backtest can have thousands of rows), the table shows
 * that page with the shared footer; paging and sorting are links in the URL (`orders_page`, `trades_sort`
 * ...), so the tables read and page without JavaScript.
 */
function ResultTable<R extends RowData>(props: {
  label: string;
  section: Section;
  columns: TableColumn<R>[];
  rows: R[];
  total: number;
  rowId: (row: R) => string | number;
  totals?: { label: string; cells: Readonly<Record<string, string>> };
}) {
  return (
    <DataTable
      label={props.label}
      columns={props.columns}
      data={props.rows}
      rowCount={props.total}
      defaultSort={ID_ASCENDING}
      params={prefixedParams(TABLE_PREFIX[props.section])}
      getRowId={(r) => String(props.rowId(r))}
      empty={`No ${props.label.toLowerCase()}.`}
      // Every results table fits a desktop card: times and comments wrap at their spaces (docs in ui.css).
      className="results-table fit-table"
      totals={props.totals}
    />
  );
}

// The fixed settings of the sections without totals, spread into ResultTable by their wrappers below.
const SECTIONS = {
  orders: { label: "Orders", section: "orders", columns: ORDER_TABLE, rowId: (r: OrderRow) => r.Order },
  trades: { label: "Trades", section: "trades", columns: TRADE_TABLE, rowId: (r: TradeRow) => r.Trade },
} as const;

/** Spec 2 s2 Orders. */
export function OrdersTable({ rows, total }: { rows: OrderRow[]; total: number }) {
  return <ResultTable {...SECTIONS.orders} rows={rows} total={total} />;
}

/** Issue 16 Trades: entry/exit pairs. */
export function TradesTable({ rows, total }: { rows: TradeRow[]; total: number }) {
  return <ResultTable {...SECTIONS.trades} rows={rows} total={total} />;
}

/** Spec 2 s2 Deals, ending (as MT5's report does) on the run's totals of commission, swap and profit. */
export function DealsTable({ rows, total, totals }: { rows: DealRow[]; total: number; totals: DealTotals }) {
  return (
    <ResultTable
      label="Deals"
      section="deals"
      columns={DEAL_TABLE}
      rows={rows}
      total={total}
      rowId={(r) => r.Deal}
      totals={{ label: "Total", cells: { ...totals } }}
    />
  );
}
