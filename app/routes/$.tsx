import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [{ title: "Page not found · StratForge" }];

/** Any unmatched path (spec 1 s2): a real 404 status, so the root boundary shows the not-found page. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
