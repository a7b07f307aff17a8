/**
 * The results screen's server side (spec 2 s2, s3): reads a backtest and only the result sections the URL
 * asks for (one graph, one lower tab, one table page), checking the stored JSON with zod on the way out of
 * R2. A `.server` module, so zod and the services stay out of the browser bundle.
 */

import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { AppError } from "../../../worker/http";
import { type ChartDetails, checkChartDetails } from "../../utils/chart-details";
import { type DealTotals, dealTotals } from "../../utils/deal-totals";
import {
  type ColumnSpec,
  DEAL_COLUMNS,
  ID_ASCENDING,
  ORDER_COLUMNS,
  pageRows,
  sortRows,
  TRADE_COLUMNS,
  tradeCell,
} from "../../utils/results-columns";
import { type ExportFormat, exportFilename, reportCsv, reportJson } from "../../utils/results-export";
import { type Graph, graphOf, type LowerTab, lowerTabOf, TABLE_PREFIX } from "../../utils/results-view";
import { clampPage, DEFAULT_PAGE_SIZE, prefixedParams, tableStateFromSearch } from "../../utils/table-state";
import { isMissingStrategy } from "../strategies/strategies.server";

type Backtests = AppLoadContext["services"]["strategies"]["backtests"];

/** Spec 2 s8 per section. */
export const SECTION_ERRORS = {
  summary: "Error generating graphs",
  orders: "Error retrieving backtest orders",
  results: "Error retrieving backtest results",
  deals: "Error retrieving backtest deals",
  trades: "Error retrieving backtest trades",
  details: "Failed to load backtest details. Please try again later.",
} as const;

export const BACKTEST_NOT_FOUND = "Backtest not found.";

/** A backtest id from the URL: numeric only, anything else is as missing as another user's backtest. */
export function backtestId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw backtestNotFound();
  return Number(raw);
}

export function backtestNotFound() {
  return data({ message: BACKTEST_NOT_FOUND }, { status: 404 });
}

export function isMissingBacktest(error: unknown): boolean {
  return error instanceof AppError && error.code === "BACKTEST_NOT_FOUND";
}

// The sections' shapes are the worker's own (worker/services backtest-sections): one declaration, written
// by the runner and parsed here.
export { RESULT_SECTIONS } from "../../../worker/services";

import {
  type BacktestSummary,
  type DealRowData,
  type EquityCurveData,
  type OrderRowData,
  RESULT_SECTIONS,
  type TradeRowData,
} from "../../../worker/services";

/** A section read from storage: its value, or the spec's message when it could not be read. */
export interface Section<T> {
  readonly value: T | null;
  readonly error: string | null;
}

async function read<T>(
  name: keyof typeof SECTION_ERRORS,
  load: () => Promise<unknown>,
  schema: z.ZodType<T>,
): Promise<Section<T>> {
  try {
    return { value: schema.parse(await load()), error: null };
  } catch (e) {
    console.error(`backtest section ${name} failed`, e);
    return { value: null, error: SECTION_ERRORS[name] };
  }
}

/** Whole results map (the exports and the Results & Export tab). */
export async function readResults(backtests: Backtests, userId: string, sid: number, bid: number) {
  return RESULT_SECTIONS.results.parse(await backtests.results(userId, sid, bid, "results"));
}

function tablePage<R>(
  search: URLSearchParams,
  prefix: string,
  rows: readonly R[],
  columns: readonly ColumnSpec<R>[],
  cell: (row: R, key: keyof R & string) => string | number,
) {
  const state = tableStateFromSearch(search, {
    sort: ID_ASCENDING,
    params: prefixedParams(prefix),
    sortable: columns.map((c) => c.id),
  });
  const page = clampPage(state.page, rows.length, DEFAULT_PAGE_SIZE);
  const sorted = sortRows(rows, columns, state.sort, cell);
  return { rows: pageRows(sorted, page, DEFAULT_PAGE_SIZE), total: rows.length };
}

type SummaryPart =
  | { kind: "balance"; data: BacktestSummary["balanceData"]; curve: EquityCurveData | null }
  | { kind: "entries"; data: BacktestSummary["entriesData"] }
  | { kind: "pnl"; data: BacktestSummary["profitLossData"] };

/**
 * The candle chart's details, checked before any candle is asked for: a failed read is the spec's details
 * error, a stored record that cannot drive the chart gets the spec 2 s5 validation text.
 */
async function chartDetails(
  backtests: Backtests,
  userId: string,
  sid: number,
  bid: number,
): Promise<Section<ChartDetails>> {
  let raw: unknown;
  try {
    raw = await backtests.details(userId, sid, bid);
  } catch (e) {
    console.error("backtest section details failed", e);
    return { value: null, error: SECTION_ERRORS.details };
  }
  const checked = checkChartDetails(sid, bid, raw);
  if (!checked.ok) console.error(`backtest ${bid} details refused: ${checked.error}`);
  return checked.ok ? { value: checked.details, error: null } : { value: null, error: checked.error };
}

