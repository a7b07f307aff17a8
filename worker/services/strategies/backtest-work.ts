/**
 * The BacktestRunner's work (DESIGN D6), written against small ports so the Durable Object runs it on D1,
 * R2 and UserHub, and the bench runs it in Node on memory. Steps and events of spec 2 s4: 0 preparing,
 * 1 running (with progress), 2 preparing reports, then 100 completed or 200 error with a reason.
 *
 * In three parts so the runner can spread a run over many Durable Object alarms (issue 11): prepare (spec,
 * data, the engine set up), drive (a slice of bars at a time, with progress), finish (reports, sections).
 * runBacktestWork chains them in one call.
 */

import type { WindowedRun } from "../../engine/backtest";
import type { ReportNumbers } from "../../engine/report";
import { EngineError } from "../../engine/types";
import { log } from "../../log";
import { Aggregator } from "../../market/aggregate";
import { lowerBound } from "../../market/bars";
import { monthRange, monthsInRange } from "../../market/chunks";
import { MarketError } from "../../market/errors";
import { tryPeriodOf } from "../../market/periods";
import { ServerTimeError, type ServerZone, serverZone } from "../../market/server-time";
import type { Bars, Period } from "../../market/types";
import { lowerTimeframes, type StrategySpec } from "../../strategy/spec";
import { RunTicks, type TickPorts } from "./backtest-ticks";
import { type CrossRateBars, crossPairs } from "./cross-rates";
import {
  dataPeriodFor,
  type EngineInputs,
  type EngineRun,
  startEngine,
  startWindowedEngine,
  warmUpMs,
} from "./engine-adapter";
import { driveWithPauses, type Pieces, runToEnd, stringifyInPieces } from "./in-pieces";
import type { BacktestJob } from "./ports";
import { serverCandles, serverCrossRates } from "./server-candles";

export const SECTIONS = ["summary", "orders", "results", "deals", "details", "trades"] as const;
export type Section = (typeof SECTIONS)[number];

export interface BacktestWorkPorts {
  spec(job: BacktestJob): Promise<StrategySpec | null>;
  candles(
    symbol: string,
    period: Period,
    fromMs: number,
    toMs: number,
  ): Promise<{ bars: Bars; demo: boolean }>;
  /**
   * M1 in server time over [fromMs, toMs): what serverCandles(candles, zone) answers for M1, read without the
   * UTC copy in between (CandleStore.serverM1, issue 11). Without it the M1 of a run comes through candles.
   */
  serverM1?(
    symbol: string,
    zone: ServerZone,
    fromMs: number,
    toMs: number,
  ): Promise<{ bars: Bars; demo: boolean }>;
  /** Imported bars of a cross pair for the currency conversion, or null (the demo rates are used). */
  crossRates?(pair: string, fromMs: number, toMs: number): Promise<CrossRateBars | null>;
  /** Stored real ticks (model 1, backtest-ticks.ts); without them model 1 runs on generated ticks. */
  ticks?: TickPorts;
  putSection(job: BacktestJob, section: Section, json: string): Promise<void>;
  /**
   * Records the step in D1 (the run's heartbeat) and publishes `strategy-backtest-processing`, with the
   * estimated seconds left when known. False when the run is no longer processing (deleted, cancelled, or
   * marked interrupted): the runner then drops it.
   */
  step(job: BacktestJob, processing: 0 | 1 | 2, progress: number, etaSeconds?: number): Promise<boolean>;
  complete(job: BacktestJob, numbers: ReportNumbers, notes: string[]): Promise<void>;
  fail(job: BacktestJob, reason: string): Promise<void>;
}

const DAY = 86_400_000;

/** The reason of a run whose worker died (issue 11): it is never re-run silently, the user reruns it. */
export const INTERRUPTED = "The backtest was interrupted. Please run it again.";

/** The reason of a run the user cancelled (issue 16): nothing was charged, it can be run again at once. */
export const CANCELLED = "You cancelled this backtest. Nothing was charged; run it again whenever you like.";

/**
 * A processing run whose heartbeat (its row's updated_at, written at every slice and every 2 s while data
 * loads) is older than this lost its runner: the next request that sees it marks it interrupted.
 */
export const HEARTBEAT_STALE_MS = 10_000;

/**
 * dateStart/dateEnd are inclusive calendar days of the broker's server clock (issue 16; UTC for jobs
 * stored before it), as instants of that clock; the engine's range end is exclusive.
 */
