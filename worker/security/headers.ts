import type { PublicConfig } from "../env";
import { SENTRY_BUNDLE_ORIGIN, SENTRY_LOADER_ORIGIN } from "./sentry-dsn";

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Content-Security-Policy allowing only the origins that configured integrations need (issue 2): with
 * nothing configured the page can reach only itself.
 */
export function contentSecurityPolicy(config: PublicConfig, nonce: string): string {
  const script = ["'self'", `'nonce-${nonce}'`];
  const connect = ["'self'"];
  const frame: string[] = [];
  const img = ["'self'", "data:"];
  if (!config.turnstileTestMode) {
    script.push("https://challenges.cloudflare.com");
    frame.push("https://challenges.cloudflare.com");
  }
  const analytics = originOf(config.analyticsScriptUrl);
  if (analytics) {
    script.push(analytics);
    connect.push(analytics);
  }
  if (config.segmentWriteKey) {
    script.push("https://cdn.segment.com");
    connect.push("https://api.segment.io", "https://cdn.segment.com");
  }
  if (config.sentry) {
    // The Loader Script, then the SDK bundle it fetches, then the events it sends.
    script.push(SENTRY_LOADER_ORIGIN, SENTRY_BUNDLE_ORIGIN);
    connect.push(config.sentry.ingestOrigin);
  }
  if (config.feedbackConfigured) {
    script.push("https://canny.io");
    connect.push("https://canny.io");
    frame.push("https://canny.io");
    img.push("https://canny.io", "https://canny-assets.io");
  }
  if (config.stripeConfigured) {
    // Stripe.js and its Elements and 3-D Secure frames (docs.stripe.com/security/guide#content-security-policy).
    script.push("https://js.stripe.com", "https://*.js.stripe.com");
    connect.push("https://api.stripe.com");
    frame.push("https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com");
  }
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(" ")}`,
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frame.length ? frame.join(" ") : "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
  return directives.join("; ");
}

export function applySecurityHeaders(
  response: Response,
  request: Request,
  config: PublicConfig,
  nonce: string,
): Response {
  const res = new Response(response.body, response);
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("text/html")) {
    res.headers.set("Content-Security-Policy", contentSecurityPolicy(config, nonce));
  }
  res.headers.set("X-Content-Type-Options", "nosniff");
  res.headers.set("X-Frame-Options", "DENY");
  res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  res.headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (new URL(request.url).protocol === "https:") {
    res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  return res;
}
