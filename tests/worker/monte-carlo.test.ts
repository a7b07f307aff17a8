import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { getPage as get, pageText as html } from "./helpers";
import { ai, completedBacktest, freeUser, strategyWithCode } from "./strategies-helpers";

/**
 * Monte Carlo on a backtest (issue 17 Robustness): the JSON API and the results page's Monte Carlo tab, for the
 * owner and for others, with the bounds a trader can type past.
 */

const band = z.object({ percentile: z.number(), value: z.number() });
const answerSchema = z.object({
  runs: z.number(),
  trades: z.number(),
  deposit: z.number(),
  finalBalance: z.array(band),
  maxDrawdown: z.array(band),
  maxDrawdownPercent: z.array(band),
  lossProbability: z.number(),
  fan: z.array(z.array(band)),
  settings: z.object({ seed: z.number(), spreadPoints: z.number(), slippagePoints: z.number() }),
});

let owner = "";
let other = "";
let sid = "";
let bid = "";
let processingId = "";
let tradeProfits: number[] = [];

/** What a request could have written: the owner's backtest rows and stored objects. */
async function footprint() {
  const rows = await env.DB.prepare("SELECT count(*) AS n, max(updated_at) AS t FROM backtests").first();
  const objects = await env.BUCKET.list();
  return { rows, objects: objects.objects.map((o) => `${o.key}@${o.uploaded.getTime()}`).sort() };
}

beforeAll(async () => {
  owner = await freeUser();
  other = await freeUser();
  sid = await strategyWithCode(owner, "Monte Carlo");
  bid = await completedBacktest(owner, sid);
  const trades = z
    .array(z.object({ Profit: z.string() }))
    .parse(
      data(await ai("strategy/backtest/results", { strId: sid, backtestId: bid, section: "trades" }, owner)),
    );
  tradeProfits = trades.map((t) => Number(t.Profit));
  const row = await env.DB.prepare(
    `INSERT INTO backtests (strategy_id, user_id, code_id, spec_version, description, inputs, processing, progress, error_message, created_at, updated_at)
     SELECT strategy_id, user_id, code_id, spec_version, description, inputs, 1, 40, NULL, ?2, ?2 FROM backtests WHERE id = ?1
     RETURNING id`,
  )
    .bind(Number(bid), Date.now())
    .first();
  processingId = String(z.object({ id: z.number() }).parse(row).id);
}, 90_000);

describe("the Monte Carlo API", () => {
  it("answers 1,000 runs with ordered percentile bands of the backtest's own trades", async () => {
    expect(tradeProfits.length).toBeGreaterThan(3);
    const mc = answerSchema.parse(
      data(await ai("strategy/backtest/monte-carlo", { strId: sid, backtestId: bid, seed: 7 }, owner)),
    );
    expect(mc.runs).toBe(1000);
    expect(mc.trades).toBe(tradeProfits.length);
    expect(mc.finalBalance.map((b) => b.percentile)).toEqual([5, 25, 50, 75, 95]);
    for (const bands of [mc.finalBalance, mc.maxDrawdown, mc.maxDrawdownPercent]) {
      for (let i = 1; i < bands.length; i++)
        expect(bands[i].value).toBeGreaterThanOrEqual(bands[i - 1].value);
    }
    // Skipped trades and extra costs only ever take away: no run can end above deposit + every winner.
    const best = mc.deposit + tradeProfits.filter((p) => p > 0).reduce((a, b) => a + b, 0);
    expect(mc.finalBalance[4].value).toBeLessThanOrEqual(best + 1e-6);
    // The symbol's typical spread is the default extra spread and slippage.
    expect(mc.settings.spreadPoints).toBeGreaterThan(0);
    expect(mc.settings.slippagePoints).toBe(mc.settings.spreadPoints);
    expect(mc.fan.at(-1)).toEqual(mc.finalBalance);
  });

  it("repeats itself with the same seed and differs with another", async () => {
    const run = async (seed: number) =>
      answerSchema.parse(
        data(
          await ai("strategy/backtest/monte-carlo", { strId: sid, backtestId: bid, seed, runs: 300 }, owner),
        ),
      );
    const a = await run(11);
    expect((await run(11)).finalBalance).toEqual(a.finalBalance);
    expect((await run(12)).finalBalance).not.toEqual(a.finalBalance);
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const before = await footprint();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ runs: 5 }, "runs", "Runs must be between 100 and 10000."],
      [{ runs: 100_001 }, "runs", "Runs must be between 100 and 10000."],
      [{ runs: 250.5 }, "runs", "Runs must be a whole number."],
      [{ runs: "many" }, "runs", "Runs must be a number."],
      [{ seed: 0 }, "seed", "Seed must be between 1 and 2147483647."],
      [{ skipPercent: 90 }, "skipPercent", "Skipped trades must be between 0 and 50."],
      [{ spreadPoints: -1 }, "spreadPoints", "Extra spread must be between 0 and 1000."],
      [{ slippagePoints: "x" }, "slippagePoints", "Extra slippage must be a number."],
    ];
    for (const [extra, field, message] of cases) {
      const res = await ai("strategy/backtest/monte-carlo", { strId: sid, backtestId: bid, ...extra }, owner);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body).toMatchObject({
        status: "error",
        errorCode: "VALIDATION_ERROR",
        field,
        userMessage: message,
      });
    }
    const bad = await ai("strategy/backtest/monte-carlo", { strId: sid, backtestId: "abc" }, owner);
    expect(bad.status).toBe(400);
    expect(await footprint()).toEqual(before);
  });

  it("answers another user's backtest as missing, and a running one as not ready", async () => {
    const foreign = await ai("strategy/backtest/monte-carlo", { strId: sid, backtestId: bid }, other);
    expect(foreign.status).toBe(404);
    const running = await ai(
      "strategy/backtest/monte-carlo",
      { strId: sid, backtestId: processingId },
      owner,
    );
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({ errorCode: "BACKTEST_NOT_COMPLETED" });
    const anonymous = await ai("strategy/backtest/monte-carlo", { strId: sid, backtestId: bid }, null);
    expect(anonymous.status).toBe(401);
  });
});

