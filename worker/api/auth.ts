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
import { type ApiEnv, ok, readBody, requireSessionUser } from "./app";

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
  .post("/auth", async (c) => {
    await readBody(c.req.raw, empty);
    return ok(publicUser(requireSessionUser(c.get("user"))));
  })
  .post("/sign/in", async (c) => {
    const input = await readBody(c.req.raw, signInSchema);
    const { token } = await c.get("services").accounts.signIn(input, meta(c.req.raw));
    return withSession(ok({ redirectTo: "/" }), token, c.req.url);
  })
  .post("/sign/up", async (c) => {
    const input = await readBody(c.req.raw, signUpSchema);
    const { token } = await c.get("services").accounts.signUp(input, meta(c.req.raw));
    return withSession(ok({ redirectTo: "/" }), token, c.req.url);
  })
  .post("/sign/up/sponsor", async (c) => {
    const input = await readBody(c.req.raw, sponsorSignUpSchema);
    const { token } = await c.get("services").accounts.sponsorSignUp(input, meta(c.req.raw));
    return withSession(ok({ redirectTo: "/" }), token, c.req.url);
  })
  .post("/sign/out", async (c) => {
    await readBody(c.req.raw, empty);
    await c.get("services").accounts.signOut(sessionToken(c.req.raw));
    const res = ok({});
    res.headers.append("Set-Cookie", clearSessionCookie(c.req.url));
    return res;
  })
  .post("/message/new", async (c) => {
    const user = requireSessionUser(c.get("user"));
    const { message } = await readBody(c.req.raw, contactSchema);
    await c.get("services").accounts.sendContact(user, message, meta(c.req.raw));
    return ok({});
  })
  .post("/canny/token", async (c) => {
    const user = requireSessionUser(c.get("user"));
    await readBody(c.req.raw, empty);
    const userToken = await createCannyToken(c.get("services").config, user);
    return ok({ userToken });
  })
  .post("/password_reset_request", async (c) => {
    const { email } = await readBody(c.req.raw, resetRequestSchema);
    await c.get("services").accounts.requestPasswordReset(email, meta(c.req.raw));
    return ok({});
  })
  .post("/password_reset_validate", async (c) => {
    const { token } = await readBody(c.req.raw, resetTokenSchema);
    return ok(await c.get("services").accounts.validateResetToken(token));
  })
  .post("/password_reset_confirm", async (c) => {
    const { token, password } = await readBody(c.req.raw, resetConfirmSchema);
    await c.get("services").accounts.confirmReset(token, password);
    return ok({});
  });
