import { Link } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { formatAmount, formatMetric, formatPercent, processingStatus } from "../../utils/format";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataTable, type TableColumn } from "../ui/data-table";
import { StatusBadge } from "../ui/status-badge";
import { useUrlFlag } from "../ui/url-flag";
import { LocalDate } from "./local-date";

/** One history row; missing metrics are undefined (not null) so the table sorts them last. */
export interface BacktestRow {
  strId: string;
  backtestId: string;
  created: number;
  processing: number;
  profitability?: number;
  averageWin?: number;
  averageLoss?: number;
  maxDrawdown?: number;
  profitFactor?: number;
  sharpeRatio?: number;
  totalTrades?: number;
  description: string;
}

const col = createColumnHelper<BacktestRow>();
const right = { align: "right" } as const;

// Module level: tanstack renders cell functions as components (see data-table.tsx).
const columns: TableColumn<BacktestRow>[] = [
  col.accessor("created", {
    header: "Created",
    // Several runs a day are common: the time tells them apart.
    cell: (c) => <LocalDate value={c.getValue()} withTime />,
  }),
  col.accessor("processing", { header: "Status", cell: (c) => <StatusBadge code={c.getValue()} /> }),
  col.accessor("profitability", {
    header: "Profitability",
    cell: (c) => formatAmount(c.getValue()),
    meta: right,
  }),
  col.accessor("averageWin", { header: "Average Win", cell: (c) => formatAmount(c.getValue()), meta: right }),
  col.accessor("averageLoss", {
    header: "Average Loss",
    cell: (c) => formatAmount(c.getValue()),
    meta: right,
  }),
  col.accessor("maxDrawdown", {
    header: "Max Drawdown",
    cell: (c) => formatPercent(c.getValue()),
    meta: right,
  }),
  col.accessor("profitFactor", {
    header: "Profit Factor",
    cell: (c) => formatMetric(c.getValue()),
    meta: right,
  }),
  col.accessor("sharpeRatio", {
    header: "Sharpe Ratio",
    cell: (c) => formatMetric(c.getValue()),
    meta: right,
  }),
  col.accessor("totalTrades", {
    header: "Total Trades",
    cell: (c) => formatMetric(c.getValue()),
    meta: right,
  }),
  col.accessor("description", {
    header: "Description",
    sortingFn: "alphanumeric",
    // Up to 255 characters: two lines at most in the row, the whole text in the tooltip.
    cell: (c) =>
      c.getValue() ? (
        <span className="cell-clip" title={c.getValue()}>
          {c.getValue()}
        </span>
      ) : (
        "-"
      ),
  }),
  col.display({ id: "actions", header: "Actions", size: 240, cell: (c) => <Actions row={c.row.original} /> }),
];

const FLAG = "confirm";

function Actions({ row }: { row: BacktestRow }) {
  const confirm = useUrlFlag(FLAG);
  const processing = processingStatus(row.processing) === "processing";
  return (
    <span className="row-actions">
      <Link to={`/strategy/${row.strId}/results/${row.backtestId}`}>View Backtest</Link>
      {/* Spec 2 s2: a running backtest cannot be deleted. */}
      {processing ? null : (
        <Link
          to={confirm.openHref(`delete-${row.backtestId}`)}
          className="danger-link"
          preventScrollReset
          replace
          aria-label={`Delete backtest created ${new Date(row.created).toISOString().slice(0, 10)}`}
        >
          Delete Backtest
        </Link>
      )}
    </span>
  );
}

/**
 * Backtest History (spec 2 s2): the strategy's backtests, newest first by default, paged and sorted through
 * the URL; Delete confirms in a dialog opened by `?confirm=delete-{id}` whose Confirm is a POST.
 */
export function BacktestHistory({ rows, deleteError }: { rows: BacktestRow[]; deleteError: string | null }) {
  const confirm = useUrlFlag(FLAG);
  const target = /^delete-(\d+)$/.exec(confirm.value ?? "")?.[1];
  const targetRow = rows.find(
    (r) => r.backtestId === target && processingStatus(r.processing) !== "processing",
  );
  return (
    <section className="backtest-history" aria-labelledby="backtest-history-title">
      <h2 id="backtest-history-title">Backtest History</h2>
      <DataTable
        columns={columns}
        data={rows}
        label="Backtest History"
        className="fit-table"
        defaultSort={{ id: "created", dir: "desc" }}
        getRowId={(r) => r.backtestId}
        empty="No backtests yet."
      />
      <ConfirmDialog
        open={Boolean(targetRow)}
        title="Are you sure you want to delete this backtest?"
        description="This action can not be undone"
        cancelHref={confirm.closeHref}
        fields={{ intent: "delete", backtestId: targetRow?.backtestId ?? "" }}
        error={deleteError}
      />
    </section>
  );
}
