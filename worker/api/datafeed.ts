/**
 * GET /datafeed/candles/ (spec 2 section 7): the chart's candles.
 *
 * Query: symbol, timeframe (case-insensitive: m1 ... mn1), start_timestamp and end_timestamp in
 * epoch seconds, both inclusive (market/datafeed.ts). Answer: a plain JSON array of
 * {time, open, high, low, close}, time in epoch seconds, oldest first; [] when the range holds no
 * bar (weekend, future). At most MAX_CANDLES bars per call.
 *
 * The array stays plain as the spec's client expects, so its provenance travels in headers:
 *   X-Data-Source: demo | imported | none   demo when ANY candle comes from generated demo data
 *   X-Data-Demo-Months: 2024-01, 2024-02     the months answered from demo data, when any
 *   X-Data-Real-Months: 2024-01 (Dukascopy)  the months of real prices from a datafeed, and which
 * Caching: an ETag from the months' content revisions (If-None-Match answers 304 before any chunk
 * is read). Ranges that end before the current month are `no-cache`: kept by the browser but
 * revalidated on every use, because an import may replace any past month and a max-age would keep
 * serving the old candles; the 304 costs one manifest look-up (cached in the isolate). Ranges
 * reaching the current month are cached a minute (demo data grows each minute).
 *
 * Errors are the spec's `{detail}` body: 400 for missing or malformed parameters, an unknown
 * timeframe, end before start, a range over the limit or a period finer than the stored data;
 * 404 for an unknown symbol.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { parseCandleQuery } from "../market/datafeed";
import { MarketError } from "../market/errors";
import type { MarketData } from "../services/market-data";
import type { ApiEnv } from "./app";
import { candlesJson } from "./candles-json";

const PARAMS = ["symbol", "timeframe", "start_timestamp", "end_timestamp"] as const;

const seconds = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,11}(\.\d+)?$/, `${name} must be epoch seconds (a number, 0 or more).`);

const querySchema = z.object({
  symbol: z.string().trim().min(1).max(32),
  timeframe: z.string().trim().min(1).max(8),
  start_timestamp: seconds("start_timestamp"),
  end_timestamp: seconds("end_timestamp"),
});

export class DatafeedError extends Error {
  constructor(
    readonly status: 400 | 404 | 500,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the query: every parameter named when missing, each malformed one explained. */
export function readCandleQuery(url: URL) {
  const raw: Record<string, string | undefined> = {};
  for (const name of PARAMS) {
    const v = url.searchParams.get(name);
    raw[name] = v === null || v.trim() === "" ? undefined : v;
  }
  const missing = PARAMS.filter((p) => raw[p] === undefined);
  if (missing.length > 0) {
    throw new DatafeedError(400, `Missing required parameters: ${missing.join(", ")}.`);
  }
  const parsed = querySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatafeedError(400, `${issue?.path.join(".")}: ${issue?.message ?? "invalid"}`);
  }
  return parseCandleQuery(parsed.data);
}

function statusOf(e: MarketError): 400 | 404 | 500 {
  if (e.code === "UNKNOWN_SYMBOL") return 404;
  return e.code === "BAD_CHUNK" ? 500 : 400;
}

function detail(status: number, message: string): Response {
  return Response.json({ detail: message }, { status, headers: { "Cache-Control": "no-store" } });
}

/** The whole answer to one request; the Hono route only hands it the services. */
export async function candlesResponse(market: MarketData, request: Request): Promise<Response> {
  try {
    const q = readCandleQuery(new URL(request.url));
    const sources = await market.sources(q);
    const headers = new Headers({
      "Content-Type": "application/json; charset=utf-8",
      ETag: sources.etag,
      "Cache-Control": sources.live ? "public, max-age=60" : "public, no-cache",
      "X-Data-Source":
        sources.demoMonths.length > 0 ? "demo" : sources.importedMonths.length > 0 ? "imported" : "none",
    });
    if (sources.demoMonths.length > 0) headers.set("X-Data-Demo-Months", sources.demoMonths.join(", "));
    if (sources.realMonths.length > 0) headers.set("X-Data-Real-Months", sources.realMonths.join(", "));
    const ifNoneMatch = request.headers.get("If-None-Match");
    // Cloudflare weakens ETags of responses it compresses, so W/"x" comes back for "x".
    if (ifNoneMatch?.split(",").some((t) => t.trim().replace(/^W\//, "") === sources.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const answer = await market.candles(q);
    return new Response(candlesJson(answer.bars), { status: 200, headers });
  } catch (e) {
    if (e instanceof DatafeedError) return detail(e.status, e.message);
    if (e instanceof MarketError) {
      if (e.code === "BAD_CHUNK") console.error("datafeed: stored data unreadable", e);
      return detail(statusOf(e), e.message);
    }
    console.error("datafeed: unexpected error", e);
    return detail(500, "An error occurred while reading candles. Please try again.");
  }
}

const candles = (c: Context<ApiEnv>) => candlesResponse(c.get("services").market, c.req.raw);

/** Mounted at /datafeed; the spec's path has a trailing slash, and the bare path works too. */
export const datafeedApi = new Hono<ApiEnv>().get("/candles/", candles).get("/candles", candles);
