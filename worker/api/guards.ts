import type { MiddlewareHandler } from "hono";
import type { SessionUser } from "../services/accounts";
import { type ApiEnv, requireSessionUser, requireSubscriber } from "./app";

/** What a guarded route sees: the session's user, never null (the guard has answered otherwise). */
export type SignedInEnv = { Variables: { user: SessionUser } };

/**
 * A route guard: checks the user the API resolved for the request and narrows `c.get("user")` for the
 * handlers after it. Attached per route, not with a sub-app's `use("*")`: sub-apps share the /api prefix, and
 * Hono runs a mounted sub-app's `use("*")` for every /api route mounted after it (the 404 included).
 */
function guard(check: (user: SessionUser | null) => SessionUser): MiddlewareHandler<ApiEnv & SignedInEnv> {
  return async (c, next) => {
    c.set("user", check(c.get("user")));
    await next();
  };
}

/** A session is required (USER_NOT_LOGGED otherwise). */
export const signedIn = guard(requireSessionUser);

/** A session with a subscription (strategy calls, spec 2 s6). */
export const subscriber = guard(requireSubscriber);
