/**
 * The MQL5 parity harness (issue 13): a generated EA compiled as C++ against the test runtime
 * (mql5.hpp, tester.hpp) and run over the same bars as the engine; both give trades in the backtest
 * CLI's trades.csv terms, compared field by field. Test-only (Node: g++, temp files).
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { runBacktest } from "../../worker/engine/backtest";
import { BarRng } from "../../worker/engine/bar-rng";
import { generateTicks, tickCount } from "../../worker/engine/ticks";
import type { BacktestSettings, ClosedTrade } from "../../worker/engine/types";
import { getSymbol } from "../../worker/market/catalogue";
import { importBars } from "../../worker/market/importers";
import { periodMs } from "../../worker/market/periods";
import { DEFAULT_SERVER_TIME, serverZone, toServerTime } from "../../worker/market/server-time";
import type { Bars, Period, SymbolInfo } from "../../worker/market/types";
import { lowerTimeframes, type StrategySpec } from "../../worker/strategy/spec";
import { mq5ToCpp } from "./source";

const run = promisify(execFile);
const RUNTIME_DIR = path.dirname(new URL(import.meta.url).pathname);

/** One trade as the comparison sees it: prices on the symbol's grid, times as ISO text. */
export interface TradeRow {
  readonly direction: "long" | "short";
  readonly entryTime: string;
  readonly exitTime: string;
  readonly entryPrice: string;
  readonly exitPrice: string;
  readonly exitReason: string;
  /** Lots, two decimals (a lot-size difference is a difference). */
  readonly volume: string;
}

export interface Variant {
  readonly name: string;
  /** Points for every bar; undefined: the data's own spread (the symbol's default where 0). */
  readonly spreadPoints?: number;
  readonly deposit: number;
  readonly account: "hedging" | "netting";
  /**
   * 3: open prices only (the EA runs on bar opens); 2: 1-minute OHLC (the EA on every tick); 0: every
   * tick, the engine's generated ticks of each M1 bar (seed 1) written for the EA's tester.
   */
  readonly model: 0 | 2 | 3;
  /** The broker's SYMBOL_TRADE_STOPS_LEVEL and SYMBOL_TRADE_FREEZE_LEVEL, points (default 0). */
  readonly stopsLevel?: number;
  readonly freezeLevel?: number;
}

export interface MarketFile {
  /** In broker server time (issue 16): the EA's TimeCurrent() and the engine read the same clock. */
  readonly bars: Bars;
  readonly period: Period;
  readonly symbol: SymbolInfo;
  /**
   * The server zone's name: the engine converts through it for hours in a named zone; the EA's
   * InpServerZone defaults to the same GMT+2/+3.
   */
  readonly zone: string;
}

/**
 * Bars of a data file through the market importers, as the backtest CLI reads it (.gz transparently),
 * shifted into the broker's server time of `zone` (default GMT+2/+3, New York close): the tester feeds
 * the EA these times, so TimeCurrent() is server time there as in MetaTrader.
 */
export function readMarketFile(file: string, symbolName: string, zone = DEFAULT_SERVER_TIME): MarketFile {
  const symbol = getSymbol(symbolName);
  const buf = readFileSync(file);
  const text = (file.endsWith(".gz") ? gunzipSync(buf) : buf).toString("utf8");
  const r = importBars(text, { symbol, fileName: path.basename(file).replace(/\.gz$/, "") });
  if (r.errors.length > 0) throw new Error(`${file}: ${r.errorCount} bad rows (${r.format} format)`);
  const server = serverZone(zone);
  return { bars: toServerTime(r.bars, server), period: r.resolution, symbol, zone: server.name };
}

/** A temp folder for one run's files; `dispose` removes it. */
export function workDir(): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mql5-parity-"));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The bars as the C++ tester reads them: time_ms,open,high,low,close,spread,volume (shortest exact doubles). */
export function writeBarsCsv(bars: Bars, file: string): void {
  const lines: string[] = new Array(bars.length);
  for (let i = 0; i < bars.length; i++)
    lines[i] =
      `${bars.time[i]},${bars.open[i]},${bars.high[i]},${bars.low[i]},${bars.close[i]},${bars.spread[i]},${bars.volume[i]}`;
  writeFileSync(file, `${lines.join("\n")}\n`);
}

/**
 * The every-tick stream of the engine (worker/engine/backtest.ts, model 0, seed 1) for [from, to):
 * per M1 bar its first tick (the close when the bar has one tick, else the open), then the generated
 * ticks after it. Lines: time_ms,bid,spread_points,first_of_bar[,the M1 bar's tick volume on its first tick].
 */
