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

/**
 * A WebSocket handshake is a GET, so isCrossSiteWrite lets it through, yet it opens a channel that carries the
 * user's live events (DESIGN D7). Browsers always send Origin on a WebSocket handshake: another site's page
 * must not open one with our cookie (cross-site WebSocket hijacking).
 */
export function isCrossSiteSocket(request: Request): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && origin !== new URL(request.url).origin;
}
