import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { ORIGIN } from "./helpers";
import { ai, connect, freeUser, STRATEGY_TEXT } from "./strategies-helpers";

const created = z.object({ strId: z.string().regex(/^\d+$/) });

describe("strategies: create, list, archive, restore, rename, get, details", () => {
  it("creates a strategy and answers it in the list, get and details", async () => {
    const cookie = await freeUser();
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "SMA cross", description: "Trend" }, cookie)),
    );
    const list = z
      .array(z.object({ strId: z.string(), title: z.string(), backtest: z.null() }))
      .parse(data(await ai("user/strategies", { includeBacktest: true }, cookie)));
    expect(list.map((s) => s.strId)).toEqual([strId]);
    const got = z
      .object({
        strId: z.string(),
        title: z.string(),
        main: z.object({ type: z.literal(1) }),
        outline: z.string(),
      })
      .parse(data(await ai("strategy/get", { strId }, cookie)));
    expect(got).toMatchObject({ strId, title: "SMA cross", outline: "" });
    const details = z
      .object({ main: z.object({ type: z.literal(1), spec: z.null(), version: z.literal(0) }) })
      .parse(data(await ai("strategy/details", { strId }, cookie)));
    expect(details.main.type).toBe(1);
  });

  it("POST /ai/strategy/new sends the description as the first chat turn, like the New Strategy form", async () => {
    const cookie = await freeUser();
    const socket = await connect(cookie);
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "From the API", description: STRATEGY_TEXT }, cookie)),
    );
    const got = z
      .object({
        outline: z.string(),
        messages: z.array(z.object({ role: z.enum(["user", "agent"]), text: z.string() })),
      })
      .parse(data(await ai("strategy/get", { strId }, cookie)));
    expect(got.messages.map((m) => m.role)).toEqual(["user", "agent"]);
    expect(got.messages[0].text).toBe(STRATEGY_TEXT);
    expect(got.messages[1].text).toMatch(/SMA\(10\)/);
    expect(got.outline).toMatch(/SMA\(10\)|10/);
    const details = z
      .object({ main: z.object({ spec: z.object({ timeframe: z.string() }), version: z.literal(1) }) })
      .parse(data(await ai("strategy/details", { strId }, cookie)));
    expect(details.main.spec.timeframe).toBe("H1");
    await socket.waitFor((e) => e.type === "strategy-outline" && !e.stream && e.strId === strId);
    socket.close();
  });

  it("validates the new-strategy payload and writes nothing on bad input", async () => {
    const cookie = await freeUser();
    const long = await ai("strategy/new", { title: "x".repeat(256), description: "d" }, cookie);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errorCode: "VALIDATION_ERROR", field: "title" });
    const noDesc = await ai("strategy/new", { title: "ok", description: " " }, cookie);
    expect(noDesc.body).toMatchObject({ errorCode: "VALIDATION_ERROR", field: "description" });
    expect(data(await ai("user/strategies", {}, cookie))).toEqual([]);
  });

  it("enforces the plan's strategy limit (Free: one active strategy)", async () => {
    const cookie = await freeUser();
    created.parse(data(await ai("strategy/new", { title: "one", description: "d" }, cookie)));
    const second = await ai("strategy/new", { title: "two", description: "d" }, cookie);
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ errorCode: "STRATEGY_LIMIT_REACHED" });
  });

  it("archives, lists deleted, restores and renames (max 70)", async () => {
    const cookie = await freeUser();
    const { strId } = created.parse(data(await ai("strategy/new", { title: "A", description: "d" }, cookie)));
    data(await ai("strategy/archive", { strId }, cookie));
    expect(data(await ai("user/strategies", {}, cookie))).toEqual([]);
    const deleted = z
      .array(z.object({ strId: z.string(), daysElapsed: z.number() }))
      .parse(data(await ai("user/strategies/deleted", {}, cookie)));
    expect(deleted).toEqual([{ ...deleted[0], strId, daysElapsed: 0 }]);
    const inactive = await ai("strategy/get", { strId }, cookie);
    expect(inactive.body).toMatchObject({
      errorCode: "STRATEGY_NOT_ACTIVE",
      userMessage: "Strategy not found.",
    });
    data(await ai("strategy/restore", { strId }, cookie));
    const tooLong = await ai("strategy/update/info", { strId, title: "t".repeat(71) }, cookie);
    expect(tooLong.body).toMatchObject({ errorCode: "VALIDATION_ERROR", field: "title" });
    data(await ai("strategy/update/info", { strId, title: "Renamed" }, cookie));
    const got = z.object({ title: z.string() }).parse(data(await ai("strategy/get", { strId }, cookie)));
    expect(got.title).toBe("Renamed");
  });

  it("answers STRATEGY_NOT_FOUND for another user's strategy, for reads and writes alike", async () => {
    const alice = await freeUser();
    const bob = await freeUser();
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "Alice's", description: "d" }, alice)),
    );
    const messagesOf = async () =>
      z
        .object({ messages: z.array(z.object({ text: z.string() })) })
        .parse(data(await ai("strategy/get", { strId }, alice))).messages;
    // The description was Alice's first chat turn; Bob's calls must add nothing to it.
    const before = await messagesOf();
    expect(before.map((m) => m.text)[0]).toBe("d");
    const bobSocket = await connect(bob);
    for (const [action, body] of [
      ["strategy/get", { strId }],
      ["strategy/details", { strId }],
      ["strategy/archive", { strId }],
      ["strategy/restore", { strId }],
      ["strategy/update/info", { strId, title: "mine now" }],
      ["strategy/update", { strId, instructions: STRATEGY_TEXT }],
      ["strategy/code", { strId }],
      ["strategy/code/get", { strId }],
      ["strategy/code/recreate", { strId }],
      ["strategy/code/complete", { strId }],
      ["strategy/backtests", { strId }],
      ["strategy/backtest", { strId, backtestId: "1" }],
    ] as const) {
      const res = await ai(action, body, bob);
      expect(res.status, action).toBe(404);
      expect(res.body, action).toMatchObject({
        errorCode: "STRATEGY_NOT_FOUND",
        userMessage: "Strategy not found.",
      });
    }
    expect(data(await ai("user/strategies", {}, bob))).toEqual([]);
    const got = z.object({ title: z.string() }).parse(data(await ai("strategy/get", { strId }, alice)));
    expect(got.title).toBe("Alice's");
    expect(await messagesOf()).toEqual(before);
    expect(bobSocket.events).toEqual([]);
    bobSocket.close();
  });

  it("refuses without a session, and /ai/connect needs one too", async () => {
    const res = await ai("user/strategies", {}, null);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errorCode: "USER_NOT_LOGGED" });
    const { SELF } = await import("cloudflare:test");
    const ws = await SELF.fetch("http://app.test/ai/connect", { headers: { Upgrade: "websocket" } });
    expect(ws.status).toBe(401);
    expect(ws.webSocket).toBeNull();
  });

  it("/ai/connect refuses a handshake from another site's page, even with the user's cookie", async () => {
    const cookie = await freeUser();
    const { SELF } = await import("cloudflare:test");
    const foreign = await SELF.fetch(`${ORIGIN}/ai/connect`, {
      headers: { Upgrade: "websocket", cookie, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.webSocket).toBeNull();
    const own = await SELF.fetch(`${ORIGIN}/ai/connect`, {
      headers: { Upgrade: "websocket", cookie, origin: ORIGIN },
    });
    expect(own.status).toBe(101);
    own.webSocket?.accept();
    own.webSocket?.close(1000, "done");
  });
});
