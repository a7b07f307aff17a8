// `npm run data:import -- --symbol EURUSD --file PATH [--format F] [--timezone TZ] [--url URL] [--token T]`
// Sends a price file to a running worker's POST /admin/market/import (local `npm start` or a deployment),
// so the same command fills local and deployed storage. The file is sent gzipped (a .gz or .zip file as it
// is: Lean ships its data as zips holding one CSV, which the worker opens).
// The token comes from --token or ADMIN_TOKEN; `npm start` prints the local one.
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { isZip } from "../worker/market/importers/zip";
import { parseOptions, readOrExplain, UsageError } from "./cli-args";

export const USAGE = `Usage: npm run data:import -- --symbol EURUSD --file PATH [options]

  --symbol S       catalogue symbol the file is for (EURUSD, usdjpy, ...)
  --file PATH      price file: MT5 export, HistData ASCII, Dukascopy CSV, Lean quote bars or a CSV
                   with a time,open,high,low,close header; .gz files and zips holding one
                   file (Lean's 20140501_quote.zip) are sent as they are
  --format F       mt5 | histdata | dukascopy | lean | generic (default: detected)
  --timezone TZ    zone of the file's times: UTC (default), EST (HistData's default), +02:00,
                   Europe/Athens, ...
  --resolution P   force the bar period (default: detected from the times); it must agree with
                   the bars' spacing (an hourly file forced to M1 is refused)
  --price-side S   bid (default) | ask: an ask-price file is shifted down by the spread
  --url URL        the worker (default http://127.0.0.1:8787)
  --token T        admin token (default: the ADMIN_TOKEN environment variable)`;

export { UsageError };

const argsSchema = z.object({
  symbol: z.string().trim().min(1, "--symbol is required"),
  file: z.string().trim().min(1, "--file is required"),
  format: z.enum(["mt5", "histdata", "dukascopy", "lean", "generic"]).optional(),
  timezone: z.string().trim().min(1).optional(),
  resolution: z.string().trim().min(1).optional(),
  priceSide: z.enum(["bid", "ask"]).optional(),
  url: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8787"),
  token: z.string().trim().min(1, "an admin token is required: pass --token or set ADMIN_TOKEN"),
});

export type ImportArgs = z.infer<typeof argsSchema>;

/** Reads the command line (and ADMIN_TOKEN); throws UsageError with a message for the user. */
export function parseImportArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>) {
  const names = ["symbol", "file", "format", "timezone", "resolution", "price-side", "url", "token"];
  return parseOptions(argv, names, argsSchema, (option) => ({
    symbol: option("symbol") ?? "",
    file: option("file") ?? "",
    format: option("format")?.toLowerCase(),
    timezone: option("timezone"),
    resolution: option("resolution"),
    priceSide: option("price-side")?.toLowerCase(),
    url: option("url"),
    token: option("token") ?? env.ADMIN_TOKEN ?? "",
  }));
}

/** The endpoint with the file's parameters in its query. */
export function importUrl(args: ImportArgs): string {
  const url = new URL("/admin/market/import", args.url);
  url.searchParams.set("symbol", args.symbol);
  // Lean minute files keep their day in the name (20140501_quote.csv); for a zip the worker uses the
  // name of the file inside it.
  url.searchParams.set("filename", basename(args.file).replace(/\.gz$/i, ""));
  if (args.format) url.searchParams.set("format", args.format);
  if (args.timezone) url.searchParams.set("timezone", args.timezone);
  if (args.resolution) url.searchParams.set("resolution", args.resolution);
  if (args.priceSide) url.searchParams.set("price_side", args.priceSide);
  return url.toString();
}

const isGzip = (b: Uint8Array) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

/**
 * The body to send and its type: a gzip or zip file as it is (already compressed), anything else
 * gzipped; in a fetch-ready copy.
 */
export function requestBody(bytes: Uint8Array): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  if (isGzip(bytes)) return { body: new Uint8Array(bytes), contentType: "application/gzip" };
  if (isZip(bytes)) return { body: new Uint8Array(bytes), contentType: "application/zip" };
  return { body: new Uint8Array(gzipSync(bytes, { level: 6 })), contentType: "application/gzip" };
}

