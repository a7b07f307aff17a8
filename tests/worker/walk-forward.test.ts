import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { pageText as html, postForm } from "./helpers";
import { ai, backtestInputs, freeUser, strategyWithCode, today } from "./strategies-helpers";

/**
 * Walk-forward analysis (issue 17 Robustness): the JSON API and the Optimise tab's form, with the window
 * lengths and plan limits a trader can run into. Nothing is stored by an analysis.
 */

const figures = z.object({ profit: z.number(), trades: z.number() }).nullable();
const answerSchema = z.object({
  windows: z.array(
    z.object({
      inSample: z.object({ from: z.string(), to: z.string() }),
      outOfSample: z.object({ from: z.string(), to: z.string() }),
      inputs: z.record(z.string(), z.number()).nullable(),
      inSampleFigures: figures,
      outOfSampleFigures: figures,
    }),
  ),
  runs: z.number(),
  outOfSampleProfit: z.number(),
  outOfSampleTrades: z.number(),
  efficiency: z.number().nullable(),
  stitched: z.object({
    time: z.array(z.number()),
    equity: z.array(z.number()),
    balance: z.array(z.number()),
  }),
});

let owner = "";
let sid = "";
let fast = "";
let slow = "";

const request = (extra: Record<string, unknown> = {}) => ({
  strId: sid,
  settings: backtestInputs({ dateStart: today(-240), model: 3 }),
  ranges: [
    { name: fast, start: 8, step: 2, stop: 12 },
    { name: slow, start: 26, step: 4, stop: 34 },
  ],
  criterion: "balance",
  inSampleDays: 60,
  outOfSampleDays: 30,
  ...extra,
});

async function footprint() {
  const rows = await env.DB.prepare("SELECT count(*) AS n FROM optimisations").first();
  const objects = await env.BUCKET.list({ prefix: "optimisations/" });
  return { rows, objects: objects.objects.map((o) => o.key).sort() };
}

beforeAll(async () => {
  owner = await freeUser();
  sid = await strategyWithCode(owner, "Walk-forward");
  const inputs = z
    .object({ inputs: z.array(z.object({ name: z.string() })) })
    .parse(data(await ai("strategy/optimise/inputs", { strId: sid }, owner)));
  const periods = inputs.inputs.map((i) => i.name).filter((n) => /period/i.test(n));
  [fast, slow] = periods;
}, 90_000);

describe("the walk-forward API", () => {
  it("optimises each in-sample window, trades the next, and stitches the out-of-sample curve", async () => {
    const wf = answerSchema.parse(data(await ai("strategy/optimise/walk-forward", request(), owner)));
    // 240 days minus a 60-day first in-sample window, in 30-day steps.
    expect(wf.windows.length).toBe(6);
    expect(wf.runs).toBe(9 * 6);
    for (const [i, w] of wf.windows.entries()) {
      if (i > 0) expect(w.outOfSample.from > wf.windows[i - 1].outOfSample.from).toBe(true);
      expect(w.inSample.to < w.outOfSample.from).toBe(true);
      if (w.inputs) {
        expect([8, 10, 12]).toContain(w.inputs[fast]);
        expect([26, 30, 34]).toContain(w.inputs[slow]);
      }
    }
    const traded = wf.windows.flatMap((w) => (w.outOfSampleFigures ? [w.outOfSampleFigures] : []));
    expect(wf.outOfSampleProfit).toBeCloseTo(
      traded.reduce((a, f) => a + f.profit, 0),
      6,
    );
    expect(wf.outOfSampleTrades).toBe(traded.reduce((a, f) => a + f.trades, 0));
    // The stitched curve ends on the deposit plus every out-of-sample window's profit.
    expect(wf.stitched.balance.at(-1)).toBeCloseTo(10_000 + wf.outOfSampleProfit, 6);
  });

  it("anchored windows all start on the first day", async () => {
    const wf = answerSchema.parse(
      data(await ai("strategy/optimise/walk-forward", request({ anchored: true }), owner)),
    );
    expect(new Set(wf.windows.map((w) => w.inSample.from)).size).toBe(1);
  });

  it("refuses bad windows and runs beyond the plan with a 4xx, and stores nothing", async () => {
    const before = await footprint();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ inSampleDays: 3 }, 400, "The in-sample window must be between 7 and 3650 days."],
      [{ outOfSampleDays: 0 }, 400, "The out-of-sample window must be between 1 and 1825 days."],
      [{ outOfSampleDays: 2.5 }, 400, "The out-of-sample window must be a whole number of days."],
      [{ inSampleDays: "long" }, 400, "The in-sample window must be a number of days."],
      [{ anchored: "yes" }, 400, "Anchored is true or false."],
      [{ inSampleDays: 400 }, 400, "The test period holds no in-sample and out-of-sample window"],
    ];
    for (const [extra, status, message] of cases) {
      const res = await ai("strategy/optimise/walk-forward", request(extra), owner);
      expect(res.status, JSON.stringify(extra)).toBe(status);
      expect(res.body.status === "error" ? res.body.userMessage : "").toContain(message);
    }
    // 21 x 11 = 231 combinations in each of 6 windows: 1,386 runs, over the Free plan's 1,000.
    const over = await ai(
      "strategy/optimise/walk-forward",
      request({
        ranges: [
          { name: fast, start: 5, step: 1, stop: 25 },
          { name: slow, start: 26, step: 2, stop: 46 },
        ],
      }),
      owner,
    );
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ errorCode: "OPTIMISATION_LIMIT" });
    expect(await footprint()).toEqual(before);
  });
});

describe("walk-forward on the Optimise tab", () => {
  const form = (extra: Record<string, string> = {}) => ({
    intent: "walk-forward",
    symbol: "EURUSD",
    period: "H1",
    dateStart: today(-240),
    dateEnd: today(-1),
    model: "3",
    depositAmount: "10000",
    search: "grid",
    criterion: "balance",
    forward: "none",
    [`opt.${fast}`]: "on",
    [`start.${fast}`]: "8",
    [`step.${fast}`]: "2",
    [`stop.${fast}`]: "12",
    [`opt.${slow}`]: "on",
    [`start.${slow}`]: "26",
    [`step.${slow}`]: "4",
    [`stop.${slow}`]: "34",
    wfIn: "60",
    wfOut: "30",
    ...extra,
  });

  it("answers the posted form with each window and the efficiency, without JavaScript", async () => {
    const res = await postForm(`/strategy/${sid}/optimise?index`, form(), owner);
    const text = await html(res);
    expect(res.status, text.slice(0, 300)).toBe(200);
    expect(text).toContain("Walk-forward efficiency:");
    const rows = text.match(/<table aria-label="Walk-forward windows">.*?<\/table>/s)?.[0] ?? "";
    expect([...rows.matchAll(/<tr><th scope="row">/g)].length).toBe(6);
    expect(text).toMatch(/<path class="time-line time-balance" d="M[^"]+"/);
  });

  it("shows a bad window length under its field with a 400", async () => {
    const res = await postForm(`/strategy/${sid}/optimise?index`, form({ wfOut: "0" }), owner);
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("The out-of-sample window must be between 1 and 1825 days.");
  });
});
