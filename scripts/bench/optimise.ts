/**
 * Bench of optimisation and robustness (issue 17). One line per figure: name, value, goal.
 *   - one backtest: sma-cross-10-20 on the real EURUSD H1 bars 2007-2018 (Lean), open prices   (for scale)
 *   - a 1,000-combination grid (SMA fast x slow) on the same bars, one process             goal < 10 s
 *     with its runs per second beside the single backtest's time
 *   - the genetic search against the grid on 10,000 combinations (D1, 2015-2018, 4 inputs):
 *     best within 1% of the grid's with at most 20% of the runs (seed 1)
 *   - 1,000 Monte Carlo runs of a 4,000-trade result                                          goal < 1 s
 * The data are read from ../shared/data/fx (worker/engine/lean.fixture.ts), never copied.
 * Run alone: `npx tsx scripts/bench/optimise.ts`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runBacktest } from "../../worker/engine/backtest";
import { leanEurusdH1 } from "../../worker/engine/lean.fixture";
import type { BacktestSettings } from "../../worker/engine/types";
import { aggregate } from "../../worker/market/aggregate";
import { getSymbol } from "../../worker/market/catalogue";
import type { Bars, Period } from "../../worker/market/types";
import { mcTrades, monteCarlo } from "../../worker/optimise/monte-carlo";
import { type OptimiseRequest, optimise } from "../../worker/optimise/optimise";
import type { ParamRange } from "../../worker/optimise/space";
import { parseSpec, type StrategySpec } from "../../worker/strategy/spec";

const EURUSD = getSymbol("EURUSD");

function example(name: string, patch: Record<string, unknown> = {}): StrategySpec {
  const doc = JSON.parse(readFileSync(path.resolve(process.cwd(), "examples/strategies", name), "utf8"));
  const r = parseSpec({ ...doc, ...patch });
  if (!r.ok) throw new Error(`${name} does not parse`);
  return r.spec;
}

function line(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name.padEnd(60)} ${value.padStart(20)}   goal ${goal.padEnd(10)} ${ok ? "ok" : "MISSED"}`);
}

function settings(bars: Bars, period: Period, from?: number, to?: number): BacktestSettings {
  return {
    symbol: EURUSD,
    period,
    from: from ?? bars.time[0],
    to: to ?? bars.time[bars.length - 1] + 60_000,
    model: 3,
    executionMode: 0,
    deposit: 100_000,
    currency: "USD",
    spreadPoints: 0,
  };
}

function request(spec: StrategySpec, bars: Bars, s: BacktestSettings, ranges: ParamRange[]): OptimiseRequest {
  return {
    spec,
    data: { bars, period: s.period },
    settings: s,
    periods: { back: { from: s.from, to: s.to }, forward: null },
    ranges,
    search: "grid",
    criterion: "balance",
  };
}

export async function bench(): Promise<void> {
  const h1 = leanEurusdH1();
  const smaCross = example("sma-cross-10-20.json");
  const s = settings(h1, "H1");

  // One backtest, for scale: median of 11 after a warm-up.
  runBacktest(smaCross, { bars: h1, period: "H1" }, s);
  const times: number[] = [];
  let trades = 0;
  for (let i = 0; i < 11; i++) {
    const t0 = performance.now();
    trades = runBacktest(smaCross, { bars: h1, period: "H1" }, s).trades.length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const single = times[5];
  console.log(
    `  one backtest, sma-cross-10-20, ${h1.length} H1 bars, ${trades} trades: ${single.toFixed(1)} ms (median of 11)`,
  );

  // The grid: fast 2..41 x slow 50..290 by 10 = 40 x 25 = 1,000 combinations, one process.
  const ranges: ParamRange[] = [
    { name: "Inp_fast_Period", start: 2, step: 1, stop: 41 },
    { name: "Inp_slow_Period", start: 50, step: 10, stop: 290 },
  ];
  const t0 = performance.now();
  const grid = optimise(request(smaCross, h1, s, ranges));
  const seconds = (performance.now() - t0) / 1000;
  if (!grid.ok) throw new Error(grid.error);
  const g = grid.result;
  const perSecond = g.runs.length / seconds;
  line(
    `grid ${g.runs.length} runs (SMA fast x slow), EURUSD H1 2007-2018, open prices`,
    `${seconds.toFixed(2)} s`,
    "< 10 s",
    seconds < 10 && g.runs.length === 1000,
  );
  console.log(
    `  ${perSecond.toFixed(0)} runs/s (${(1000 / perSecond).toFixed(1)} ms a run) beside ${single.toFixed(1)} ms for one backtest of sma-cross-10-20 alone; indicator series computed ${g.evaluator.cache.misses}, reused ${g.evaluator.cache.hits}`,
  );
  console.log(`  best: ${JSON.stringify(g.best?.values)} balance ${g.best?.back.finalBalance}`);

  // Genetic against the grid on 10,000 combinations (the space of worker/optimise/optimise.test.ts).
  const d1 = aggregate(h1, "H1", "D1");
  const smaD1 = example("sma-cross-sl50-tp100.json", { timeframe: "D1" });
  const sD1 = settings(d1, "D1", Date.UTC(2015, 0, 1), Date.UTC(2019, 0, 1));
  const space: ParamRange[] = [
    { name: "Inp_fast_Period", start: 2, step: 2, stop: 20 },
    { name: "Inp_slow_Period", start: 20, step: 10, stop: 110 },
    { name: "InpStopLoss", start: 20, step: 20, stop: 200 },
    { name: "InpTakeProfit", start: 40, step: 40, stop: 400 },
  ];
  let t = performance.now();
  const full = optimise(request(smaD1, d1, sD1, space));
  const gridS = (performance.now() - t) / 1000;
  t = performance.now();
  const ga = optimise({ ...request(smaD1, d1, sD1, space), search: "genetic", seed: 1, maxRuns: 2000 });
  const gaS = (performance.now() - t) / 1000;
  if (!full.ok || !ga.ok) throw new Error("optimisation failed");
  const best = full.result.best?.score ?? 0;
  const found = ga.result.best?.score ?? 0;
  const gap = ((best - found) / Math.abs(best)) * 100;
  line(
    `genetic (seed 1) vs grid, ${full.result.space.size} combinations: gap to the grid's best`,
    `${gap.toFixed(2)} %`,
    "<= 1 %",
    gap <= 1 && ga.result.runs.length <= 0.2 * full.result.space.size,
  );
  console.log(
    `  genetic ${ga.result.runs.length} runs in ${gaS.toFixed(1)} s, grid ${full.result.runs.length} runs in ${gridS.toFixed(1)} s`,
  );

  // Monte Carlo: 1,000 runs of a 4,000-trade result (the sma-cross run's first 4,000 trades).
  const result = runBacktest(smaCross, { bars: h1, period: "H1" }, s);
  const mc = mcTrades(result.trades.slice(0, 4000), EURUSD.contractSize, EURUSD.point);
  const mcOptions = { runs: 1000, skipProbability: 0.05, extraSpreadPoints: 5, extraSlippagePoints: 5 };
  monteCarlo(mc, 100_000, mcOptions);
  const mcTimes: number[] = [];
  let median = 0;
  for (let i = 0; i < 5; i++) {
    const t1 = performance.now();
    const r = monteCarlo(mc, 100_000, { ...mcOptions, seed: i + 1 });
    mcTimes.push(performance.now() - t1);
    median = r.finalBalance.find((b) => b.percentile === 50)?.value ?? 0;
  }
  mcTimes.sort((a, b) => a - b);
  line(
    `Monte Carlo, 1,000 runs of ${mc.length} trades (median of 5)`,
    `${mcTimes[2].toFixed(0)} ms`,
    "< 1000 ms",
    mcTimes[2] < 1000,
  );
  console.log(`  median final balance ${median.toFixed(0)} (5% skipped, up to 5+5 points of extra costs)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bench();
}
