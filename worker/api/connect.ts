import { sessionToken } from "../http/cookies";
import { errorBody } from "../http/envelope";
import { errors } from "../http/errors";
import { HUB_SESSION_EXPIRES_HEADER, HUB_SESSION_HEADER } from "../hubs/user-hub";
import { isCrossSiteSocket } from "../security/csrf";
import type { Services } from "../services/context";

/**
 * `GET /ai/connect` (DESIGN D7): the session cookie is checked here, in the worker; the upgrade is then
 * handed to the user's UserHub with the session it was opened by, and the hub holds the socket with the
 * hibernation API until the session ends. The 101 answer goes back
 * untouched (re-wrapping it for headers would drop the socket).
 */
export async function connectLiveEvents(request: Request, services: Services): Promise<Response> {
  if (request.method !== "GET") return Response.json(errorBody(errors.notFound("Action")), { status: 405 });
  if (isCrossSiteSocket(request)) return Response.json(errorBody(errors.forbiddenOrigin()), { status: 403 });
  const user = await services.accounts.sessionUser(sessionToken(request));
  if (!user) return Response.json(errorBody(errors.notLogged()), { status: 401 });
  // Events are about strategies, which are for subscribers only (spec 2 s6).
  if (!user.subscription) return Response.json(errorBody(errors.subscriptionRequired()), { status: 403 });
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return Response.json(errorBody(errors.validation("upgrade", "Expected a WebSocket upgrade.")), {
      status: 426,
    });
  }
  // The hub tags the socket with its session, so sign-out, a password reset or the session's expiry closes it.
  // Set here (never taken from the client): the browser's own headers of these names are replaced.
  const headers = new Headers(request.headers);
  headers.set(HUB_SESSION_HEADER, user.session.id);
  headers.set(HUB_SESSION_EXPIRES_HEADER, String(user.session.expiresAt));
  const hub = services.env.USER_HUB;
  return hub.get(hub.idFromName(user.id)).fetch(new Request(request, { headers }));
}
