import { Form, Link, useNavigate } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import type { KeyboardEvent } from "react";
import { formatAmount, formatMetric, formatPercent } from "../../utils/format";
import type { SortState } from "../../utils/table-state";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataTable, type TableColumn } from "../ui/data-table";
import { StatusBadge } from "../ui/status-badge";
import { useUrlFlag } from "../ui/url-flag";
import { LocalDate } from "./local-date";

/**
 * The My Strategies screen's body (spec 2 s2), apart from its route so the app shell can draw the same table
 * with its spinner while a client navigation to / loads the list.
 */

export const PAGE_SIZE = 8;
export const DEFAULT_SORT: SortState = { id: "updated", dir: "desc" };
export const TITLE_MAX = 70;

/** One strategy as the list shows it; missing metrics are undefined, not null, so they sort last. */
export interface StrategyRow {
  strId: string;
  title: string;
  updated: number;
  status: number | null;
  backtestId: string | null;
  profitability: number | undefined;
  averageWin: number | undefined;
  averageLoss: number | undefined;
  maxDrawdown: number | undefined;
  profitFactor: number | undefined;
}

type Row = StrategyRow;

const col = createColumnHelper<Row>();

// Module level: tanstack renders cell functions as components, so rebuilding them would remount the cells.
const columns: TableColumn<Row>[] = [
  col.accessor("title", {
    header: "Title",
    sortingFn: "alphanumeric",
    size: 260,
    cell: (c) => <TitleCell row={c.row.original} />,
  }),
  col.accessor("updated", { header: "Updated", cell: (c) => <LocalDate value={c.getValue()} /> }),
  col.accessor("status", { header: "Backtest", cell: (c) => <StatusBadge code={c.getValue()} /> }),
  col.accessor("profitability", {
    header: "Profitability",
    cell: (c) => formatAmount(c.getValue()),
    meta: { align: "right" },
  }),
  col.accessor("averageWin", {
    header: "Average Win",
    cell: (c) => formatAmount(c.getValue()),
    meta: { align: "right" },
  }),
  col.accessor("averageLoss", {
    header: "Average Loss",
    cell: (c) => formatAmount(c.getValue()),
    meta: { align: "right" },
  }),
  col.accessor("maxDrawdown", {
    header: "Max Drawdown",
    cell: (c) => formatPercent(c.getValue()),
    meta: { align: "right" },
  }),
  col.accessor("profitFactor", {
    header: "Profit Factor",
    cell: (c) => formatMetric(c.getValue()),
    meta: { align: "right" },
  }),
  col.display({ id: "actions", header: "Actions", size: 320, cell: (c) => <Actions row={c.row.original} /> }),
];

/**
 * Inline title edit: the pencil opens `?edit={sid}`, so the input renders in a POST form on the server too.
 * Enter submits the form natively; Escape (with JavaScript) goes back like the cross.
 */
function TitleCell({ row }: { row: Row }) {
  const edit = useUrlFlag("edit");
  const navigate = useNavigate();
  if (edit.value !== row.strId) {
    return (
      <span className="strategy-title">
        {/* Up to 70 characters: clipped to the column, the whole title in the tooltip. */}
        <Link to={`/strategy/${row.strId}/build`} className="title-link" title={row.title}>
          {row.title}
        </Link>
        <Link
          to={edit.openHref(row.strId)}
          className="icon-button"
          aria-label={`Edit title of ${row.title}`}
          title="Edit title"
          preventScrollReset
          replace
        >
          ✎
        </Link>
      </span>
    );
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== "Escape") return;
    e.preventDefault();
    navigate(edit.closeHref, { replace: true, preventScrollReset: true });
  }
  return (
    <Form method="post" className="title-edit" preventScrollReset>
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="strId" value={row.strId} />
      <input
        name="title"
        aria-label="Strategy title"
        defaultValue={row.title.slice(0, TITLE_MAX)}
        maxLength={TITLE_MAX}
        required
        autoFocus
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="icon-button" aria-label="Save title" title="Save">
        ✓
      </button>
      <Link
        to={edit.closeHref}
        className="icon-button"
        aria-label="Cancel editing"
        title="Cancel"
        replace
        preventScrollReset
      >
        ✕
      </Link>
    </Form>
  );
}

function Actions({ row }: { row: Row }) {
  const confirm = useUrlFlag("confirm");
  return (
    <span className="row-actions">
      {row.backtestId ? (
        <Link to={`/strategy/${row.strId}/results/${row.backtestId}`}>View report</Link>
      ) : null}
      <Link to={`/strategy/${row.strId}/build`}>Edit strategy</Link>
      <Link
        to={confirm.openHref(`delete-${row.strId}`)}
        className="danger-link"
        preventScrollReset
        aria-label={`Delete strategy ${row.title}`}
      >
        Delete strategy
      </Link>
    </span>
  );
}

export function MyStrategiesView({ rows, loading = false }: { rows: StrategyRow[]; loading?: boolean }) {
  const confirm = useUrlFlag("confirm");
  const target = /^delete-(\d+)$/.exec(confirm.value ?? "")?.[1];
  const targetRow = rows.find((r) => r.strId === target);
  return (
    <main className="page">
      <div className="page-header">
        <h1>My Strategies</h1>
        <Link to="/strategy/ai/new" className="button primary">
          ✨ New Strategy AI
        </Link>
      </div>
      <DataTable
        columns={columns}
        data={rows}
        label="My Strategies"
        className="fit-table"
        pageSize={PAGE_SIZE}
        defaultSort={DEFAULT_SORT}
        getRowId={(r) => r.strId}
        empty="You don't have any strategies yet."
        loading={loading}
      />
      <ConfirmDialog
        open={Boolean(targetRow)}
        title="Are you sure you want to delete this strategy?"
        description={targetRow ? targetRow.title : undefined}
        cancelHref={confirm.closeHref}
        fields={{ intent: "archive", strId: targetRow?.strId ?? "" }}
      />
    </main>
  );
}