export function jobRange(job: BacktestJob): { from: number; to: number } {
  return {
    from: Date.parse(`${job.inputs.dateStart.slice(0, 10)}T00:00:00Z`),
    to: Date.parse(`${job.inputs.dateEnd.slice(0, 10)}T00:00:00Z`) + DAY,
  };
}

/** A reason a trader can read; engine and market refusals say what to change. */
function reasonOf(e: unknown): string {
  if (e instanceof EngineError || e instanceof MarketError || e instanceof ServerTimeError) return e.message;
  return "The backtest could not be completed because of an internal error. Please try again.";
}

/**
 * The M1 of a run that models ticks (every tick, 1 minute OHLC), loaded a month at a time (issue 11): a
 * first pass aggregates each month to the strategy's timeframe and counts the bars in range, then the
 * engine is set up from those small bars, and a second pass loads each month again and drives it. No
 * step holds more than a month of M1, so a 20-year run neither blocks the isolate while its data loads
 * nor needs 20 years of M1 in memory.
 */
interface Windows {
  readonly symbol: string;
  readonly spec: StrategySpec;
  readonly inputs: EngineInputs;
  readonly cross: ReadonlyMap<string, CrossRateBars>;
  /** [start, end) of each month of the data, warm-up included, oldest first. */
  readonly months: readonly { start: number; end: number }[];
  /** Months aggregated by the first pass. */
  scanned: number;
  /** Months loaded by the second pass (the last one may still be being driven). */
  driven: number;
  /** True while the month fed last still has bars to drive. */
  feeding: boolean;
  aggregator: Aggregator | null;
  /** The first pass's aggregators of the timeframes below the chart's that the spec reads (lowerTimeframes). */
  finer: Map<Period, Aggregator>;
  /** The engine's run once the first pass is over. */
  run: WindowedRun | null;
  inRange: { count: number; first: number; last: number };
  /** Model 1: the run's stored ticks, read a day at a time in the second pass (backtest-ticks.ts). */
  readonly ticks: RunTicks | null;
}

/** A run set up and ready to drive: `engine` at once (one load), or after the first pass of `windows`. */
export interface PreparedBacktest {
  engine: EngineRun | null;
  /** The broker's server time: every bar loaded is shifted into it (server-candles.ts). */
  readonly zone: ServerZone;
  demo: boolean;
  readonly from: number;
  readonly to: number;
  readonly windows: Windows | null;
}

/**
 * The share of a prepared run's work done, 0 to 1: bars driven over bars to drive, and for a run that models
 * ticks half for the first pass (months aggregated) and half for the second (bars driven), which cost about
 * the same (each reads every month once).
 */
export function workDone(p: PreparedBacktest): number {
  const w = p.windows;
  const driven = p.engine ? p.engine.run.doneBars / Math.max(1, p.engine.run.totalBars) : 0;
  if (!w) return driven;
  return 0.5 * (w.scanned / Math.max(1, w.months.length)) + 0.5 * (w.run ? driven : 0);
}

/** Progress of step 1 while loading data (0) and driving bars (20 to 85); step 2 starts at 85. */
export function progressOf(p: PreparedBacktest): number {
  return 20 + Math.floor(65 * Math.min(1, workDone(p)));
}

/**
 * Spec, data and the engine set up. Null when the run ended here: refused with a reason (ports.fail), or
 * no longer processing (deleted or interrupted meanwhile). A run that models ticks loads no M1 here: its
 * months are loaded by stepBacktest.
 */
