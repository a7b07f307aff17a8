/**
 * An optimisation's work (issue 17, DESIGN D8b), written against small ports so the coordinator and worker
 * Durable Objects run it on D1 and R2, and the bench and tests in memory: prepare once (spec, data in broker
 * server time, cross rates, the Evaluator with its shared series), then run combinations by number. What
 * prepareOptimisation loads is what a single backtest of the same settings loads, and every run uses the
 * engine's settings of that backtest (engine-adapter.ts engineSettings), so a run's figures are the single
 * backtest's (a worker test checks the best run after Apply).
 */
import { type BacktestSettings, EngineError, type SourceData } from "../../engine/types";
import { MarketError } from "../../market/errors";
import { tryPeriodOf } from "../../market/periods";
import { ServerTimeError, serverZone } from "../../market/server-time";
import { applyInputs } from "../../optimise/apply";
import { Evaluator } from "../../optimise/evaluate";
import { FIGURE_NAMES, type RunFigures } from "../../optimise/figures";
import { ForwardSchema, type Periods, splitPeriods } from "../../optimise/periods";
import { buildSpace, indicesOf, type ParamRange, type SearchSpace, valuesOf } from "../../optimise/space";
import type { StrategySpec } from "../../strategy/spec";
import type { BacktestWorkPorts } from "./backtest-work";
import { jobRange } from "./backtest-work";
import { type CrossRateBars, crossPairs } from "./cross-rates";
import { dataPeriodFor, type EngineInputs, engineSettings, warmUpMs } from "./engine-adapter";
import type { StoredRequest } from "./optimise-request";
import type { BacktestInputs } from "./ports";
import { serverCandles, serverCrossRates } from "./server-candles";

const DAY = 86_400_000;

export interface OptimisationJob {
  optId: number;
  strategyId: number;
  userId: string;
  specVersion: number;
  /** Every run's backtest settings, as a backtest job stores them. */
  settings: BacktestInputs;
  request: StoredRequest;
  /** Worker Durable Objects to fan out to; 1 = the coordinator runs every slice itself. */
  workers: number;
}

/** What preparing needs: the spec version, and the data as the backtest runner reads it. */
export type OptimiseDataPorts = Pick<BacktestWorkPorts, "candles" | "crossRates"> & {
  spec(job: OptimisationJob): Promise<StrategySpec | null>;
};

/** A refusal a trader can read (no spec, no data, an engine refusal); anything else is an internal error. */
export class OptimiseRefused extends Error {}

export const OPTIMISE_INTERNAL =
  "The optimisation could not be completed because of an internal error. Please try again.";

export function reasonOf(e: unknown): string {
  if (
    e instanceof OptimiseRefused ||
    e instanceof EngineError ||
    e instanceof MarketError ||
    e instanceof ServerTimeError
  )
    return e.message;
  return OPTIMISE_INTERNAL;
}

/**
 * One run as stored and sent between the Durable Objects: values in the space's dimension order, figures
 * in FIGURE_NAMES order (null where the report has none). `score` is the criterion's score (higher is
 * better), null for a run without trades (never the best).
 */
export interface ResultRow {
  pass: number;
  combination: number;
  values: number[];
  score: number | null;
  back: (number | null)[];
  forwardScore: number | null;
  forward: (number | null)[] | null;
}

export const figuresOf = (f: RunFigures): (number | null)[] => FIGURE_NAMES.map((k) => f[k]);
export const finiteOrNull = (x: number | null): number | null =>
  x !== null && Number.isFinite(x) ? x : null;

export interface PreparedOptimisation {
  readonly spec: StrategySpec;
  readonly space: SearchSpace;
  readonly periods: Periods;
  readonly evaluator: Evaluator;
  readonly demo: boolean;
  /** The data and engine settings the evaluator runs on (a walk-forward optimises its windows on them). */
  readonly data: SourceData;
  readonly settings: BacktestSettings;
}

/** The space of the job's ranges on its spec, or the refusal (checked again here: the spec is the stored one). */
export function spaceOf(spec: StrategySpec, ranges: readonly ParamRange[]): SearchSpace {
  const built = buildSpace(spec, ranges);
  if (!built.ok) throw new OptimiseRefused(built.error);
  return built.space;
}

/**
 * The warm-up every combination can rely on: the longest any one input's end of range needs, each set
 * alone on the spec (a combination the spec refuses falls back to the spec's own warm-up).
 */
export function widestWarmUp(spec: StrategySpec, ranges: readonly ParamRange[]): number {
  let longest = warmUpMs(spec);
  for (const r of ranges)
    for (const v of [r.start, r.stop]) {
      const applied = applyInputs(spec, { [r.name]: v });
      if (applied.ok) longest = Math.max(longest, warmUpMs(applied.spec));
    }
  return longest;
}

