import { Hono } from "hono";
import { z } from "zod";
import {
  contactSchema,
  resetConfirmSchema,
  resetRequestSchema,
  resetTokenSchema,
  signInSchema,
  signUpSchema,
  sponsorSignUpSchema,
} from "../forms/auth";
import { clearSessionCookie, clientIp, sessionCookie, sessionToken } from "../http/cookies";
import { SESSION_TTL_MS, type SessionUser } from "../services/accounts";
import { createCannyToken } from "../services/canny";
import { type ApiEnv, ok } from "./app";
import { signedIn } from "./guards";
import { jsonBody } from "./validate";

const empty = z.object({}).strict().or(z.object({}).passthrough());

function meta(request: Request) {
  return { ip: clientIp(request), origin: new URL(request.url).origin };
}

function withSession(res: Response, token: string, url: string): Response {
  res.headers.append("Set-Cookie", sessionCookie(token, url, SESSION_TTL_MS / 1000));
  return res;
}

export function publicUser(user: SessionUser) {
  return { name: user.name, email: user.email, subscription: user.subscription, internal: user.internal };
}

/** Spec 1 s7: the foundation's actions under POST /api/{action}. */
export const authApi = new Hono<ApiEnv>()
  // The body is checked before the session here (as ever): /auth is how a client asks "am I signed in?".
  .post("/auth", jsonBody(empty), signedIn, (c) => ok(publicUser(c.get("user"))))
  .post("/sign/in", jsonBody(signInSchema), async (c) => {
    const input = c.req.valid("json");
    const { token } = await c.get("services").accounts.signIn(input, meta(c.req.raw));
    return withSession(ok({ redirectTo: "/" }), token, c.req.url);
  })
  .post("/sign/up", jsonBody(signUpSchema), async (c) => {
    const input = c.req.valid("json");
    const { token } = await c.get("services").accounts.signUp(input, meta(c.req.raw));
    return withSession(ok({ redirectTo: "/" }), token, c.req.url);
  })
  .post("/sign/up/sponsor", jsonBody(sponsorSignUpSchema), async (c) => {
    const input = c.req.valid("json");
    const { token } = await c.get("services").accounts.sponsorSignUp(input, meta(c.req.raw));
    return withSession(ok({ redirectTo: "/" }), token, c.req.url);
  })
  .post("/sign/out", jsonBody(empty), async (c) => {
    await c.get("services").accounts.signOut(sessionToken(c.req.raw));
    const res = ok({});
    res.headers.append("Set-Cookie", clearSessionCookie(c.req.url));
    return res;
  })
  .post("/message/new", signedIn, jsonBody(contactSchema), async (c) => {
    const user = c.get("user");
    const { message } = c.req.valid("json");
    await c.get("services").accounts.sendContact(user, message, meta(c.req.raw));
    return ok({});
  })
  .post("/canny/token", signedIn, jsonBody(empty), async (c) => {
    const user = c.get("user");
    const userToken = await createCannyToken(c.get("services").config, user);
    return ok({ userToken });
  })
  .post("/password_reset_request", jsonBody(resetRequestSchema), async (c) => {
    const { email } = c.req.valid("json");
    await c.get("services").accounts.requestPasswordReset(email, meta(c.req.raw));
    return ok({});
  })
  .post("/password_reset_validate", jsonBody(resetTokenSchema), async (c) => {
    const { token } = c.req.valid("json");
    return ok(await c.get("services").accounts.validateResetToken(token));
  })
  .post("/password_reset_confirm", jsonBody(resetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    await c.get("services").accounts.confirmReset(token, password);
    return ok({});
  });
