/**
 * Bench of the backtest engine (issue 4). One line per figure: name, value, goal.
 *   - open prices only, sma-cross-10-20 on the real 74k-bar EURUSD H1 file (Lean)   goal < 40 ms
 *   - one year of demo M1 at 1-minute OHLC                                           goal < 250 ms
 *   - one year of demo M1 at every tick, and its memory (peak RSS, RSS delta)        goal < 2 s, < 200 MB
 *   - a long-only SMA crossover side by side with grademark on the Lean bars: speed ratio (goal >= 20x),
 *     with the trades checked identical one by one (see grademarkComparison).
 * Inputs are loaded before timing. Every figure is the minimum and the median of many runs (the first
 * run warms the JIT): the goal is judged on the median, the minimum shows the machine's noise floor.
 * Run alone: `npx tsx scripts/bench/engine.ts`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DataFrame } from "data-forge";
import { backtest as grademarkBacktest } from "grademark";
import { runBacktest } from "../../worker/engine/backtest";
import { leanEurusdH1 } from "../../worker/engine/lean.fixture";
import { computeReport } from "../../worker/engine/report/metrics";
import { mulberry32 } from "../../worker/engine/rng";
import { compileStrategy, ENTRY_LONG, EXIT_LONG } from "../../worker/engine/signals";
import { generateTicks } from "../../worker/engine/ticks";
import type { BacktestSettings, Model } from "../../worker/engine/types";
import { concatBars } from "../../worker/market/bars";
import { getSymbol } from "../../worker/market/catalogue";
import { monthsInRange } from "../../worker/market/chunks";
import { demoMonth } from "../../worker/market/demo";
import type { Bars } from "../../worker/market/types";
import { parseSpec, type StrategySpec, type StrategySpecInput } from "../../worker/strategy/spec";

const EURUSD = getSymbol("EURUSD");

function example(name: string): StrategySpec {
  const file = path.resolve(process.cwd(), "examples/strategies", name);
  const r = parseSpec(JSON.parse(readFileSync(file, "utf8")));
  if (!r.ok) throw new Error(`${name} does not parse`);
  return r.spec;
}

interface Timing {
  readonly min: number;
  readonly median: number;
}

/** `runs` timed calls after one untimed warm-up call. */
function timed(runs: number, fn: () => void): Timing {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { min: times[0], median: times[Math.floor(times.length / 2)] };
}

function ms(t: Timing, digits = 0): string {
  return `${t.min.toFixed(digits)} / ${t.median.toFixed(digits)} ms`;
}

