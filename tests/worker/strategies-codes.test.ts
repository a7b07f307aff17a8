import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../worker/http/errors";
import { createInterpreterAssistant } from "../../worker/services/assistant/interpreter";
import { createServices } from "../../worker/services/context";
import type { AssistantPort } from "../../worker/services/strategies/ports";
import { data } from "./answers";
import { newUser } from "./billing-helpers";
import { count, firstRow } from "./d1";
import { chooseFree, env } from "./helpers";
import { ai, backtestRequest, connect, freeUser, STRATEGY_TEXT } from "./strategies-helpers";
import { strategyServices } from "./strategy-services";

// Error codes of spec 2 s8 (and the pipeline's own) not covered elsewhere, and the isolation of code and
// backtest events between two users' sockets.

const created = z.object({ strId: z.string() });

describe("strategy error codes", () => {
  it("STRATEGY_SPEC_MISSING: code before any spec is refused and charges nothing", async () => {
    const cookie = await freeUser();
    // "d" is the first chat turn and builds no spec.
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "Empty", description: "d" }, cookie)),
    );
    const res = await ai("strategy/code", { strId }, cookie);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: "error", errorCode: "STRATEGY_SPEC_MISSING" });
    const again = await ai("strategy/code/recreate", { strId }, cookie);
    expect(again.body).toMatchObject({ errorCode: "STRATEGY_SPEC_MISSING" });
    expect(
      await count("SELECT COUNT(*) AS n FROM strategy_codes WHERE strategy_id = ?1", Number(strId)),
    ).toBe(0);
    expect(
      await count("SELECT COUNT(*) AS n FROM credit_movements WHERE reason LIKE ?1", `code:${strId}:%`),
    ).toBe(0);
  });

  it("CODE_COMPLETE_FAILED: completing when no code is ready, with the spec's text", async () => {
    const cookie = await freeUser();
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "Cross", description: STRATEGY_TEXT }, cookie)),
    );
    const res = await ai("strategy/code/complete", { strId }, cookie);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      errorCode: "CODE_COMPLETE_FAILED",
      userMessage: "An error occurred while trying to complete the code generation process.",
    });
    // A chat turn clears ready code: completing it afterwards fails the same way.
    data(await ai("strategy/code", { strId }, cookie));
    data(await ai("strategy/update", { strId, instructions: "make the stop 25 pips" }, cookie));
    const cleared = await ai("strategy/code/complete", { strId }, cookie);
    expect(cleared.body).toMatchObject({ errorCode: "CODE_COMPLETE_FAILED" });
  });

  it("STRATEGY_BUSY: a message that keeps losing its version to other messages gives up with 'Error sending message'", async () => {
    const u = await newUser();
    expect((await chooseFree(u.cookie)).status).toBeLessThan(400);
    const interpreter = createInterpreterAssistant();
    let strategyId = 0;
    // Another request stores the next version during every turn of this one, as a flood of messages would.
    const contended: AssistantPort = {
      async turn(message, current) {
        const row = await firstRow(
          z.object({ v: z.number() }),
          "SELECT MAX(version) AS v FROM strategy_specs WHERE strategy_id = ?1",
          strategyId,
        );
        const { spec } = await interpreter.turn(`stop loss ${20 + row.v} pips`, current);
        await env.DB.prepare(
          "INSERT INTO strategy_specs (strategy_id, user_id, version, spec, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
          .bind(strategyId, u.userId, row.v + 1, JSON.stringify(spec), Date.now())
          .run();
        await env.DB.prepare("UPDATE strategies SET spec_version = ?1 WHERE id = ?2")
          .bind(row.v + 1, strategyId)
          .run();
        return interpreter.turn(message, current);
      },
    };
    const real = createServices(env);
    // The same services twice, each with its own assistant: the second is contended by the first's turn.
    const withAssistant = (assistant: AssistantPort) =>
      strategyServices({ credits: real.credits, assistant }).services;
    const services = withAssistant(interpreter);
    const { strId } = await services.create(u.userId, { title: "Busy", description: "d" });
    strategyId = Number(strId);
    await services.chat.update(u.userId, strategyId, STRATEGY_TEXT);
    const busy = withAssistant(contended);
    let error: unknown = null;
    try {
      await busy.chat.update(u.userId, strategyId, "take profit 80 pips");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "STRATEGY_BUSY", status: 409, userMessage: "Error sending message" });
  });
});

describe("live events stay with their user", () => {
  it("code and backtest events reach only the owner's socket", async () => {
    const alice = await freeUser();
    const bob = await freeUser();
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "Alice's", description: STRATEGY_TEXT }, alice)),
    );
    const aliceSocket = await connect(alice);
    const bobSocket = await connect(bob);
    expect(
      z.object({ state: z.literal(11) }).parse(data(await ai("strategy/code", { strId }, alice))).state,
    ).toBe(11);
    data(await ai("strategy/code/complete", { strId }, alice));
    const { backtestId } = z
      .object({ backtestId: z.string() })
      .parse(
        data(await ai("strategy/backtest/new", backtestRequest(strId, { description: "isolation" }), alice)),
      );
    await aliceSocket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing >= 100,
      60_000,
    );
    const aliceTypes = new Set(aliceSocket.events.map((e) => e.type));
    expect(aliceTypes).toContain("strategy-code-state");
    expect(aliceTypes).toContain("strategy-code");
    expect(aliceTypes).toContain("strategy-backtest-processing");
    // Bob's socket was open the whole time and heard nothing of it.
    await new Promise((r) => setTimeout(r, 200));
    expect(bobSocket.events).toEqual([]);
    aliceSocket.close();
    bobSocket.close();
  }, 90_000);
});
