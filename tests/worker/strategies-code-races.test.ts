import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { count, firstRow } from "./d1";

import { ORIGIN, postForm } from "./helpers";
import { ai, freeUser, STRATEGY_TEXT } from "./strategies-helpers";

// Code generation under repeated clicks and dead workers (issue 11; spec 2 s4, DESIGN D5): a burst of Recreate
// clicks pays for one generation, and a generation whose worker died is shown as the error it is, is never
// re-run silently, costs nothing, and can be retried at once. Real D1 ledger (Free: 3 credits) and R2.

const created = z.object({ strId: z.string() });
const codeAnswer = z.object({ state: z.number().nullable(), message: z.string().nullable() });

const charges = (strId: string) =>
  count(
    "SELECT COUNT(*) AS n FROM credit_movements WHERE kind = 'consume' AND reason LIKE ?1",
    `code:${strId}:%`,
  );

/** A Free user's strategy whose description already built a spec (the first chat turn). */
async function strategyWithSpec() {
  const cookie = await freeUser();
  const { strId } = created.parse(
    data(await ai("strategy/new", { title: "SMA cross", description: STRATEGY_TEXT }, cookie)),
  );
  return { cookie, strId };
}

/** The generation the strategy shows now (strategies.code_id), as the page that shows it knows it. */
async function currentCodeId(strId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT code_id FROM strategies WHERE id = ?1")
    .bind(Number(strId))
    .first();
  return z.object({ code_id: z.number() }).parse(row).code_id;
}

/** Lets `n` other D1 round trips pass first: a click that arrives while earlier ones are being served. */
async function after(n: number) {
  for (let i = 0; i < n; i++) await env.DB.prepare("SELECT 1").first();
}

/** A generation left running (state 0) by a worker that died `ageMs` ago, as the strategy's current code. */
async function deadGeneration(strId: string, ageMs: number): Promise<number> {
  const owner = await firstRow(
    z.object({ user_id: z.string(), spec_version: z.number() }),
    "SELECT user_id, spec_version FROM strategies WHERE id = ?1",
    Number(strId),
  );
  const at = Date.now() - ageMs;
  const row = z.object({ id: z.number() }).parse(
    await env.DB.prepare(
      `INSERT INTO strategy_codes (strategy_id, user_id, spec_version, state, created_at, updated_at)
         VALUES (?1, ?2, ?3, 0, ?4, ?4) RETURNING id`,
    )
      .bind(Number(strId), owner.user_id, owner.spec_version, at)
      .first(),
  );
  await env.DB.prepare("UPDATE strategies SET code_id = ?1 WHERE id = ?2").bind(row.id, Number(strId)).run();
  return row.id;
}

const ERROR_TEXT = "There is an error generating the code. No credits have been used.";

describe("Recreate under a burst of clicks", () => {
  it("10 Recreate clicks on the same code, arriving while the first is served, charge one credit", async () => {
    const { cookie, strId } = await strategyWithSpec();
    data(await ai("strategy/code", { strId }, cookie));
    expect(await charges(strId)).toBe(1);
    const shown = await currentCodeId(strId);
    // Each click names the code its page showed, and they reach the server one after another.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        await after(i * 3);
        return ai("strategy/code/recreate", { strId, codeId: String(shown) }, cookie);
      }),
    );
    const codes = answers.map((a) => (a.body.status === "ok" ? "ok" : a.body.errorCode));
    expect(codes.filter((c) => c !== "ok" && c !== "CODE_GENERATION_IN_PROGRESS")).toEqual([]);
    expect(await charges(strId)).toBe(2);
    // One new generation replaced the shown one: the two are all the strategy has (losers left nothing).
    expect(await currentCodeId(strId)).not.toBe(shown);
    const now = codeAnswer.parse(data(await ai("strategy/code", { strId, generate: false }, cookie)));
    expect(now.state).toBe(11);
    expect(
      await count("SELECT COUNT(*) AS n FROM strategy_codes WHERE strategy_id = ?1", Number(strId)),
    ).toBe(2);
  });

  it("the code tab's Recreate form posted twice (no JavaScript) charges once", async () => {
    const { cookie, strId } = await strategyWithSpec();
    data(await ai("strategy/code", { strId }, cookie));
    data(await ai("strategy/code/complete", { strId }, cookie));
    const page = await (
      await SELF.fetch(`${ORIGIN}/strategy/${strId}/code`, { headers: { cookie }, redirect: "manual" })
    ).text();
    // The fields of the form holding the Recreate Code button, as the browser would send them.
    const form = /<form[^>]*>(?:(?!<\/form>)[\s\S])*Recreate Code(?:(?!<\/form>)[\s\S])*<\/form>/.exec(
      page,
    )?.[0];
    expect(form).toBeDefined();
    const fields = new URLSearchParams();
    for (const m of (form ?? "").matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
      fields.set(m[1], m[2]);
    const submit = () => postForm(`/strategy/${strId}/code`, fields, cookie);
    expect((await submit()).status).toBe(302);
    expect((await submit()).status).toBe(302);
    expect(await charges(strId)).toBe(2);
  });
});

