/**
 * Does one big backtest freeze everyone? (issue 11) The sign-in page's p95 under `wrangler dev` while a
 * 20-year EURUSD H1 every-tick backtest runs (a Quant user; demo data generated on first read), beside its p95
 * when the server is idle. The page is fetched one request after another, as a user waiting for it would.
 * Run alone: `npm run bench -- live-contention` or `npx tsx scripts/bench/live-contention.ts`.
 */
import { pathToFileURL } from "node:url";
import { startServer } from "../../tests/browser/server";
import { benchUser, ensureBuilt, line } from "../bench-live";

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * (sorted.length - 1)))];
}

async function signInPage(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/sign/in`);
  await res.text();
  if (res.status !== 200) throw new Error(`/sign/in answered ${res.status}`);
  return performance.now() - t0;
}

export async function bench(): Promise<void> {
  ensureBuilt();
  const server = await startServer();
  try {
    const user = await benchUser(server.url, "quant");
    for (let i = 0; i < 10; i++) await signInPage(server.url); // warm the page's code paths
    const idle: number[] = [];
    for (let i = 0; i < 60; i++) idle.push(await signInPage(server.url));

    let running = true;
    const run = user
      .backtest({ symbol: "EURUSD", period: "H1", dateStart: "2005-03-01", dateEnd: "2024-12-31", model: 0 })
      .finally(() => {
        running = false;
      });
    const busy: number[] = [];
    while (running) busy.push(await signInPage(server.url));
    const runMs = await run;
    const idleP95 = p95(idle);
    const busyP95 = p95(busy);
    line("wrangler dev: /sign/in p95, idle", `${idleP95.toFixed(0)} ms`, "-", true);
    line(
      `wrangler dev: /sign/in p95 during a 20y H1 every-tick run (${busy.length} loads)`,
      `${busyP95.toFixed(0)} ms`,
      "< 2x idle",
      busyP95 < 2 * idleP95,
    );
    line("wrangler dev: /sign/in worst during that run", `${Math.max(...busy).toFixed(0)} ms`, "-", true);
    line(
      "wrangler dev: that 20y run, Run backtest -> completed (cold)",
      `${(runMs / 1000).toFixed(1)} s`,
      "-",
      true,
    );
    user.close();
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bench();
