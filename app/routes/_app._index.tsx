import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import type { KeyboardEvent } from "react";
import { LocalDate } from "../components/strategies/local-date";
import { hasSeenWelcome, renameSchema, strategyId } from "../components/strategies/strategies.server";
import { strategiesStylesheet } from "../components/strategies/styles";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { DataTable, type TableColumn } from "../components/ui/data-table";
import { StatusBadge } from "../components/ui/status-badge";
import { uiStylesheet } from "../components/ui/styles";
import { useUrlFlag } from "../components/ui/url-flag";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";
import { formatMetric, formatPercent } from "../utils/format";
import type { SortState } from "../utils/table-state";

export const meta: MetaFunction = () => [{ title: "My Strategies · StratForge" }];
export const links = () => [uiStylesheet, strategiesStylesheet];

const PAGE_SIZE = 8;
const DEFAULT_SORT: SortState = { id: "updated", dir: "desc" };
export const TITLE_MAX = 70;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const list = await context.services.strategies.list(user.id);
  if (list.length === 0 && !hasSeenWelcome(request)) throw redirect("/welcome");
  // Missing metrics are undefined, not null, so the table sorts them last (data-table.tsx).
  const rows = list.map((s) => ({
    strId: s.strId,
    title: s.title,
    updated: Date.parse(s.updated),
    status: s.backtest?.processing ?? null,
    backtestId: s.backtest?.status === "completed" ? s.backtest.backtestId : null,
    profitability: s.backtest?.results?.totalNetProfit ?? undefined,
    averageWin: s.backtest?.results?.averageProfitTrade ?? undefined,
    averageLoss: s.backtest?.results?.averageLossTrade ?? undefined,
    maxDrawdown: s.backtest?.results?.balanceDrawdownMaxPercent ?? undefined,
    profitFactor: s.backtest?.results?.profitFactor ?? undefined,
  }));
  return { rows };
}

/** The page without the flags a post consumes, so the redirect keeps paging and sorting. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  url.searchParams.delete("edit");
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}

/** Archive (the Delete confirmation) and inline rename; spec 2 s8: their failures are silently ignored. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const values = await readForm(request);
  const strategies = context.services.strategies;
  try {
    const id = strategyId(values.strId);
    if (values.intent === "archive") await strategies.archive(user.id, id);
    if (values.intent === "rename") {
      const parsed = renameSchema.safeParse(values);
      if (parsed.success) await strategies.rename(user.id, id, parsed.data);
    }
  } catch {
    // Spec 2 s8: list, archive and title-update failures show no message; the list shows what is stored.
  }
  return redirect(backTo(request));
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

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
    cell: (c) => formatMetric(c.getValue()),
    meta: { align: "right" },
  }),
  col.accessor("averageWin", {
    header: "Average Win",
    cell: (c) => formatMetric(c.getValue()),
    meta: { align: "right" },
  }),
  col.accessor("averageLoss", {
    header: "Average Loss",
    cell: (c) => formatMetric(c.getValue()),
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
        <Link to={`/strategy/${row.strId}/build`}>{row.title}</Link>
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

export default function MyStrategies() {
  const { rows } = useLoaderData<typeof loader>();
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
        pageSize={PAGE_SIZE}
        defaultSort={DEFAULT_SORT}
        getRowId={(r) => r.strId}
        empty="You don't have any strategies yet."
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
