import { log as defaultLog, type Logger } from "../log";
import type { Services } from "../services/context";
import { ingestFor } from "../services/market-ingest";

/**
 * The Cron Trigger's data job (issue 18): fetches the feed's hours since the last stored one for every
 * symbol a backfill has started, within one run's budget (worker/services/market-ingest.ts catchUp).
 * Idempotent and resumable, so overlapping or interrupted runs are harmless. Logged as structured events
 * (DESIGN D15): `market_ingest.done` per symbol, or `market_ingest.failed` (rethrown, so the cron run fails).
 */
export async function runMarketIngest(
  services: Pick<Services, "env" | "config" | "market">,
  log: Logger = defaultLog,
) {
  const started = Date.now();
  try {
    const runs = (await ingestFor(services).catchUp()).map((r) => ({
      symbol: r.symbol,
      hours: r.hoursFetched,
      ticks: r.ticksStored,
      failed: r.failed.length,
    }));
    for (const run of runs) log.info("market_ingest.done", { job: "market-ingest", ...run });
    return runs;
  } catch (e) {
    log.error("market_ingest.failed", e, { job: "market-ingest", ms: Date.now() - started });
    throw e;
  }
}
