/**
 * End-to-end bench of a backtest (issues 6 and 11): the built worker under `wrangler dev` (real local D1, R2, the
 * BacktestRunner and UserHub Durable Objects), driven over HTTP and a WebSocket as the browser drives it, on a
 * fresh local state (no demo month generated yet). Times `strategy/backtest/new` to the
 * `strategy-backtest-processing` event with processing 100:
 *   - a year of EURUSD H1 at every tick, cold (demo months generated and stored on first read), then warm;
 *   - ten years of GBPUSD H4 at every tick, cold (another symbol, so none of its months exist yet), on Quant
 *     (the plan whose work cap allows it).
 * Run alone: `npm run bench -- live` or `npx tsx scripts/bench/live.ts`.
 */
import { pathToFileURL } from "node:url";
import { startServer } from "../../tests/browser/server";
import { benchUser, ensureBuilt, line } from "../bench-live";

export async function bench(): Promise<void> {
  ensureBuilt();
  const server = await startServer();
  try {
    const user = await benchUser(server.url, "quant");
    const year = { symbol: "EURUSD", period: "H1", dateStart: "2024-01-01", dateEnd: "2024-12-31", model: 0 };
    const cold = await user.backtest(year);
    line(
      "wrangler dev: Run backtest -> completed, 1y H1 every tick (cold)",
      `${cold.toFixed(0)} ms`,
      "< 2 s",
      cold < 2_000,
    );
    const warm = await user.backtest(year);
    line(
      "wrangler dev: Run backtest -> completed, 1y H1 every tick (warm)",
      `${warm.toFixed(0)} ms`,
      "< 2 s",
      warm < 2_000,
    );
    const decade = await user.backtest({
      symbol: "GBPUSD",
      period: "H4",
      dateStart: "2015-01-01",
      dateEnd: "2024-12-31",
      model: 0,
    });
    line(
      "wrangler dev: Run backtest -> completed, 10y H4 every tick (cold)",
      `${decade.toFixed(0)} ms`,
      "< 5 s",
      decade < 5_000,
    );
    user.close();
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bench();
