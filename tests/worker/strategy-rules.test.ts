import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { getPage as get, pageText as html, postForm } from "./helpers";
import { ai, completedBacktest, freeUser, STRATEGY_TEXT } from "./strategies-helpers";

/**
 * The trade rules form (issue 14) as a browser without JavaScript uses it: the spec's v2 exits, pending
 * entry, limits and sizing shown, refused with a message per field (nothing stored), saved as the next spec
 * version (code cleared); and the saved pending entry's orders in the results' Orders table with the state
 * each ended in.
 */

const details = z.object({
  main: z.object({
    version: z.number(),
    spec: z.object({
      sizing: z.record(z.string(), z.unknown()),
      takeProfit: z.unknown().optional(),
      exits: z.record(z.string(), z.unknown()).optional(),
      pendingEntry: z.record(z.string(), z.unknown()).optional(),
      limits: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
});

async function current(sid: string, cookie: string) {
  return details.parse(data(await ai("strategy/details", { strId: sid }, cookie))).main;
}

/** The form as the page sends it when opened on the SMA-cross strategy, with `changes` typed in. */
function formOf(version: number, changes: Record<string, string>): Record<string, string> {
  return {
    version: String(version),
    "sizing.type": "fixed",
    "sizing.lots": "0.1",
    "sizing.of": "balance",
    "limits.maxSpreadUnit": "pips",
    "exits.partialBreakEven": "on",
    "pending.oco": "on",
    ...changes,
  };
}

const BREAKOUT = {
  "pending.order": "stop",
  "pendingLong.base": "extreme:highest",
  "pendingLong.bars": "3",
  "pendingLong.shift": "0",
  "pendingLong.offset": "5",
  "pendingLong.offsetUnit": "pips",
  "pendingShort.base": "extreme:lowest",
  "pendingShort.bars": "3",
  "pendingShort.shift": "0",
  "pendingShort.offset": "-5",
  "pendingShort.offsetUnit": "pips",
  "pending.expiryType": "bars",
  "pending.expiryBars": "1",
  "limits.maxTradesPerDay": "2",
  "exits.partialPercent": "50",
  "exits.partialAtR": "1",
};

let owner = "";
let sid = "";

beforeAll(async () => {
  owner = await freeUser();
  sid = z
    .object({ strId: z.string() })
    .parse(data(await ai("strategy/new", { title: "Rules", description: "d" }, owner))).strId;
  data(await ai("strategy/update", { strId: sid, instructions: STRATEGY_TEXT }, owner));
}, 60_000);

describe("the trade rules form", () => {
  it("shows the current spec's size, exits, orders and limits, linked from the build tab", async () => {
    const build = await html(await get(`/strategy/${sid}/build`, owner));
    expect(build).toContain(`href="/strategy/${sid}/rules"`);
    const page = await html(await get(`/strategy/${sid}/rules`, owner));
    expect(page).toContain("Trade rules");
    expect(page).toMatch(/<option value="fixed" selected="">Fixed lots<\/option>/);
    expect(page).toMatch(/name="sizing\.lots"[^>]*value="0\.1"/);
    expect(page).toMatch(/<option value="" selected="">At the market<\/option>/);
    expect(page).toMatch(/name="version" value="1"/);
  });

  it("refuses what is not a number, or what the spec does not allow, under its field; nothing is stored", async () => {
    const before = await current(sid, owner);
    const typo = await postForm(`/strategy/${sid}/rules`, formOf(1, { "exits.targetR": "two" }), owner);
    expect(typo.status).toBe(400);
    const typoPage = await html(typo);
    expect(typoPage).toMatch(/id="rules-exits-targetR-error" role="alert">Enter a number\./);
    // The refused form keeps what was typed.
    expect(typoPage).toMatch(/name="exits\.targetR"[^>]*value="two"/);

    // The strategy already has a 60-pip take profit: a 2R target as well is refused by the spec's schema.
    const twice = await html(
      await postForm(`/strategy/${sid}/rules`, formOf(1, { "exits.targetR": "2" }), owner),
    );
    expect(twice).toMatch(/id="rules-exits-targetR-error" role="alert">give the take profit once/);

    const pending = await postForm(
      `/strategy/${sid}/rules`,
      formOf(1, { ...BREAKOUT, "pendingShort.base": "", "pending.expiryBars": "0" }),
      owner,
    );
    expect(pending.status).toBe(400);
    const pendingPage = await html(pending);
    expect(pendingPage).toContain("a pending entry needs a price for every side that has an entry rule");
    expect(pendingPage).toMatch(/id="rules-pending-expiryBars-error" role="alert">/);
    expect(await current(sid, owner)).toEqual(before);
  });

  it("saves a valid form as the next spec version and says so", async () => {
    const res = await postForm(`/strategy/${sid}/rules`, formOf(1, BREAKOUT), owner);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/strategy/${sid}/rules?saved=2`);
    const saved = await current(sid, owner);
    expect(saved.version).toBe(2);
    expect(saved.spec.pendingEntry).toEqual({
      order: "stop",
      long: {
        type: "expression",
        a: { type: "extreme", side: "highest", bars: 3, shift: 0 },
        k: 1,
        offset: { value: 5, unit: "pips" },
      },
      short: {
        type: "expression",
        a: { type: "extreme", side: "lowest", bars: 3, shift: 0 },
        k: 1,
        offset: { value: -5, unit: "pips" },
      },
      oco: true,
      expiry: { type: "bars", bars: 1 },
    });
    expect(saved.spec.limits).toEqual({ maxTradesPerDay: 2 });
    expect(saved.spec.exits).toEqual({ partial: { percent: 50, atR: 1, breakEven: true } });
    const page = await html(await get(res.headers.get("location") ?? "", owner));
    expect(page).toContain("Saved as version 2.");
    expect(page).toMatch(/<option value="stop" selected="">Stop orders/);
    // The outline on the build tab reads the new rules.
    const build = await html(await get(`/strategy/${sid}/build`, owner));
    expect(build).toContain("a buy stop at the highest high of the last 3 bars plus 5 pips");
  });

  it("refuses a form opened on an older version (the strategy changed since), storing nothing", async () => {
    const res = await postForm(`/strategy/${sid}/rules`, formOf(1, { "limits.maxTradesPerDay": "5" }), owner);
    expect(res.status).toBe(409);
    expect(await html(res)).toContain("The strategy changed since this form was opened.");
    expect((await current(sid, owner)).version).toBe(2);
  });

  it("is not found for another user", async () => {
    const other = await freeUser();
    expect((await get(`/strategy/${sid}/rules`, other)).status).toBe(404);
    const post = await postForm(`/strategy/${sid}/rules`, formOf(2, {}), other);
    expect(post.status).toBe(404);
    expect((await current(sid, owner)).version).toBe(2);
  });
});

describe("the Orders table of a pending-entry backtest", () => {
  it("lists the stop orders with the state each ended in, expired ones included", async () => {
    data(await ai("strategy/code", { strId: sid }, owner));
    data(await ai("strategy/code/complete", { strId: sid }, owner));
    const backtestId = await completedBacktest(owner, sid, "orders");
    const base = `/strategy/${sid}/results/${backtestId}?tab=orders&orders_sort=state`;
    const cells = (page: string) =>
      Array.from(page.matchAll(/<tr>((?:<td[^>]*>[^<]*<\/td>)+)<\/tr>/g), (m) =>
        Array.from(m[1].matchAll(/<td[^>]*>([^<]*)<\/td>/g), (c) => c[1]),
      );
    const first = cells(await html(await get(`${base}&orders_dir=asc`, owner)));
    const last = cells(await html(await get(`${base}&orders_dir=desc`, owner)));
    // Columns: Id, Open Time, Symbol, Type, Volume, Price, Stop Loss, Take Profit, Time, State, Comment.
    const expired = [...first, ...last].filter((r) => r[9] === "expired");
    expect(expired.length).toBeGreaterThan(0);
    for (const r of expired) {
      expect(["buy stop", "sell stop"]).toContain(r[3]);
      expect(r[4]).toMatch(/^0\.00 \/ 0\.\d\d$/);
    }
    const filled = last.filter((r) => r[9] === "filled" && r[3].endsWith(" stop"));
    expect(filled.length + first.filter((r) => r[9] === "filled").length).toBeGreaterThan(0);
  }, 90_000);
});
