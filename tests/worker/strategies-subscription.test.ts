import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { api, chooseFree, env, ORIGIN, signUp } from "./helpers";
import { ai } from "./strategies-helpers";

// Strategy calls and live events are for subscribers only, like the pages (spec 1 s2, spec 2 s6): a session
// without a subscription gets SUBSCRIPTION_REQUIRED (403) and nothing is written, while the foundation and
// billing calls such a user needs to become a subscriber keep working.

async function strategiesOf(email: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM strategies s JOIN users u ON u.id = s.user_id WHERE u.email = ?1",
  )
    .bind(email)
    .first();
  return z.object({ n: z.number() }).parse(row).n;
}

describe("strategy calls need a subscription", () => {
  it("refuses the JSON API and /ai/connect to a session without a subscription, then allows them after Free", async () => {
    const { cookie, email } = await signUp();
    for (const [action, body] of [
      ["user/strategies", {}],
      ["strategy/new", { title: "No plan", description: "Buy when RSI crosses above 30." }],
      ["strategy/get", { strId: "1" }],
      ["strategy/code", { strId: "1" }],
    ] as const) {
      const res = await ai(action, body, cookie);
      expect(res.status, action).toBe(403);
      expect(res.body, action).toMatchObject({ status: "error", errorCode: "SUBSCRIPTION_REQUIRED" });
      // The /api/{name} family answers the same.
      const named = await api(action, body, { cookie });
      expect(named.status, action).toBe(403);
      expect(named.body, action).toMatchObject({ errorCode: "SUBSCRIPTION_REQUIRED" });
    }
    expect(await strategiesOf(email)).toBe(0);
    const ws = await SELF.fetch(`${ORIGIN}/ai/connect`, { headers: { Upgrade: "websocket", cookie } });
    expect(ws.status).toBe(403);
    expect(ws.webSocket).toBeNull();

    // What a user without a plan must still reach: who am I, the plans, the contact form, password reset.
    const me = await api("auth", {}, { cookie });
    expect(me.body).toMatchObject({ status: "ok", data: { email, subscription: null } });
    const plans = await api("subscription/list", {}, { cookie });
    expect(plans.body).toMatchObject({ status: "ok" });
    const contact = await api("message/new", { message: "Which plan fits me?" }, { cookie });
    expect(contact.body).toMatchObject({ status: "ok" });
    const reset = await api("password_reset_request", { email }, {});
    expect(reset.body).toMatchObject({ status: "ok" });

    // Subscribing (Free) opens the strategy calls.
    expect((await chooseFree(cookie)).status).toBeLessThan(400);
    expect(data(await ai("user/strategies", {}, cookie))).toEqual([]);
    const socket = await SELF.fetch(`${ORIGIN}/ai/connect`, { headers: { Upgrade: "websocket", cookie } });
    expect(socket.status).toBe(101);
    socket.webSocket?.accept();
    socket.webSocket?.close(1000, "done");
  });
});
