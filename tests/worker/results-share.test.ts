import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { getPage as get, postForm as post } from "./helpers";
import { ai, completedBacktest, freeUser, strategyWithCode } from "./strategies-helpers";

/** Issue 16 Share: who may make, open and revoke a read-only link to a result, through the real worker. */

const shareCount = async () =>
  z.object({ n: z.number() }).parse(await env.DB.prepare("SELECT count(*) AS n FROM backtest_shares").first())
    .n;

async function liveToken(cookie: string, sid: string, bid: string): Promise<string | null> {
  const page = await (await get(`/strategy/${sid}/results/${bid}`, cookie)).text();
  return /\/share\/([A-Za-z0-9_-]{22})"/.exec(page)?.[1] ?? null;
}

let owner = "";
let other = "";
let sid = "";
let bid = "";
let netProfit = "";

beforeAll(async () => {
  owner = await freeUser();
  other = await freeUser();
  sid = await strategyWithCode(owner, "Share");
  bid = await completedBacktest(owner, sid, "to share");
  const results = z
    .record(z.string(), z.string())
    .parse(
      data(await ai("strategy/backtest/results", { strId: sid, backtestId: bid, section: "results" }, owner)),
    );
  netProfit = results["Total Net Profit"];
}, 90_000);

describe("share links", () => {
  it("another user can neither make nor revoke a link to the owner's backtest; a bad intent writes nothing", async () => {
    const before = await shareCount();
    expect((await post(`/strategy/${sid}/results/${bid}/share`, { intent: "create" }, other)).status).toBe(
      404,
    );
    expect((await post(`/strategy/${sid}/results/${bid}/share`, { intent: "steal" }, owner)).status).toBe(
      400,
    );
    expect(await shareCount()).toBe(before);
  });

  it("the owner's link shows the result signed out, without the account shell, and its report file", async () => {
    const res = await post(`/strategy/${sid}/results/${bid}/share`, { intent: "create" }, owner);
    expect(res.status).toBe(302);
    const token = await liveToken(owner, sid, bid);
    expect(token).not.toBeNull();
    // Creating again keeps the same live link.
    await post(`/strategy/${sid}/results/${bid}/share`, { intent: "create" }, owner);
    expect(await liveToken(owner, sid, bid)).toBe(token);

    const shared = await get(`/share/${token}`);
    expect(shared.status).toBe(200);
    const page = await shared.text();
    expect(page).toContain(`<dt>Total Net Profit</dt><dd>${netProfit}</dd>`);
    expect(page).toContain('aria-label="Trades"');
    // Nothing of the owner's: no strategy, account or results links, no email.
    expect(page).not.toMatch(/href="\/(strategy|account|subscribe|signout)/);
    expect(page).not.toContain(`/strategy/${sid}`);
    const report = await get(`/share/${token}/report.html`);
    expect(report.status).toBe(200);
    expect(await report.text()).toContain(`<td>Total Net Profit:</td><td>${netProfit}</td>`);
    expect((await get(`/share/${token}/secrets.txt`)).status).toBe(404);
  });

  it("a revoked link, an unknown token and a malformed one all answer 404", async () => {
    const token = await liveToken(owner, sid, bid);
    expect(token).not.toBeNull();
    expect((await post(`/strategy/${sid}/results/${bid}/share`, { intent: "revoke" }, other)).status).toBe(
      404,
    );
    expect((await get(`/share/${token}`)).status).toBe(200);
    expect((await post(`/strategy/${sid}/results/${bid}/share`, { intent: "revoke" }, owner)).status).toBe(
      302,
    );
    expect((await get(`/share/${token}`)).status).toBe(404);
    expect((await get(`/share/${token}/report.html`)).status).toBe(404);
    expect(await liveToken(owner, sid, bid)).toBeNull();
    expect((await get("/share/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await get("/share/' OR 1=1 --")).status).toBe(404);
    // A new link is a new token; the revoked one stays dead.
    await post(`/strategy/${sid}/results/${bid}/share`, { intent: "create" }, owner);
    const fresh = await liveToken(owner, sid, bid);
    expect(fresh).not.toBe(token);
    expect((await get(`/share/${fresh}`)).status).toBe(200);
    expect((await get(`/share/${token}`)).status).toBe(404);
  });
});

describe("compare", () => {
  it("shows two backtests' figures side by side; one pick, a foreign id or another user gets no figures", async () => {
    const second = await completedBacktest(owner, sid, "to share");
    const both = await get(`/strategy/${sid}/compare?b=${bid}&b=${second}`, owner);
    expect(both.status).toBe(200);
    const page = (await both.text()).replaceAll("<!-- -->", "");
    expect(page).toContain('aria-label="Comparison"');
    expect(page).toContain(`#${bid} EURUSD H1`);
    expect(page).toContain(`#${second} EURUSD H1`);
    const row = /<th scope="row">Total Net Profit<\/th>(.*?)<\/tr>/.exec(page)?.[1] ?? "";
    expect([...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1])).toEqual([netProfit, netProfit]);

    const one = await (await get(`/strategy/${sid}/compare?b=${bid}`, owner)).text();
    expect(one).toContain("Pick two to four completed backtests to compare.");
    expect(one).not.toContain('aria-label="Comparison"');
    const foreign = await (await get(`/strategy/${sid}/compare?b=${bid}&b=999999`, owner)).text();
    expect(foreign).not.toContain('aria-label="Comparison"');
    expect((await get(`/strategy/${sid}/compare?b=${bid}&b=${second}`, other)).status).toBe(404);
  }, 60_000);
});