describe("a generation whose worker died", () => {
  it("is marked interrupted by the next request, retried at once, and charged only for the retry", async () => {
    const { cookie, strId } = await strategyWithSpec();
    // Dead for a minute: long past any live heartbeat.
    const dead = await deadGeneration(strId, 60_000);
    const seen = codeAnswer.parse(data(await ai("strategy/code", { strId, generate: false }, cookie)));
    expect(seen).toEqual({ ...seen, state: 200, message: ERROR_TEXT });
    const page = await (
      await SELF.fetch(`${ORIGIN}/strategy/${strId}/code`, { headers: { cookie }, redirect: "manual" })
    ).text();
    expect(page).toContain(">Retry<");
    // Retry right away: a new generation, ready and paid once; the dead one cost nothing.
    const retried = await ai("strategy/code/recreate", { strId, codeId: String(dead) }, cookie);
    expect(codeAnswer.parse(data(retried)).state).toBe(11);
    expect(await charges(strId)).toBe(1);
    const rows = z
      .array(z.object({ state: z.number(), credit_operation_id: z.string().nullable() }))
      .parse(
        (
          await env.DB.prepare(
            "SELECT state, credit_operation_id FROM strategy_codes WHERE strategy_id = ?1 ORDER BY id",
          )
            .bind(Number(strId))
            .all()
        ).results,
      );
    expect(rows.map((r) => [r.state, r.credit_operation_id !== null])).toEqual([
      [200, false],
      [11, true],
    ]);
  });

  it("is never re-run silently: opening the code tab shows the error and charges nothing", async () => {
    const { cookie, strId } = await strategyWithSpec();
    await deadGeneration(strId, 10 * 60_000);
    // The code tab's request for the code (generate: true, as a client opening the tab sends it).
    const opened = codeAnswer.parse(data(await ai("strategy/code", { strId }, cookie)));
    expect(opened).toEqual({ ...opened, state: 200, message: ERROR_TEXT });
    expect(await charges(strId)).toBe(0);
    expect(
      await count("SELECT COUNT(*) AS n FROM strategy_codes WHERE strategy_id = ?1", Number(strId)),
    ).toBe(1);
    // The strategy page reads the same state.
    const strategy = z
      .object({ code: z.object({ hasCode: z.boolean(), state: z.number().nullable() }) })
      .parse(data(await ai("strategy/get", { strId }, cookie)));
    expect(strategy.code).toEqual({ hasCode: true, state: 200 });
  });

  it("a running generation with a fresh heartbeat still answers CODE_GENERATION_IN_PROGRESS", async () => {
    const { cookie, strId } = await strategyWithSpec();
    const live = await deadGeneration(strId, 1_000);
    const again = await ai("strategy/code/recreate", { strId, codeId: String(live) }, cookie);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: "CODE_GENERATION_IN_PROGRESS" });
    expect(await charges(strId)).toBe(0);
  });
});
