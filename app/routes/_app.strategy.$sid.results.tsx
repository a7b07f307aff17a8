import type { LinksFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { chartLinks } from "../components/charts/links";
import { resultsStylesheet } from "../components/results/styles";
import { strategiesStylesheet } from "../components/strategies/styles";
import { uiStylesheet } from "../components/ui/styles";

/** The results tab (spec 2 s2): its stylesheets for both the no-backtest page and a backtest's results. */
export const links: LinksFunction = () => [
  uiStylesheet,
  strategiesStylesheet,
  ...chartLinks(),
  resultsStylesheet,
];

export default function ResultsTab() {
  return <Outlet />;
}
