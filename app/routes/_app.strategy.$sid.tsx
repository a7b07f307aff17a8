import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { isMissingStrategy, notFound, strategyId } from "../components/strategies/strategies.server";
import { strategiesStylesheet } from "../components/strategies/styles";
import { uiStylesheet } from "../components/ui/styles";
import { Tabs } from "../components/ui/tabs";
import { requireSubscriber } from "../utils/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.strategy.title ?? "Strategy"} · StratForge` },
];
export const links = () => [uiStylesheet, strategiesStylesheet];

/** The strategy page shell (spec 2 s2): one load for every tab; another user's id is simply not found. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  try {
    const s = await context.services.strategies.get(user.id, id);
    return {
      strategy: {
        strId: s.strId,
        title: s.title,
        hasCode: s.code.hasCode,
        backtestId: s.backtest?.backtestId ?? null,
        messages: s.messages,
        outline: s.outline,
      },
    };
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
}

export type StrategyLoader = typeof loader;

/**
 * The tabs follow the code's existence: a refused generation (no credits, 402) can remove the code, so the
 * shell reloads after every action, failed ones included (single fetch skips those by default).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult !== undefined ? true : defaultShouldRevalidate;

export default function StrategyPage() {
  const { strategy } = useLoaderData<typeof loader>();
  const base = `/strategy/${strategy.strId}`;
  // The Results tab links to the newest backtest but stays current on any backtest's results.
  const path = useLocation().pathname;
  const onResults = path.startsWith(`${base}/results`);
  // The trade rules form (issue 14) edits what the Build tab's summary shows: it belongs to that tab.
  const onBuild = path.startsWith(`${base}/build`) || path.startsWith(`${base}/rules`);
  return (
    <main className="page strategy-page">
      <div className="page-header">
        <h1>{strategy.title}</h1>
      </div>
      <Tabs
        label="Strategy"
        items={[
          { id: "build", label: "Build", to: `${base}/build`, active: onBuild },
          { id: "code", label: strategy.hasCode ? "Code" : "Generate Code", to: `${base}/code` },
          { id: "backtest", label: "Backtest", to: `${base}/backtest` },
          { id: "optimise", label: "Optimise", to: `${base}/optimise` },
          {
            id: "results",
            label: "Results",
            to: strategy.backtestId ? `${base}/results/${strategy.backtestId}` : `${base}/results`,
            active: onResults,
          },
        ]}
      />
      <Outlet />
    </main>
  );
}

/** Spec 2 s8: 'Strategy not found.' for a missing, archived or foreign id; the generic text otherwise. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page">
      <div className="card narrow">
        <p role="alert" className="form-error">
          {missing ? "Strategy not found." : "An error occurred. Please try again."}
        </p>
        <Link to="/" className="button">
          Go to My Strategies
        </Link>
      </div>
    </main>
  );
}
