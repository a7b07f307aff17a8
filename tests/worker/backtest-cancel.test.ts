import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { firstRow } from "./d1";
import { ORIGIN, uniqueIp } from "./helpers";
import {
  ai,
  backtestRequest,
  completedBacktest,
  connect,
  freeUser,
  strategyWithCode,
  today,
} from "./strategies-helpers";

// Issue 16: progress from inside the engine (percent and time left, as live events) and a Cancel that stops
// the run, marks it cancelled, takes no credit and lets the strategy run again at once. Real D1, R2 and the
// BacktestRunner and UserHub Durable Objects.

const CANCELLED = "You cancelled this backtest. Nothing was charged; run it again whenever you like.";

/** A year of H1 at every tick: many slices, long enough to be cancelled mid-run. */
const yearRun = (strId: string) =>
  backtestRequest(strId, { description: "to cancel", dateStart: today(-366) });

const started = z.object({ backtestId: z.string() });
const btView = z.object({
  processing: z.number(),
  processingStatus: z.string(),
  message: z.string().nullable(),
  cancelled: z.boolean(),
});

/** The user's credit ledger: what a backtest must never touch. */
async function ledger(backtestId: string) {
  const { user_id } = await firstRow(
    z.object({ user_id: z.string() }),
    "SELECT user_id FROM backtests WHERE id = ?",
    Number(backtestId),
  );
  return await firstRow(
    z.object({ used: z.number().nullable(), movements: z.number() }),
    "SELECT (SELECT sum(used) FROM credit_grants WHERE user_id = ?1) AS used, (SELECT count(*) FROM credit_movements WHERE user_id = ?1) AS movements",
    user_id,
  );
}

function postForm(path: string, fields: Record<string, string>, cookie: string) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      cookie,
      origin: ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      "cf-connecting-ip": uniqueIp(),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

describe("backtest progress and Cancel (issue 16)", () => {
  it("sends percent and time left while it runs; Cancel ends it as cancelled, no credit moves, and it runs again at once", async () => {
    const cookie = await freeUser();
    const strId = await strategyWithCode(cookie, "Cancel");
    const socket = await connect(cookie);
    const { backtestId } = started.parse(data(await ai("strategy/backtest/new", yearRun(strId), cookie)));
    const before = await ledger(backtestId);
    // Mid-run: a progress event from the slices with the estimate of the seconds left.
    const progress = await socket.waitFor(
      (e) =>
        e.type === "strategy-backtest-processing" &&
        e.btId === backtestId &&
        e.processing === 1 &&
        (e.progress ?? 0) > 20 &&
        e.etaSeconds !== undefined,
      40_000,
    );
    expect(progress).toMatchObject({ processing: 1 });

    const answer = z
      .object({ status: z.string(), cancelled: z.boolean() })
      .parse(data(await ai("strategy/backtest/cancel", { strId, backtestId }, cookie)));
    expect(answer).toEqual({ ...answer, status: "error", cancelled: true });
    const ended = await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing === 200,
    );
    expect(ended).toMatchObject({ message: CANCELLED });
    const bt = btView.parse(data(await ai("strategy/backtest", { strId, backtestId }, cookie)));
    expect(bt).toEqual({
      ...bt,
      processing: 200,
      processingStatus: "error",
      message: CANCELLED,
      cancelled: true,
    });

    // The strategy is free at once: a new run is accepted (no BACKTEST_IN_PROGRESS) and completes.
    const rerun = started.parse(
      data(await ai("strategy/backtest/new", { ...yearRun(strId), dateStart: today(-30) }, cookie)),
    );
    await socket.waitFor(
      (e) => e.type === "strategy-backtest-processing" && e.btId === rerun.backtestId && e.processing === 100,
      60_000,
    );
    // The cancelled run stayed cancelled: its runner never completed it or wrote it again.
    const after = btView.parse(data(await ai("strategy/backtest", { strId, backtestId }, cookie)));
    expect(after).toEqual(bt);
    expect(
      socket.events.some(
        (e) => e.type === "strategy-backtest-processing" && e.btId === backtestId && e.processing === 100,
      ),
    ).toBe(false);
    expect(await ledger(backtestId)).toEqual(before);
    socket.close();
  }, 120_000);

  it("the results page's Cancel form works without JavaScript and the page then says cancelled", async () => {
    const cookie = await freeUser();
    const strId = await strategyWithCode(cookie, "Cancel form");
    const { backtestId } = started.parse(data(await ai("strategy/backtest/new", yearRun(strId), cookie)));
    const page = await (
      await SELF.fetch(`${ORIGIN}/strategy/${strId}/results/${backtestId}`, { headers: { cookie } })
    ).text();
    expect(page).toContain(`action="/strategy/${strId}/results/${backtestId}/cancel"`);

    const bad = await postForm(`/strategy/${strId}/results/${backtestId}/cancel`, { intent: "stop" }, cookie);
    expect(bad.status).toBe(400);
    const still = btView.parse(data(await ai("strategy/backtest", { strId, backtestId }, cookie)));
    expect(still.processingStatus).toBe("processing");

    const res = await postForm(
      `/strategy/${strId}/results/${backtestId}/cancel`,
      { intent: "cancel" },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/strategy/${strId}/results/${backtestId}`);
    const shown = await (
      await SELF.fetch(`${ORIGIN}/strategy/${strId}/results/${backtestId}`, { headers: { cookie } })
    ).text();
    expect(shown).toContain("Backtest cancelled.");
    expect(shown).not.toContain(`/results/${backtestId}/cancel"`);
  }, 60_000);

  it("refuses a malformed request and another user's backtest, and leaves a completed run as it is", async () => {
    const owner = await freeUser();
    const strId = await strategyWithCode(owner, "Done");
    const backtestId = await completedBacktest(owner, strId);

    const malformed = await ai("strategy/backtest/cancel", { strId, backtestId: "twelve" }, owner);
    expect(malformed.status).toBe(400);
    const other = await freeUser();
    const foreign = await ai("strategy/backtest/cancel", { strId, backtestId }, other);
    expect(foreign.status).toBe(404);
    const foreignForm = await postForm(
      `/strategy/${strId}/results/${backtestId}/cancel`,
      { intent: "cancel" },
      other,
    );
    expect(foreignForm.status).toBe(404);

    const late = z
      .object({ status: z.string(), cancelled: z.boolean() })
      .parse(data(await ai("strategy/backtest/cancel", { strId, backtestId }, owner)));
    expect(late).toEqual({ ...late, status: "completed", cancelled: false });
    const bt = btView.parse(data(await ai("strategy/backtest", { strId, backtestId }, owner)));
    expect(bt.processingStatus).toBe("completed");
  }, 60_000);
});
