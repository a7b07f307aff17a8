import { createColumnHelper } from "@tanstack/react-table";
import type { TradeRow } from "../../../worker/engine/report";
import { ID_ASCENDING, TRADE_COLUMNS } from "../../utils/results-columns";
import { TABLE_PREFIX } from "../../utils/results-view";
import { prefixedParams } from "../../utils/table-state";
import { DataTable, type TableColumn } from "../ui/data-table";

const helper = createColumnHelper<TradeRow>();
// Module level: tanstack renders cells as components, so the definitions must not change per render.
const TRADE_TABLE: TableColumn<TradeRow>[] = TRADE_COLUMNS.map((c) =>
  helper.accessor((row) => String(row[c.key]), {
    id: c.id,
    header: c.header,
    size: c.id === "exit" ? 120 : 100,
    meta: { align: c.align ?? "left" },
  }),
);

/**
 * Issue 16 Trades: entry/exit pairs, sorted and paged by the loader like Orders and Deals (`trades_page`,
 * `trades_sort` in the URL), so the table reads and pages without JavaScript.
 */
export function TradesTable({ rows, total }: { rows: TradeRow[]; total: number }) {
  return (
    <DataTable
      label="Trades"
      columns={TRADE_TABLE}
      data={rows}
      rowCount={total}
      defaultSort={ID_ASCENDING}
      params={prefixedParams(TABLE_PREFIX.trades)}
      getRowId={(r) => String(r.Trade)}
      empty="No trades."
      className="results-table"
    />
  );
}
