import type { PublicConfig } from "../../worker/env";

/**
 * Analytics, customer-data and error-reporting scripts (spec 1 s6-7): rendered only when configured, and the
 * root leaves them out for internal users. With nothing configured the page makes no outside request.
 */
export function ExternalScripts({ config, nonce }: { config: PublicConfig; nonce: string }) {
  return (
    <>
      {config.analyticsScriptUrl ? (
        <script
          nonce={nonce}
          defer
          src={config.analyticsScriptUrl}
          data-website-id={config.analyticsSiteId ?? undefined}
        />
      ) : null}
      {config.segmentWriteKey ? (
        <script
          nonce={nonce}
          defer
          src={`https://cdn.segment.com/analytics.js/v1/${encodeURIComponent(config.segmentWriteKey)}/analytics.min.js`}
        />
      ) : null}
      {config.sentryDsn ? (
        <script
          nonce={nonce}
          defer
          src="https://browser.sentry-cdn.com/8.55.0/bundle.min.js"
          data-dsn={config.sentryDsn}
        />
      ) : null}
    </>
  );
}
