/**
 * Operator endpoints under /admin (issue 3), protected by the ADMIN_TOKEN secret:
 * `Authorization: Bearer <ADMIN_TOKEN>`. With no ADMIN_TOKEN configured every call is refused (403
 * ADMIN_DISABLED), so a deployment without the secret exposes nothing; `npm start` sets a fresh
 * token per run and prints it.
 *
 * POST /admin/market/import?symbol=EURUSD[&format=mt5|histdata|dukascopy|lean|generic]
 *      [&timezone=UTC|+02:00|EST|Europe/Athens][&resolution=M1][&price_side=bid|ask][&filename=NAME]
 *   body: the price file's text, its gzip, or a zip holding one file (detected from the bytes; Lean's
 *   day zips). `npm run data:import` sends it.
 *   200 {status:'ok', data: ImportOutcome}: rows, bars, resolution, months written, demo months replaced.
 *   422 IMPORT_ROWS with `errors: [{line, message}]` and `errorCount` when any row is bad; nothing is
 *   written then.
 * POST /admin/market/ingest, GET /admin/market/integrity: the datafeed ingest (admin-ingest.ts).
 */
import { type Context, Hono, type Next } from "hono";
import { z } from "zod";
import { errorBody, okBody } from "../http/envelope";
import { AppError } from "../http/errors";
import { MarketError } from "../market/errors";
import { IMPORT_FORMATS } from "../market/importers";
import { tryPeriodOf } from "../market/periods";
import { sha256Hex, timingSafeEqual } from "../services/crypto";
import { importMarketFile } from "../services/market-import";
import { createAdminIngestApi } from "./admin-ingest";
import type { ApiEnv } from "./app";
import { query } from "./validate";

const importQuery = z.object({
  symbol: z.string().trim().min(1, "symbol is required, e.g. EURUSD.").max(32),
  format: z.string().trim().toLowerCase().pipe(z.enum(IMPORT_FORMATS)).optional(),
  timezone: z.string().trim().min(1).max(64).optional(),
  resolution: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const p = tryPeriodOf(v);
      if (!p) ctx.addIssue({ code: "custom", message: `Unknown period "${v}", e.g. M1 or H1.` });
      return p ?? z.NEVER;
    })
    .optional(),
  price_side: z.enum(["bid", "ask"]).optional(),
  filename: z.string().trim().min(1).max(255).optional(),
});

const encoder = new TextEncoder();

async function sameSecret(given: string, expected: string): Promise<boolean> {
  // Compare digests so neither the length nor the first differing byte shows in the timing.
  const [a, b] = await Promise.all([sha256Hex(given), sha256Hex(expected)]);
  return timingSafeEqual(encoder.encode(a), encoder.encode(b));
}

async function requireAdmin(c: Context<ApiEnv>, next: Next): Promise<void> {
  const expected = c.get("services").config.ADMIN_TOKEN;
  if (!expected) {
    throw new AppError(
      "ADMIN_DISABLED",
      403,
      "Admin endpoints are disabled: set the ADMIN_TOKEN secret to use them.",
    );
  }
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match || !(await sameSecret(match[1], expected))) {
    c.header("WWW-Authenticate", 'Bearer realm="admin"');
    throw new AppError(
      "ADMIN_UNAUTHORIZED",
      401,
      "A valid admin token is required (Authorization: Bearer <ADMIN_TOKEN>).",
    );
  }
  await next();
}

/** Market-library errors as API errors: all of them are about the request, except unreadable storage. */
function toAppError(e: MarketError): AppError {
  if (e.code === "BAD_CHUNK") return new AppError("MARKET_DATA_ERROR", 500, e.message);
  const field =
    e.code === "UNKNOWN_SYMBOL" || e.code === "NOT_IN_FEED"
      ? "symbol"
      : e.code === "UNKNOWN_PERIOD"
        ? "resolution"
        : "body";
  return new AppError(e.code, 400, e.message, e.message, { field });
}

export function createAdminApi() {
  return new Hono<ApiEnv>()
    .use("*", requireAdmin)
    .route("/", createAdminIngestApi(toAppError))
    .post("/market/import", query(importQuery), async (c) => {
      const q = c.req.valid("query");
      try {
        const outcome = await importMarketFile(c.get("services").market, {
          symbol: q.symbol,
          format: q.format,
          timezone: q.timezone,
          resolution: q.resolution,
          priceSide: q.price_side,
          fileName: q.filename,
          body: c.req.raw.body,
        });
        if (outcome.ok) {
          const { ok: _ok, ...data } = outcome;
          return c.json(okBody(data));
        }
        const shown = outcome.errors
          .slice(0, 3)
          .map((e) => `line ${e.line}: ${e.message}`)
          .join("; ");
        const error = new AppError(
          "IMPORT_ROWS",
          422,
          `${outcome.errorCount} bad row(s); nothing was imported.`,
          `${outcome.errorCount} bad row(s): ${shown}`,
        );
        return c.json(
          {
            ...errorBody(error),
            symbol: outcome.symbol,
            format: outcome.format,
            rows: outcome.rows,
            errorCount: outcome.errorCount,
            errors: outcome.errors,
          },
          422,
        );
      } catch (e) {
        if (e instanceof MarketError) throw toAppError(e);
        throw e;
      }
    });
}
