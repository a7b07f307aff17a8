import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { chartLinks } from "../components/charts/links";
import { HEATMAP_PARAMS, OptimiseHeatmap } from "../components/optimise/heatmap";
import {
  applyRun,
  loadOptimisation,
  optimisationId,
  passNumber,
  RESULTS_PAGE_SIZE,
} from "../components/optimise/optimise.server";
import { OptimiseProgress } from "../components/optimise/progress-banner";
import { OptimiseResultsTable } from "../components/optimise/results-table";
import { AppliedNote, BestRun, RunFacts } from "../components/optimise/run-summary";
import { useOptimisationEvents } from "../components/optimise/use-optimisation-events";
import { isMissingStrategy, notFound, strategyId } from "../components/strategies/strategies.server";
import { uiStylesheet } from "../components/ui/styles";
import codeBacktestCss from "../styles/code-backtest.css?url";
import optimiseCss from "../styles/optimise.css?url";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";
import { formatMetric } from "../utils/format";
import { heatmapAxes } from "../utils/optimise-heatmap";
import { tableStateFromSearch } from "../utils/table-state";

export const links = () => [
  uiStylesheet,
  ...chartLinks(),
  { rel: "stylesheet", href: codeBacktestCss },
  { rel: "stylesheet", href: optimiseCss },
];

/** Without JavaScript the page is reloaded by hand (or by the Refresh link) while the run goes on. */
const FALLBACK_POLL_MS = 5_000;

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
}

/** The table's sort (best first by default: the service's `result desc` is best first for every criterion). */
const DEFAULT_SORT = { id: "result", dir: "desc" } as const;

/** One optimisation (issue 17): its progress while it runs, then its results, heatmap, Apply and .set. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const oid = optimisationId(params.oid);
  const url = new URL(request.url);
  const table = tableStateFromSearch(url.searchParams, { sort: DEFAULT_SORT });
  const view = await guarded(() => loadOptimisation(context, user, sid, oid, table));
  const axes = heatmapAxes(
    view.names,
    url.searchParams.get(HEATMAP_PARAMS.x),
    url.searchParams.get(HEATMAP_PARAMS.y),
  );
  const appliedVersion = passNumber(url.searchParams.get("applied"));
  const appliedPass = passNumber(url.searchParams.get("appliedPass"));
  return {
    strId: String(sid),
    view,
    axes,
    applied: appliedVersion && appliedPass ? { version: appliedVersion, pass: appliedPass } : null,
  };
}

/** Apply (issue 17): a run's inputs become the strategy's new spec version; the page then says which. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const oid = optimisationId(params.oid);
  const form = await readForm(request);
  const pass = passNumber(form.pass);
  if (form.intent !== "apply" || pass === null)
    return data({ error: "Choose a run to apply: the form names no pass." }, 400);
  const { version } = await guarded(() => applyRun(context, user, sid, oid, pass));
  const url = new URL(request.url);
  url.searchParams.set("applied", String(version));
  url.searchParams.set("appliedPass", String(pass));
  return redirect(`${url.pathname}${url.search}`);
}

interface Live {
  done: number;
  planned: number;
  best: number | null;
}

export default function OptimisationPage() {
  const { strId, view, axes, applied } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [live, setLive] = useState<Live | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new load replaces the live figures
  useEffect(() => setLive(null), [view]);
  useOptimisationEvents(view.optId, (e) => {
    if (e.finished) {
      if (revalidator.state === "idle") revalidator.revalidate();
      return;
    }
    setLive({ done: e.done, planned: e.planned, best: e.best });
  });
  const running = view.status === "running";
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => revalidate(), FALLBACK_POLL_MS);
    return () => clearInterval(id);
  }, [running, revalidate]);

  const base = `/strategy/${strId}/optimise/${view.optId}`;
  const best = view.best;
  const liveBest = live?.best ?? best?.result ?? null;
  const actions = { applyAction: base, setHref: (pass: number) => `${base}/set?pass=${pass}` };
  return (
    <div className="optimise-page">
      <p>
        <Link to={`/strategy/${strId}/optimise`}>New optimisation</Link>
      </p>
      {applied ? <AppliedNote version={applied.version} pass={applied.pass} strId={strId} /> : null}
      {answer?.error ? (
        <p className="form-error" role="alert">
          {answer.error}
        </p>
      ) : null}
      {running ? (
        <OptimiseProgress
          done={live?.done ?? view.done}
          planned={live?.planned ?? view.planned}
          best={liveBest === null ? null : formatMetric(liveBest)}
          criterionLabel={view.criterionLabel}
          cancelAction={`${base}/cancel`}
          live={hydrated}
          refreshHref={`${location.pathname}${location.search}`}
        />
      ) : null}
      {view.status === "cancelled" ? (
        <p className="card optimise-status" role="status">
          Optimisation cancelled after {view.done} of {view.planned} runs: the runs made are below.
        </p>
      ) : null}
      {view.status === "error" ? (
        <p className="card form-error optimise-status" role="alert">
          The optimisation failed: {view.error ?? "an error occurred"}.
        </p>
      ) : null}
      <section className="card" aria-labelledby="opt-facts-title">
        <h2 id="opt-facts-title">Optimisation</h2>
        <RunFacts view={view} />
      </section>
      {best && !running ? (
        <BestRun
          row={best}
          names={view.names}
          criterionLabel={view.criterionLabel}
          applyAction={base}
          setHref={actions.setHref(best.pass)}
        />
      ) : null}
      {view.rows.length > 0 ? (
        <section className="card" aria-labelledby="opt-results-title">
          <h2 id="opt-results-title">Results</h2>
          <OptimiseResultsTable
            rows={view.rows}
            total={view.total}
            pageSize={RESULTS_PAGE_SIZE}
            names={view.names}
            forward={view.forward !== "none"}
            lowerIsBetter={view.lowerIsBetter}
            actions={running ? null : actions}
          />
        </section>
      ) : null}
      {axes && view.heatmap.length > 0 ? (
        <OptimiseHeatmap
          runs={view.heatmap}
          names={view.names}
          x={axes.x}
          y={axes.y}
          criterionLabel={view.criterionLabel}
          lowerIsBetter={view.lowerIsBetter}
        />
      ) : null}
    </div>
  );
}
