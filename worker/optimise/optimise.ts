/**
 * An optimisation (issue 17): a search (the full grid, or genetic) over the inputs' ranges, one backtest
 * per combination on the back period (and one on the forward period), scored by a criterion. The best run
 * is the one with the highest back-period score (ties: the earlier combination). Pure: the engine runs
 * in-process on the data given (DESIGN D9); the CLI, a bench or a Durable Object supply data and settings.
 *
 * Fan-out (docs/optimisation.md): a grid is numbered, so `slice` runs a share of it anywhere; merging
 * the shares' runs and taking the best gives the same result as one process.
 */
import type { SeriesCache } from "../engine/series-cache";
import type { BacktestSettings, SourceData } from "../engine/types";
import type { StrategySpec } from "../strategy/spec";
import type { InputValues } from "./apply";
import type { Criterion } from "./criteria";
import { type Evaluated, Evaluator, type RunOutcome } from "./evaluate";
import { geneticSearch } from "./genetic";
import type { Periods } from "./periods";
import { buildSpace, indicesOf, type ParamRange, type SearchSpace, valuesOf } from "./space";

export const SEARCHES = ["grid", "genetic"] as const;
export type Search = (typeof SEARCHES)[number];

export interface OptimiseRequest {
  readonly spec: StrategySpec;
  readonly data: SourceData;
  readonly settings: BacktestSettings;
  readonly periods: Periods;
  readonly ranges: readonly ParamRange[];
  readonly search: Search;
  readonly criterion: Criterion;
  /** Genetic: the PRNG seed (default 1) and the most backtests to run (default: a tenth of the space, at least 200). */
  readonly seed?: number;
  readonly maxRuns?: number;
  /** Grid: run only combinations [start, end) (a worker's share). */
  readonly slice?: { readonly start: number; readonly end: number };
  /** Indicator series shared with other optimisations on the same data (walk-forward windows). */
  readonly cache?: SeriesCache;
  /** Called after every run with the runs done so far and the most planned. */
  readonly onProgress?: (done: number, planned: number) => void;
  /** Polled between runs; true stops the search (the runs so far are kept). */
  readonly shouldStop?: () => boolean;
}

export interface RunRecord extends RunOutcome {
  /** 1-based order in which the run was made. */
  readonly pass: number;
  /** The combination's number in the space (the first input varies slowest). */
  readonly combination: number;
}

export interface OptimiseResult {
  readonly space: SearchSpace;
  readonly runs: readonly RunRecord[];
  /** Combinations the spec refuses (a rule between fields, e.g. MACD fast not below slow). */
  readonly skipped: readonly { readonly values: InputValues; readonly reason: string }[];
  readonly best: RunRecord | null;
  readonly stopped: boolean;
  readonly evaluator: Evaluator;
}

/** The genetic search's default budget for a space of `size`. */
export function defaultMaxRuns(size: number): number {
  return Math.min(size, Math.max(200, Math.ceil(size / 10)));
}

/** Is run `a` better than run `b` (higher score; on a tie the lower combination number)? */
export function better(a: RunRecord, b: RunRecord): boolean {
  return a.score > b.score || (a.score === b.score && a.combination < b.combination);
}

export function optimise(
  req: OptimiseRequest,
): { ok: true; result: OptimiseResult } | { ok: false; error: string } {
  const built = buildSpace(req.spec, req.ranges);
  if (!built.ok) return built;
  const space = built.space;
  const evaluator = new Evaluator({
    spec: req.spec,
    data: req.data,
    settings: req.settings,
    periods: req.periods,
    criterion: req.criterion,
    cache: req.cache,
  });
  const runs: RunRecord[] = [];
  const skipped: { values: InputValues; reason: string }[] = [];
  let best: RunRecord | null = null;
  let stopped = false;
  const planned =
    req.search === "grid"
      ? req.slice
        ? Math.min(req.slice.end, space.size) - req.slice.start
        : space.size
      : Math.min(req.maxRuns ?? defaultMaxRuns(space.size), space.size);

  /** Runs combination n; null when refused or stopped. */
  const runOne = (n: number, indices: readonly number[]): number | null => {
    if (stopped || req.shouldStop?.()) {
      stopped = true;
      return null;
    }
    const values = valuesOf(space, indices);
    const r: Evaluated = evaluator.run(values);
    if (!r.ok) {
      skipped.push({ values, reason: r.reason });
      return null;
    }
    const record: RunRecord = { ...r.run, pass: runs.length + 1, combination: n };
    runs.push(record);
    if (!best || better(record, best)) best = record;
    req.onProgress?.(runs.length, planned);
    return record.score;
  };

  if (req.search === "grid") {
    const start = req.slice?.start ?? 0;
    const end = Math.min(req.slice?.end ?? space.size, space.size);
    for (let n = start; n < end && !stopped; n++) runOne(n, indicesOf(space, n));
  } else {
    geneticSearch(space, (n, indices) => runOne(n, indices), {
      seed: req.seed ?? 1,
      maxRuns: planned,
      stop: () => stopped,
    });
  }
  return { ok: true, result: { space, runs, skipped, best, stopped, evaluator } };
}
