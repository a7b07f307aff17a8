// `npm run data:ingest -- --symbol EURUSD --from 2024-01-01 --to 2024-03-31 [--feed FEED_BASE] [--url WORKER] [--token T]`
// Backfills real ticks and M1 from the tick datafeed through a running worker's POST /admin/market/ingest
// (local `npm start` or a deployment). Each call fetches a bounded batch of hour files; the script calls
// again while the answer says there is more and the last call made progress, so a failure (a timeout, a
// corrupt file) never loops forever and running the command again resumes where it stopped.
// The token comes from --token or ADMIN_TOKEN; `npm start` prints the local one.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { parseOptions, readOrExplain, UsageError } from "./cli-args";

export const USAGE = `Usage: npm run data:ingest -- --symbol EURUSD --from 2024-01-01 --to 2024-03-31 [options]

  --symbol S       catalogue symbol the datafeed carries (EURUSD, usdjpy, ...)
  --from DATE      first day (UTC), e.g. 2024-01-01
  --to DATE        last day (UTC), included
  --feed URL       datafeed base for this backfill (default: the worker's MARKET_FEED_URL)
  --url URL        the worker (default http://127.0.0.1:8787)
  --token T        admin token (default: the ADMIN_TOKEN environment variable)`;

export { UsageError };

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "use a date like 2024-01-31");
const argsSchema = z.object({
  symbol: z.string().trim().min(1, "--symbol is required"),
  from: date,
  to: date,
  feed: z.url({ protocol: /^https?$/ }).optional(),
  url: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:8787"),
  token: z.string().trim().min(1, "an admin token is required: pass --token or set ADMIN_TOKEN"),
});

export type IngestArgs = z.infer<typeof argsSchema>;

/** Reads the command line (and ADMIN_TOKEN); throws UsageError with a message for the user. */
export function parseIngestArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>) {
  return parseOptions(argv, ["symbol", "from", "to", "feed", "url", "token"], argsSchema, (option) => ({
    symbol: option("symbol") ?? "",
    from: option("from") ?? "",
    to: option("to") ?? "",
    feed: option("feed"),
    url: option("url"),
    token: option("token") ?? env.ADMIN_TOKEN ?? "",
  }));
}

export function ingestUrl(args: IngestArgs): string {
  const q = new URLSearchParams({ symbol: args.symbol, from: args.from, to: args.to });
  if (args.feed) q.set("feed", args.feed);
  return `${args.url.replace(/\/+$/, "")}/admin/market/ingest?${q}`;
}

const answer = z.object({
  status: z.literal("ok"),
  data: z.object({
    hoursPending: z.number(),
    hoursFetched: z.number(),
    ticksStored: z.number(),
    failed: z.array(z.object({ hour: z.string(), error: z.string().optional() })),
    done: z.boolean(),
    next: z.string().nullable(),
  }),
});
const failure = z.object({ errorCode: z.string(), userMessage: z.string() });

async function main(): Promise<number> {
  const args = readOrExplain("data:ingest", USAGE, () => parseIngestArgs(process.argv.slice(2), process.env));
  if (typeof args === "number") return args;
  let total = 0;
  for (;;) {
    let res: Response;
    try {
      res = await fetch(ingestUrl(args), {
        method: "POST",
        headers: { Authorization: `Bearer ${args.token}` },
      });
    } catch (e) {
      const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
      console.error(`data:ingest: cannot reach ${args.url} (${cause}). Is the worker running (npm start)?`);
      return 1;
    }
    const json: unknown = await res.json().catch(() => undefined);
    const ok = answer.safeParse(json);
    if (!ok.success) {
      const f = failure.safeParse(json);
      console.error(
        `data:ingest: ${res.status} ${f.success ? `${f.data.errorCode}: ${f.data.userMessage}` : "unexpected answer"}`,
      );
      return 1;
    }
    const d = ok.data.data;
    total += d.ticksStored;
    console.log(
      `${d.hoursFetched} hour files fetched, ${d.ticksStored} ticks stored; ${d.hoursPending - d.hoursFetched} hours left`,
    );
    for (const f of d.failed) console.error(`  failed ${f.hour}: ${f.error ?? ""}`);
    if (d.done) {
      console.log(`Done: ${total} ticks stored.`);
      return 0;
    }
    if (d.next === null || d.hoursFetched === 0) {
      console.error(`Stopped with ${d.failed.length} hour(s) failing; run the command again to retry them.`);
      return 1;
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exit(await main());
}
