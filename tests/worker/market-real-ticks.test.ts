import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { mtTime } from "../../worker/engine/rows";
import { WEEK_SYMBOL, weekHours, weekTicks } from "../fake-feed/week";
import { data } from "./answers";
import { ADMIN_TOKEN } from "./built-worker";
import { envelope, ORIGIN } from "./helpers";
import { ai, backtestRequest, freeUser, strategyWithCode } from "./strategies-helpers";

/*
 * "Every tick based on real ticks" (model 1) on ingested ticks (issue 18): the EURUSD week of the FAKE
 * datafeed (tests/fake-feed/week.ts) is ingested through the BUILT worker's admin endpoint, then backtests
 * run through the app: over the ingested days they run on the stored ticks (fills at their quotes, the
 * Ticks figure their number), and over a range only partly stored they say per month which ticks were
 * real and which generated (notes, results page, details section).
 */
const FEED = `http://127.0.0.1:${env.FAKE_FEED_PORT}/feed`;
const BUILD = "../../build/index.js";
type Handler = (a: unknown, env: unknown, ctx: ExecutionContext) => Promise<unknown>;
const built = z
  .object({ default: z.object({ fetch: z.custom<Handler>() }) })
  .parse(await import(/* @vite-ignore */ BUILD));
const feedEnv = { ...env, ADMIN_TOKEN, MARKET_FEED_URL: FEED };

async function ingestWeek(): Promise<number> {
  const ctx = createExecutionContext();
  const q = new URLSearchParams({ symbol: WEEK_SYMBOL, from: "2024-03-04", to: "2024-03-08" });
  const res = z.instanceof(Response).parse(
    await built.default.fetch(
      new Request(`${ORIGIN}/admin/market/ingest?${q}`, {
        method: "POST",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      }),
      feedEnv,
      ctx,
    ),
  );
  await waitOnExecutionContext(ctx);
  const body = envelope.parse(await res.json());
  if (body.status !== "ok") throw new Error(JSON.stringify(body));
  const summary = z.object({ ticksStored: z.number(), done: z.boolean() }).parse(body.data);
  expect(summary.done).toBe(true);
  return summary.ticksStored;
}

const btView = z.object({
  processing: z.number(),
  notes: z.array(z.string()),
  message: z.string().nullish(),
});

async function backtest(cookie: string, strId: string, dateStart: string, dateEnd: string) {
  const { backtestId } = z.object({ backtestId: z.string() }).parse(
    data(
      await ai(
        "strategy/backtest/new",
        backtestRequest(strId, {
          description: `real ticks ${dateStart}`,
          symbol: WEEK_SYMBOL,
          dateStart,
          dateEnd,
          model: 1,
          // UTC keeps the run's months the stored (UTC) months: on a GMT+2 server, March would begin with
          // two hours of February's demo bars (server-time.ts).
          timeZone: "UTC",
        }),
        cookie,
      ),
    ),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const bt = btView.parse(data(await ai("strategy/backtest", { strId, backtestId }, cookie)));
    if (bt.processing === 100) return { backtestId, notes: bt.notes };
    if (bt.processing === 200 || Date.now() > deadline)
      throw new Error(`backtest ended ${JSON.stringify(bt)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function section(cookie: string, strId: string, backtestId: string, name: string): Promise<unknown> {
  return data(await ai("strategy/backtest/results", { strId, backtestId, section: name }, cookie));
}

const orderRow = z.object({
  Type: z.string(),
  Price: z.string(),
  Time: z.string(),
  State: z.string(),
  Comment: z.string(),
});
const monthTicks = z.object({
  month: z.string(),
  realDays: z.number(),
  generatedDays: z.number(),
  source: z.string().nullable(),
  demo: z.boolean(),
});

describe("every tick based on real ticks over ingested ticks", () => {
  it("runs on the stored ticks where they exist, generated ticks elsewhere, and says so per month", async () => {
    const stored = await ingestWeek();
    const all = weekHours().flatMap((h) => weekTicks(h).map((t) => ({ ...t, time: h + t.ms })));
    expect(stored).toBe(all.length);
    const cookie = await freeUser();
    const strId = await strategyWithCode(cookie, "Real ticks");

    // Over March, whose only stored days are the ingested week: every tick of the run is a stored tick.
    const march = await backtest(cookie, strId, "2024-03-01", "2024-03-31");
    const results = z
      .object({ Ticks: z.string() })
      .passthrough()
      .parse(await section(cookie, strId, march.backtestId, "results"));
    expect(Number(results.Ticks)).toBe(stored);
    expect(march.notes).toContain("2024-03: real ticks (Dukascopy).");
    expect(march.notes.join(" ")).not.toContain("No real ticks are stored");

    // Each market fill is the quote of a stored tick at that second: a buy at its ask, a sell at its bid
    // (generated ticks fall on other times, at the minute's smallest spread).
    const orders = z.array(orderRow).parse(await section(cookie, strId, march.backtestId, "orders"));
    const market = orders.filter((o) => o.State === "filled" && !/^(sl|tp)/.test(o.Comment));
    expect(market.length).toBeGreaterThan(2);
    for (const o of market) {
      const pts = Math.round(Number(o.Price) * 1e5);
      const match = all.find(
        (t) =>
          mtTime(Math.floor(t.time / 1000) * 1000) === o.Time && (o.Type === "buy" ? t.ask : t.bid) === pts,
      );
      expect(match, `${o.Type} ${o.Price} at ${o.Time}`).toBeDefined();
    }

    // A stored day lost (its chunk gone) is generated from its M1 bars; February has no stored ticks.
    await env.BUCKET.delete(`ticks/${WEEK_SYMBOL}/2024-03-08.bin`);
    const both = await backtest(cookie, strId, "2024-02-20", "2024-03-31");
    expect(both.notes).toContain("2024-02: ticks generated from demo M1 bars (not real prices).");
    expect(both.notes).toContain(
      "2024-03: real ticks (Dukascopy) on 4 days, ticks generated from stored M1 bars on 1 day without real ticks.",
    );
    // The stored result keeps them per month too (its details section, read by the results page).
    const listed = await env.BUCKET.list({ prefix: "backtests/" });
    const storedDetails = await Promise.all(
      listed.objects
        .filter((o) => o.key.endsWith("/details.json"))
        .map(async (o) =>
          z.object({ ticks: z.array(monthTicks) }).parse(await (await env.BUCKET.get(o.key))?.json()),
        ),
    );
    const details = storedDetails.find((d) => d.ticks.some((m) => m.month === "2024-02"));
    if (!details) throw new Error("no stored details of the second run");
    expect(details.ticks).toEqual([
      { month: "2024-02", realDays: 0, generatedDays: expect.any(Number), source: null, demo: true },
      { month: "2024-03", realDays: 4, generatedDays: 1, source: "Dukascopy", demo: false },
    ]);
    expect(details.ticks[0]?.generatedDays).toBeGreaterThan(0);

    // The results page shows the labels.
    const page = await built.default.fetch(
      new Request(`${ORIGIN}/strategy/${strId}/results/${both.backtestId}`, { headers: { cookie } }),
      feedEnv,
      createExecutionContext(),
    );
    const html = await z.instanceof(Response).parse(page).text();
    expect(html).toContain("2024-03: real ticks (Dukascopy) on 4 days");
    expect(html).toContain("2024-02: ticks generated from demo M1 bars");
  }, 120_000);
});
