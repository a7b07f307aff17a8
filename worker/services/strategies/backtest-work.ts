/**
 * The BacktestRunner's work (DESIGN D6), written against small ports so the Durable Object runs it on D1,
 * R2 and UserHub, and the bench runs it in Node on memory. Steps and events of spec 2 s4: 0 preparing,
 * 1 running (with progress), 2 preparing reports, then 100 completed or 200 error with a reason.
 *
 * In three parts so the runner can spread a run over many Durable Object alarms (issue 11): prepare (spec,
 * data, the engine set up), drive (a slice of bars at a time, with progress), finish (reports, sections).
 * runBacktestWork chains them in one call.
 */
import type { ReportNumbers } from "../../engine/report";
import { EngineError } from "../../engine/types";
import { log } from "../../log";
import { MarketError } from "../../market/errors";
import { tryPeriodOf } from "../../market/periods";
import type { Bars, Period } from "../../market/types";
import type { StrategySpec } from "../../strategy/spec";
import { type CrossRateBars, crossPairs } from "./cross-rates";
import { dataPeriodFor, type EngineRun, startEngine, warmUpMs } from "./engine-adapter";
import type { BacktestJob } from "./ports";

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
  /** Imported bars of a cross pair for the currency conversion, or null (the demo rates are used). */
  crossRates?(pair: string, fromMs: number, toMs: number): Promise<CrossRateBars | null>;
  putSection(job: BacktestJob, section: Section, json: string): Promise<void>;
  /**
   * Records the step in D1 (the run's heartbeat) and publishes `strategy-backtest-processing`. False when the
   * run is no longer processing (deleted, or marked interrupted): the runner then drops it.
   */
  step(job: BacktestJob, processing: 0 | 1 | 2, progress: number): Promise<boolean>;
  complete(job: BacktestJob, numbers: ReportNumbers, notes: string[]): Promise<void>;
  fail(job: BacktestJob, reason: string): Promise<void>;
}

const DAY = 86_400_000;

/** The reason of a run whose worker died (issue 11): it is never re-run silently, the user reruns it. */
export const INTERRUPTED = "The backtest was interrupted. Please run it again.";

/**
 * A processing run whose heartbeat (its row's updated_at, written at every slice and every 2 s while data
 * loads) is older than this lost its runner: the next request that sees it marks it interrupted.
 */
export const HEARTBEAT_STALE_MS = 10_000;

/** dateStart/dateEnd are inclusive calendar days (UTC); the engine's range end is exclusive. */
export function jobRange(job: BacktestJob): { from: number; to: number } {
  return {
    from: Date.parse(`${job.inputs.dateStart.slice(0, 10)}T00:00:00Z`),
    to: Date.parse(`${job.inputs.dateEnd.slice(0, 10)}T00:00:00Z`) + DAY,
  };
}

/** A reason a trader can read; engine and market refusals say what to change. */
function reasonOf(e: unknown): string {
  if (e instanceof EngineError || e instanceof MarketError) return e.message;
  return "The backtest could not be completed because of an internal error. Please try again.";
}

/** A run set up and ready to drive. */
export interface PreparedBacktest {
  readonly engine: EngineRun;
  readonly demo: boolean;
  readonly from: number;
  readonly to: number;
}

/** Progress of step 1 while loading data (0) and driving bars (20 to 85); step 2 starts at 85. */
export function progressOf(p: PreparedBacktest): number {
  const { doneBars, totalBars } = p.engine.run;
  return 20 + Math.floor((65 * doneBars) / Math.max(1, totalBars));
}

/**
 * Spec, data and the engine set up. Null when the run ended here: refused with a reason (ports.fail), or
 * no longer processing (deleted or interrupted meanwhile).
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
    const { from, to } = jobRange(job);
    const dataPeriod = dataPeriodFor(job.inputs.model, period);
    if (!(await ports.step(job, 1, 0))) return null;
    const { bars, demo } = await ports.candles(
      job.inputs.symbol,
      dataPeriod,
      from - warmUpMs(spec),
      Math.min(to, now()),
    );
    const cross = new Map<string, CrossRateBars>();
    if (ports.crossRates) {
      for (const pair of crossPairs(job.inputs.symbol, job.inputs.depositCurrency)) {
        const rates = await ports.crossRates(pair, from, Math.min(to, now()));
        if (rates) cross.set(pair, rates);
      }
    }
    const engine = startEngine(
      spec,
      bars,
      dataPeriod,
      {
        symbol: job.inputs.symbol,
        period,
        from,
        to: Math.min(to, now()),
        model: job.inputs.model,
        delayMs: job.inputs.executionMode,
        deposit: job.inputs.depositAmount,
        currency: job.inputs.depositCurrency,
      },
      cross,
    );
    const prepared = { engine, demo, from, to };
    if (!(await ports.step(job, 1, progressOf(prepared)))) return null;
    return prepared;
  } catch (e) {
    log.error("backtest.failed", e, { backtestId: job.backtestId, strategyId: job.strategyId });
    await ports.fail(job, reasonOf(e));
    return null;
  }
}

/** Drives up to `maxBars` more bars; true when every bar has been driven. Throws what the engine throws. */
export function driveBacktest(p: PreparedBacktest, maxBars: number): boolean {
  return p.engine.run.advance(maxBars);
}

/** Fails the run with a reason a trader can read (an engine error mid-run). */
export async function failBacktest(job: BacktestJob, ports: BacktestWorkPorts, e: unknown): Promise<void> {
  log.error("backtest.failed", e, { backtestId: job.backtestId, strategyId: job.strategyId });
  await ports.fail(job, reasonOf(e));
}

/** Reports and sections of a driven run, then the completed event. */
export async function finishBacktest(
  job: BacktestJob,
  p: PreparedBacktest,
  ports: BacktestWorkPorts,
): Promise<void> {
  try {
    if (!(await ports.step(job, 2, 85))) return;
    const out = p.engine.finish();
    const notes = p.demo
      ? ["Demo data: generated prices, not real market history.", ...out.notes]
      : out.notes;
    await Promise.all([
      ports.putSection(job, "summary", JSON.stringify(out.summary)),
      ports.putSection(job, "orders", JSON.stringify(out.orders)),
      ports.putSection(job, "results", JSON.stringify(out.results)),
      ports.putSection(job, "deals", JSON.stringify(out.deals)),
      ports.putSection(job, "trades", JSON.stringify(out.trades)),
      ports.putSection(
        job,
        "details",
        JSON.stringify({
          symbol: job.inputs.symbol,
          period: job.inputs.period,
          dateStart: Math.floor(p.from / 1000),
          dateEnd: Math.floor((p.to - 1) / 1000),
          orders: out.chartOrders,
        }),
      ),
    ]);
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
    driveBacktest(prepared, Number.POSITIVE_INFINITY);
  } catch (e) {
    await failBacktest(job, ports, e);
    return;
  }
  await finishBacktest(job, prepared, ports);
}
