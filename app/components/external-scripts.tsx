import type { PublicConfig } from "../../worker/env";
import { segmentScriptUrl, segmentSnippet } from "../utils/segment-snippet";

/**
 * Analytics, customer-data and error-reporting scripts (spec 1 s6-7): rendered only when configured, and the
 * root leaves them out for internal users. With nothing configured the page makes no outside request.
 */
export function ExternalScripts({ config, nonce }: { config: PublicConfig; nonce: string }) {
  return (
    <>
      {config.sentry ? (
        // Sentry's Loader Script initialises the SDK with the DSN's key by itself (no Sentry.init needed).
        // Not deferred: it runs before the app's module scripts, so it can catch their errors.
        <script nonce={nonce} src={config.sentry.loaderUrl} crossOrigin="anonymous" />
      ) : null}
      {config.analyticsScriptUrl ? (
        <script
          nonce={nonce}
          defer
          src={config.analyticsScriptUrl}
          data-website-id={config.analyticsSiteId ?? undefined}
        />
      ) : null}
      {config.segmentWriteKey ? (
        <>
          <script
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the write key is JSON-encoded with <, > and & escaped (segmentSnippet)
            dangerouslySetInnerHTML={{ __html: segmentSnippet(config.segmentWriteKey) }}
          />
          <script nonce={nonce} defer src={segmentScriptUrl(config.segmentWriteKey)} />
        </>
      ) : null}
    </>
  );
}
