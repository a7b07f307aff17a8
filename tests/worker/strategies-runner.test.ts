import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ai, connect, data, freeUser, STRATEGY_TEXT, today } from "./strategies-helpers";

const created = z.object({ strId: z.string() });

async function readyStrategy(cookie: string) {
  const { strId } = created.parse(
    data(await ai("strategy/new", { title: "Runner", description: "d" }, cookie)),
  );
  data(await ai("strategy/update", { strId, instructions: STRATEGY_TEXT }, cookie));
  data(await ai("strategy/code", { strId }, cookie));
  const row = z
    .object({ user_id: z.string(), code_id: z.number(), spec_version: z.number() })
    .parse(
      await env.DB.prepare("SELECT user_id, code_id, spec_version FROM strategies WHERE id = ?")
        .bind(Number(strId))
        .first(),
    );
  return { strId, userId: row.user_id, codeId: row.code_id, specVersion: row.spec_version };
}

const inputs = () => ({
  symbol: "EURUSD",
  period: "H1",
  dateStart: today(-10),
  dateEnd: today(-1),
  executionMode: 0,
  model: 0,
  depositAmount: 10000,
  depositCurrency: "USD",
});

/** A backtest row left "processing" by a runner that died, and the runner's stored job for it. */
async function interruptedRun(s: Awaited<ReturnType<typeof readyStrategy>>, attempts: number) {
  const row = z.object({ id: z.number() }).parse(
    await env.DB.prepare(
      `INSERT INTO backtests (strategy_id, user_id, code_id, spec_version, description, inputs, processing, progress, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, '', ?5, 1, 20, ?6, ?6) RETURNING id`,
    )
      .bind(Number(s.strId), s.userId, s.codeId, s.specVersion, JSON.stringify(inputs()), Date.now())
      .first(),
  );
  const job = {
    backtestId: row.id,
    strategyId: Number(s.strId),
    userId: s.userId,
    specVersion: s.specVersion,
    inputs: inputs(),
  };
  const stub = env.BACKTEST_RUNNER.get(env.BACKTEST_RUNNER.idFromName(`strategy:${s.strId}`));
  await runInDurableObject(stub, async (_instance, state) => {
    await state.storage.put("job", { job, startedAt: Date.now(), attempts });
    await state.storage.setAlarm(Date.now() + 60_000);
  });
  return { backtestId: String(row.id), stub };
}

describe("BacktestRunner: nothing stays processing forever", () => {
  it("resumes a run interrupted once, and answers BACKTEST_IN_PROGRESS while it is pending", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    const socket = await connect(cookie);
    const { backtestId, stub } = await interruptedRun(s, 1);
    const busy = await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, cookie);
    expect(busy.body).toMatchObject({ errorCode: "BACKTEST_IN_PROGRESS" });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const bt = z
      .object({ processing: z.number() })
      .parse(data(await ai("strategy/backtest", { strId: s.strId, backtestId }, cookie)));
    expect(bt.processing).toBe(100);
    await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing === 100,
    );
    socket.close();
  }, 60_000);

  it("fails a run interrupted twice, with a reason", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    const { backtestId, stub } = await interruptedRun(s, 2);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const bt = z
      .object({ processing: z.number(), processingStatus: z.string(), message: z.string() })
      .parse(data(await ai("strategy/backtest", { strId: s.strId, backtestId }, cookie)));
    expect(bt).toMatchObject({ processing: 200, processingStatus: "error" });
    expect(bt.message).toMatch(/interrupted/);
    // The strategy is free again.
    const next = await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, cookie);
    expect(next.body.status).toBe("ok");
  }, 60_000);
  it("fails a run whose runner is gone for good when the next backtest is asked for", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    const old = z.object({ id: z.number() }).parse(
      await env.DB.prepare(
        `INSERT INTO backtests (strategy_id, user_id, code_id, spec_version, description, inputs, processing, progress, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, '', ?5, 1, 20, ?6, ?6) RETURNING id`,
      )
        .bind(
          Number(s.strId),
          s.userId,
          s.codeId,
          s.specVersion,
          JSON.stringify(inputs()),
          Date.now() - 31 * 60_000,
        )
        .first(),
    );
    const next = await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, cookie);
    expect(next.body.status).toBe("ok");
    const bt = z
      .object({ processingStatus: z.string(), message: z.string() })
      .parse(data(await ai("strategy/backtest", { strId: s.strId, backtestId: String(old.id) }, cookie)));
    expect(bt).toEqual({ ...bt, processingStatus: "error" });
    expect(bt.message).toMatch(/interrupted/);
  }, 60_000);
});

describe("error codes of code and backtests", () => {
  it("answers BACKTEST_CODE_NOT_READY for code that failed its check", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    await env.DB.prepare("UPDATE strategy_codes SET state = 22 WHERE id = ?").bind(s.codeId).run();
    const res = await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, cookie);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      errorCode: "BACKTEST_CODE_NOT_READY",
      userMessage: "Strategy code is not ready.",
    });
    const dl = await ai("strategy/code/get", { strId: s.strId }, cookie);
    expect(dl.status).toBe(404);
  });

  it("answers SUBSCRIPTION_PENDING for code and backtests while the subscription is pending", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    await env.DB.prepare("UPDATE subscriptions SET status = 'pending' WHERE user_id = ?")
      .bind(s.userId)
      .run();
    for (const [action, body] of [
      ["strategy/code/recreate", { strId: s.strId }],
      ["strategy/backtest/new", { strId: s.strId, ...inputs() }],
    ] as const) {
      const res = await ai(action, body, cookie);
      expect(res.status, action).toBe(409);
      expect(res.body, action).toMatchObject({
        errorCode: "SUBSCRIPTION_PENDING",
        userMessage: "Subscription is pending. Please check your account to proceed.",
      });
    }
  });

  it("keeps another user out of backtests and their results", async () => {
    const alice = await freeUser();
    const bob = await freeUser();
    const s = await readyStrategy(alice);
    const { backtestId } = z
      .object({ backtestId: z.string() })
      .parse(data(await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, alice)));
    for (const action of ["strategy/backtest", "strategy/backtest/details", "strategy/backtest/delete"]) {
      const res = await ai(action, { strId: s.strId, backtestId }, bob);
      expect(res.body, action).toMatchObject({ errorCode: "STRATEGY_NOT_FOUND" });
    }
    const res = await ai("strategy/backtest/results", { strId: s.strId, backtestId, section: "orders" }, bob);
    expect(res.body).toMatchObject({ errorCode: "STRATEGY_NOT_FOUND" });
    const newRun = await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, bob);
    expect(newRun.body).toMatchObject({ errorCode: "STRATEGY_NOT_FOUND" });
  });
});
