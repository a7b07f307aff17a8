import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { EquityChart } from "../components/charts/equity-chart";
import { chartLinks } from "../components/charts/links";
import { TradesTable } from "../components/results/report-tables";
import { isMissingBacktest, RESULT_SECTIONS } from "../components/results/results.server";
import { resultsStylesheet } from "../components/results/styles";
import { uiStylesheet } from "../components/ui/styles";
import {
  ID_ASCENDING,
  metricColumns,
  pageRows,
  sortRows,
  TRADE_COLUMNS,
  tradeCell,
} from "../utils/results-columns";
import { TABLE_PREFIX } from "../utils/results-view";
import { clampPage, DEFAULT_PAGE_SIZE, prefixedParams, tableStateFromSearch } from "../utils/table-state";

export const links: LinksFunction = () => [uiStylesheet, ...chartLinks(), resultsStylesheet];

export const meta: MetaFunction = () => [
  { title: "Shared backtest · StratForge" },
  { name: "robots", content: "noindex" },
];

/**
 * GET /share/{token} (issue 16 Share): one backtest's result, read-only, for anyone with the link and
 * signed out, rendered without the account shell (no navigation, nothing else of the owner's). A revoked,
 * unknown or malformed token is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  try {
    const shared = await context.services.strategies.shares.open(params.token ?? "");
    const [results, trades, curve] = await Promise.all([
      shared.section("results").then((v) => RESULT_SECTIONS.results.parse(v)),
      shared.section("trades").then((v) => RESULT_SECTIONS.trades.parse(v)),
      // The chart is an extra: a summary that cannot be read leaves it out rather than the whole page.
      shared
        .section("summary")
        .then((v) => RESULT_SECTIONS.summary.parse(v).equityCurve ?? null)
        .catch(() => null),
    ]);
    const search = new URL(request.url).searchParams;
    const state = tableStateFromSearch(search, {
      sort: ID_ASCENDING,
      params: prefixedParams(TABLE_PREFIX.trades),
      sortable: TRADE_COLUMNS.map((c) => c.id),
    });
    const page = clampPage(state.page, trades.length, DEFAULT_PAGE_SIZE);
    const sorted = sortRows(trades, TRADE_COLUMNS, state.sort, tradeCell);
    const { bt } = shared;
    return {
      inputs: bt.inputs,
      created: bt.created,
      results,
      curve,
      trades: { rows: pageRows(sorted, page, DEFAULT_PAGE_SIZE), total: trades.length },
    };
  } catch (e) {
    if (isMissingBacktest(e)) throw new Response("Not Found", { status: 404 });
    throw e;
  }
}

export default function SharedBacktest() {
  const { inputs, results, trades, curve } = useLoaderData<typeof loader>();
  const { token } = useParams();
  return (
    <main className="shared-result">
      <header className="card">
        <h1>
          Backtest {inputs.symbol} ({inputs.period})
        </h1>
        <p className="muted">
          {inputs.dateStart} - {inputs.dateEnd} · deposit {inputs.depositAmount} {inputs.depositCurrency} ·
          shared read-only from StratForge
        </p>
        <a className="button" href={`/share/${token}/report.html`} download>
          Report (HTML)
        </a>
      </header>
      <section className="card metrics-panel" aria-label="Results">
        <div className="metrics-columns">
          {metricColumns(results).map((column) => (
            <dl key={column[0].label} className="metrics-column">
              {column.map((m) => (
                <div key={m.label} className="metric">
                  <dt>{m.label}</dt>
                  <dd>{m.value}</dd>
                </div>
              ))}
            </dl>
          ))}
        </div>
      </section>
      {curve ? (
        <section className="card" aria-label="Balance and equity">
          <EquityChart curve={curve} zone={inputs.timeZone} />
        </section>
      ) : null}
      <section className="card" aria-label="Trades">
        <h2>Trades</h2>
        <TradesTable rows={trades.rows} total={trades.total} />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="card narrow">
      <h1>{missing ? "404. Link Not Found" : "Something went wrong"}</h1>
      <p className="muted">
        {missing ? "This shared result does not exist or its link was revoked." : "Please try again later."}
      </p>
    </main>
  );
}
