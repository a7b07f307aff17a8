/**
 * Feed ingest endpoints under /admin (issue 18), behind the same ADMIN_TOKEN check as the import.
 *
 * POST /admin/market/ingest?symbol=EURUSD&from=2024-01-01&to=2024-03-31[&feed=URL][&max_hours=N]
 *   Fetches the range's hour files not settled yet (from 00:00 UTC of `from` to the end of `to`), at most
 *   max_hours (default 240) per call; `npm run data:ingest` calls again while `done` is false and the
 *   call made progress. `feed` overrides MARKET_FEED_URL for this call.
 *   200 {status:'ok', data: IngestSummary}; 400 UNKNOWN_SYMBOL / NOT_IN_FEED / VALIDATION_ERROR.
 * GET /admin/market/integrity?symbol=EURUSD&from=2024-01&to=2024-03
 *   200 {status:'ok', data: {symbol, instrument, source, months: MonthIntegrity[]}} per month.
 */
import { Hono } from "hono";
import { z } from "zod";
import { okBody } from "../http/envelope";
import type { AppError } from "../http/errors";
import { getSymbol } from "../market/catalogue";
import { monthFromIndex, monthIndex } from "../market/chunks";
import { MarketError } from "../market/errors";
import { DAY_MS, getFeedInstrument, summarizeMonth } from "../market/feed";
import { ingestFor } from "../services/market-ingest";
import type { ApiEnv } from "./app";
import { query } from "./validate";

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2024-01-31.")
  .transform((v, ctx) => {
    const ms = Date.parse(`${v}T00:00:00Z`);
    if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== v) {
      ctx.addIssue({ code: "custom", message: `${v} is not a calendar date.` });
      return z.NEVER;
    }
    return ms;
  });
const month = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use a month like 2024-01.");
const symbol = z.string().trim().min(1, "symbol is required, e.g. EURUSD.").max(32);

const MAX_DAYS = 3660;
const ingestQuery = z
  .object({
    symbol,
    from: day,
    to: day,
    feed: z.url({ protocol: /^https?$/, error: "feed must be an http(s) URL." }).optional(),
    max_hours: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .refine((q) => q.to >= q.from, { message: "to must not be before from.", path: ["to"] })
  .refine((q) => (q.to - q.from) / DAY_MS < MAX_DAYS, {
    message: "At most 10 years per backfill.",
    path: ["to"],
  });

const integrityQuery = z
  .object({ symbol, from: month, to: month })
  .refine((q) => q.to >= q.from, { message: "to must not be before from.", path: ["to"] })
  .refine((q) => monthIndex(q.to) - monthIndex(q.from) < 240, {
    message: "At most 240 months.",
    path: ["to"],
  });

/** Market-library errors (unknown symbol, not in the feed) as the admin API's 4xx. */
async function mapped<T>(toAppError: (e: MarketError) => AppError, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof MarketError) throw toAppError(e);
    throw e;
  }
}

export function createAdminIngestApi(toAppError: (e: MarketError) => AppError) {
  return new Hono<ApiEnv>()
    .post("/market/ingest", query(ingestQuery), async (c) => {
      const q = c.req.valid("query");
      const summary = await mapped(toAppError, () =>
        ingestFor(c.get("services")).ingest(q.symbol, q.from, q.to + DAY_MS, {
          feedUrl: q.feed,
          maxHours: q.max_hours,
        }),
      );
      return c.json(okBody(summary));
    })
    .get("/market/integrity", query(integrityQuery), async (c) => {
      const q = c.req.valid("query");
      const feed = await mapped(toAppError, async () => getFeedInstrument(getSymbol(q.symbol)));
      const objects = ingestFor(c.get("services")).objects;
      const months = [];
      for (let i = monthIndex(q.from); i <= monthIndex(q.to); i++) {
        const m = monthFromIndex(i);
        months.push(summarizeMonth(m, await objects.monthLog(feed.symbol.name, m)));
      }
      return c.json(
        okBody({ symbol: feed.symbol.name, instrument: feed.instrument, source: "Dukascopy", months }),
      );
    });
}