export function writeTicksCsv(
  market: MarketFile,
  range: { from: number; to: number },
  spreadPoints: number | undefined,
  file: string,
): void {
  const { bars, symbol } = market;
  const rng = new BarRng(1);
  const lines: string[] = [];
  let bullish = true;
  for (let i = 0; i < bars.length; i++) {
    const t = bars.time[i];
    if (t < range.from || t >= range.to) continue;
    const [o, h, l, c, v] = [bars.open[i], bars.high[i], bars.low[i], bars.close[i], bars.volume[i]];
    let pts = spreadPoints ?? bars.spread[i];
    if (!(pts > 0) && spreadPoints === undefined) pts = symbol.spread;
    lines.push(`${t},${tickCount(v) === 1 ? c : o},${pts},1,${v}`);
    rng.reseed(t);
    let skipFirst = true;
    bullish = generateTicks(o, h, l, c, v, t, bullish, symbol.point, rng.next, (time, bid) => {
      if (skipFirst) skipFirst = false;
      else lines.push(`${time},${bid},${pts},0`);
    });
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

/** At most `n` tasks at once (g++ takes a core each). */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * Builds are cached on disk by content (os.tmpdir()/stratforge-mql5-<hash of the runtime's sources and
 * flags>): the runtime's object file and a precompiled mql5.hpp once per runtime version, and each EA
 * once per translated source, so a second run (or another test file) compiles nothing. A build is
 * written under a temporary name and renamed, so a concurrent reader never sees half a file.
 */
const FLAGS = ["-std=c++17", "-O1", "-w"];
const RUNTIME_FILES = readdirSync(RUNTIME_DIR).filter((f) => f.endsWith(".hpp") || f.endsWith(".cpp"));
let cacheDir: string | undefined;

/** Builds go to `dir` instead (the bench times a cold build there); call before the first build. */
export function setBuildCache(dir: string): void {
  mkdirSync(dir, { recursive: true });
  cacheDir = dir;
}

function buildCache(): string {
  if (cacheDir === undefined) {
    const h = createHash("sha256");
    h.update(FLAGS.join(" "));
    for (const f of RUNTIME_FILES.sort()) h.update(f).update(readFileSync(path.join(RUNTIME_DIR, f)));
    cacheDir = path.join(os.tmpdir(), `stratforge-mql5-${h.digest("hex").slice(0, 16)}`);
    mkdirSync(cacheDir, { recursive: true });
  }
  return cacheDir;
}

/** Runs `build(tmp)` unless `file` exists, then moves tmp into place. */
async function cached(file: string, build: (tmp: string) => Promise<unknown>): Promise<string> {
  if (existsSync(file)) return file;
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await build(tmp);
  renameSync(tmp, file);
  return file;
}

let runtimeBuilt: Promise<{ obj: string; pchDir: string }> | undefined;

/** The runtime's object file (API, broker, indicators, tester) and the precompiled mql5.hpp, built once. */
export function runtimeBuild(): Promise<{ obj: string; pchDir: string }> {
  if (runtimeBuilt === undefined) {
    const dir = buildCache();
    const pchDir = path.join(dir, "pch");
    mkdirSync(pchDir, { recursive: true });
    const obj = cached(path.join(dir, "runtime.o"), (tmp) =>
      run("g++", [...FLAGS, "-c", path.join(RUNTIME_DIR, "runtime.cpp"), "-o", tmp]),
    );
    // g++ uses pch/mql5.hpp.gch for #include "mql5.hpp" when that folder comes first in the include path.
    const pch = cached(path.join(pchDir, "mql5.hpp.gch"), (tmp) =>
      run("g++", [...FLAGS, "-x", "c++-header", path.join(RUNTIME_DIR, "mql5.hpp"), "-o", tmp]),
    );
    runtimeBuilt = Promise.all([obj, pch]).then(([o]) => ({ obj: o, pchDir }));
  }
  return runtimeBuilt;
}

/** Compiles a generated .mq5 to an executable (cached by its C++ source); the source stays in `dir`. */
export async function compileEa(mq5: string, dir: string, name: string): Promise<string> {
  const source = mq5ToCpp(mq5);
  const cpp = path.join(dir, `${name}.cpp`);
  writeFileSync(cpp, source);
  const { obj, pchDir } = await runtimeBuild();
  const key = createHash("sha256").update(source).digest("hex").slice(0, 20);
  return cached(path.join(buildCache(), `ea-${key}`), (tmp) =>
    run("g++", [...FLAGS, "-I", pchDir, "-I", RUNTIME_DIR, "-o", tmp, cpp, obj]),
  );
}

const ticksFiles = new Map<string, string>();

/** The every-tick stream for a market, range and spread, written once per run of the tests. */
export function ticksFile(
  market: MarketFile,
  range: { from: number; to: number },
  spread: number | undefined,
  dir: string,
) {
  const key = `${market.symbol.name}-${range.from}-${range.to}-${spread ?? "data"}`;
  let file = ticksFiles.get(key);
  if (file === undefined) {
    file = path.join(dir, `${key}.ticks`);
    writeTicksCsv(market, range, spread, file);
    ticksFiles.set(key, file);
  }
  return file;
}

/** One deal (MT5's Deals list without the balance deal): side, entry type (in/out/inout), lots, price. */
export interface DealRow {
  readonly time: string;
  readonly type: "buy" | "sell";
  readonly entry: string;
  readonly volume: string;
  readonly price: string;
}

export interface EaRun {
  readonly trades: TradeRow[];
  readonly deals: DealRow[];
  readonly journal: string;
  readonly initFailed: boolean;
  /** PositionModify requests carried out (trailing stop, break-even). */
  readonly modifications: number;
}

let runs = 0;

/** Runs a compiled EA over the bars file with a variant's account; returns its trades and journal. */
export async function runEa(
  exe: string,
  barsFile: string,
  market: MarketFile,
  spec: StrategySpec,
  variant: Variant,
  range: { from: number; to: number },
): Promise<EaRun> {
  const { symbol } = market;
  // Outputs beside the bars file (the executable may sit in the shared build cache).
  const base = path.join(path.dirname(barsFile), `${path.basename(exe)}-${variant.name}-${++runs}`);
  const settings: Record<string, string | number> = {
    symbol: symbol.name,
    digits: symbol.digits,
    point: symbol.point,
    contract: symbol.contractSize,
    deposit: variant.deposit,
    leverage: 100,
    stopOut: 50,
    account: variant.account,
    // The variants use USD deposits: a xxxUSD pair converts through its own bid for margin only.
    profitThroughBid: symbol.base === "USD" ? 1 : 0,
    marginThroughBid: symbol.quote === "USD" ? 1 : 0,
    timeframeSeconds: periodMs(spec.timeframe) / 1000,
    dataSeconds: periodMs(market.period) / 1000,
    spread: variant.spreadPoints ?? -1,
    defaultSpread: symbol.spread,
    from: range.from,
    to: range.to,
    model: variant.model === 3 ? "open" : variant.model === 2 ? "ohlc" : "ticks",
    journal: `${base}.log`,
    stopsLevel: variant.stopsLevel ?? 0,
    freezeLevel: variant.freezeLevel ?? 0,
    // The timeframes below the chart's the EA reads: the tester keeps their bars from every tick.
    lowerSeconds: lowerTimeframes(spec)
      .map((tf) => periodMs(tf) / 1000)
      .join(","),
  };
  if (variant.model === 0)
    settings.ticks = ticksFile(market, range, variant.spreadPoints, path.dirname(barsFile));
  const text = Object.entries(settings)
    .map(([k, v]) => `${k} ${v}`)
    .join("\n");
  writeFileSync(`${base}.cfg`, `${text}\n`);
  const out = await run(exe, [`${base}.cfg`, barsFile, `${base}.csv`]);
  return {
    trades: parseTradesCsv(readFileSync(`${base}.csv`, "utf8")),
    deals: parseDealsCsv(readFileSync(`${base}.csv.deals`, "utf8")),
    journal: readFileSync(`${base}.log`, "utf8"),
    initFailed: out.stdout.startsWith("init-failed"),
    modifications: Number(/modifications (\d+)/.exec(out.stdout)?.[1] ?? 0),
  };
}

/** The data lines of one of the runtime's CSV files (its header line dropped). */
function csvRows(text: string): string[] {
  return text
    .trim()
    .split("\n")
    .slice(1)
    .filter((l) => l.length > 0);
}

function parseTradesCsv(text: string): TradeRow[] {
  return csvRows(text).map((l) => {
    const [entryTime, exitTime, direction, entryPrice, exitPrice, exitReason, , volume] = l.split(",");
    if (direction !== "long" && direction !== "short") throw new Error(`bad trade row: ${l}`);
    if (volume === undefined) throw new Error(`trade row without volume: ${l}`);
    return { direction, entryTime, exitTime, entryPrice, exitPrice, exitReason, volume };
  });
}

function parseDealsCsv(text: string): DealRow[] {
  return csvRows(text).map((l) => {
    const [time, type, entry, volume, price] = l.split(",");
    if (type !== "buy" && type !== "sell") throw new Error(`bad deal row: ${l}`);
    return { time, type, entry, volume, price };
  });
}

export interface EngineRun {
  readonly trades: TradeRow[];
  readonly deals: DealRow[];
  readonly modifications: number;
}

/** The engine's trades (and deals) for the same run, in the same terms. */
export function engineRun(
  spec: StrategySpec,
  market: MarketFile,
  variant: Variant,
  range: { from: number; to: number },
): EngineRun {
  const settings: BacktestSettings = {
    symbol: market.symbol,
    period: spec.timeframe,
    from: range.from,
    to: range.to,
    model: variant.model,
    executionMode: 0,
    deposit: variant.deposit,
    currency: "USD",
    spreadPoints: variant.spreadPoints,
    account: variant.account,
    freezeLevelPoints: variant.freezeLevel,
    // The engine refuses a pending order inside the stops level, as the tester's broker does.
    stopsLevelPoints: variant.stopsLevel,
    timeZone: market.zone,
  };
  const result = runBacktest(spec, { bars: market.bars, period: market.period }, settings);
  const digits = market.symbol.digits;
  const deals: DealRow[] = [];
  for (const d of result.deals)
    if (d.type !== "balance")
      deals.push({
        time: new Date(d.time).toISOString(),
        type: d.type,
        entry: d.entry,
        volume: d.volume.toFixed(2),
        price: d.price.toFixed(digits),
      });
  return {
    trades: result.trades.map((t) => engineRow(t, digits)),
    deals,
    modifications: result.modifications,
  };
}

/** The engine's trades for the same run. */
export function engineTrades(
  spec: StrategySpec,
  market: MarketFile,
  variant: Variant,
  range: { from: number; to: number },
): TradeRow[] {
  return engineRun(spec, market, variant, range).trades;
}

const dealText = (d: DealRow): string => `${d.time} ${d.type} ${d.entry} ${d.volume} @${d.price}`;

/** The first deals (up to `limit`) where the two lists differ, each "engine | EA"; [] when identical. */
export function compareDeals(engine: DealRow[], ea: DealRow[], limit = 4): string[] {
  const out: string[] = [];
  for (let k = 0; k < Math.max(engine.length, ea.length) && out.length < limit; k++) {
    const a = engine[k] === undefined ? "(none)" : dealText(engine[k]);
    const b = ea[k] === undefined ? "(none)" : dealText(ea[k]);
    if (a !== b) out.push(`${a} | ${b}`);
  }
  return out;
}

function engineRow(t: ClosedTrade, digits: number): TradeRow {
  return {
    direction: t.direction,
    entryTime: new Date(t.entryTime).toISOString(),
    exitTime: new Date(t.exitTime).toISOString(),
    entryPrice: t.entryPrice.toFixed(digits),
    exitPrice: t.exitPrice.toFixed(digits),
    exitReason: t.exitReason,
    volume: t.volume.toFixed(2),
  };
}

export interface Comparison {
  readonly identical: number;
  /** The first differences, each "engine | EA" (or one side missing). */
  readonly differences: string[];
}

const rowText = (r: TradeRow | undefined): string =>
  r === undefined
    ? "(none)"
    : `${r.direction} ${r.volume} ${r.entryTime} @${r.entryPrice} -> ${r.exitTime} @${r.exitPrice} ${r.exitReason}`;

/**
 * Identical trades are those in both lists (as multisets, so one early difference does not shift every
 * later trade); the differences are the rest of either side, the first `limit` in time order.
 */
export function compareTrades(engine: TradeRow[], ea: TradeRow[], limit = 6): Comparison {
  const left = new Map<string, number>();
  for (const r of ea) left.set(rowText(r), (left.get(rowText(r)) ?? 0) + 1);
  let identical = 0;
  const onlyEngine: TradeRow[] = [];
  for (const r of engine) {
    const n = left.get(rowText(r)) ?? 0;
    if (n > 0) {
      identical++;
      left.set(rowText(r), n - 1);
    } else onlyEngine.push(r);
  }
  const onlyEa = ea.filter((r) => {
    const n = left.get(rowText(r)) ?? 0;
    if (n === 0) return false;
    left.set(rowText(r), n - 1);
    return true;
  });
  const differences = [
    ...onlyEngine.map((r) => ({ r, side: "engine only" })),
    ...onlyEa.map((r) => ({ r, side: "EA only" })),
  ]
    .sort((x, y) => x.r.entryTime.localeCompare(y.r.entryTime))
    .slice(0, limit)
    .map(({ r, side }) => `${side}: ${rowText(r)}`);
  return { identical, differences };
}
