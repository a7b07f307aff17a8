import { withSentry } from "@sentry/cloudflare";
import { sentryBrowser } from "../security/sentry-dsn";

/**
 * Server-side error reporting through Sentry's SDK for Workers (DESIGN D15). Only a well-formed DSN turns it on
 * (the same rule as the browser's loader, worker/security/sentry-dsn.ts); otherwise the handler runs unwrapped
 * and nothing is sent. No `tracesSampleRate`: errors only, no
 * performance tracing, and no personal data (the SDK's default).
 */
export function sentryEnabled(dsn: string | undefined): dsn is string {
  return sentryBrowser(dsn) !== null;
}

interface Handler<E> {
  fetch(request: Request, env: E, ctx: ExecutionContext): Promise<Response>;
  scheduled(controller: ScheduledController, env: E, ctx: ExecutionContext): Promise<void>;
}

/**
 * The worker's handler, wrapped with `withSentry` for the requests whose env carries a valid SENTRY_DSN. The
 * env is only known per request, so the choice is made there; both handlers are built once per isolate.
 */
export function withErrorReporting<E extends { SENTRY_DSN?: string; APP_ENV?: string }>(
  handler: Handler<E>,
): Handler<E> {
  const reported = withSentry(
    (env: E) => ({
      dsn: env.SENTRY_DSN,
      environment: env.APP_ENV ?? "production",
    }),
    handler,
  );
  return {
    fetch: (request, env, ctx) =>
      (sentryEnabled(env.SENTRY_DSN) ? reported : handler).fetch(request, env, ctx),
    scheduled: (controller, env, ctx) =>
      (sentryEnabled(env.SENTRY_DSN) ? reported : handler).scheduled(controller, env, ctx),
  };
}
