/**
 * DESIGN D3: state-changing requests authenticated by cookie must come from our own pages. Browsers send
 * Origin on every cross-origin and same-origin POST; Sec-Fetch-Site backs it up. Requests without either
 * header are not from a browser, so they cannot carry a victim's cookie by accident.
 */
export function isCrossSiteWrite(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const url = new URL(request.url);
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return origin !== url.origin;
  if (origin === "null") return true;
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
