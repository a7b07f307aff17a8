import type { DurableObject } from "cloudflare:workers";
import { instrumentDurableObjectWithSentry, withSentry } from "@sentry/cloudflare";
import type { Env } from "../env";
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

interface ReportingEnv {
  SENTRY_DSN?: string;
  APP_ENV?: string;
}

/** The SDK's options from the env: errors only (no tracesSampleRate), tagged with the deployment. */
function sentryOptions(env: ReportingEnv) {
  return { dsn: env.SENTRY_DSN, environment: env.APP_ENV ?? "production" };
}

interface Handler<E> {
  fetch(request: Request, env: E, ctx: ExecutionContext): Promise<Response>;
  scheduled(controller: ScheduledController, env: E, ctx: ExecutionContext): Promise<void>;
}

/**
 * The worker's handler, wrapped with `withSentry` for the requests whose env carries a valid SENTRY_DSN. The
 * env is only known per request, so the choice is made there; both handlers are built once per isolate.
 */
export function withErrorReporting<E extends ReportingEnv>(handler: Handler<E>): Handler<E> {
  const reported = withSentry(sentryOptions, handler);
  return {
    fetch: (request, env, ctx) =>
      (sentryEnabled(env.SENTRY_DSN) ? reported : handler).fetch(request, env, ctx),
    scheduled: (controller, env, ctx) =>
      (sentryEnabled(env.SENTRY_DSN) ? reported : handler).scheduled(controller, env, ctx),
  };
}

/** The env a Durable Object is constructed with, read without trusting its type (it is the runtime's object). */
function dsnOf(env: unknown): string | undefined {
  if (typeof env !== "object" || env === null || !("SENTRY_DSN" in env)) return undefined;
  return typeof env.SENTRY_DSN === "string" ? env.SENTRY_DSN : undefined;
}

function appEnvOf(env: unknown): string | undefined {
  if (typeof env !== "object" || env === null || !("APP_ENV" in env)) return undefined;
  return typeof env.APP_ENV === "string" ? env.APP_ENV : undefined;
}

/**
 * A Durable Object class whose instances are instrumented with `instrumentDurableObjectWithSentry` when their
 * env carries a valid SENTRY_DSN (fetch, alarm, WebSocket handlers and RPC methods report their uncaught errors,
 * and `log.error` inside them reaches Sentry), and are the plain class otherwise. Like the worker's handler,
 * the choice is made where the env is known: here, when the runtime constructs the object.
 */
export function withDurableObjectErrorReporting<
  C extends new (
    ctx: DurableObjectState,
    env: Env,
  ) => DurableObject<Env>,
>(DurableObjectClass: C): C {
  const reported = instrumentDurableObjectWithSentry(
    (env: unknown) => ({ dsn: dsnOf(env), environment: appEnvOf(env) ?? "production" }),
    DurableObjectClass,
  );
  return new Proxy(DurableObjectClass, {
    construct(target, args, newTarget) {
      const chosen = sentryEnabled(dsnOf(args[1])) ? reported : target;
      return Reflect.construct(chosen, args, newTarget);
    },
  });
}