describe("the Monte Carlo tab of the results page", () => {
  const page = (query: string, cookie = owner) =>
    get(`/strategy/${sid}/results/${bid}?tab=robustness${query}`, cookie);

  it("shows the form and no figures until it is sent", async () => {
    const res = await page("");
    expect(res.status).toBe(200);
    const text = await html(res);
    expect(text).toContain(">Monte Carlo</a>");
    expect(text).toContain("Run Monte Carlo");
    expect(text).toContain('name="mc_runs"');
    expect(text).not.toContain('aria-label="Monte Carlo percentiles"');
  });

  it("runs from the GET form and shows the API's bands in the table, and the fan chart", async () => {
    const mc = answerSchema.parse(
      data(
        await ai("strategy/backtest/monte-carlo", { strId: sid, backtestId: bid, runs: 500, seed: 3 }, owner),
      ),
    );
    const res = await page("&mc_runs=500&mc_seed=3&mc_skip=&mc_spread=&mc_slippage=");
    expect(res.status).toBe(200);
    const text = await html(res);
    expect(text).toContain(`500 runs of ${mc.trades} trades`);
    const money = (v: number) =>
      new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
    for (const [i, p] of [5, 25, 50, 75, 95].entries()) {
      const row = text.match(new RegExp(`<tr data-percentile="${p}">(.*?)</tr>`, "s"))?.[1] ?? "";
      const cells = [...row.matchAll(/<td class="align-right">([^<]*)<\/td>/g)].map((m) => m[1]);
      expect(cells[0]).toBe(money(mc.finalBalance[i].value));
      expect(cells[1]).toBe(money(mc.maxDrawdown[i].value));
    }
    expect(text).toMatch(/<figure class="chart fan-chart"[^>]*>\s*<svg/);
    expect(text).toMatch(/class="fan-band outer chart-fill-blue" d="M[^"]+"/);
  });

  it("answers a bad value with a 400 and the field's message, keeping what was typed", async () => {
    const res = await page("&mc_runs=lots&mc_seed=2");
    expect(res.status).toBe(400);
    const text = await html(res);
    expect(text).toContain("Runs must be a number.");
    expect(text).toContain('value="lots"');
    expect(text).not.toContain('aria-label="Monte Carlo percentiles"');
    const skip = await page("&mc_runs=1000&mc_skip=75");
    expect(skip.status).toBe(400);
    expect(await html(skip)).toContain("Skipped trades must be between 0 and 50.");
  });

  it("is another user's 404", async () => {
    const res = await page("&mc_runs=1000", other);
    expect(res.status).toBe(404);
  });
});
