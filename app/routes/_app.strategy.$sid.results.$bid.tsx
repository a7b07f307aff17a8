import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { CompletedBanner } from "../components/results/completed-banner";
import { GraphPanel } from "../components/results/graph-panel";
import { LowerTabs } from "../components/results/lower-tabs";
import { loadMonteCarlo } from "../components/results/monte-carlo.server";
import { ProcessingBanner } from "../components/results/processing-banner";
import { ResultFiles } from "../components/results/result-files";
import {
  backtestId,
  backtestNotFound,
  isMissingBacktest,
  loadResultsScreen,
} from "../components/results/results.server";
import { ResultsHeader } from "../components/results/results-header";
import { CancelledBanner, ErrorBanner } from "../components/results/run-banners";
import { SharePanel } from "../components/results/share-panel";
import { SummaryBox } from "../components/results/summary-box";
import { isMissingStrategy, notFound, strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";
import { supportsCandles } from "../utils/results-view";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Backtest ${data.backtest.inputs.symbol} (${data.backtest.inputs.period}) · StratForge`
      : "Backtest results · StratForge",
  },
];

/**
 * One backtest's results (spec 2 s2 'Backtest results screen'). Only the graph and the lower tab in the URL
 * are read from storage; another user's or an unknown backtest is a 404 with the not-found screen.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const bid = backtestId(params.bid);
  try {
    const url = new URL(request.url);
    const screen = await loadResultsScreen(
      context.services.strategies.backtests,
      user.id,
      sid,
      bid,
      url.searchParams,
    );
    const completed = screen.backtest.processingStatus === "completed";
    const share = completed ? await context.services.strategies.shares.active(user.id, sid, bid) : null;
    // The Monte Carlo tab (issue 17) runs its simulation here when its form was sent; a refused form is a 400.
    const mc =
      completed && screen.tab === "robustness"
        ? await loadMonteCarlo(context.services.strategies.monteCarlo, user.id, sid, bid, url.searchParams)
        : null;
    return data(
      { ...screen, share, origin: url.origin, monteCarlo: mc?.view ?? null },
      { status: mc?.status ?? 200 },
    );
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    if (isMissingBacktest(e)) throw backtestNotFound();
    throw e;
  }
}

export default function BacktestResults() {
  const { backtest: bt, tab, graphData, tabData, share, origin, monteCarlo } = useLoaderData<typeof loader>();
  const canPlay = supportsCandles(bt.inputs.symbol);
  const exportBase = `/strategy/${bt.strId}/results/${bt.backtestId}/export`;
  return (
    <div className="results-screen">
      <ResultsHeader bt={bt} />
      {bt.processingStatus === "processing" ? (
        <ProcessingBanner
          backtestId={bt.backtestId}
          processing={bt.processing}
          progress={bt.progress}
          cancelAction={`/strategy/${bt.strId}/results/${bt.backtestId}/cancel`}
        />
      ) : null}
      {bt.processingStatus === "completed" && bt.isMessage ? (
        <CompletedBanner backtestId={bt.backtestId} notes={bt.notes} canPlay={canPlay} />
      ) : null}
      {bt.processingStatus === "error" && bt.cancelled ? (
        <CancelledBanner strId={bt.strId} message={bt.message} />
      ) : null}
      {bt.processingStatus === "error" && !bt.cancelled ? (
        <ErrorBanner strId={bt.strId} message={bt.message} />
      ) : null}
      <SummaryBox bt={bt} />
      {graphData ? <GraphPanel data={graphData} canPlay={canPlay} zone={bt.inputs.timeZone} /> : null}
      <LowerTabs bt={bt} data={tabData} current={tab} exportBase={exportBase} monteCarlo={monteCarlo} />
      {bt.processingStatus === "completed" ? (
        <>
          <ResultFiles
            base={`/strategy/${bt.strId}/results/${bt.backtestId}/file`}
            compare={`/strategy/${bt.strId}/compare?b=${bt.backtestId}`}
          />
          <SharePanel
            action={`/strategy/${bt.strId}/results/${bt.backtestId}/share`}
            token={share}
            origin={origin}
          />
        </>
      ) : null}
    </div>
  );
}

/** An unknown or foreign backtest id (spec 2 s2 'a not-found style screen'); anything else, the generic text. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="card narrow results-not-found">
      <h2>{missing ? "404. Backtest Not Found" : "Something went wrong"}</h2>
      <p className="muted">
        {missing
          ? "The backtest you are looking for does not exist or has been deleted."
          : "An error occurred. Please try again."}
      </p>
      <Link className="button primary" to="..">
        Back to the results
      </Link>
    </div>
  );
}
