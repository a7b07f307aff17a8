import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, type ShouldRevalidateFunction, useLoaderData, useSearchParams } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { DataTable, type TableColumn } from "../components/ui/data-table";
import { StatusBadge } from "../components/ui/status-badge";
import { uiStylesheet } from "../components/ui/styles";
import { Tabs } from "../components/ui/tabs";
import { useUrlFlag, withParam } from "../components/ui/url-flag";
import { formatLocalDate, formatMetric, formatMoney, formatPercent } from "../utils/format";
import { prefixedParams, type SortState } from "../utils/table-state";

export const meta: MetaFunction = () => [{ title: "UI kit (development) · StratForge" }];
export const links = () => [uiStylesheet];

interface DemoRow {
  id: number;
  title: string;
  updated: number;
  status: number | null;
  profitability: number | undefined;
  drawdown: number | undefined;
  profitFactor: number | undefined;
}

interface DemoDeal {
  id: number;
  symbol: string;
  profit: number;
}

const NAMES = ["EMA Cross", "RSI Reversal", "Breakout", "Mean Revert", "MACD Trend"];
const STATUSES = [100, 200, 50, null, 100];
const BASE = Date.UTC(2024, 5, 30, 12, 0);

/** Deterministic fake rows, so the browser test can name what it expects. */
function demoRows(): DemoRow[] {
  return Array.from({ length: 25 }, (_, i) => {
    const id = i + 1;
    const done = STATUSES[i % STATUSES.length] === 100;
    return {
      id,
      title: `${NAMES[i % NAMES.length]} ${id}`,
      updated: BASE - ((i * 7) % 25) * 86_400_000,
      status: STATUSES[i % STATUSES.length],
      profitability: done ? ((i * 37) % 61) - 20 : undefined,
      drawdown: done ? ((i * 13) % 30) + 0.5 : undefined,
      profitFactor: done ? 0.8 + ((i * 11) % 17) / 10 : undefined,
    };
  });
}

/** Dev-only page (like /dev/outbox): the shared UI kit on fake data, for people and the browser test. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.publicConfig.devTools) throw new Response("Not Found", { status: 404 });
  const deals: DemoDeal[] = Array.from({ length: 12 }, (_, i) => ({
    id: 1000 + i,
    symbol: i % 2 ? "EURUSD" : "GBPUSD",
    profit: ((i * 53) % 400) - 150,
  }));
  return { rows: demoRows(), deals };
}

/** The confirm dialog's form posts here; nothing is stored, the redirect only proves the round trip. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.publicConfig.devTools) throw new Response("Not Found", { status: 404 });
  const form = await request.formData();
  const id = form.get("id");
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  if (form.get("intent") === "delete" && typeof id === "string" && /^\d+$/.test(id)) {
    url.searchParams.set("deleted", id);
  }
  return redirect(`${url.pathname}${url.search}`);
}

// The loader ignores the query, so paging, sorting and opening dialogs need no new data.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (formMethod || currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false);

const STRATEGY_SORT: SortState = { id: "updated", dir: "desc" };
const DEAL_PARAMS = prefixedParams("deals");
const row = createColumnHelper<DemoRow>();
const deal = createColumnHelper<DemoDeal>();

const dealColumns: TableColumn<DemoDeal>[] = [
  deal.accessor("id", { header: "Id", size: 80 }),
  deal.accessor("symbol", { header: "Symbol" }),
  deal.accessor("profit", {
    header: "Profit",
    cell: (c) => formatMoney(c.getValue(), "USD"),
    meta: { align: "right" },
  }),
];

// Module-level columns: tanstack renders each cell function as a component, so columns rebuilt on every
// render would remount the cells (and lose focus, e.g. the Delete link a dialog returns focus to).
const columns: TableColumn<DemoRow>[] = [
  row.accessor("title", { header: "Title", sortingFn: "alphanumeric", size: 220 }),
  row.accessor("updated", { header: "Updated", cell: (c) => formatLocalDate(c.getValue()) }),
  row.accessor("status", { header: "Backtest", cell: (c) => <StatusBadge code={c.getValue()} /> }),
  row.accessor("profitability", {
    header: "Profitability",
    cell: (c) => formatPercent(c.getValue()),
    meta: { align: "right" },
  }),
  row.accessor("drawdown", {
    header: "Max Drawdown",
    cell: (c) => formatPercent(c.getValue()),
    meta: { align: "right" },
  }),
  row.accessor("profitFactor", {
    header: "Profit Factor",
    cell: (c) => formatMetric(c.getValue()),
    meta: { align: "right" },
  }),
  row.display({ id: "actions", header: "Actions", cell: (c) => <DeleteLink row={c.row.original} /> }),
];

/** Opens the confirm dialog through its URL flag, keeping the table's page and sort. */
function DeleteLink({ row }: { row: DemoRow }) {
  const { openHref } = useUrlFlag("confirm");
  return (
    <Link to={openHref(`delete-${row.id}`)} preventScrollReset aria-label={`Delete ${row.title}`}>
      Delete
    </Link>
  );
}

export default function DevUi() {
  const { rows, deals } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const confirm = useUrlFlag("confirm");
  const tab = params.get("tab") ?? "table";
  const deleted = params.get("deleted");
  const target = /^delete-(\d+)$/.exec(confirm.value ?? "")?.[1];
  const targetRow = rows.find((r) => String(r.id) === target);

  return (
    <main className="page">
      <div className="page-header">
        <h1>UI kit</h1>
      </div>
      <p className="muted">
        Development only: the shared components on fake data. Everything works without JavaScript.
      </p>
      {deleted ? (
        <p className="form-success" role="status">
          Deleted row {deleted} (demo: nothing is stored).
        </p>
      ) : null}

      <Tabs
        label="Showcase sections"
        preventScrollReset
        items={[
          {
            id: "table",
            label: "Tables",
            to: `/dev/ui${withParam("", "tab", "table")}`,
            active: tab === "table",
          },
          {
            id: "states",
            label: "States",
            to: `/dev/ui${withParam("", "tab", "states")}`,
            active: tab === "states",
          },
          { id: "locked", label: "Locked", disabled: true },
        ]}
      />

      {tab === "states" ? (
        <section aria-label="Table states">
          <h2>Empty</h2>
          <DataTable
            label="Empty archive"
            columns={dealColumns}
            data={[]}
            params={prefixedParams("empty")}
            empty="You don't have any deleted strategies to show here"
          />
          <h2 style={{ marginTop: 24 }}>Loading</h2>
          <DataTable
            label="Loading"
            columns={dealColumns}
            data={[]}
            params={prefixedParams("loading")}
            loading
          />
        </section>
      ) : (
        <section aria-label="Tables">
          <h2>My Strategies (8 a page, Updated descending)</h2>
          <DataTable
            label="Strategies"
            columns={columns}
            data={rows}
            pageSize={8}
            defaultSort={STRATEGY_SORT}
            getRowId={(r) => String(r.id)}
          />
          <h2 style={{ marginTop: 24 }}>Deals (own params, 5 a page)</h2>
          <DataTable
            label="Deals"
            columns={dealColumns}
            data={deals}
            pageSize={5}
            params={DEAL_PARAMS}
            defaultSort={{ id: "id", dir: "asc" }}
            getRowId={(d) => String(d.id)}
          />
        </section>
      )}

      <ConfirmDialog
        open={targetRow !== undefined}
        title="Are you sure you want to delete this strategy?"
        description={targetRow ? `${targetRow.title} will move to the archive.` : undefined}
        cancelHref={confirm.closeHref}
        fields={{ intent: "delete", id: target ?? "" }}
      />
    </main>
  );
}
