import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { LiveEvent } from "../../worker/events";
import { type Checker, checkMql5 } from "../../worker/mql5";
import { createServices } from "../../worker/services/context";
import type { CreditsPort } from "../../worker/services/strategies/ports";
import { newUser } from "./billing-helpers";
import { count, firstRow } from "./d1";
import { chooseFree, env } from "./helpers";
import { refusal, STRATEGY_TEXT } from "./strategies-helpers";
import { strategyServices } from "./strategy-services";

// Code generation and credits (DESIGN D5, spec 2 s4): the ready state is announced only once the code is
// paid for, the charge and the state move together, and a generation is never paid twice nor paid for code
// the strategy dropped. Real D1 ledger (billing's credits service) and R2.

/** A Free user (3 credits) and the strategy services on the real ledger, with the events they publish. */
async function setup(opts: { checkCode?: Checker; credits?: (real: CreditsPort) => CreditsPort } = {}) {
  const u = await newUser();
  const free = await chooseFree(u.cookie);
  expect(free.status).toBeLessThan(400);
  const real = createServices(env).credits;
  const { services, events } = strategyServices({
    credits: opts.credits ? opts.credits(real) : real,
    checkCode: opts.checkCode,
  });
  const user = { id: u.userId, subscription: null };
  const { strId } = await services.create(user.id, { title: "SMA cross", description: "d" });
  const id = Number(strId);
  await services.chat.update(user.id, id, STRATEGY_TEXT);
  return { services, user, id, strId, events, real };
}

const charges = (strId: string) =>
  count(
    "SELECT COUNT(*) AS n FROM credit_movements WHERE kind = 'consume' AND reason LIKE ?1",
    `code:${strId}:%`,
  );

const codeStates = (events: LiveEvent[], strId: string) =>
  events.flatMap((e) => (e.type === "strategy-code-state" && e.strId === strId ? [e.state] : []));

describe("code generation and credits", () => {
  it("a refused charge publishes no ready state (11/21) and ends with the code absent", async () => {
    const { services, user, id, strId, events, real } = await setup();
    await real.consume(user.id, 3, "test: use the Free credits");
    const err = await refusal(services.code.generate(user, id, false));
    expect(err.code).toBe("INSUFFICIENT_CREDITS");
    const states = codeStates(events, strId);
    expect(states).toEqual([0, 10]);
    expect(events.at(-1)).toMatchObject({ type: "strategy-code", strId, code: null, state: null });
    expect((await services.code.read(user.id, id)).state).toBeNull();
    expect(await charges(strId)).toBe(0);
  });

  it("REBUILDED_OK (21) charges exactly once, announced after the charge, and complete never charges", async () => {
    // A checker that refuses the first (full) source, so the conservative rebuild is what ships.
    let calls = 0;
    const strictFirst: Checker = (source) => {
      calls++;
      return calls === 1
        ? { ok: false, errors: [{ line: 1, column: 1, message: "injected: refuse the first build" }] }
        : checkMql5(source);
    };
    const { services, user, id, strId, events } = await setup({ checkCode: strictFirst });
    const answer = await services.code.generate(user, id, false);
    expect(answer.state).toBe(21);
    expect(answer.code).toMatch(/OnTick/);
    expect(codeStates(events, strId)).toEqual([0, 10, 12, 20, 21]);
    expect(await charges(strId)).toBe(1);
    await services.code.complete(user.id, id);
    await services.code.complete(user.id, id);
    expect((await services.code.read(user.id, id)).state).toBe(100);
    expect(await charges(strId)).toBe(1);
    const row = await firstRow(
      z.object({ state: z.number(), credit_operation_id: z.string() }),
      "SELECT state, credit_operation_id FROM strategy_codes WHERE strategy_id = ?1",
      id,
    );
    expect(row.state).toBe(100);
  });

  it("two racing generations charge once and leave one code", async () => {
    const { services, user, id, strId } = await setup();
    const results = await Promise.allSettled([
      services.code.generate(user, id, true),
      services.code.generate(user, id, true),
    ]);
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CODE_GENERATION_IN_PROGRESS" });
    }
    expect(await charges(strId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM strategy_codes WHERE strategy_id = ?1", id)).toBe(1);
    expect((await services.code.read(user.id, id)).state).toBe(11);
  });

  it("a chat message landing during a generation leaves the user uncharged and the stale code dropped", async () => {
    let chat: (() => Promise<unknown>) | null = null;
    const { services, user, id, strId, events } = await setup({
      // Times the message between the generation's claim and its charge, as a slow request would.
      credits: (real) => ({
        limits: real.limits,
        async consume(userId, amount, reason, claim) {
          if (chat) await chat();
          return real.consume(userId, amount, reason, claim);
        },
      }),
    });
    chat = () => services.chat.update(user.id, id, "make the stop 25 pips");
    const err = await refusal(services.code.generate(user, id, false));
    expect(err.code).toBe("CODE_SPEC_CHANGED");
    expect(err.status).toBe(409);
    expect(await charges(strId)).toBe(0);
    expect(codeStates(events, strId)).not.toContain(11);
    expect(await count("SELECT COUNT(*) AS n FROM strategy_codes WHERE strategy_id = ?1", id)).toBe(0);
    // The next generation is for the new spec and is charged once.
    chat = null;
    const next = await services.code.generate(user, id, false);
    expect(next.state).toBe(11);
    expect(next.specVersion).toBe(2);
    expect(await charges(strId)).toBe(1);
  });

  it("a run marked interrupted while it was still alive stops unpaid and leaves the error for Retry", async () => {
    let stall: (() => Promise<unknown>) | null = null;
    const { services, user, id, strId } = await setup({
      // Between the run's last heartbeat and its charge, its heartbeat goes stale and another request sees it.
      credits: (real) => ({
        limits: real.limits,
        async consume(userId, amount, reason, claim) {
          if (stall) await stall();
          return real.consume(userId, amount, reason, claim);
        },
      }),
    });
    stall = async () => {
      await env.DB.prepare("UPDATE strategy_codes SET updated_at = ?1 WHERE strategy_id = ?2")
        .bind(Date.now() - 60_000, id)
        .run();
      expect((await services.code.read(user.id, id)).state).toBe(200);
    };
    const err = await refusal(services.code.generate(user, id, false));
    expect(err.code).toBe("CODE_GENERATION_INTERRUPTED");
    expect(err.userMessage).toBe("There is an error generating the code. No credits have been used.");
    expect(await charges(strId)).toBe(0);
    const shown = await services.code.read(user.id, id);
    expect(shown.state).toBe(200);
    expect(shown.code).toBeNull();
    // Retry at once: one new generation, paid once.
    stall = null;
    const retried = await services.code.generate(user, id, true, Number(shown.codeId));
    expect(retried.state).toBe(11);
    expect(await charges(strId)).toBe(1);
  });
});
