import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { sessionToken } from "../../worker/http";
import type { SessionUser } from "../../worker/services";

/** DESIGN D10 guards: they throw Responses so a loader reads as its happy path. */

export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return context.services.accounts.sessionUser(sessionToken(request));
}

/** Spec 1 s4 USER_NOT_LOGGED: go to /sign/up remembering path and query. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(back === "/" ? "/sign/up" : `/sign/up?redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}

/** A session without a subscription goes to /subscribe (spec 1 s2, spec 3 s6). */
export async function requireSubscriber(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.subscription) throw redirect("/subscribe");
  return user;
}

export { safeRedirect } from "./redirect";