const okAnswer = z.object({
  status: z.literal("ok"),
  data: z.object({
    symbol: z.string(),
    format: z.string(),
    resolution: z.string(),
    rows: z.number(),
    bars: z.number(),
    months: z.array(
      z.object({ month: z.string(), bars: z.number(), written: z.boolean(), replaced: z.string() }),
    ),
    monthsWritten: z.number(),
    demoMonthsReplaced: z.array(z.string()),
  }),
});

const errorAnswer = z.object({
  status: z.literal("error"),
  errorCode: z.string(),
  userMessage: z.string(),
  errorCount: z.number().optional(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })).optional(),
});

const n = (x: number) => x.toLocaleString("en-US");

/** The lines printed for the worker's answer, and whether it is a success. */
export function describeAnswer(
  status: number,
  json: unknown,
  file: string,
): { ok: boolean; lines: string[] } {
  const ok = okAnswer.safeParse(json);
  if (ok.success) {
    const d = ok.data.data;
    const lines = [
      `Imported ${d.symbol} from ${file} (${d.format}, ${d.resolution}): ${n(d.rows)} rows, ${n(d.bars)} bars.`,
    ];
    for (const m of d.months) {
      const what = m.written
        ? `written, replaced ${m.replaced === "demo" ? "demo data" : m.replaced === "import" ? "an earlier import" : "nothing"}`
        : "unchanged (the same data was already stored)";
      lines.push(`  ${m.month}  ${n(m.bars).padStart(7)} bars  ${what}`);
    }
    lines.push(
      `${d.monthsWritten} of ${d.months.length} month(s) written` +
        (d.demoMonthsReplaced.length ? `; demo data replaced for ${d.demoMonthsReplaced.join(", ")}.` : "."),
    );
    return { ok: true, lines };
  }
  const err = errorAnswer.safeParse(json);
  if (!err.success)
    return { ok: false, lines: [`The worker answered HTTP ${status} with an unexpected body.`] };
  const e = err.data;
  const lines = [`Import refused (${status} ${e.errorCode}): ${e.userMessage}`];
  if (e.errors?.length) {
    for (const row of e.errors.slice(0, 50))
      lines.push(`  ${row.line ? `line ${row.line}` : "file"}: ${row.message}`);
    const more = (e.errorCount ?? e.errors.length) - Math.min(50, e.errors.length);
    if (more > 0) lines.push(`  ... and ${n(more)} more bad row(s)`);
  }
  if (e.errorCode === "ADMIN_UNAUTHORIZED")
    lines.push("Check --token / ADMIN_TOKEN (npm start prints the local one).");
  if (e.errorCode === "ADMIN_DISABLED")
    lines.push("Set the worker's ADMIN_TOKEN secret (wrangler secret put ADMIN_TOKEN).");
  return { ok: false, lines };
}

/** The command line (`npm run data:import`, scripts/cli.mjs): answers the exit code. */
export async function cli(argv: readonly string[]): Promise<number> {
  const args = readOrExplain("data:import", USAGE, () => parseImportArgs(argv, process.env));
  if (typeof args === "number") return args;
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(resolve(args.file));
  } catch (e) {
    console.error(`data:import: cannot read ${args.file}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  const { body, contentType } = requestBody(bytes);
  const target = importUrl(args);
  const how = contentType === "application/zip" ? "zipped" : "gzipped";
  console.log(`Sending ${args.file} (${n(body.length)} bytes ${how}) to ${new URL(target).origin} ...`);
  let res: Response;
  try {
    res = await fetch(target, {
      method: "POST",
      headers: { Authorization: `Bearer ${args.token}`, "Content-Type": contentType },
      body,
    });
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
    console.error(`data:import: cannot reach ${args.url} (${cause}). Is the worker running (npm start)?`);
    return 1;
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const { ok, lines } = describeAnswer(res.status, json, basename(args.file));
  for (const line of lines) (ok ? console.log : console.error)(line);
  return ok ? 0 : 1;
}
