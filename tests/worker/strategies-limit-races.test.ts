import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { newUser } from "./billing-helpers";
import { count } from "./d1";
import { chooseFree } from "./helpers";
import { subscribePaid } from "./sandbox-checkout";
import { ai } from "./strategies-helpers";

// Plan limits under concurrency (issue 11; spec 3 s1): ten "Create Strategy" clicks fired at once, restores
// racing each other, and the saved-strategies limit all hold, because each is checked in the statement that
// writes. Every request goes through the API as the pages send it, on the real D1.

const created = z.object({ strId: z.string() });

async function freeUser() {
  const u = await newUser();
  expect((await chooseFree(u.cookie)).status).toBeLessThan(400);
  return u;
}

async function builderUser() {
  const u = await newUser();
  await subscribePaid(u.cookie, "builder-monthly-usd");
  return u;
}

const active = (userId: string) =>
  count("SELECT COUNT(*) AS n FROM strategies WHERE user_id = ?1 AND status = 'active'", userId);
const stored = (userId: string) => count("SELECT COUNT(*) AS n FROM strategies WHERE user_id = ?1", userId);

/** Fires `n` identical API calls at once; answers how many were ok and the error codes of the others. */
async function burst(n: number, action: string, body: (i: number) => unknown, cookie: string) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => ai(action, body(i), cookie)));
  const ok = answers.filter((a) => a.body.status === "ok").length;
  const refused = answers.flatMap((a) => (a.body.status === "error" ? [a.body.errorCode] : []));
  return { ok, refused, answers };
}

describe("plan limits hold under concurrent requests", () => {
  it("Free (1 strategy): 10 creates at once make exactly one strategy", async () => {
    const u = await freeUser();
    const { ok, refused } = await burst(
      10,
      "strategy/new",
      (i) => ({ title: `t${i}`, description: "d" }),
      u.cookie,
    );
    expect(ok).toBe(1);
    expect(new Set(refused)).toEqual(new Set(["STRATEGY_LIMIT_REACHED"]));
    expect(await active(u.userId)).toBe(1);
  });

  it("Builder (5 strategies): 10 creates at once with one already there make exactly four more", async () => {
    const u = await builderUser();
    data(await ai("strategy/new", { title: "first", description: "d" }, u.cookie));
    const { ok, refused } = await burst(
      10,
      "strategy/new",
      (i) => ({ title: `t${i}`, description: "d" }),
      u.cookie,
    );
    expect(ok).toBe(4);
    expect(refused).toEqual(Array(6).fill("STRATEGY_LIMIT_REACHED"));
    expect(await active(u.userId)).toBe(5);
  });

  it("Builder: 5 restores at once with 2 strategies active bring back exactly three", async () => {
    const u = await builderUser();
    const archived: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { strId } = created.parse(
        data(await ai("strategy/new", { title: `old${i}`, description: "d" }, u.cookie)),
      );
      data(await ai("strategy/archive", { strId }, u.cookie));
      archived.push(strId);
    }
    for (const title of ["new1", "new2"])
      data(await ai("strategy/new", { title, description: "d" }, u.cookie));
    const { ok, refused, answers } = await burst(
      5,
      "strategy/restore",
      (i) => ({ strId: archived[i] }),
      u.cookie,
    );
    expect(ok).toBe(3);
    expect(refused).toEqual(["STRATEGY_LIMIT_REACHED", "STRATEGY_LIMIT_REACHED"]);
    const refusal = answers.find((a) => a.body.status === "error");
    expect(refusal?.status).toBe(403);
    expect(refusal?.body).toMatchObject({
      userMessage: "Your plan allows 5 active strategies. Archive one or upgrade your plan to create more.",
    });
    expect(await active(u.userId)).toBe(5);
    // The same strategy restored twice at once is one restore, not a refusal.
    data(await ai("strategy/archive", { strId: archived[0] }, u.cookie));
    const twice = await burst(2, "strategy/restore", () => ({ strId: archived[0] }), u.cookie);
    expect(twice.ok).toBe(2);
    expect(await active(u.userId)).toBe(5);
  });

  it("Builder (20 saved): archived strategies count, and 10 creates at once with 18 saved make two", async () => {
    const u = await builderUser();
    for (let i = 0; i < 18; i++) {
      const { strId } = created.parse(
        data(await ai("strategy/new", { title: `kept${i}`, description: "d" }, u.cookie)),
      );
      data(await ai("strategy/archive", { strId }, u.cookie));
    }
    expect(await active(u.userId)).toBe(0);
    const { ok, refused, answers } = await burst(
      10,
      "strategy/new",
      (i) => ({ title: `t${i}`, description: "d" }),
      u.cookie,
    );
    expect(ok).toBe(2);
    expect(refused).toEqual(Array(8).fill("STRATEGY_LIMIT_REACHED"));
    expect(answers.find((a) => a.body.status === "error")?.body).toMatchObject({
      userMessage:
        "Your plan allows 20 saved strategies, archived ones included. Upgrade your plan to create more.",
    });
    expect(await stored(u.userId)).toBe(20);
    expect(await active(u.userId)).toBe(2);
  });

  it("Free (1 saved): after archiving its strategy a Free user restores it instead of making a second", async () => {
    const u = await freeUser();
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "one", description: "d" }, u.cookie)),
    );
    const both = await ai("strategy/new", { title: "two", description: "d" }, u.cookie);
    expect(both.body).toMatchObject({
      errorCode: "STRATEGY_LIMIT_REACHED",
      userMessage:
        "Your plan allows 1 active strategy and 1 saved strategy, archived ones included. Upgrade your plan to create more.",
    });
    data(await ai("strategy/archive", { strId }, u.cookie));
    const again = await ai("strategy/new", { title: "two", description: "d" }, u.cookie);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ errorCode: "STRATEGY_LIMIT_REACHED" });
    data(await ai("strategy/restore", { strId }, u.cookie));
    expect(await stored(u.userId)).toBe(1);
    expect(await active(u.userId)).toBe(1);
  });
});
