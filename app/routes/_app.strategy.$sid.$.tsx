import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useParams, useRouteLoaderData } from "@remix-run/react";
import type { StrategyLoader } from "./_app.strategy.$sid";

const TABS = /^(code|backtest|results(\/\d{1,15})?)\/?$/;

/** The code, backtest and results tabs, until their screens land: known tabs render, anything else is 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!TABS.test(params["*"] ?? "")) throw new Response("Not Found", { status: 404 });
  return null;
}

export default function StrategyTabPlaceholder() {
  const parent = useRouteLoaderData<StrategyLoader>("routes/_app.strategy.$sid");
  const tab = (useParams()["*"] ?? "").split("/")[0];
  const hasCode = parent?.strategy.hasCode ?? false;
  if ((tab === "backtest" || tab === "results") && !hasCode) {
    return <p className="tab-message">Algo code not found</p>;
  }
  return (
    <p className="tab-message muted">
      {tab === "code" && !hasCode ? "Code generation" : "This screen"} is coming soon.
    </p>
  );
}
