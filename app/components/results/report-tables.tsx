import { createColumnHelper } from "@tanstack/react-table";
import type { DealRow, OrderRow } from "../../../worker/engine";
import { type ColumnSpec, DEAL_COLUMNS, ID_ASCENDING, ORDER_COLUMNS } from "../../utils/results-columns";
import { TABLE_PREFIX } from "../../utils/results-view";
import { prefixedParams } from "../../utils/table-state";
import { DataTable, type TableColumn } from "../ui/data-table";

function columnsOf<R>(specs: readonly ColumnSpec<R>[]): TableColumn<R>[] {
  const helper = createColumnHelper<R>();
  return specs.map((c) =>
    helper.accessor((row) => String(row[c.key]), {
      id: c.id,
      header: c.header,
      size: c.id === "comment" ? 160 : 110,
      meta: { align: c.align ?? "left" },
    }),
  );
}

// Module level: tanstack renders cells as components, so the definitions must not change per render.
const ORDER_TABLE = columnsOf(ORDER_COLUMNS);
const DEAL_TABLE = columnsOf(DEAL_COLUMNS);

/**
 * Spec 2 s2 Orders and Deals: the loader sorts and pages (a backtest can have thousands of rows), the table
 * shows that page with the shared footer; paging and sorting are links in the URL (`orders_page` ...).
 */
export function OrdersTable({ rows, total }: { rows: OrderRow[]; total: number }) {
  return (
    <DataTable
      label="Orders"
      columns={ORDER_TABLE}
      data={rows}
      rowCount={total}
      defaultSort={ID_ASCENDING}
      params={prefixedParams(TABLE_PREFIX.orders)}
      getRowId={(r) => String(r.Order)}
      empty="No orders."
      className="results-table fit-table"
    />
  );
}

export function DealsTable({ rows, total }: { rows: DealRow[]; total: number }) {
  return (
    <DataTable
      label="Deals"
      columns={DEAL_TABLE}
      data={rows}
      rowCount={total}
      defaultSort={ID_ASCENDING}
      params={prefixedParams(TABLE_PREFIX.deals)}
      getRowId={(r) => String(r.Deal)}
      empty="No deals."
      className="results-table fit-table"
    />
  );
}