function line(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name.padEnd(60)} ${value.padStart(20)}   goal ${goal.padEnd(10)} ${ok ? "ok" : "MISSED"}`);
}

function settings(bars: Bars, model: Model, extra: Partial<BacktestSettings> = {}): BacktestSettings {
  return {
    symbol: EURUSD,
    period: "H1",
    from: bars.time[0],
    to: bars.time[bars.length - 1] + 60_000,
    model,
    executionMode: 0,
    deposit: 10_000_000,
    currency: "USD",
    ...extra,
  };
}

interface GmBar {
  time: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  up: boolean;
  down: boolean;
}

export async function bench(): Promise<void> {
  const smaCross = example("sma-cross-10-20.json");
  const rich = example("macd-rsi-london-atr.json");
  console.log("  (times: minimum / median of the runs; goals judged on the median)");

  // Every tick first, so that the peak RSS is the demo year's and not the H1 file's or grademark's.
  const year = concatBars(
    monthsInRange(Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1)).map((m) => demoMonth(EURUSD, m)),
  );
  const rss0 = process.memoryUsage().rss;
  let ticks = 0;
  const tick = timed(7, () => {
    ticks = runBacktest(smaCross, { bars: year, period: "M1" }, settings(year, 0)).report.ticks;
  });
  const rss1 = process.memoryUsage().rss;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  line(
    `every tick, sma-cross (always in), 1y demo M1, ${(ticks / 1e6).toFixed(1)} M ticks`,
    ms(tick),
    "< 2000 ms",
    tick.median < 2000,
  );
  const gen = timed(3, () => generatorOnly(year));
  console.log(`  the tick generator alone over every bar (ticks.ts, no-op sink): ${ms(gen)}`);
  const tickRich = timed(7, () => runBacktest(rich, { bars: year, period: "M1" }, settings(year, 0)));
  line(
    "every tick, macd-rsi-london-atr (mostly flat), 1y demo M1",
    ms(tickRich),
    "< 2000 ms",
    tickRich.median < 2000,
  );
  line("every tick year: peak RSS of the whole process", `${peakMb.toFixed(0)} MB`, "< 200 MB", peakMb < 200);
  line(
    "every tick year: RSS growth during the runs",
    `${((rss1 - rss0) / 2 ** 20).toFixed(0)} MB`,
    "< 200 MB",
    rss1 - rss0 < 200 * 2 ** 20,
  );

  const ohlc = timed(9, () => runBacktest(smaCross, { bars: year, period: "M1" }, settings(year, 2)));
  line(
    `1-minute OHLC, sma-cross, 1 year demo M1 (${year.length} bars)`,
    ms(ohlc),
    "< 250 ms",
    ohlc.median < 250,
  );
  const ohlcRich = timed(9, () => runBacktest(rich, { bars: year, period: "M1" }, settings(year, 2)));
  line("1-minute OHLC, macd-rsi-london-atr, 1 year demo M1", ms(ohlcRich), "< 250 ms", ohlcRich.median < 250);

  const h1 = leanEurusdH1();
  const open = timed(31, () =>
    runBacktest(smaCross, { bars: h1, period: "H1" }, settings(h1, 3, { spreadPoints: 0 })),
  );
  line(`open prices only, sma-cross, ${h1.length} H1 bars (Lean)`, ms(open, 1), "< 40 ms", open.median < 40);

  grademarkComparison(h1);
}

/**
 * The same long-only SMA(10)/SMA(20) crossover in the engine and in grademark, on the Lean H1 bars.
 *
 * grademark holds one position, fills at the next bar's open, and evaluates no exit on the bar where it
 * enters and no entry on the bar where it exits. The engine evaluates every closed bar. So that both
 * run one and the same strategy, the rule itself excludes those two cases:
 *   entry (closed bar c): fast crosses above slow at c, and fast < slow at c - 2;
 *   exit  (closed bar c): fast crosses below slow at c, and fast > slow at c - 2.
 * An entry at c means fast <= slow at c - 1, so no exit can follow at c + 1 (it needs fast > slow at
 * c - 1); an exit at c means fast >= slow at c - 1, so no entry can follow at c + 1. Thus the bars that
 * grademark skips never carry a signal, and the two must agree trade for trade, which is checked.
 * grademark gets the engine's own signal bits (same SMA kernel, same 1e-9 tie tolerance) in its bars,
 * computed before timing: its time is its backtest() call only, ours the whole runBacktest (indicators,
 * signals, simulation, report input and summary). Runs alternate so that both see the same machine load.
 * computeReport (the report's figures from the report input) is timed apart and printed for information.
 */
function grademarkComparison(h1: Bars): void {
  const fast = { type: "indicator", ref: "fast" } as const;
  const slow = { type: "indicator", ref: "slow" } as const;
  const twoBack = (ref: string) => ({ type: "indicator", ref, shift: 2 }) as const;
  const longOnly: StrategySpecInput = {
    specVersion: 1,
    name: "Long-only SMA 10/20 cross, grademark's rule",
    timeframe: "H1",
    direction: "long",
    indicators: [
      { id: "fast", kind: "SMA", period: 10, appliedPrice: "CLOSE" },
      { id: "slow", kind: "SMA", period: 20, appliedPrice: "CLOSE" },
    ],
    entry: {
      long: {
        all: [
          { type: "crossesAbove", left: fast, right: slow },
          { type: "lessThan", left: twoBack("fast"), right: twoBack("slow") },
        ],
      },
    },
    exit: {
      long: {
        all: [
          { type: "crossesBelow", left: fast, right: slow },
          { type: "greaterThan", left: twoBack("fast"), right: twoBack("slow") },
        ],
      },
    },
    sizing: { type: "fixed", lots: 1 },
    maxOpenPositions: 1,
    closeOnOpposite: false,
  };
  const parsed = parseSpec(longOnly);
  if (!parsed.ok) throw new Error("long-only spec does not parse");
  const spec = parsed.spec;
  const runOurs = () => runBacktest(spec, { bars: h1, period: "H1" }, settings(h1, 3, { spreadPoints: 0 }));

  const signals = compileStrategy(spec, h1).signals;
  const rows: GmBar[] = [];
  for (let i = 0; i < h1.length; i++) {
    rows.push({
      time: new Date(h1.time[i]),
      open: h1.open[i],
      high: h1.high[i],
      low: h1.low[i],
      close: h1.close[i],
      volume: 0,
      up: (signals[i] & ENTRY_LONG) !== 0,
      down: (signals[i] & EXIT_LONG) !== 0,
    });
  }
  const series = new DataFrame<number, GmBar>(rows);
  const runGrademark = () =>
    grademarkBacktest<GmBar, GmBar, Record<string, number>, number>(
      {
        entryRule: (enter, a) => {
          if (a.bar.up) enter();
        },
        exitRule: (exit, a) => {
          if (a.bar.down) exit();
        },
      },
      series,
    );

  const ours = runOurs();
  const gm = runGrademark();
  const oursTimes: number[] = [];
  const gmTimes: number[] = [];
  for (let i = 0; i < 21; i++) {
    let t0 = performance.now();
    runOurs();
    oursTimes.push(performance.now() - t0);
    t0 = performance.now();
    runGrademark();
    gmTimes.push(performance.now() - t0);
  }
  const stat = (xs: number[]): Timing => {
    const s = [...xs].sort((a, b) => a - b);
    return { min: s[0], median: s[Math.floor(s.length / 2)] };
  };
  const o = stat(oursTimes);
  const g = stat(gmTimes);
  // Ratio of each interleaved pair (same moment, same load), then its median.
  const pairRatio = stat(gmTimes.map((t, i) => t / oursTimes[i])).median;

  // Trade by trade. The last trade may still be open when the data ends: both close it at the last
  // bar's close, grademark stamped with that bar's open time, the engine with its close tick (3/4 into
  // the bar), so exit times are compared by H1 bar.
  const hour = 3_600_000;
  const bar = (t: number) => Math.floor(t / hour) * hour;
  let same = ours.trades.length === gm.length;
  let firstDiff = -1;
  for (let i = 0; same && i < gm.length; i++) {
    const a = ours.trades[i];
    const b = gm[i];
    same =
      a.entryTime === b.entryTime.getTime() &&
      bar(a.exitTime) === b.exitTime.getTime() &&
      a.entryPrice === b.entryPrice &&
      a.exitPrice === b.exitPrice;
    if (!same) firstDiff = i;
  }
  line(
    `grademark / engine time, long-only SMA cross, ${h1.length} H1 bars`,
    `${(g.median / o.median).toFixed(1)}x`,
    ">= 20x",
    g.median / o.median >= 20,
  );
  console.log(
    `  engine runBacktest ${ms(o, 1)}, grademark backtest() ${ms(g)}; min/min ${(g.min / o.min).toFixed(1)}x, median of paired ratios ${pairRatio.toFixed(1)}x`,
  );
  console.log(
    `  trades identical one by one (entry time and price, exit bar and price): ${same ? "yes" : `NO (first difference at trade ${firstDiff})`}; engine ${ours.trades.length}, grademark ${gm.length}`,
  );
  // For information (not in the ratio above): the report's figures, which the service computes from
  // runBacktest's report input right after the run (engine-adapter.ts).
  const figures = timed(21, () => computeReport(ours.report));
  console.log(
    `  then computeReport on that result: ${ms(figures, 1)}; grademark / (runBacktest + computeReport), medians: ${(g.median / (o.median + figures.median)).toFixed(1)}x`,
  );
  if (!same) process.exitCode = 1;
}

/** ticks.ts alone over the same bars with a no-op sink: the floor under any every-tick run. */
function generatorOnly(bars: Bars): void {
  const rng = mulberry32(1);
  let bullish = true;
  let sum = 0;
  const sink = (_t: number, bid: number) => {
    sum += bid;
  };
  for (let i = 0; i < bars.length; i++) {
    bullish = generateTicks(
      bars.open[i],
      bars.high[i],
      bars.low[i],
      bars.close[i],
      bars.volume[i],
      bars.time[i],
      bullish,
      EURUSD.point,
      rng,
      sink,
    );
  }
  if (!Number.isFinite(sum)) throw new Error("bad ticks");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bench();
}
