// SSR render of a component inside a data router at a URL, the way Remix renders it on the server, so the
// kit's server HTML (first page, links, dialog open from a flag) can be checked without a browser.
// react-router-dom is what @remix-run/react is built on; its static router is enough for Link, Form and hooks.
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

export async function renderAt(url: string, element: ReactElement): Promise<string> {
  const routes = [{ path: "*", element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`https://x.test${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}
