import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { ExternalScripts } from "./components/external-scripts";
import { NotFound } from "./components/not-found";
import { uiStylesheet } from "./components/ui/styles";
import appCss from "./styles/app.css?url";
import { getUser } from "./utils/auth.server";
import { useNonce } from "./utils/nonce";
import { themeFor } from "./utils/theme.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  uiStylesheet,
  { rel: "icon", href: "/logo.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "StratForge: build, backtest and deploy trading bots" },
  {
    name: "description",
    content: "Describe a trading strategy in plain words and get a backtested MetaTrader 5 expert advisor.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const { theme, stored } = themeFor(request);
  return {
    user: user
      ? { name: user.name, email: user.email, internal: user.internal, subscription: user.subscription }
      : null,
    theme,
    themeStored: stored,
    config: context.publicConfig,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * Without a stored preference the server can only follow the Sec-CH-Prefers-Color-Scheme hint, which only
 * Chromium sends. This runs in the head before the body is parsed, so other browsers get the system scheme
 * on the first paint too (no flash). It carries the CSP nonce like every inline script.
 */
const SYSTEM_THEME = `(function(){try{var t=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";var d=document.documentElement;d.className=t;d.setAttribute("data-theme",t);var m=document.querySelector('meta[name="color-scheme"]');if(m)m.setAttribute("content",t)}catch(e){}})()`;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const theme = data?.theme ?? "light";
  const themeStored = data?.themeStored ?? false;
  // React leaves <html> alone while its props do not change, so a stored choice that happens to equal the
  // server's default must still replace what the head script applied from the system scheme.
  useEffect(() => {
    if (!themeStored) return;
    const root = document.documentElement;
    root.className = theme;
    root.dataset.theme = theme;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", theme);
  }, [theme, themeStored]);
  return (
    <html lang="en" className={theme} data-theme={theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme} suppressHydrationWarning />
        {data && !themeStored ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no user data; as JSX text React would escape its quotes
            dangerouslySetInnerHTML={{ __html: SYSTEM_THEME }}
          />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {data?.config && !data.user?.internal ? <ExternalScripts config={data.config} nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  // Marks the page as interactive, so tests (and styles) can tell a hydrated page from the server's HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** One boundary for every status (DESIGN D10): 404s get the not-found page, anything else the spec's title. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refused request (e.g. a form too large, app/utils/form.server.ts) carries a message for the person.
  const told =
    isRouteErrorResponse(error) && status < 500 && typeof error.data === "string" && error.data
      ? error.data
      : null;
  return (
    <main className="centered-page">
      <div className="card narrow">
        <h1>Unexpected Application Error!</h1>
        <p className="muted" role={told ? "alert" : undefined}>
          {told ??
            (status === 500
              ? "Something went wrong while showing this page."
              : `The server answered ${status}.`)}
        </p>
        <a className="button primary" href="/">
          Go to My Strategies
        </a>
      </div>
    </main>
  );
}
