import { Form, Link } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { formatAmount, formatMetric, formatPercent } from "../../utils/format";
import { DataTable, type TableColumn } from "../ui/data-table";

/** One run's summary figures (worker/optimise/figures.ts RunFigures); missing ones undefined, so they sort last. */
export interface FigureRow {
  finalBalance?: number;
  profit?: number;
  grossProfit?: number;
  grossLoss?: number;
  profitFactor?: number;
  expectedPayoff?: number;
  recoveryFactor?: number;
  sharpeRatio?: number;
  lrCorrelation?: number;
  trades?: number;
  profitTradesPercent?: number;
  balanceDrawdownMax?: number;
  balanceDrawdownMaxPercent?: number;
  equityDrawdownMax?: number;
  equityDrawdownMaxPercent?: number;
}

export interface OptimiseRow {
  pass: number;
  /** The criterion's value as MT5's Result column shows it; undefined when the run has none. */
  result?: number;
  forwardResult?: number;
  values: Record<string, number>;
  back: FigureRow;
  forward: FigureRow | null;
}

type FigureKey = keyof FigureRow;
type Kind = "amount" | "metric" | "percent" | "count";

/** The report summary's figures in MT5's words, as the optimisation table shows them. */
export const FIGURE_COLUMNS: readonly { key: FigureKey; label: string; kind: Kind }[] = [
  { key: "profit", label: "Profit", kind: "amount" },
  { key: "finalBalance", label: "Balance", kind: "amount" },
  { key: "grossProfit", label: "Gross Profit", kind: "amount" },
  { key: "grossLoss", label: "Gross Loss", kind: "amount" },
  { key: "expectedPayoff", label: "Expected Payoff", kind: "metric" },
  { key: "profitFactor", label: "Profit Factor", kind: "metric" },
  { key: "recoveryFactor", label: "Recovery Factor", kind: "metric" },
  { key: "sharpeRatio", label: "Sharpe Ratio", kind: "metric" },
  { key: "lrCorrelation", label: "LR Correlation", kind: "metric" },
  { key: "trades", label: "Trades", kind: "count" },
  { key: "profitTradesPercent", label: "Profit Trades", kind: "percent" },
  { key: "balanceDrawdownMax", label: "Balance DD", kind: "amount" },
  { key: "balanceDrawdownMaxPercent", label: "Balance DD %", kind: "percent" },
  { key: "equityDrawdownMax", label: "Equity DD", kind: "amount" },
  { key: "equityDrawdownMaxPercent", label: "Equity DD %", kind: "percent" },
];

function formatted(kind: Kind, v: number | undefined): string {
  if (kind === "amount") return formatAmount(v);
  if (kind === "percent") return formatPercent(v);
  return formatMetric(v);
}

const col = createColumnHelper<OptimiseRow>();
const right = { align: "right" } as const;

/** The table's columns: Pass, Result, the inputs, then each figure (its forward twin beside it). */
function buildColumns(names: readonly string[], forward: boolean, actions: ActionLinks | null) {
  const columns: TableColumn<OptimiseRow>[] = [
    col.accessor("pass", { id: "pass", header: "Pass", meta: right }),
    col.accessor((r) => r.result, {
      id: "result",
      header: "Result",
      cell: (c) => formatMetric(c.getValue()),
      meta: right,
    }),
  ];
  if (forward)
    columns.push(
      col.accessor((r) => r.forwardResult, {
        id: "forwardResult",
        header: "Forward Result",
        cell: (c) => formatMetric(c.getValue()),
        meta: right,
      }),
    );
  for (const name of names)
    columns.push(
      col.accessor((r) => r.values[name], {
        id: `in_${name}`,
        header: name,
        cell: (c) => formatMetric(c.getValue()),
        meta: right,
      }),
    );
  for (const f of FIGURE_COLUMNS) {
    columns.push(
      col.accessor((r) => r.back[f.key], {
        id: f.key,
        header: f.label,
        cell: (c) => formatted(f.kind, c.getValue()),
        meta: right,
      }),
    );
    if (forward)
      columns.push(
        col.accessor((r) => r.forward?.[f.key], {
          id: `fwd_${f.key}`,
          header: `Forward ${f.label}`,
          cell: (c) => formatted(f.kind, c.getValue()),
          meta: right,
        }),
      );
  }
  if (actions)
    columns.push(
      col.display({
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: (c) => <RowActions pass={c.row.original.pass} links={actions} />,
      }),
    );
  return columns;
}

/** Where a row's Apply posts and its .set downloads. */
export interface ActionLinks {
  applyAction: string;
  setHref: (pass: number) => string;
}

function RowActions({ pass, links }: { pass: number; links: ActionLinks }) {
  return (
    <div className="row-actions">
      <Form method="post" action={links.applyAction} className="inline-form">
        <input type="hidden" name="intent" value="apply" />
        <input type="hidden" name="pass" value={pass} />
        <button type="submit" className="button small" aria-label={`Apply pass ${pass}`}>
          Apply
        </button>
      </Form>
      <Link to={links.setHref(pass)} reloadDocument download aria-label={`Export pass ${pass} as .set`}>
        .set
      </Link>
    </div>
  );
}

/**
 * The optimisation's runs (issue 17): TanStack, sortable by every column through header links (the URL holds
 * the sort, so it works without JavaScript), best result first by default.
 */
export function OptimiseResultsTable({
  rows,
  total,
  pageSize,
  names,
  forward,
  lowerIsBetter,
  actions,
}: {
  rows: OptimiseRow[];
  /** Server-side paging and sorting: every run's count; `rows` is the page, sorted by the loader. */
  total?: number;
  pageSize?: number;
  names: readonly string[];
  forward: boolean;
  /** "Drawdown min" sorted in the browser: the best (lowest) result first by default (the service's order is best first). */
  lowerIsBetter: boolean;
  actions: ActionLinks | null;
}) {
  // Memoised on what shapes the columns: tanstack renders cell functions as components (data-table.tsx).
  const key = `${names.join(",")}|${forward}|${actions?.applyAction ?? ""}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says everything the columns depend on
  const columns = useMemo(() => buildColumns(names, forward, actions), [key]);
  return (
    <DataTable
      columns={columns}
      data={rows}
      label="Optimisation results"
      defaultSort={{ id: "result", dir: total === undefined && lowerIsBetter ? "asc" : "desc" }}
      rowCount={total}
      getRowId={(r) => String(r.pass)}
      className="optimise-results"
      pageSize={pageSize ?? 20}
      empty="No run has finished yet."
    />
  );
}
