import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runBacktest } from "../engine/backtest";
import { leanEurusdH1 } from "../engine/lean.fixture";
import { computeReport } from "../engine/report";
import type { BacktestSettings } from "../engine/types";
import { aggregate } from "../market/aggregate";
import { getSymbol } from "../market/catalogue";
import type { Bars } from "../market/types";
import { parseSpec, type StrategySpec } from "../strategy/spec";
import { applyInputs } from "./apply";
import { score } from "./criteria";
import { runFigures } from "./figures";
import { type OptimiseRequest, optimise, type RunRecord } from "./optimise";
import { splitPeriods } from "./periods";
import type { ParamRange } from "./space";
import { walkForward } from "./walk-forward";

const DAY = 86_400_000;

function example(name: string, patch: Record<string, unknown> = {}): StrategySpec {
  const doc = JSON.parse(readFileSync(path.resolve(process.cwd(), "examples/strategies", name), "utf8"));
  const r = parseSpec({ ...doc, ...patch });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

const h1 = leanEurusdH1();
let d1: Bars | undefined;
const daily = () => {
  d1 ??= aggregate(h1, "H1", "D1");
  return d1;
};

function settings(period: "H1" | "D1", from: string, to: string): BacktestSettings {
  return {
    symbol: getSymbol("EURUSD"),
    period,
    from: Date.parse(`${from}T00:00:00Z`),
    to: Date.parse(`${to}T00:00:00Z`),
    model: 3,
    executionMode: 0,
    deposit: 100_000,
    currency: "USD",
    spreadPoints: 0,
  };
}

function request(
  spec: StrategySpec,
  s: BacktestSettings,
  ranges: ParamRange[],
  extra: Partial<OptimiseRequest> = {},
): OptimiseRequest {
  return {
    spec,
    data: { bars: s.period === "D1" ? daily() : h1, period: s.period },
    settings: s,
    periods: { back: { from: s.from, to: s.to }, forward: null },
    ranges,
    search: "grid",
    criterion: "balance",
    ...extra,
  };
}

function run(req: OptimiseRequest) {
  const r = optimise(req);
  if (!r.ok) throw new Error(r.error);
  return r.result;
}

const SMA = example("sma-cross-sl50-tp100.json");
const SMA_D1 = example("sma-cross-sl50-tp100.json", { timeframe: "D1" });
const FAST_SLOW: ParamRange[] = [
  { name: "Inp_fast_Period", start: 4, step: 3, stop: 16 },
  { name: "Inp_slow_Period", start: 20, step: 10, stop: 50 },
];

describe("grid search", () => {
  const s = settings("H1", "2017-01-01", "2018-01-01");
  const result = run(request(SMA, s, FAST_SLOW, { criterion: "profit-factor" }));

  it("runs every combination once, and each run is the backtest of the spec with its inputs", () => {
    expect(result.runs).toHaveLength(5 * 4);
    expect(new Set(result.runs.map((r) => r.combination)).size).toBe(20);
    for (const r of result.runs.filter((_, i) => i % 7 === 0)) {
      const applied = applyInputs(SMA, r.values);
      if (!applied.ok) throw new Error("valid");
      // A plain backtest, without the shared data or series: the very same figures.
      const direct = runBacktest(applied.spec, { bars: h1, period: "H1" }, s);
      expect(r.back).toEqual(runFigures(direct));
      expect(r.score).toBe(score("profit-factor", r.back, s.deposit));
    }
  });

  it("the best is the highest score; indicator series are computed once per distinct period", () => {
    const top = Math.max(...result.runs.map((r) => r.score));
    expect(result.best?.score).toBe(top);
    // 5 fast and 4 slow SMA periods; 20 runs read 40 series.
    expect(result.evaluator.cache.misses).toBe(9);
    expect(result.evaluator.cache.hits).toBe(31);
  });

  it("the figures are the report's own numbers", () => {
    const applied = applyInputs(SMA, result.best?.values ?? {});
    if (!applied.ok) throw new Error("valid");
    const full = runBacktest(applied.spec, { bars: h1, period: "H1" }, s);
    const n = computeReport(full.report).numbers;
    const f = runFigures(full);
    expect(f).toMatchObject({
      profit: n.totalNetProfit,
      grossProfit: n.grossProfit,
      grossLoss: n.grossLoss,
      profitFactor: n.profitFactor,
      expectedPayoff: n.expectedPayoff,
      recoveryFactor: n.recoveryFactor,
      sharpeRatio: n.sharpeRatio,
      trades: n.totalTrades,
      balanceDrawdownMaxPercent: n.balanceDrawdownMaxPercent,
      equityDrawdownMaxPercent: n.equityDrawdownMaxPercent,
      profitTradesPercent: n.profitTradesPercent,
    });
  });

  it("slices of the numbered grid, merged, are the whole grid (a fan-out gives the same best)", () => {
    const a = run(request(SMA, s, FAST_SLOW, { criterion: "profit-factor", slice: { start: 0, end: 7 } }));
    const b = run(request(SMA, s, FAST_SLOW, { criterion: "profit-factor", slice: { start: 7, end: 20 } }));
    const strip = (r: RunRecord) => ({ combination: r.combination, back: r.back, score: r.score });
    expect([...a.runs, ...b.runs].map(strip)).toEqual(result.runs.map(strip));
    const merged = [a.best, b.best].filter((x) => x !== null).sort((x, y) => y.score - x.score)[0];
    expect(merged?.values).toEqual(result.best?.values);
  });

  it("stops when asked, keeping the runs made", () => {
    let calls = 0;
    const r = run(request(SMA, s, FAST_SLOW, { shouldStop: () => ++calls > 5 }));
    expect(r.stopped).toBe(true);
    expect(r.runs).toHaveLength(5);
  });

  it("combinations the spec refuses (MACD fast not below slow) are skipped with the reason", () => {
    const macd = example("macd-rsi-london-atr.json");
    const fastName = "Inp_macd_Fast";
    const slowName = "Inp_macd_Slow";
    const r = run(
      request(macd, settings("H1", "2017-01-01", "2017-04-01"), [
        { name: fastName, start: 8, step: 4, stop: 20 },
        { name: slowName, start: 12, step: 4, stop: 24 },
      ]),
    );
    // fast 8,12,16,20 x slow 12,16,20,24: 6 pairs have fast >= slow.
    expect(r.skipped).toHaveLength(6);
    expect(r.runs).toHaveLength(10);
    expect(r.skipped[0].reason).toContain("MACD fast period must be shorter than slow");
    for (const x of r.runs) expect(x.values[fastName]).toBeLessThan(x.values[slowName]);
  });
});

describe("forward period", () => {
  it("1/3: the last third (from a UTC midnight) is tested apart with a fresh deposit, beside the back figures", () => {
    const s = settings("H1", "2016-01-01", "2019-01-01");
    const split = splitPeriods(s.from, s.to, { kind: "fraction", denominator: 3 });
    if (!split.ok) throw new Error(split.error);
    const { back, forward } = split.periods;
    expect(new Date(back.to).toISOString()).toBe("2018-01-01T00:00:00.000Z");
    expect(forward?.to).toBe(s.to);
    const r = run({ ...request(SMA, s, FAST_SLOW.slice(0, 1)), periods: split.periods });
    for (const x of r.runs) {
      const applied = applyInputs(SMA, x.values);
      if (!applied.ok || !forward) throw new Error("valid");
      const direct = runBacktest(
        applied.spec,
        { bars: h1, period: "H1" },
        { ...s, from: forward.from, to: forward.to },
      );
      expect(x.forward).toEqual(runFigures(direct));
      expect(x.forwardScore).toBe(score("balance", runFigures(direct), s.deposit));
      expect(x.forward?.finalBalance).not.toBe(x.back.finalBalance);
    }
    expect(splitPeriods(s.from, s.to, { kind: "date", at: s.to })).toMatchObject({ ok: false });
  });
});

describe("genetic search", () => {
  const s = settings("D1", "2015-01-01", "2019-01-01");
  const space: ParamRange[] = [
    { name: "Inp_fast_Period", start: 2, step: 2, stop: 20 },
    { name: "Inp_slow_Period", start: 20, step: 10, stop: 110 },
    { name: "InpStopLoss", start: 20, step: 20, stop: 200 },
    { name: "InpTakeProfit", start: 40, step: 40, stop: 400 },
  ];

  it("is deterministic for a seed", () => {
    const small = { criterion: "balance" as const, search: "genetic" as const, maxRuns: 60 };
    const a = run(request(SMA_D1, s, space, { ...small, seed: 3 }));
    const b = run(request(SMA_D1, s, space, { ...small, seed: 3 }));
    const c = run(request(SMA_D1, s, space, { ...small, seed: 4 }));
    const order = (r: typeof a) => r.runs.map((x) => x.combination);
    expect(order(a)).toEqual(order(b));
    expect(order(a)).not.toEqual(order(c));
    expect(a.runs).toHaveLength(60);
    expect(new Set(order(a)).size).toBe(60);
  });

  it("finds within 1% of the grid's best on 10,000 combinations with at most 20% of the runs (seed 1)", () => {
    const grid = run(request(SMA_D1, s, space));
    expect(grid.space.size).toBe(10_000);
    expect(grid.runs).toHaveLength(10_000);
    const genetic = run(request(SMA_D1, s, space, { search: "genetic", seed: 1, maxRuns: 2000 }));
    expect(genetic.runs.length).toBeLessThanOrEqual(2000);
    const gridBest = grid.best?.score ?? 0;
    const found = genetic.best?.score ?? 0;
    expect(found).toBeGreaterThanOrEqual(gridBest - Math.abs(gridBest) * 0.01);
    // The best the genetic search reports is a real run of the grid: same combination, same figures.
    const same = grid.runs.find((r) => r.combination === genetic.best?.combination);
    expect(same?.back).toEqual(genetic.best?.back);
  }, 600_000);
});

describe("walk-forward", () => {
  it("optimises each in-sample window, trades its best out of sample, and stitches those curves", () => {
    const s = settings("H1", "2016-01-01", "2018-01-01");
    const ranges = FAST_SLOW.slice(0, 1);
    const r = walkForward({
      ...request(SMA, s, ranges),
      inSampleDays: 180,
      outOfSampleDays: 90,
    });
    if (!r.ok) throw new Error(r.error);
    const { windows, stitched } = r.result;
    // (730 - 180) / 90 = 6 whole out-of-sample windows.
    expect(windows).toHaveLength(6);
    expect(windows[1].inSample.from - windows[0].inSample.from).toBe(90 * DAY);
    expect(windows[0].outOfSample.from).toBe(windows[0].inSample.to);
    let carried = 0;
    let isProfit = 0;
    for (const w of windows) {
      // The window's inputs are its in-sample grid's best.
      const alone = run({ ...request(SMA, s, ranges), periods: { back: w.inSample, forward: null } });
      expect(w.inputs).toEqual(alone.best?.values);
      const applied = applyInputs(SMA, w.inputs ?? {});
      if (!applied.ok) throw new Error("valid");
      const oos = runBacktest(applied.spec, { bars: h1, period: "H1" }, { ...s, ...w.outOfSample });
      expect(w.outOfSampleFigures).toEqual(runFigures(oos));
      // Its curve sits in the stitched one, shifted by the profit of the windows before it.
      const at = stitched.time.indexOf(oos.curve.time[0]);
      expect(stitched.equity[at]).toBeCloseTo(oos.curve.equity[0] + carried, 6);
      carried += runFigures(oos).profit;
      isProfit += w.inSampleFigures?.profit ?? 0;
    }
    expect(r.result.outOfSampleProfit).toBeCloseTo(carried, 6);
    // It ends where the windows' profits sum to: each window's end of test closes what it held.
    expect(stitched.balance.at(-1)).toBeCloseTo(s.deposit + carried, 6);
    // Efficiency: annualised OOS profit over annualised IS profit (6 x 90 days against 6 x 180 days).
    expect(r.result.efficiency).toBeCloseTo(carried / (6 * 90) / (isProfit / (6 * 180)), 9);
  }, 120_000);
});
