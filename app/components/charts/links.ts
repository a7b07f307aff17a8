import type { LinksFunction } from "@remix-run/cloudflare";
import chartsCss from "./charts.css?url";

/** The charts' stylesheet: add to the `links` of any route that shows a chart. */
export const chartLinks: LinksFunction = () => [{ rel: "stylesheet", href: chartsCss }];
