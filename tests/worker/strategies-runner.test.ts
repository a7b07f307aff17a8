import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { firstRow } from "./d1";
import { ai, backtestInputs, connect, freeUser, STRATEGY_TEXT, today } from "./strategies-helpers";

const created = z.object({ strId: z.string() });

async function readyStrategy(cookie: string) {
  const { strId } = created.parse(
    data(await ai("strategy/new", { title: "Runner", description: "d" }, cookie)),
  );
  data(await ai("strategy/update", { strId, instructions: STRATEGY_TEXT }, cookie));
  data(await ai("strategy/code", { strId }, cookie));
  const row = await firstRow(
    z.object({ user_id: z.string(), code_id: z.number(), spec_version: z.number() }),
    "SELECT user_id, code_id, spec_version FROM strategies WHERE id = ?",
    Number(strId),
  );
  return { strId, userId: row.user_id, codeId: row.code_id, specVersion: row.spec_version };
}

const inputs = () => backtestInputs({ dateStart: today(-10) });

/** A year of H1 at every tick: a dozen slices of the runner, long enough to be caught mid-run. */
const yearInputs = () => ({ ...inputs(), dateStart: today(-366), dateEnd: today(-1) });

/**
 * Starts a year's run and waits until it is mid-run: the engine driving slices (a step-1 progress event
 * between loading at 20 and the reports at 85).
 */
async function yearRunMidway(
  strId: string,
  cookie: string,
  socket: Awaited<ReturnType<typeof connect>>,
): Promise<string> {
  const { backtestId } = z
    .object({ backtestId: z.string() })
    .parse(data(await ai("strategy/backtest/new", { strId, ...yearInputs() }, cookie)));
  await socket.waitFor(
    (e) =>
      e.type === "strategy-backtest-processing" &&
      e.btId === backtestId &&
      e.processing === 1 &&
      (e.progress ?? 0) > 20,
  );
  return backtestId;
}

const runnerOf = (strId: string) =>
  env.BACKTEST_RUNNER.get(env.BACKTEST_RUNNER.idFromName(`strategy:${strId}`));

/**
 * A run whose runner died: its row processing with a heartbeat `ageMs` old, and the runner's stored job
 * marked begun, with no live run in the (fresh) instance that now holds it.
 */
async function deadRun(s: Awaited<ReturnType<typeof readyStrategy>>, ageMs: number) {
  const at = Date.now() - ageMs;
  const row = z.object({ id: z.number() }).parse(
    await env.DB.prepare(
      `INSERT INTO backtests (strategy_id, user_id, code_id, spec_version, description, inputs, processing, progress, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, '', ?5, 1, 40, ?6, ?6) RETURNING id`,
    )
      .bind(Number(s.strId), s.userId, s.codeId, s.specVersion, JSON.stringify(inputs()), at)
      .first(),
  );
  const job = {
    backtestId: row.id,
    strategyId: Number(s.strId),
    userId: s.userId,
    specVersion: s.specVersion,
    inputs: inputs(),
  };
  const stub = runnerOf(s.strId);
  await runInDurableObject(stub, async (_instance, state) => {
    await state.storage.put("job", { job, startedAt: at, begun: true });
  });
  return { backtestId: String(row.id), stub };
}

const btView = z.object({
  processing: z.number(),
  processingStatus: z.string(),
  message: z.string().nullable(),
});

