import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { serveApi } from "./api";
import { connectLiveEvents } from "./api/connect";
import type { Env } from "./env";
import { publicConfig, readConfig } from "./env";
import { errorBody } from "./http/envelope";
import { errors } from "./http/errors";
import { installReadableZodMessages } from "./http/zod-messages";
import { BacktestRunner as Runner } from "./hubs/backtest-runner";
import { OptimiseCoordinator as Coordinator } from "./hubs/optimise-coordinator";
import { OptimiseWorker as OptWorker } from "./hubs/optimise-worker";
import { UserHub as Hub } from "./hubs/user-hub";
import { runMarketIngest } from "./jobs/market-ingest";
import { runRenewals } from "./jobs/renewals";
import { log, withDurableObjectErrorReporting, withErrorReporting } from "./log";
import { isCrossSiteWrite } from "./security/csrf";
import { applySecurityHeaders } from "./security/headers";
import { createServices } from "./services/context";

// The Durable Objects report their errors to Sentry like the handlers below when SENTRY_DSN is set (DESIGN D15).
export const BacktestRunner = withDurableObjectErrorReporting(Runner);
export const UserHub = withDurableObjectErrorReporting(Hub);
export const OptimiseCoordinator = withDurableObjectErrorReporting(Coordinator);
export const OptimiseWorker = withDurableObjectErrorReporting(OptWorker);

// Every zod issue a schema leaves without its own text reads as a sentence, in the API and the pages alike.
installReadableZodMessages();

const remixBuild: ServerBuild = build;
const handleRemix = createRequestHandler(remixBuild, remixBuild.mode);

/** Paths served by the Hono JSON API (DESIGN D1); everything else is the Remix app. */
const API_PREFIXES = ["/api/", "/ai/", "/datafeed/", "/webhooks/", "/admin/"];

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname.startsWith(p));
}

function nonce(): string {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(buf);
  return btoa(String.fromCharCode(...buf));
}

const handler = {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    const config = readConfig(env);
    const pub = publicConfig(config);
    const cspNonce = nonce();
    // Webhooks are signed by their sender, not authenticated by cookie, so the origin check does not apply.
    if (!url.pathname.startsWith("/webhooks/") && isCrossSiteWrite(request)) {
      return applySecurityHeaders(
        Response.json(errorBody(errors.forbiddenOrigin()), { status: 403 }),
        request,
        pub,
        cspNonce,
      );
    }
    const services = createServices(env);
    // The WebSocket upgrade answers 101 with the socket attached; it is returned as is (DESIGN D7).
    if (url.pathname === "/ai/connect") return connectLiveEvents(request, services);
    let response: Response;
    if (isApiPath(url.pathname)) {
      response = await serveApi(request, services, ctx);
    } else {
      response = await handleRemix(request, {
        cloudflare: { env, ctx },
        services,
        publicConfig: pub,
        cspNonce,
      });
    }
    return applySecurityHeaders(response, request, pub, cspNonce);
  },

  async scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
    // Each job logs its own outcome (DESIGN D15); this line ties the run to its cron expression. Awaited, not
    // waitUntil: a failed job makes the cron run itself fail (visible in the dashboard and reported to Sentry).
    log.info("cron.start", { cron: controller.cron, scheduledAt: controller.scheduledTime });
    await Promise.all([
      runRenewals(createServices(env), controller.scheduledTime),
      // Real prices: the feed's hours since the last stored one (the run's time is its clock).
      runMarketIngest(createServices(env, { now: () => controller.scheduledTime })),
    ]);
  },
};

// Errors of both handlers go to Sentry when SENTRY_DSN is set (DESIGN D15); without it the handler runs as is.
export default withErrorReporting(handler) satisfies ExportedHandler<Env>;
