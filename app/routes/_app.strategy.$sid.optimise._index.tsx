import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { optimisationLimit } from "../../worker/billing";
import { BACKTEST_LIMITS } from "../../worker/services";
import { chartLinks } from "../components/charts/links";
import {
  listOptimisations,
  OptimiseFormErrors,
  runWalkForward,
  startOptimisation,
} from "../components/optimise/optimise.server";
import { OptimiseForm } from "../components/optimise/optimise-form";
import { readOptimisationEvent } from "../components/optimise/use-optimisation-events";
import { WalkForwardResult } from "../components/optimise/walk-forward-result";
import { isMissingStrategy, notFound, strategyId } from "../components/strategies/strategies.server";
import { uiStylesheet } from "../components/ui/styles";
import codeBacktestCss from "../styles/code-backtest.css?url";
import optimiseCss from "../styles/optimise.css?url";
import { requireSubscriber } from "../utils/auth.server";
import { isoDay } from "../utils/backtest-form";
import { symbolOptions } from "../utils/backtest-form.server";
import { readForm } from "../utils/form.server";
import { formatMetric } from "../utils/format";
import { useLiveEvents } from "../utils/live-events";
import {
  defaultOptimiseValues,
  formInputs,
  parseOptimiseForm,
  postedOptimiseValues,
} from "../utils/optimise-form.server";
import type { StrategyLoader } from "./_app.strategy.$sid";

export const links = () => [
  uiStylesheet,
  ...chartLinks(),
  { rel: "stylesheet", href: codeBacktestCss },
  { rel: "stylesheet", href: optimiseCss },
];

async function strategySpec(context: LoaderFunctionArgs["context"], userId: string, id: number) {
  try {
    return (await context.services.strategies.details(userId, id)).main.spec;
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
}

/** The Optimise tab (issue 17): the form, computed here with its defaults so it is whole without JavaScript. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  const spec = await strategySpec(context, user.id, id);
  const inputs = formInputs(spec);
  const now = Date.now();
  return {
    strId: String(id),
    history: await listOptimisations(context, user, id),
    inputs,
    values: defaultOptimiseValues(now, inputs),
    symbols: symbolOptions(),
    limit: optimisationLimit(user.subscription?.slug ?? "free"),
    planName: user.subscription?.name ?? "Free",
    today: isoDay(now),
    firstDay: BACKTEST_LIMITS.firstDay,
  };
}

/**
 * "count" answers the form again with its combinations (the count without JavaScript); "start" validates the
 * form and starts the optimisation, then shows its page, where its progress arrives live.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  const posted = await readForm(request);
  const spec = await strategySpec(context, user.id, id);
  const inputs = formInputs(spec);
  const now = Date.now();
  const values = postedOptimiseValues(posted, inputs, defaultOptimiseValues(now, inputs));
  if (!spec)
    return data({ values, errors: { inputs: "This strategy has no spec yet." }, message: null }, 400);
  if (posted.intent === "count") return { values, errors: {}, message: null };
  const limit = optimisationLimit(user.subscription?.slug ?? "free");
  const parsed = parseOptimiseForm(posted, spec, isoDay(now), limit);
  if (!parsed.ok) return data({ values, errors: parsed.errors, message: null }, 400);
  if (posted.intent === "walk-forward") {
    // Walk-forward (issue 17 Robustness) runs in this request and answers the form with its windows.
    try {
      const walkForward = await runWalkForward(context, user, id, parsed.request, posted);
      return { values, errors: {}, message: null, walkForward };
    } catch (e) {
      if (e instanceof OptimiseFormErrors)
        return data({ values, errors: e.errors, message: e.formMessage }, e.status);
      if (isMissingStrategy(e)) throw notFound();
      throw e;
    }
  }
  try {
    const { optId } = await startOptimisation(context, user, id, parsed.request, posted.forward ?? "none");
    // Its page shows the progress live (or on reload without JavaScript), then the results.
    return redirect(`/strategy/${id}/optimise/${optId}`);
  } catch (e) {
    if (e instanceof OptimiseFormErrors)
      return data({ values, errors: e.errors, message: e.formMessage }, e.status);
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
}

export default function OptimiseIndex() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const parent = useRouteLoaderData<StrategyLoader>("routes/_app.strategy.$sid");
  const revalidator = useRevalidator();
  // The history follows the strategy's optimisations as they start and end (in this tab or another).
  useLiveEvents((event) => {
    const e = readOptimisationEvent(event);
    if (e?.finished && revalidator.state === "idle") revalidator.revalidate();
  });
  if (parent && !parent.strategy.hasCode) return <p className="tab-message">Algo code not found</p>;
  return (
    <div className="optimise-page">
      <OptimiseForm
        inputs={page.inputs}
        symbols={page.symbols}
        values={answer?.values ?? page.values}
        errors={answer?.errors ?? {}}
        message={answer?.message ?? null}
        limit={page.limit}
        planName={page.planName}
        today={page.today}
        firstDay={page.firstDay}
      />
      {answer && "walkForward" in answer && answer.walkForward ? (
        <WalkForwardResult view={answer.walkForward} />
      ) : null}
      {page.history.length > 0 ? (
        <section className="card optimise-history" aria-labelledby="opt-history-title">
          <h2 id="opt-history-title">Optimisations</h2>
          <ul>
            {page.history.map((o) => (
              <li key={o.optId}>
                <Link to={`/strategy/${page.strId}/optimise/${o.optId}`}>Optimisation {o.optId}</Link>
                {`: ${o.status}, ${o.runs} runs of ${o.inputs} (${o.criterionLabel}${o.best === null ? "" : `, best ${formatMetric(o.best)}`})`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
