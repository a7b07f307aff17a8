import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { ORIGIN, uniqueIp } from "./helpers";
import { ai, backtestRequest, connect, freeUser, STRATEGY_TEXT, today } from "./strategies-helpers";

const created = z.object({ strId: z.string() });
const codeAnswer = z.object({
  code: z.string().nullable(),
  state: z.number().nullable(),
  specVersion: z.number().nullable(),
});
const balance = z.object({ credits: z.number(), creditsUsage: z.number() });

async function credits(cookie: string) {
  const res = await SELF.fetch(`${ORIGIN}/api/subscription`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
    body: "{}",
  });
  const body = z.object({ data: balance }).parse(await res.json());
  return body.data.creditsUsage;
}

async function strategyWithSpec(cookie: string) {
  const { strId } = created.parse(
    data(await ai("strategy/new", { title: "SMA cross", description: "d" }, cookie)),
  );
  data(await ai("strategy/update", { strId, instructions: STRATEGY_TEXT }, cookie));
  return strId;
}

describe("the strategy pipeline: chat, outline, code, backtest, live events", () => {
  it("runs from a new strategy to backtest results, with the events on the socket", async () => {
    const cookie = await freeUser();
    // The description ("d") is the first chat turn and builds nothing; the socket opens after it, so the
    // events below are those of the second turn.
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "SMA cross", description: "d" }, cookie)),
    );
    const socket = await connect(cookie);

    // Chat: stored, streamed, outline rendered, spec version kept.
    const turn = z
      .object({
        specVersion: z.number(),
        outline: z.string(),
        messages: z.array(z.object({ role: z.string(), text: z.string() })),
      })
      .parse(data(await ai("strategy/update", { strId, instructions: STRATEGY_TEXT }, cookie)));
    expect(turn.specVersion).toBe(1);
    expect(turn.outline.length).toBeGreaterThan(20);
    await socket.waitFor((e) => e.type === "strategy-message-user" && e.strId === strId);
    const final = await socket.waitFor((e) => e.type === "strategy-message-agent" && !e.stream);
    await socket.waitFor((e) => e.type === "strategy-outline" && !e.stream && e.outline === turn.outline);
    const order = socket.events.map((e) => e.type);
    expect(order.indexOf("strategy-message-user")).toBeLessThan(order.indexOf("strategy-message-agent"));
    expect(order.lastIndexOf("strategy-message-agent")).toBeLessThan(order.indexOf("strategy-outline"));
    expect(final.type === "strategy-message-agent" && final.clarifications).toBe(turn.messages.at(-1)?.text);
    // Another tab resyncs from the whole list; the turn cleared the code.
    const resync = await socket.waitFor((e) => e.type === "strategy-message-list" && e.strId === strId);
    const listed = resync.type === "strategy-message-list" ? resync.messages.map((m) => m.text) : [];
    expect(listed[0]).toBe("d");
    expect(listed.slice(-turn.messages.length)).toEqual(turn.messages.map((m) => m.text));
    expect(resync.type === "strategy-message-list" && resync.hasCode).toBe(false);
    const details = z
      .object({
        main: z.object({
          type: z.literal(1),
          version: z.literal(1),
          spec: z.object({ timeframe: z.literal("H1") }),
        }),
      })
      .parse(data(await ai("strategy/details", { strId }, cookie)));
    expect(details.main.spec.timeframe).toBe("H1");

    // No code yet: backtests answer BACKTEST_CODE_NOT_FOUND.
    const noCode = await ai("strategy/backtest/new", backtestRequest(strId), cookie);
    expect(noCode.status).toBe(404);
    expect(noCode.body).toMatchObject({
      errorCode: "BACKTEST_CODE_NOT_FOUND",
      userMessage: "Strategy code not found.",
    });

    // Code generation: states as events, one credit, stored with its spec version.
    const before = await credits(cookie);
    const code = codeAnswer.parse(data(await ai("strategy/code", { strId }, cookie)));
    expect(code.state).toBe(11);
    expect(code.specVersion).toBe(1);
    expect(code.code).toContain("OnTick");
    await socket.waitFor((e) => e.type === "strategy-code" && e.state === 11);
    const states = socket.events.flatMap((e) => (e.type === "strategy-code-state" ? [e.state] : []));
    expect(states).toEqual([0, 10, 11]);
    expect(await credits(cookie)).toBe(before + 1);

    // Reading again, completing twice: never charged again.
    codeAnswer.parse(data(await ai("strategy/code", { strId }, cookie)));
    expect(codeAnswer.parse(data(await ai("strategy/code/complete", { strId }, cookie))).state).toBe(100);
    expect(codeAnswer.parse(data(await ai("strategy/code/complete", { strId }, cookie))).state).toBe(100);
    expect(await credits(cookie)).toBe(before + 1);

    // Download as str-{id}.mq5.
    const dl = await SELF.fetch(`${ORIGIN}/ai/strategy/code/get`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ strId }),
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toBe(`attachment; filename="str-${strId}.mq5"`);
    expect(await dl.text()).toBe(code.code);

    // Backtest in the runner, events 0, 1, 2, 100 on the socket.
    const { backtestId } = z
      .object({ backtestId: z.string() })
      .parse(data(await ai("strategy/backtest/new", backtestRequest(strId), cookie)));
    const busy = await ai("strategy/backtest/new", backtestRequest(strId), cookie);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ errorCode: "BACKTEST_IN_PROGRESS" });
    const done = await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing >= 100,
      60_000,
    );
    expect(done).toMatchObject({ processing: 100, strId });
    const steps = socket.events.flatMap((e) =>
      e.type === "strategy-backtest-processing" && e.btId === backtestId ? [e.processing] : [],
    );
    expect(steps[0]).toBe(0);
    expect(steps).toContain(1);
    expect(steps).toContain(2);
    expect(steps.at(-1)).toBe(100);
    expect(
      socket.events.some(
        (e) => e.type === "strategy-backtest-processing" && e.processing === 1 && e.progress !== undefined,
      ),
    ).toBe(true);

    const bt = z
      .object({
        processingStatus: z.literal("completed"),
        processing: z.literal(100),
        inputs: z.object({ symbol: z.string() }),
      })
      .parse(data(await ai("strategy/backtest", { strId, backtestId }, cookie)));
    expect(bt.inputs.symbol).toBe("EURUSD");
    const list = z
      .array(
        z.object({
          backtestId: z.string(),
          results: z.object({ totalTrades: z.number(), totalNetProfit: z.number() }),
        }),
      )
      .parse(data(await ai("strategy/backtests", { strId }, cookie)));
    expect(list[0].backtestId).toBe(backtestId);
    const strategies = z
      .array(z.object({ backtest: z.object({ results: z.object({ profitFactor: z.number().nullable() }) }) }))
      .parse(data(await ai("user/strategies", { includeBacktest: true }, cookie)));
    expect(strategies).toHaveLength(1);

    const detailsBt = z
      .object({
        symbol: z.literal("EURUSD"),
        period: z.literal("H1"),
        dateStart: z.number(),
        dateEnd: z.number(),
        orders: z.array(z.object({ type: z.enum(["buy", "sell"]), price: z.number() })),
      })
      .parse(data(await ai("strategy/backtest/details", { strId, backtestId }, cookie)));
    expect(detailsBt.dateEnd).toBeGreaterThan(detailsBt.dateStart);
    const results = z
      .record(z.string(), z.string())
      .parse(data(await ai("strategy/backtest/results", { strId, backtestId, section: "results" }, cookie)));
    expect(results["Total Net Profit"]).toBeDefined();
    const orders = z
      .array(z.object({ Order: z.number(), "Open Time": z.string() }))
      .parse(data(await ai("strategy/backtest/results", { strId, backtestId, section: "orders" }, cookie)));
    expect(orders.length).toBe(detailsBt.orders.length);
    const deals = z
      .array(z.object({ Deal: z.number(), Balance: z.string() }))
      .parse(data(await ai("strategy/backtest/results", { strId, backtestId, section: "deals" }, cookie)));
    expect(deals[0].Deal).toBe(1);
    const summary = z
      .object({})
      .passthrough()
      .parse(data(await ai("strategy/backtest/results", { strId, backtestId, section: "summary" }, cookie)));
    expect(Object.keys(summary).length).toBeGreaterThan(0);

    // A chat update clears the code; the next backtest has none.
    data(await ai("strategy/update", { strId, instructions: "make the stop 40 pips" }, cookie));
    await socket.waitFor((e) => e.type === "strategy-code" && e.code === null);
    expect(
      codeAnswer.parse(data(await ai("strategy/code", { strId, generate: false }, cookie))).state,
    ).toBeNull();

    data(await ai("strategy/backtest/delete", { strId, backtestId }, cookie));
    const gone = await ai("strategy/backtest", { strId, backtestId }, cookie);
    expect(gone.status).toBe(404);
    socket.close();
  }, 120_000);

  it("validates backtest requests and writes nothing on bad input", async () => {
    const cookie = await freeUser();
    const strId = await strategyWithSpec(cookie);
    data(await ai("strategy/code", { strId }, cookie));
    for (const [overrides, field] of [
      [{ dateEnd: today(2) }, "dateEnd"],
      [{ dateStart: today(3), dateEnd: today(3) }, "dateStart"],
      [{ depositAmount: -1 }, "depositAmount"],
      [{ description: "d".repeat(256) }, "description"],
      [{ executionMode: -2 }, "customDelay"],
      [{ executionMode: -2, customDelay: "abc" }, "customDelay"],
      [{ symbol: "NOPE" }, "symbol"],
    ] as const) {
      const res = await ai("strategy/backtest/new", backtestRequest(strId, overrides), cookie);
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ errorCode: "VALIDATION_ERROR", field });
    }
    expect(data(await ai("strategy/backtests", { strId }, cookie))).toEqual([]);
  });

  it("answers BACKTEST_CODE_NOT_READY when the code failed, and a failing run is an error with a reason", async () => {
    const cookie = await freeUser();
    const socket = await connect(cookie);
    const strId = await strategyWithSpec(cookie);
    data(await ai("strategy/code", { strId }, cookie));
    // Model 4 (math) refuses a spec that reads prices: the run ends as error 200 with the engine's reason.
    const { backtestId } = z
      .object({ backtestId: z.string() })
      .parse(data(await ai("strategy/backtest/new", backtestRequest(strId, { model: 4 }), cookie)));
    const failed = await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing >= 100,
      60_000,
    );
    expect(failed).toMatchObject({ processing: 200 });
    const bt = z
      .object({ processingStatus: z.literal("error"), message: z.string() })
      .parse(data(await ai("strategy/backtest", { strId, backtestId }, cookie)));
    expect(bt.message).toMatch(/Math calculations/);
    const noResults = await ai("strategy/backtest/results", { strId, backtestId, section: "deals" }, cookie);
    expect(noResults.status).toBe(409);
    socket.close();
  }, 90_000);

  it("charges once when two generations race, and refuses with INSUFFICIENT_CREDITS when credits run out", async () => {
    const cookie = await freeUser();
    const strId = await strategyWithSpec(cookie);
    const before = await credits(cookie);
    const both = await Promise.all([
      ai("strategy/code", { strId }, cookie),
      ai("strategy/code", { strId }, cookie),
    ]);
    const oks = both.filter((r) => r.body.status === "ok");
    expect(oks.length).toBeGreaterThanOrEqual(1);
    for (const r of both.filter((x) => x.body.status !== "ok"))
      expect(r.body).toMatchObject({ errorCode: "CODE_GENERATION_IN_PROGRESS" });
    expect(await credits(cookie)).toBe(before + 1);
    // Free has 3 credits: two more recreations use them up, the next is refused and leaves no code.
    data(await ai("strategy/code/recreate", { strId }, cookie));
    data(await ai("strategy/code/recreate", { strId }, cookie));
    const refused = await ai("strategy/code/recreate", { strId }, cookie);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ errorCode: "INSUFFICIENT_CREDITS" });
    expect(await credits(cookie)).toBe(3);
    const none = await ai("strategy/backtest/new", backtestRequest(strId), cookie);
    expect(none.body).toMatchObject({ errorCode: "BACKTEST_CODE_NOT_FOUND" });
  });

  it("keeps each user's events on their own socket", async () => {
    const alice = await freeUser();
    const bob = await freeUser();
    const aliceSocket = await connect(alice);
    const bobSocket = await connect(bob);
    const strId = await strategyWithSpec(alice);
    await aliceSocket.waitFor((e) => e.type === "strategy-outline" && !e.stream && e.strId === strId);
    await new Promise((r) => setTimeout(r, 200));
    expect(bobSocket.events).toEqual([]);
    aliceSocket.close();
    bobSocket.close();
  });
});