describe("BacktestRunner: a killed run ends cleanly and is never re-run", () => {
  it("kills a run mid-slices: it ends interrupted, is deleted at once, and a rerun completes", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    const socket = await connect(cookie);
    const backtestId = await yearRunMidway(s.strId, cookie, socket);
    // The runner's instance is torn down with the engine state it held.
    await expect(
      runInDurableObject(runnerOf(s.strId), (_instance, state) => state.abort("killed by the test")),
    ).rejects.toThrow();
    const ended = await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing === 200,
    );
    expect(ended).toMatchObject({ message: "The backtest was interrupted. Please run it again." });
    const bt = btView.parse(data(await ai("strategy/backtest", { strId: s.strId, backtestId }, cookie)));
    expect(bt).toMatchObject({ processing: 200, processingStatus: "error" });

    const removed = await ai("strategy/backtest/delete", { strId: s.strId, backtestId }, cookie);
    expect(removed.body.status).toBe("ok");
    const rerun = z
      .object({ backtestId: z.string() })
      .parse(data(await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, cookie)));
    await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === rerun.backtestId && e.processing === 100,
      40_000,
    );
    // The killed run was never completed behind the user's back.
    expect(
      socket.events.some(
        (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing === 100,
      ),
    ).toBe(false);
    socket.close();
  }, 60_000);

  it("marks a run whose heartbeat stopped as interrupted on the next request; it can be deleted at once", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    const { backtestId } = await deadRun(s, 60_000);
    const listed = z
      .array(z.object({ backtestId: z.string(), status: z.string() }))
      .parse(data(await ai("strategy/backtests", { strId: s.strId }, cookie)));
    expect(listed.find((b) => b.backtestId === backtestId)?.status).toBe("error");
    const bt = btView.parse(data(await ai("strategy/backtest", { strId: s.strId, backtestId }, cookie)));
    expect(bt).toEqual({
      ...bt,
      processing: 200,
      message: "The backtest was interrupted. Please run it again.",
    });
    const removed = await ai("strategy/backtest/delete", { strId: s.strId, backtestId }, cookie);
    expect(removed.body.status).toBe("ok");
  }, 60_000);

  it("reruns at once after a dead run, and the dead run is not run again", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    const socket = await connect(cookie);
    const { backtestId } = await deadRun(s, 60_000);
    const next = z
      .object({ backtestId: z.string() })
      .parse(data(await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, cookie)));
    await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === next.backtestId && e.processing === 100,
      40_000,
    );
    const old = btView.parse(data(await ai("strategy/backtest", { strId: s.strId, backtestId }, cookie)));
    expect(old).toMatchObject({
      processing: 200,
      message: "The backtest was interrupted. Please run it again.",
    });
    socket.close();
  }, 60_000);

  it("an alarm that finds a begun run without its engine fails it as interrupted instead of re-running it", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    // A fresh heartbeat: no request would mark it yet; the runner itself sees the run lost its instance.
    const { backtestId, stub } = await deadRun(s, 0);
    await runInDurableObject(stub, (_instance, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const bt = btView.parse(data(await ai("strategy/backtest", { strId: s.strId, backtestId }, cookie)));
    expect(bt).toMatchObject({
      processing: 200,
      message: "The backtest was interrupted. Please run it again.",
    });
    const next = await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, cookie);
    expect(next.body.status).toBe("ok");
  }, 60_000);

  it("answers a second request during a run with BACKTEST_IN_PROGRESS before the run ends", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    const socket = await connect(cookie);
    const backtestId = await yearRunMidway(s.strId, cookie, socket);
    const second = await ai("strategy/backtest/new", { strId: s.strId, ...inputs() }, cookie);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ errorCode: "BACKTEST_IN_PROGRESS" });
    // Answered while the first run was still going (before its slices ended), not queued behind it.
    const endedBefore = socket.events.some(
      (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing >= 100,
    );
    expect(endedBefore).toBe(false);
    await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing === 100,
      50_000,
    );
    socket.close();
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
  it("refuses a run beyond the plan's work cap before it starts, saying what to change", async () => {
    const cookie = await freeUser();
    const s = await readyStrategy(cookie);
    const big = { ...inputs(), dateStart: today(-3 * 366), dateEnd: today(-1) };
    const res = await ai("strategy/backtest/new", { strId: s.strId, ...big }, cookie);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorCode: "BACKTEST_TOO_LARGE" });
    expect(JSON.stringify(res.body)).toMatch(/at most 2 years per run.*Shorten the dates/);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM backtests WHERE strategy_id = ?")
      .bind(Number(s.strId))
      .first();
    expect(rows).toEqual({ n: 0 });
  });

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
