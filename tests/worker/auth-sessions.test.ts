import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { randomToken, sha256Hex } from "../../worker/services/crypto";
import { api, chooseFree, env, ORIGIN, postForm, signUp, TOKEN } from "./helpers";
import { ai, connect, STRATEGY_TEXT } from "./strategies-helpers";

/*
 * DESIGN D7 with D3: a live-event socket belongs to the session it was opened with. Signing out closes that
 * session's sockets, a password reset closes all of the user's, and an expired session's socket is closed.
 */

type Socket = Awaited<ReturnType<typeof connect>>;

/** The close the socket receives; attach before the action that should close it. */
function closeOf(socket: Socket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    socket.ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
}

async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A subscriber (Free plan) with two sessions, as from two browsers. */
async function userWithTwoSessions() {
  const { email, password, cookie: first } = await signUp();
  const free = await chooseFree(first);
  if (free.status >= 400) throw new Error(`free plan refused: ${free.status}`);
  const second = await api("sign/in", { email, password, turnstileToken: TOKEN });
  if (!second.cookie) throw new Error(`sign-in failed: ${JSON.stringify(second.body)}`);
  return { email, first, second: second.cookie };
}

async function newStrategyEvent(socket: Socket, cookie: string) {
  const created = await ai("strategy/new", { title: "Still live", description: STRATEGY_TEXT }, cookie);
  expect(created.status).toBe(200);
  return socket.waitFor((e) => e.type === "strategy-outline" && !e.stream);
}

describe("live-event sockets end with their session", () => {
  it("closes the signed-out session's socket within a second; the other session's socket stays and streams", async () => {
    const { first, second } = await userWithTwoSessions();
    const outgoing = await connect(first);
    const staying = await connect(second);
    const closed = closeOf(outgoing);

    const signOut = await api("sign/out", {}, { cookie: first });
    expect(signOut.status).toBe(200);
    expect(await within(1000, "close after sign-out", closed)).toMatchObject({ code: 4401 });

    // The other session still gets the user's events; the closed socket got none after sign-out.
    const before = outgoing.events.length;
    await newStrategyEvent(staying, second);
    expect(outgoing.events.length).toBe(before);
    staying.close();
  });

  it("closes the socket when the user signs out through the no-JavaScript sign-out form", async () => {
    const { first } = await userWithTwoSessions();
    const socket = await connect(first);
    const closed = closeOf(socket);
    const res = await postForm("/signout", {}, first);
    expect(res.headers.get("location")).toBe("/sign/in");
    expect(await within(1000, "close after sign-out", closed)).toMatchObject({ code: 4401 });
  });

  it("closes every session's socket within a second of a password reset", async () => {
    const { email, first, second } = await userWithTwoSessions();
    const sockets = [await connect(first), await connect(second)];
    const closes = sockets.map(closeOf);
    expect((await api("password_reset_request", { email })).status).toBe(200);
    const mail = await env.DB.prepare(
      "SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1",
    )
      .bind(email)
      .first<{ text: string }>();
    const token = mail?.text.match(/\/sign\/reset\/([A-Za-z0-9_-]{40,})/)?.[1];
    if (!token) throw new Error("no reset link mailed");

    const reset = await api("password_reset_confirm", { token, password: "a brand new secret" });
    expect(reset.status).toBe(200);
    for (const close of await within(1000, "closes after the reset", Promise.all(closes))) {
      expect(close.code).toBe(4401);
      expect(close.reason).toMatch(/password was changed/);
    }
    // The ended sessions cannot open a new socket either.
    const again = await SELF.fetch(`${ORIGIN}/ai/connect`, {
      headers: { Upgrade: "websocket", cookie: first },
    });
    expect(again.status).toBe(401);
  });

  it("closes a socket when its session expires", async () => {
    const { email, first } = await userWithTwoSessions();
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(email)
      .first<{ id: string }>();
    if (!user) throw new Error("no user row");
    // A session about to expire, as if opened 30 days ago.
    const token = randomToken(32);
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
    )
      .bind(await sha256Hex(token), user.id, now, now, now + 1500)
      .run();
    const expiring = await connect(`sf_session=${token}`);
    const staying = await connect(first);
    const closed = closeOf(expiring);
    expect(await within(10_000, "close at expiry", closed)).toMatchObject({ code: 4401 });
    // The user's live session keeps its socket.
    await newStrategyEvent(staying, first);
    staying.close();
  });
});
