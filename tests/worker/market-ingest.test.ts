import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hourFileUrl } from "../../worker/market/feed/mapping";
import { DAY, FEED_SYMBOL, HOUR, SLOW_HOUR } from "../fake-feed/fixture";
import { ADMIN_TOKEN } from "./built-worker";
import { candle } from "./candle";
import { envelope, ORIGIN } from "./helpers";

/*
 * The datafeed ingest (issue 18) against the BUILT worker with ADMIN_TOKEN and MARKET_FEED_URL pointing at
 * the FAKE feed (tests/fake-feed, started by vitest.config.ts), whose .bi5 files are built from the known
 * ticks of tests/fake-feed/fixture.ts. Candles are read back through GET /datafeed/candles/.
 */
const FEED = `http://127.0.0.1:${env.FAKE_FEED_PORT}/feed`;
const BUILD = "../../build/index.js";
type Handler = (a: unknown, env: unknown, ctx: ExecutionContext) => Promise<unknown>;
const built = z
  .object({ default: z.object({ fetch: z.custom<Handler>(), scheduled: z.custom<Handler>() }) })
  .parse(await import(/* @vite-ignore */ BUILD));
const feedEnv = { ...env, ADMIN_TOKEN, MARKET_FEED_URL: FEED };

async function call(path: string, init: RequestInit = {}, workerEnv: object = feedEnv): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await built.default.fetch(new Request(`${ORIGIN}${path}`, init), workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return z.instanceof(Response).parse(res);
}

const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

const summary = z.object({
  symbol: z.string(),
  hoursPending: z.number(),
  hoursFetched: z.number(),
  hoursSkipped: z.number(),
  ticksStored: z.number(),
  daysWritten: z.number(),
  failed: z.array(z.object({ hour: z.string(), error: z.string().optional() })),
  done: z.boolean(),
  next: z.string().nullable(),
});

async function ingest(q: Record<string, string>, workerEnv: object = feedEnv) {
  const res = await call(
    `/admin/market/ingest?${new URLSearchParams(q)}`,
    { method: "POST", headers: auth },
    workerEnv,
  );
  const body = envelope.parse(await res.json());
  return { status: res.status, body };
}

async function ingested(q: Record<string, string>, workerEnv: object = feedEnv) {
  const { status, body } = await ingest(q, workerEnv);
  if (status !== 200 || body.status !== "ok") throw new Error(`ingest failed: ${JSON.stringify(body)}`);
  return summary.parse(body.data);
}

const bar = candle.extend({ tick_volume: z.number().optional() });

async function candles(fromMs: number, toMs: number) {
  const params = new URLSearchParams({
    symbol: FEED_SYMBOL,
    timeframe: "M1",
    start_timestamp: String(fromMs / 1000),
    end_timestamp: String(toMs / 1000 - 1),
  });
  const res = await call(`/datafeed/candles/?${params}`);
  expect(res.status).toBe(200);
  return { res, bars: z.array(bar).parse(await res.json()) };
}

const monthReport = z.object({
  month: z.string(),
  hoursFetched: z.number(),
  ticks: z.number(),
  missingHours: z.number(),
  emptyFiles: z.number(),
  failedFiles: z.number(),
  weekendTicks: z.number(),
  spikes: z.number(),
  crossedQuotes: z.number(),
  empty: z.array(z.string()),
  failed: z.array(z.object({ hour: z.string(), error: z.string() })),
});

async function integrity(month = "2024-01") {
  const res = await call(`/admin/market/integrity?symbol=${FEED_SYMBOL}&from=${month}&to=${month}`, {
    headers: auth,
  });
  const body = envelope.parse(await res.json());
  if (body.status !== "ok") throw new Error(JSON.stringify(body));
  return z.object({ months: z.array(monthReport) }).parse(body.data).months[0];
}

async function hits(hour: number): Promise<number> {
  const path = hourFileUrl("/feed", FEED_SYMBOL, hour);
  const res = await fetch(
    `http://127.0.0.1:${env.FAKE_FEED_PORT}/__feed/hits?path=${encodeURIComponent(path)}`,
  );
  return z.object({ hits: z.number() }).parse(await res.json()).hits;
}

const at = (h: number, m = 0) => DAY + h * HOUR + m * 60_000;

