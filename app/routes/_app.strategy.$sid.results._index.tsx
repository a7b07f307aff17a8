import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import { isMissingStrategy, notFound, strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";
import type { StrategyLoader } from "./_app.strategy.$sid";

/** /strategy/{sid}/results without a backtest id: the newest backtest's results when there is one. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  try {
    const s = await context.services.strategies.get(user.id, id);
    const latest = s.backtest?.backtestId;
    if (latest) throw redirect(`/strategy/${id}/results/${latest}`);
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
  return null;
}

/** Spec 2 s2: 'Algo code not found' without code, else 'Create a backtest to view results.' */
export default function NoBacktest() {
  const parent = useRouteLoaderData<StrategyLoader>("routes/_app.strategy.$sid");
  if (!parent?.strategy.hasCode) return <p className="tab-message">Algo code not found</p>;
  return <p className="tab-message results-empty">Create a backtest to view results.</p>;
}
