import type { Services } from "../services/context";
import { ingestFor } from "../services/market-ingest";

/**
 * The Cron Trigger's data job (issue 18): fetches the feed's hours since the last stored one for every
 * symbol a backfill has started, within one run's budget (worker/services/market-ingest.ts catchUp).
 * Idempotent and resumable, so overlapping or interrupted runs are harmless.
 */
export async function runMarketIngest(services: Pick<Services, "env" | "config" | "market">) {
  const runs = await ingestFor(services).catchUp();
  return runs.map((r) => ({
    symbol: r.symbol,
    hours: r.hoursFetched,
    ticks: r.ticksStored,
    failed: r.failed.length,
  }));
}
