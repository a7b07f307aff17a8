import { z } from "zod";

/**
 * A Sentry DSN reads https://PUBLIC_KEY@oNNN.ingest.sentry.io/PROJECT. The browser needs two things from it:
 * the Loader Script (which initialises the SDK itself with this key; a bare CDN bundle would wait for a
 * `Sentry.init` call nobody makes) and the ingest origin that events are sent to (CSP connect-src).
 * A malformed DSN gives null, so nothing is loaded rather than a broken or injected script address.
 */
const dsnSchema = z
  .string()
  .transform((value, ctx) => {
    try {
      return new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "not a URL" });
      return z.NEVER;
    }
  })
  .refine((url) => url.protocol === "https:", "not https")
  // Sentry's public keys are hex; anything else could not name a loader file and is refused.
  .refine((url) => /^[0-9a-f]+$/i.test(url.username), "no public key")
  .refine((url) => url.password === "", "a secret key does not belong in a browser DSN")
  .refine((url) => /^\/(?:[^/]+\/)*\d+$/.test(url.pathname), "no project id");

export interface SentryBrowser {
  loaderUrl: string;
  ingestOrigin: string;
}

export const SENTRY_LOADER_ORIGIN = "https://js.sentry-cdn.com";
/** The loader fetches the SDK bundle itself from here. */
export const SENTRY_BUNDLE_ORIGIN = "https://browser.sentry-cdn.com";

export function sentryBrowser(dsn: string | null | undefined): SentryBrowser | null {
  if (!dsn) return null;
  const parsed = dsnSchema.safeParse(dsn);
  if (!parsed.success) return null;
  const url = parsed.data;
  return {
    loaderUrl: `${SENTRY_LOADER_ORIGIN}/${url.username.toLowerCase()}.min.js`,
    ingestOrigin: url.origin,
  };
}
