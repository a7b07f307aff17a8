import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody, okBody } from "../http/envelope";
import { AppError, errors } from "../http/errors";
import type { SessionUser } from "../services/accounts";
import type { Services } from "../services/context";

/**
 * What the worker hands the API with each request (`app.fetch(request, bindings, ctx)`, seen as `c.env`):
 * the request's services rather than the raw bindings, so one app serves every request of the isolate and
 * handlers reach D1, R2 and the Durable Objects only through the service layer (DESIGN D1).
 */
export type ApiBindings = { services: Services };

export type ApiEnv = { Bindings: ApiBindings; Variables: { services: Services; user: SessionUser | null } };

export const API_BODY_LIMIT = 64 * 1024;

export function createApiApp() {
  const app = new Hono<ApiEnv>();
  const limit = bodyLimit({
    maxSize: API_BODY_LIMIT,
    onError: () => {
      throw errors.payloadTooLarge(API_BODY_LIMIT);
    },
  });
  // Admin uploads (price files, tens of MB) are token-protected and enforce their own limit.
  app.use("*", (c, next) => (c.req.path.startsWith("/admin/") ? next() : limit(c, next)));
  // DESIGN D10: one onError that maps typed errors to the envelope; anything else is a 500 with a generic text.
  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json(errorBody(err), err.status as 400);
    }
    console.error("unhandled API error", err);
    return c.json(
      errorBody(new AppError("INTERNAL_ERROR", 500, "An error occurred. Please try again.")),
      500,
    );
  });
  return app;
}

export function ok<T>(data: T): Response {
  return Response.json(okBody(data));
}

export function requireSessionUser(user: SessionUser | null): SessionUser {
  if (!user) throw errors.notLogged();
  return user;
}

/** Strategy calls and live events are for subscribers only, as the pages are (spec 1 s2, spec 2 s6). */
export function requireSubscriber(user: SessionUser | null): SessionUser {
  const signedIn = requireSessionUser(user);
  if (!signedIn.subscription) throw errors.subscriptionRequired();
  return signedIn;
}
