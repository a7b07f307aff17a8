// The datafeed ingest (issue 18): decoding and storing one day of EURUSD ticks (~100,000, synthetic but
// shaped like Dukascopy's: ms apart, a point or two per tick, volumes in millions) through the real ingest
// path (bi5 LZMA decode, integrity checks, day tick chunk, M1 into the candle store) over memory blobs and
// an in-memory fetch. Goal: under 200 ms a day; stored bytes per tick at most 6.

import { getSymbol } from "../../worker/market/catalogue";
import {
  checkTicks,
  concatTicks,
  decodeBi5Records,
  decodeTickChunk,
  encodeTickChunk,
  type Ticks,
  ticksToM1,
} from "../../worker/market/feed";
import { lzmaDecompress } from "../../worker/market/lzma";
import { CandleStore, MemoryBlobStore } from "../../worker/market/store";
import { buildBi5, syntheticHour } from "../../worker/market/test-helpers/bi5";
import { createIngest } from "../../worker/services/market-ingest";
import { deflateTickChunk } from "../../worker/services/market-ingest-store";

const DAY = Date.UTC(2024, 0, 2);
const HOUR = 3_600_000;
const PER_HOUR = 4_200;

/** Median CPU ms of `f` over 9 runs (after 2 warm-up runs). */
async function cpuOf(f: () => unknown): Promise<number> {
  const xs: number[] = [];
  for (let i = 0; i < 11; i++) {
    const c0 = process.cpuUsage();
    await f();
    const c = process.cpuUsage(c0);
    if (i >= 2) xs.push((c.user + c.system) / 1000);
  }
  return xs.sort((a, b) => a - b)[4];
}

/** Where a day's ingest spends its CPU, stage by stage (the hot loops of issue 18's profile). */
async function stages(files: Uint8Array[]): Promise<void> {
  const hour = (h: number) => DAY + h * HOUR;
  let raws: Uint8Array[] = [];
  let hours: Ticks[] = [];
  let day: Ticks = concatTicks([]);
  let chunk: Uint8Array = new Uint8Array(0);
  let bars = ticksToM1(day, 5, getSymbol("EURUSD"));
  const rows: [string, number][] = [
    ["LZMA decode", await cpuOf(() => (raws = files.map((f) => lzmaDecompress(f))))],
    ["bi5 records", await cpuOf(() => (hours = raws.map((r, h) => decodeBi5Records(r, hour(h)))))],
    ["checks", await cpuOf(() => (day = concatTicks(hours.map((t) => checkTicks(t).kept))))],
    [
      "tick chunk encode",
      await cpuOf(() => (chunk = encodeTickChunk(day, { symbol: "EURUSD", digits: 5, dayStart: DAY }))),
    ],
    ["chunk deflate", await cpuOf(() => deflateTickChunk(chunk))],
    ["M1 aggregation", await cpuOf(() => (bars = ticksToM1(day, 5, getSymbol("EURUSD"))))],
    [
      "M1 into the store",
      await cpuOf(() => {
        const blobs = new MemoryBlobStore();
        const store = new CandleStore({ blobs, now: () => DAY + 40 * HOUR });
        const file = {
          format: "dukascopy" as const,
          bars,
          resolution: "M1" as const,
          errors: [],
          errorCount: 0,
        };
        return store.import(getSymbol("EURUSD"), { ...file, rows: day.length }, { source: "Dukascopy" });
      }),
    ],
    ["(backtest) chunk decode", await cpuOf(() => decodeTickChunk(chunk))],
  ];
  console.log(
    `CPU by stage, median of 9 (${day.length} ticks): ${rows.map(([k, v]) => `${k} ${v.toFixed(1)} ms`).join(", ")}`,
  );
}

export async function bench(): Promise<void> {
  const files = new Map<string, Uint8Array>();
  const ordered: Uint8Array[] = [];
  let bi5Bytes = 0;
  let bid = 108_000;
  for (let h = 0; h < 24; h++) {
    const ticks = syntheticHour(DAY + h * HOUR, PER_HOUR, h + 11, bid);
    bid = ticks.bid[ticks.length - 1];
    const file = buildBi5(ticks, DAY + h * HOUR);
    bi5Bytes += file.length;
    ordered.push(file);
    files.set(`/EURUSD/2024/00/02/${String(h).padStart(2, "0")}h_ticks.bi5`, file);
  }
  const fakeFetch = async (input: RequestInfo | URL): Promise<Response> => {
    const file = files.get(new URL(String(input)).pathname);
    return file ? new Response(file.slice()) : new Response("not found", { status: 404 });
  };
  const run = async () => {
    const blobs = new MemoryBlobStore();
    const ingest = createIngest({
      blobs,
      store: new CandleStore({ blobs, now: () => DAY + 40 * HOUR }),
      feedUrl: "http://feed.invalid",
      fetch: fakeFetch,
      now: () => DAY + 40 * HOUR,
    });
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = await ingest.ingest("EURUSD", DAY, DAY + 24 * HOUR);
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    // CPU time too: on a shared, loaded machine the wall time mostly measures waiting for a core.
    const cpu = (c.user + c.system) / 1000;
    const chunk = blobs.objects.get("ticks/EURUSD/2024-01-02.bin");
    return { ms, cpu, ticks: r.ticksStored, chunkBytes: chunk?.length ?? 0 };
  };
  for (let i = 0; i < 2; i++) await run(); // warm-up
  const runs = [];
  for (let i = 0; i < 7; i++) runs.push(await run());
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const { ticks, chunkBytes } = runs[0];
  const cpus = runs.map((r) => r.cpu).sort((a, b) => a - b);
  console.log(
    `feed ingest, one day of EURUSD (${ticks} ticks, 24 bi5 files, ${bi5Bytes} bytes): median ${times[3].toFixed(1)} ms, ` +
      `min ${times[0].toFixed(1)} ms, max ${times[6].toFixed(1)} ms; CPU median ${cpus[3].toFixed(1)} ms (goal: under 200 ms)`,
  );
  console.log(
    `stored per tick: ${(chunkBytes / ticks).toFixed(2)} bytes in the day chunk (goal: at most 6); ` +
      `the feed's bi5 files: ${(bi5Bytes / ticks).toFixed(2)} bytes per tick`,
  );
  await stages(ordered);
}