/** The engine's inputs of a job's settings (the backtest runner's reading of the same fields). */
function engineInputsOf(s: BacktestInputs, from: number, to: number): EngineInputs {
  const period = tryPeriodOf(s.period);
  if (!period) throw new OptimiseRefused(`Unknown period ${s.period}.`);
  return {
    symbol: s.symbol,
    period,
    from,
    to,
    model: s.model,
    delayMs: s.executionMode,
    deposit: s.depositAmount,
    currency: s.depositCurrency,
    account: s.account,
    timeZone: serverZone(s.timeZone).name,
    costs: {
      commission: s.commission,
      swapLong: s.swapLong,
      swapShort: s.swapShort,
      tripleSwapDay: s.tripleSwapDay,
      slippage: s.slippage,
    },
    // The same broker as a single backtest of these settings (optimised runs equal backtests).
    stopsLevel: s.stopsLevel,
  };
}

/** Spec, data, periods and the evaluator of a job: once per Durable Object that runs its slices. */
export async function prepareOptimisation(
  job: OptimisationJob,
  ports: OptimiseDataPorts,
  now: () => number,
): Promise<PreparedOptimisation> {
  const spec = await ports.spec(job);
  if (!spec) throw new OptimiseRefused("The strategy version this optimisation was made from is missing.");
  const space = spaceOf(spec, job.request.ranges);
  const zone = serverZone(job.settings.timeZone);
  const { from, to } = jobRange({
    backtestId: 0,
    strategyId: job.strategyId,
    userId: job.userId,
    specVersion: job.specVersion,
    inputs: job.settings,
  });
  const end = Math.min(to, zone.toServer(now()));
  const forward = ForwardSchema.safeParse(job.request.forward);
  if (!forward.success) throw new OptimiseRefused(forward.error.issues[0]?.message ?? "bad forward period");
  const split = splitPeriods(from, end, forward.data);
  if (!split.ok) throw new OptimiseRefused(`The ${split.error}.`);
  const inputs = engineInputsOf(job.settings, from, end);
  const cross = new Map<string, CrossRateBars>();
  if (ports.crossRates)
    for (const pair of crossPairs(job.settings.symbol, job.settings.depositCurrency)) {
      const rates = serverCrossRates(await ports.crossRates(pair, from - DAY, end + DAY), zone);
      if (rates) cross.set(pair, rates);
    }
  const dataPeriod = dataPeriodFor(job.settings.model, inputs.period);
  const loadFrom = from - widestWarmUp(spec, job.request.ranges);
  const { bars, demo } = await serverCandles(ports.candles, zone)(
    job.settings.symbol,
    dataPeriod,
    loadFrom,
    end,
  );
  const { settings } = engineSettings(inputs, cross);
  const evaluator = new Evaluator({
    spec,
    data: { bars, period: dataPeriod },
    settings,
    periods: split.periods,
    criterion: job.request.criterion,
  });
  return {
    spec,
    space,
    periods: split.periods,
    evaluator,
    demo,
    data: { bars, period: dataPeriod },
    settings,
  };
}

export type CombinationOutcome =
  | { readonly ok: true; readonly row: ResultRow }
  | { readonly ok: false; readonly combination: number; readonly reason: string };

/** Runs combination `n` (pass 0: the coordinator numbers passes as it merges). */
export function runCombination(p: PreparedOptimisation, n: number): CombinationOutcome {
  const values = valuesOf(p.space, indicesOf(p.space, n));
  const r = p.evaluator.run(values);
  if (!r.ok) return { ok: false, combination: n, reason: r.reason };
  const run = r.run;
  return {
    ok: true,
    row: {
      pass: 0,
      combination: n,
      values: p.space.dimensions.map((d) => values[d.input.name] ?? 0),
      score: finiteOrNull(run.score),
      back: figuresOf(run.back),
      forwardScore: run.forward ? finiteOrNull(run.forwardScore) : null,
      forward: run.forward ? figuresOf(run.forward) : null,
    },
  };
}

/** A slice's outcome as a worker answers it. */
export interface SliceResult {
  rows: ResultRow[];
  skipped: { combination: number; reason: string }[];
}

/** Runs the combinations in order; `stop` is polled between runs (the runs so far are kept). */
export function runSlice(
  p: PreparedOptimisation,
  combinations: readonly number[],
  stop?: () => boolean,
): SliceResult {
  const out: SliceResult = { rows: [], skipped: [] };
  for (const n of combinations) {
    if (stop?.()) break;
    const r = runCombination(p, n);
    if (r.ok) out.rows.push(r.row);
    else out.skipped.push({ combination: r.combination, reason: r.reason });
  }
  return out;
}

/** Is row `a` better than row `b` (optimise.ts `better`: higher score, then the lower combination)? */
export function betterRow(a: ResultRow, b: ResultRow): boolean {
  const sa = a.score ?? Number.NEGATIVE_INFINITY;
  const sb = b.score ?? Number.NEGATIVE_INFINITY;
  return sa > sb || (sa === sb && a.combination < b.combination);
}

/** The R2 object of an optimisation's runs. */
export const resultsKey = (userId: string, strategyId: number, optId: number) =>
  `optimisations/${userId}/${strategyId}/${optId}/results.json`;

/** The stored results object: names of the columns, then the rows. */
export interface StoredResults {
  inputs: string[];
  figures: readonly string[];
  runs: ResultRow[];
  skipped: { combination: number; reason: string }[];
}
