/**
 * Datafeed benchmark (issue 3): a warm 14-day M1 window, the chart's first load. Goal: under 20 ms
 * of server time.
 *
 * 1. Server time, measured in Node: the datafeed's whole request handler (`candlesResponse`: query,
 *    ETag, store read, JSON bytes) over the same CandleStore with an in-memory blob store in place
 *    of R2. Inside workerd the clock stands still while code runs (Spectre mitigation), so server
 *    time cannot be read there; the same code runs on the same V8 here.
 * 2. For reference, the round trip to the BUILT worker in workerd (wrangler's unstable_startWorker,
 *    throwaway local storage): adds wrangler's dev proxy and the ~1.1 MB body over localhost.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { candlesResponse } from "../../worker/api/datafeed";
import { LruCache } from "../../worker/market/cache";
import { CandleStore, MemoryBlobStore } from "../../worker/market/store";
import { marketDataOver } from "../../worker/services/market-data";

const GOAL_MS = 20;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
// 2024-06-03 00:00 to 2024-06-16 23:59:59 UTC: 14 days, two trading weeks.
const QUERY = "symbol=EURUSD&timeframe=M1&start_timestamp=1717372800&end_timestamp=1718582399";

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function line(name: string, ms: number, goal?: number): void {
  const verdict = goal === undefined ? "" : `  (goal < ${goal} ms: ${ms < goal ? "met" : "MISSED"})`;
  console.log(`datafeed | ${name}: ${ms.toFixed(2)} ms${verdict}`);
}

async function inProcess(): Promise<void> {
  const blobs = new MemoryBlobStore();
  const store = new CandleStore({ blobs, cache: new LruCache() });
  const market = marketDataOver(store, blobs);
  const request = () => new Request(`http://bench.local/datafeed/candles/?${QUERY}`);
  const first = await (await candlesResponse(market, request())).text();
  const candles = z.array(z.unknown()).parse(JSON.parse(first)).length;
  for (let i = 0; i < 20; i++) await (await candlesResponse(market, request())).arrayBuffer();
  const runs: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    const res = await candlesResponse(market, request());
    await res.arrayBuffer();
    runs.push(performance.now() - t);
  }
  line(
    `warm 14-day EURUSD M1 window, handler in-process (Node, memory store; ${candles} candles, ${Math.round(first.length / 1024)} KiB), median of 50`,
    median(runs),
    GOAL_MS,
  );
  line("  same, p90", [...runs].sort((a, b) => a - b)[Math.floor(runs.length * 0.9)]);
}

async function inWorkerd(): Promise<void> {
  if (!existsSync(join(ROOT, "build/index.js"))) {
    console.log("datafeed | workerd round trip skipped: run `npm run build` first");
    return;
  }
  process.env.WRANGLER_SEND_METRICS = "false";
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  process.env.WRANGLER_LOG ??= "error";
  const { unstable_startWorker } = await import("wrangler");
  const state = mkdtempSync(join(tmpdir(), "stratforge-bench-"));
  const worker = await unstable_startWorker({
    config: join(ROOT, "wrangler.toml"),
    dev: {
      persist: state,
      server: { hostname: "127.0.0.1", port: 0 },
      inspector: false,
      watch: false,
      liveReload: false,
    },
  });
  try {
    await worker.ready;
    const url = `http://127.0.0.1/datafeed/candles/?${QUERY}`;
    for (let i = 0; i < 10; i++) await (await worker.fetch(url)).arrayBuffer();
    const runs: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      const res = await worker.fetch(url);
      await res.arrayBuffer();
      runs.push(performance.now() - t);
    }
    line(
      "same window, round trip to the built worker in workerd via wrangler's dev proxy, median of 30",
      median(runs),
    );
  } finally {
    await worker.dispose();
    rmSync(state, { recursive: true, force: true });
  }
}

export async function bench(): Promise<void> {
  // Timings scale with how busy the machine is: print it beside them.
  const load = loadavg()[0].toFixed(1);
  console.log(`datafeed | machine: ${availableParallelism()} CPU(s), load average ${load}`);
  await inProcess();
  await inWorkerd();
}
