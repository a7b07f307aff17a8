/**
 * Market-data benchmarks (issue 3). Run alone with `npx tsx scripts/bench/market.ts`, or through
 * `npm run bench`, which calls runMarketBench(). Prints one line per figure with its goal.
 *
 * Real files are read in place from ../shared/data/fx (SOURCES.md), never copied.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { withAskSpread } from "../../worker/market/bars";
import { getSymbol } from "../../worker/market/catalogue";
import { monthsInRange, splitByMonth } from "../../worker/market/chunks";
import { decodeChunk, decompress, packChunk } from "../../worker/market/codec";
import { demoMonth } from "../../worker/market/demo";
import { importBars } from "../../worker/market/importers";
import { CandleStore, MemoryBlobStore } from "../../worker/market/store";
import type { Bars, SymbolInfo } from "../../worker/market/types";

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** Upper bound the figure should stay under, when the issue sets one. */
  goal?: number;
}

const FX_DIR =
  process.env.FX_DATA_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), "../../../shared/data/fx");

function readFx(name: string): string | undefined {
  const path = resolve(FX_DIR, name);
  if (!existsSync(path)) return undefined;
  const bytes = readFileSync(path);
  return (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(runs: number, fn: () => void): number {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return median(out);
}

async function timeAsync(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return median(out);
}

/** Stored bytes per bar when `bars` are cut into month chunks and compressed. */
async function bytesPerBar(bars: Bars, symbol: SymbolInfo, period: "M1", demo: boolean): Promise<number> {
  let bytes = 0;
  for (const part of splitByMonth(bars)) {
    bytes += (await packChunk(part.bars, { symbol: symbol.name, period, digits: symbol.digits, demo }))
      .length;
  }
  return bytes / bars.length;
}

export async function runMarketBench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const eurusd = getSymbol("EURUSD");
  const year = monthsInRange(Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1));

  // 1. Generate one month of demo M1 for one symbol.
  for (let i = 0; i < 5; i++) demoMonth(eurusd, "2023-03"); // warm the JIT
  figures.push({
    name: "demo: generate one month of EURUSD M1",
    value: time(25, () => demoMonth(eurusd, "2023-03")),
    unit: "ms",
    goal: 30,
  });

  // 2. Compressed bytes per M1 bar: demo year, and real files.
  let demoBytes = 0;
  let demoBars = 0;
  for (const m of year) {
    const bars = demoMonth(eurusd, m);
    demoBytes += (await packChunk(bars, { symbol: "EURUSD", period: "M1", digits: 5, demo: true })).length;
    demoBars += bars.length;
  }
  figures.push({
    name: "bytes per M1 bar, demo EURUSD 2023",
    value: demoBytes / demoBars,
    unit: "B/bar",
    goal: 8,
  });

  const lean = readFx("lean_oanda_bidask/eurusd_m1_oanda_bidask_2014-05_2018-04_sample.csv.gz");
  if (lean) {
    const r = importBars(lean, { symbol: eurusd });
    figures.push({
      name: `bytes per M1 bar, real Lean EURUSD M1 bid/ask (${r.bars.length} bars)`,
      value: await bytesPerBar(r.bars, eurusd, "M1", false),
      unit: "B/bar",
      goal: 8,
    });
  }
  for (const [pair, yearTag] of [
    ["gbpusd", "2012"],
    ["usdjpy", "2013"],
  ]) {
    const bid = readFx(`nautilus_fxcm_m1_bidask/${pair}-m1-bid-${yearTag}.csv.gz`);
    const ask = readFx(`nautilus_fxcm_m1_bidask/${pair}-m1-ask-${yearTag}.csv.gz`);
    if (!bid || !ask) continue;
    const symbol = getSymbol(pair);
    const b = importBars(bid, { symbol });
    const a = importBars(ask, { symbol });
    const bars = withAskSpread(b.bars, a.bars, symbol.point);
    figures.push({
      name: `bytes per M1 bar, real FXCM ${symbol.name} M1 bid+ask spread (${bars.length} bars)`,
      value: await bytesPerBar(bars, symbol, "M1", false),
      unit: "B/bar",
      goal: 8,
    });
  }

  // For reference: parsing a generic CSV of 100,000 M1 rows (about 10 weeks), as an import does.
  const csvLines = ["time,open,high,low,close,volume"];
  for (let i = 0; i < 100_000; i++) {
    const t = new Date(Date.UTC(2023, 0, 2) + i * 60_000).toISOString().slice(0, 19).replace("T", " ");
    csvLines.push(`${t},1.1,1.2,1.0,1.1,${i % 50}`);
  }
  const csv = csvLines.join("\n");
  importBars(csv, { symbol: eurusd }); // warm the JIT
  figures.push({
    name: "import: parse a generic CSV of 100,000 M1 rows",
    value: time(5, () => importBars(csv, { symbol: eurusd })),
    unit: "ms",
  });

  // 3. Read and aggregate one year of EURUSD M1 to H1 from warm chunks (decoded in the isolate cache).
  const blobs = new MemoryBlobStore();
  const store = new CandleStore({ blobs, now: () => Date.UTC(2024, 5, 1) });
  const from = Date.UTC(2023, 0, 1);
  const to = Date.UTC(2024, 0, 1);
  const first = await store.candles("EURUSD", "H1", from, to); // generates, stores and caches the year
  for (let i = 0; i < 3; i++) await store.candles("EURUSD", "H1", from, to);
  figures.push({
    name: `read + aggregate 1 year EURUSD M1 -> H1, warm (${first.bars.length} H1 bars)`,
    value: await timeAsync(15, () => store.candles("EURUSD", "H1", from, to)),
    unit: "ms",
    goal: 60,
  });

  // For reference: the same year from stored bytes (decompress + decode, no cache).
  const keys = [...blobs.objects.keys()].filter((k) => k.startsWith("candles/EURUSD/M1/2023-"));
  figures.push({
    name: `decompress + decode 1 year EURUSD M1 from stored chunks (${keys.length} objects, ${Math.round(
      keys.reduce((s, k) => s + (blobs.objects.get(k)?.length ?? 0), 0) / 1024,
    )} KiB)`,
    value: await timeAsync(5, async () => {
      for (const k of keys) decodeChunk(await decompress(blobs.objects.get(k)!));
    }),
    unit: "ms",
  });
  return figures;
}

export function printFigures(figures: readonly BenchFigure[]): void {
  console.log(`market | node ${process.version}`);
  for (const f of figures) {
    const v = f.value < 10 ? f.value.toFixed(2) : f.value.toFixed(1);
    const goal =
      f.goal === undefined ? "" : `  (goal <= ${f.goal} ${f.unit}: ${f.value <= f.goal ? "met" : "MISSED"})`;
    console.log(`market | ${f.name}: ${v} ${f.unit}${goal}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  printFigures(await runMarketBench());
}

/** The entry `npm run bench` calls. */
export async function bench(): Promise<void> {
  printFigures(await runMarketBench());
}