/** The graph's data: only the chart on screen travels to the browser. */
async function graphData(backtests: Backtests, userId: string, sid: number, bid: number, graph: Graph) {
  if (graph === "play" || graph === "candle") {
    return { graph, details: await chartDetails(backtests, userId, sid, bid), summary: null };
  }
  const read_ = await read(
    "summary",
    () => backtests.results(userId, sid, bid, "summary"),
    RESULT_SECTIONS.summary,
  );
  const s = read_.value;
  let part: SummaryPart | null = null;
  if (s) {
    part =
      graph === "balance"
        ? { kind: "balance", data: s.balanceData, curve: s.equityCurve ?? null }
        : graph === "entries"
          ? { kind: "entries", data: s.entriesData }
          : { kind: "pnl", data: s.profitLossData };
  }
  const summary: Section<SummaryPart> = { value: part, error: read_.error };
  return { graph, details: null, summary };
}

type Page<R> = { rows: R[]; total: number };

function mapSection<T, U>(section: Section<T>, f: (value: T) => U): Section<U> {
  return section.value === null
    ? { value: null, error: section.error }
    : { value: f(section.value), error: null };
}

async function tabData(
  backtests: Backtests,
  userId: string,
  sid: number,
  bid: number,
  tab: LowerTab,
  search: URLSearchParams,
) {
  let orders: Section<Page<OrderRowData>> | null = null;
  let deals: Section<Page<DealRowData> & { totals: DealTotals }> | null = null;
  let trades: Section<Page<TradeRowData>> | null = null;
  let results: Section<Record<string, string>> | null = null;
  if (tab === "robustness") {
    // The Monte Carlo tab's data is the route's own (monte-carlo.server.ts): it reads the trades itself.
  } else if (tab === "trades") {
    const all = await read(
      "trades",
      () => backtests.results(userId, sid, bid, "trades"),
      RESULT_SECTIONS.trades,
    );
    trades = mapSection(all, (rows) =>
      tablePage(search, TABLE_PREFIX.trades, rows, TRADE_COLUMNS, tradeCell),
    );
  } else if (tab === "orders") {
    const all = await read(
      "orders",
      () => backtests.results(userId, sid, bid, "orders"),
      RESULT_SECTIONS.orders,
    );
    orders = mapSection(all, (rows) =>
      tablePage(search, TABLE_PREFIX.orders, rows, ORDER_COLUMNS, (r, k) => r[k]),
    );
  } else if (tab === "deals") {
    const all = await read(
      "deals",
      () => backtests.results(userId, sid, bid, "deals"),
      RESULT_SECTIONS.deals,
    );
    // The totals are the whole run's, whichever page is shown.
    deals = mapSection(all, (rows) => ({
      ...tablePage(search, TABLE_PREFIX.deals, rows, DEAL_COLUMNS, (r, k) => r[k]),
      totals: dealTotals(rows),
    }));
  } else {
    results = await read(
      "results",
      () => backtests.results(userId, sid, bid, "results"),
      RESULT_SECTIONS.results,
    );
  }
  return { tab, orders, deals, trades, results };
}

/** Everything the results screen renders for one URL. */
export async function loadResultsScreen(
  backtests: Backtests,
  userId: string,
  sid: number,
  bid: number,
  search: URLSearchParams,
) {
  const bt = await backtests.get(userId, sid, bid);
  const graph = graphOf(search);
  const tab = lowerTabOf(search);
  if (bt.processingStatus !== "completed") {
    return { backtest: bt, graph, tab, graphData: null, tabData: null };
  }
  const [g, t] = await Promise.all([
    graphData(backtests, userId, sid, bid, graph),
    tabData(backtests, userId, sid, bid, tab, search),
  ]);
  return { backtest: bt, graph, tab, graphData: g, tabData: t };
}

export type ResultsScreenData = Awaited<ReturnType<typeof loadResultsScreen>>;

/**
 * The report as a file (spec 2 s2 'Results & Export'): a GET with a Content-Disposition file name, so the
 * export links work without JavaScript. Only the owner's completed backtests; anything else is a 404 (a
 * backtest still running has no report yet: 409).
 */
export async function exportReport(
  backtests: Backtests,
  userId: string,
  sid: number,
  bid: number,
  format: ExportFormat,
): Promise<Response> {
  try {
    const bt = await backtests.get(userId, sid, bid);
    if (bt.processingStatus !== "completed") {
      return new Response("The backtest has no results yet.", { status: 409 });
    }
    const results = await readResults(backtests, userId, sid, bid);
    const body = format === "csv" ? reportCsv(bt, results) : reportJson(bt, results);
    return new Response(body, {
      headers: {
        "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${exportFilename(bt.strId, bt.backtestId, format)}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (e) {
    if (isMissingBacktest(e) || isMissingStrategy(e)) throw new Response("Not Found", { status: 404 });
    throw e;
  }
}