describe("datafeed ingest", () => {
  it("refuses bad input and symbols the feed lacks, writing nothing", async () => {
    expect((await ingest({ symbol: FEED_SYMBOL, from: "2024-01-05", to: "2024-01-01" })).status).toBe(400);
    expect((await ingest({ symbol: FEED_SYMBOL, from: "2024-02-30", to: "2024-03-01" })).status).toBe(400);
    const lacking = await ingest({ symbol: "USDKRW", from: "2024-01-01", to: "2024-01-01" });
    expect(lacking.status).toBe(400);
    expect(lacking.body.status === "error" && lacking.body.errorCode).toBe("NOT_IN_FEED");
    const noToken = await call("/admin/market/ingest?symbol=GBPUSD&from=2024-01-02&to=2024-01-02", {
      method: "POST",
    });
    expect(noToken.status).toBe(401);
    expect((await env.BUCKET.list({ prefix: "ticks/USDKRW/" })).objects).toEqual([]);
  });

  it("ingests a day through the endpoint: exact M1 candles, integrity counts, idempotent, then the Cron path", async () => {
    const first = await ingested({ symbol: FEED_SYMBOL, from: "2024-01-02", to: "2024-01-02" });
    expect(first).toMatchObject({
      hoursPending: 24,
      hoursFetched: 24,
      hoursSkipped: 0,
      ticksStored: 7,
      done: false,
    });
    expect(first.failed.map((f) => f.hour)).toEqual(["2024-01-02T12"]);
    expect(first.failed[0].error).toMatch(/damaged.*after 3 tries/);
    expect(await hits(at(12))).toBe(3); // the corrupt file is retried
    expect(await hits(at(5))).toBe(1); // a 404 is final

    const { res, bars } = await candles(at(10), at(14));
    expect(res.headers.get("x-data-source")).toBe("imported");
    expect(res.headers.get("x-data-real-months")).toBe("2024-01 (Dukascopy)");
    expect(bars.map(({ time, open, high, low, close }) => ({ time, open, high, low, close }))).toEqual([
      { time: at(10, 0) / 1000, open: 1.27, high: 1.27005, low: 1.26998, close: 1.26998 },
      { time: at(10, 1) / 1000, open: 1.2701, high: 1.27011, low: 1.2701, close: 1.27011 },
      { time: at(10, 2) / 1000, open: 1.2702, high: 1.2702, low: 1.2702, close: 1.2702 },
      { time: at(13, 0) / 1000, open: 1.2703, high: 1.2703, low: 1.2703, close: 1.2703 },
    ]);

    expect(await integrity()).toMatchObject({
      hoursFetched: 23,
      ticks: 7,
      missingHours: 20,
      emptyFiles: 1,
      failedFiles: 1,
      spikes: 1,
      crossedQuotes: 1,
      weekendTicks: 0,
      empty: ["2024-01-02T11"],
    });

    // Again: settled hours are skipped, only the failed one is fetched again; nothing changes.
    const before = await env.BUCKET.get(`ticks/${FEED_SYMBOL}/2024-01-02.bin`);
    const manifestBefore = await (await env.BUCKET.get(`candles/${FEED_SYMBOL}/manifest.json`))?.text();
    const again = await ingested({ symbol: FEED_SYMBOL, from: "2024-01-02", to: "2024-01-02" });
    expect(again).toMatchObject({
      hoursPending: 1,
      hoursFetched: 1,
      hoursSkipped: 23,
      ticksStored: 0,
      daysWritten: 0,
    });
    const after = await env.BUCKET.get(`ticks/${FEED_SYMBOL}/2024-01-02.bin`);
    expect(after?.etag).toBe(before?.etag);
    expect(await (await env.BUCKET.get(`candles/${FEED_SYMBOL}/manifest.json`))?.text()).toBe(manifestBefore);
    expect((await candles(at(10), at(14))).bars).toEqual(bars);

    // The Cron path: the hours since the last settled one (23:00), up to an hour before the run.
    const ctx = createExecutionContext();
    await built.default.scheduled(
      { scheduledTime: at(27, 30), cron: "*/15 * * * *", noRetry() {} },
      feedEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await hits(at(24))).toBe(1);
    expect(await hits(at(25))).toBe(1);
    expect(await hits(at(26))).toBe(0); // not over an hour ago yet
    const next = await candles(at(24), at(27));
    expect(next.bars.map(({ time, close }) => ({ time, close }))).toEqual([
      { time: at(25) / 1000, close: 1.271 },
    ]);
  });

  it("reports an hour whose file comes after the timeout as failed (after its retries) and stores nothing of it", async () => {
    // The fake feed sends SLOW_HOUR's valid file only after SLOW_FEED_DELAY_MS; a short
    // MARKET_FEED_TIMEOUT_MS makes the three tries give up soon. max_hours=1: only that hour.
    const slowEnv = { ...feedEnv, MARKET_FEED_TIMEOUT_MS: "300" };
    const day = new Date(SLOW_HOUR).toISOString().slice(0, 10);
    const manifestBefore = await (await env.BUCKET.get(`candles/${FEED_SYMBOL}/manifest.json`))?.text();
    const r = await ingested({ symbol: FEED_SYMBOL, from: day, to: day, max_hours: "1" }, slowEnv);
    expect(r).toMatchObject({ hoursFetched: 1, ticksStored: 0, daysWritten: 0, done: false });
    expect(r.failed).toEqual([{ hour: `${day}T00`, error: "timed out after 300 ms (after 3 tries)" }]);
    expect(await hits(SLOW_HOUR)).toBe(3);

    // Nothing of the hour is stored: no tick chunk for its day, the M1 store as it was; the month's
    // report counts the failure, which the next call fetches again.
    expect(await env.BUCKET.get(`ticks/${FEED_SYMBOL}/${day}.bin`)).toBeNull();
    expect(await (await env.BUCKET.get(`candles/${FEED_SYMBOL}/manifest.json`))?.text()).toBe(manifestBefore);
    expect(await integrity(day.slice(0, 7))).toMatchObject({ hoursFetched: 0, ticks: 0, failedFiles: 1 });
    const again = await ingested({ symbol: FEED_SYMBOL, from: day, to: day, max_hours: "1" }, slowEnv);
    expect(again).toMatchObject({ hoursPending: 24, hoursFetched: 1, hoursSkipped: 0 });
    expect(await hits(SLOW_HOUR)).toBe(6);
  });
});
