/**
 * The BacktestRunner's work (DESIGN D6), written against small ports so the Durable Object runs it on D1,
 * R2 and UserHub, and the bench runs it in Node on memory. Steps and events of spec 2 s4: 0 preparing,
 * 1 running (with progress), 2 preparing reports, then 100 completed or 200 error with a reason.
 */
import type { ReportNumbers } from "../../engine/report";
import { EngineError } from "../../engine/types";
import { MarketError } from "../../market/errors";
import { tryPeriodOf } from "../../market/periods";
import type { Bars, Period } from "../../market/types";
import type { StrategySpec } from "../../strategy/spec";
import { type CrossRateBars, crossPairs } from "./cross-rates";
import { dataPeriodFor, runEngine, warmUpMs } from "./engine-adapter";
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
  /** Records the step in D1 and publishes `strategy-backtest-processing`. */
  step(job: BacktestJob, processing: 0 | 1 | 2, progress: number): Promise<void>;
  complete(job: BacktestJob, numbers: ReportNumbers, notes: string[]): Promise<void>;
  fail(job: BacktestJob, reason: string): Promise<void>;
}

const DAY = 86_400_000;

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

export async function runBacktestWork(
  job: BacktestJob,
  ports: BacktestWorkPorts,
  now: () => number,
): Promise<void> {
  try {
    await ports.step(job, 0, 0);
    const spec = await ports.spec(job);
    if (!spec) {
      await ports.fail(job, "The strategy version this code was generated from is missing.");
      return;
    }
    const period = tryPeriodOf(job.inputs.period);
    if (!period) {
      await ports.fail(job, `Unknown period ${job.inputs.period}.`);
      return;
    }
    const { from, to } = jobRange(job);
    const dataPeriod = dataPeriodFor(job.inputs.model, period);
    await ports.step(job, 1, 0);
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
    await ports.step(job, 1, 20);
    const out = runEngine(
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
    await ports.step(job, 2, 85);
    const notes = demo ? ["Demo data: generated prices, not real market history.", ...out.notes] : out.notes;
    await ports.putSection(job, "summary", JSON.stringify(out.summary));
    await ports.putSection(job, "orders", JSON.stringify(out.orders));
    await ports.putSection(job, "results", JSON.stringify(out.results));
    await ports.putSection(job, "deals", JSON.stringify(out.deals));
    await ports.putSection(job, "trades", JSON.stringify(out.trades));
    await ports.putSection(
      job,
      "details",
      JSON.stringify({
        symbol: job.inputs.symbol,
        period: job.inputs.period,
        dateStart: Math.floor(from / 1000),
        dateEnd: Math.floor((to - 1) / 1000),
        orders: out.chartOrders,
      }),
    );
    await ports.complete(job, out.numbers, notes);
  } catch (e) {
    console.error("backtest failed", job.backtestId, e);
    await ports.fail(job, reasonOf(e));
  }
}