export async function prepareBacktest(
  job: BacktestJob,
  ports: BacktestWorkPorts,
  now: () => number,
): Promise<PreparedBacktest | null> {
  try {
    if (!(await ports.step(job, 0, 0))) return null;
    const spec = await ports.spec(job);
    if (!spec) {
      await ports.fail(job, "The strategy version this code was generated from is missing.");
      return null;
    }
    const period = tryPeriodOf(job.inputs.period);
    if (!period) {
      await ports.fail(job, `Unknown period ${job.inputs.period}.`);
      return null;
    }
    const zone = serverZone(job.inputs.timeZone);
    const candles = serverCandles(ports.candles, zone);
    const { from, to } = jobRange(job);
    const end = Math.min(to, zone.toServer(now()));
    const dataPeriod = dataPeriodFor(job.inputs.model, period);
    if (!(await ports.step(job, 1, 0))) return null;
    const cross = new Map<string, CrossRateBars>();
    if (ports.crossRates) {
      for (const pair of crossPairs(job.inputs.symbol, job.inputs.depositCurrency)) {
        const rates = serverCrossRates(await ports.crossRates(pair, from - DAY, end + DAY), zone);
        if (rates) cross.set(pair, rates);
      }
    }
    const inputs: EngineInputs = {
      symbol: job.inputs.symbol,
      period,
      from,
      to: end,
      model: job.inputs.model,
      delayMs: job.inputs.executionMode,
      deposit: job.inputs.depositAmount,
      currency: job.inputs.depositCurrency,
      account: job.inputs.account,
      timeZone: zone.name,
      stopsLevel: job.inputs.stopsLevel,
      costs: {
        commission: job.inputs.commission,
        swapLong: job.inputs.swapLong,
        swapShort: job.inputs.swapShort,
        tripleSwapDay: job.inputs.tripleSwapDay,
        slippage: job.inputs.slippage,
      },
    };
    const loadFrom = from - warmUpMs(spec);
    let prepared: PreparedBacktest;
    if (dataPeriod === "M1" && job.inputs.model <= 2 && end > from) {
      const months = monthsInRange(loadFrom, end).map((m) => {
        const r = monthRange(m);
        return { start: Math.max(r.start, loadFrom), end: Math.min(r.end, end) };
      });
      prepared = {
        engine: null,
        zone,
        demo: false,
        from,
        to,
        windows: {
          symbol: job.inputs.symbol,
          spec,
          inputs,
          cross,
          months,
          scanned: 0,
          driven: 0,
          feeding: false,
          aggregator: new Aggregator("M1", spec.timeframe),
          finer: new Map(lowerTimeframes(spec).map((tf) => [tf, new Aggregator("M1", tf)])),
          run: null,
          inRange: { count: 0, first: Number.NaN, last: Number.NaN },
          ticks:
            job.inputs.model === 1 && ports.ticks
              ? new RunTicks(job.inputs.symbol, from, end, ports.ticks, zone)
              : null,
        },
      };
    } else {
      const { bars, demo } = await candles(job.inputs.symbol, dataPeriod, loadFrom, end);
      const engine = startEngine(spec, bars, dataPeriod, inputs, cross);
      prepared = { engine, zone, demo, from, to, windows: null };
    }
    if (!(await ports.step(job, 1, progressOf(prepared)))) return null;
    return prepared;
  } catch (e) {
    log.error("backtest.failed", e, { backtestId: job.backtestId, strategyId: job.strategyId });
    await ports.fail(job, reasonOf(e));
    return null;
  }
}

/**
 * One step of a prepared run; true when every bar has been driven. Windowed: one month of M1 loaded and
 * aggregated (first pass) or loaded and driven (second pass). Otherwise up to `maxBars` more bars. Throws
 * what the engine and the data throw.
 */
export async function stepBacktest(
  p: PreparedBacktest,
  ports: Pick<BacktestWorkPorts, "candles" | "serverM1" | "ticks">,
  maxBars: number,
): Promise<boolean> {
  const w = p.windows;
  if (!w) {
    if (!p.engine) throw new Error("the run has no engine");
    return p.engine.run.advance(maxBars);
  }
  if (w.aggregator) {
    const month = w.months[w.scanned];
    if (month) {
      const { bars, demo } = await serverM1Of(ports, p.zone)(w.symbol, month.start, month.end);
      if (demo) p.demo = true;
      w.aggregator.add(bars);
      for (const a of w.finer.values()) a.add(bars);
      await w.ticks?.scan(month, demo);
      const i = lowerBound(bars.time, w.inputs.from);
      const j = lowerBound(bars.time, w.inputs.to);
      if (j > i) {
        if (w.inRange.count === 0) w.inRange.first = bars.time[i];
        w.inRange.last = bars.time[j - 1];
        w.inRange.count += j - i;
      }
      w.scanned++;
      return false;
    }
    const signalBars = w.aggregator.finish();
    w.aggregator = null;
    const engine = startWindowedEngine(
      w.spec,
      {
        period: "M1",
        signalBars,
        inRange: w.inRange,
        realTicks: w.ticks?.any === true,
        finerBars: new Map([...w.finer].map(([tf, a]) => [tf, a.finish()])),
      },
      w.inputs,
      w.cross,
    );
    p.engine = engine;
    w.run = engine.run;
    // Months before the run's first bar hold only warm-up, already aggregated: not loaded again.
    while (w.driven < w.months.length && (w.months[w.driven]?.end ?? 0) <= w.inputs.from) w.driven++;
    return false;
  }
  const run = w.run;
  if (!run) throw new Error("the windowed run has no engine");
  if (w.ticks) {
    // Real ticks drive a day per step (backtest-ticks.ts), which keeps a step short on its own.
    const month = w.months[w.driven];
    if (!month) throw new Error("every month was driven but the run is not over");
    const load = async () => (await serverM1Of(ports, p.zone)(w.symbol, month.start, month.end)).bars;
    const { monthDone, runDone } = await w.ticks.driveStep(run, month, load);
    if (monthDone) w.driven++;
    return runDone;
  }
  if (!w.feeding) {
    // Loading a month is a step of its own: the runner sizes its slices by the pace of driving bars alone.
    const month = w.months[w.driven];
    if (!month) throw new Error("every month was driven but the run is not over");
    const { bars } = await serverM1Of(ports, p.zone)(w.symbol, month.start, month.end);
    w.driven++;
    run.feed(bars);
    w.feeding = true;
    return false;
  }
  // At most maxBars of the month per step, so a step stays short whatever the month holds.
  const before = run.doneBars;
  if (run.advance(maxBars)) return true;
  if (run.doneBars - before < maxBars) w.feeding = false;
  return false;
}

