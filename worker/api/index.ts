import { sessionToken } from "../http/cookies";
import { AppError } from "../http/errors";
import type { Services } from "../services/context";
import { createAdminApi } from "./admin";
import { createApiApp } from "./app";
import { authApi } from "./auth";
import { billingApi } from "./billing";
import { datafeedApi } from "./datafeed";
import { optimisationsApi } from "./optimisations";
import { strategiesApi } from "./strategies";

/**
 * The JSON API of the spec (DESIGN D1): `POST /api/{action}` with the envelope. Sub-apps per area are
 * mounted here with `app.route` (D10). Built once per isolate: routing tables are compiled on the first
 * request and reused; what changes per request (the services) arrives as the app's bindings.
 */
function buildApi() {
  const app = createApiApp();
  app.use("*", async (c, next) => {
    const services = c.env.services;
    c.set("services", services);
    // Candles and webhooks never act as a user: no session lookup (and no D1 query) for them.
    const path = new URL(c.req.url).pathname;
    const anonymous = path.startsWith("/datafeed/") || path.startsWith("/webhooks/");
    c.set("user", anonymous ? null : await services.accounts.sessionUser(sessionToken(c.req.raw)));
    await next();
  });
  app.route("/api", authApi);
  app.route("/ai", strategiesApi);
  app.route("/api", strategiesApi);
  app.route("/ai", optimisationsApi);
  app.route("/api", optimisationsApi);
  app.route("/", billingApi);
  app.route("/datafeed", datafeedApi);
  app.route("/admin", createAdminApi());
  app.all("*", (c) => {
    throw new AppError(
      "ACTION_NOT_FOUND",
      404,
      "This action does not exist.",
      `Unknown action: ${c.req.method} ${new URL(c.req.url).pathname}`,
    );
  });
  return app;
}

const api = buildApi();

/** Answers one API request with that request's services. */
export function serveApi(request: Request, services: Services, ctx: ExecutionContext): Promise<Response> {
  return Promise.resolve(api.fetch(request, { services }, ctx));
}

/** The API bound to one set of services (tests with their own clock or providers); the app is still shared. */
export function createApi(services: Services) {
  return {
    fetch: (request: Request, _env: unknown, ctx: ExecutionContext) => serveApi(request, services, ctx),
  };
}