/** The loader of a windowed run's months of server-time M1: ports.serverM1 when there is one. */
function serverM1Of(
  ports: Pick<BacktestWorkPorts, "candles" | "serverM1">,
  zone: ServerZone,
): (symbol: string, fromMs: number, toMs: number) => Promise<{ bars: Bars; demo: boolean }> {
  const direct = ports.serverM1?.bind(ports);
  if (direct) return (symbol, fromMs, toMs) => direct(symbol, zone, fromMs, toMs);
  const viaCandles = serverCandles(ports.candles, zone);
  return (symbol, fromMs, toMs) => viaCandles(symbol, "M1", fromMs, toMs);
}

/** Months loaded so far by a windowed run (both passes); a step that changed it loaded data, not bars only. */
export function monthsLoaded(p: PreparedBacktest): number {
  return p.windows ? p.windows.scanned + p.windows.driven : 0;
}

/** Fails the run with a reason a trader can read (an engine error mid-run). */
export async function failBacktest(job: BacktestJob, ports: BacktestWorkPorts, e: unknown): Promise<void> {
  log.error("backtest.failed", e, { backtestId: job.backtestId, strategyId: job.strategyId });
  await ports.fail(job, reasonOf(e));
}

/**
 * Reports and sections of a driven run, then the completed event. With `pause` (the BacktestRunner), the
 * report's rows and the sections' JSON are built in pieces with `pause` awaited between them (in-pieces.ts,
 * issue 11): a 20-year run's tables take over half a second to build, too long to hold the isolate.
 */
export async function finishBacktest(
  job: BacktestJob,
  p: PreparedBacktest,
  ports: BacktestWorkPorts,
  pause?: () => Promise<void>,
): Promise<void> {
  const inPieces = <T>(work: Pieces<T>): Promise<T> | T =>
    pause ? driveWithPauses(work, pause) : runToEnd(work);
  try {
    if (!(await ports.step(job, 2, 85))) return;
    if (!p.engine) throw new Error("the run has no engine");
    const out = await inPieces(p.engine.finishing());
    const ticks = p.windows?.ticks ?? null;
    const notes = [
      ...(p.demo ? ["Demo data: generated prices, not real market history."] : []),
      ...out.notes,
      ...(ticks ? ticks.notes() : []),
    ];
    const sections: Record<Section, unknown> = {
      summary: out.summary,
      orders: out.orders,
      results: out.results,
      deals: out.deals,
      trades: out.trades,
      details: {
        symbol: job.inputs.symbol,
        period: job.inputs.period,
        dateStart: Math.floor(p.from / 1000),
        dateEnd: Math.floor((p.to - 1) / 1000),
        orders: out.chartOrders,
        ...(ticks ? { ticks: ticks.monthTicks() } : {}),
      },
    };
    const texts: [Section, string][] = [];
    for (const section of SECTIONS)
      texts.push([section, await inPieces(stringifyInPieces(sections[section]))]);
    await Promise.all(texts.map(([section, json]) => ports.putSection(job, section, json)));
    await ports.complete(job, out.numbers, notes);
  } catch (e) {
    await failBacktest(job, ports, e);
  }
}

/** The whole run in one call (the bench, tests): prepare, drive every bar, finish. */
export async function runBacktestWork(
  job: BacktestJob,
  ports: BacktestWorkPorts,
  now: () => number,
): Promise<void> {
  const prepared = await prepareBacktest(job, ports, now);
  if (!prepared) return;
  try {
    while (!(await stepBacktest(prepared, ports, Number.POSITIVE_INFINITY))) {
      // a month (or every bar) per step
    }
  } catch (e) {
    await failBacktest(job, ports, e);
    return;
  }
  await finishBacktest(job, prepared, ports);
}
