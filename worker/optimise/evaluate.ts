/**
 * One optimisation run: input values applied to the spec, a backtest of the back period (and of the
 * forward period, when there is one), its figures and its score. What every run of an optimisation shares
 * is prepared once here (issue 17): the market data (aggregated once to the test period when the engine
 * would aggregate it identically on every run) and the indicator series, per distinct parameter set
 * (worker/engine/series-cache.ts). Pure: the engine is pure and the data are given (DESIGN D9).
 */
import { runBacktest } from "../engine/backtest";
import { SeriesCache } from "../engine/series-cache";
import type { BacktestResult, BacktestSettings, SourceData } from "../engine/types";
import { aggregate } from "../market/aggregate";
import type { StrategySpec } from "../strategy/spec";
import { applyInputs, formatInputIssues, type InputValues, inputsByName } from "./apply";
import { type Criterion, score } from "./criteria";
import { type RunFigures, runFigures } from "./figures";
import type { OptimisableInput } from "./inputs";
import type { Periods } from "./periods";

export interface RunOutcome {
  readonly values: InputValues;
  readonly back: RunFigures;
  readonly forward: RunFigures | null;
  /** The criterion's score of the back period (higher is better). */
  readonly score: number;
  readonly forwardScore: number | null;
}

export type Evaluated =
  | { readonly ok: true; readonly run: RunOutcome }
  | { readonly ok: false; readonly reason: string };

export interface EvaluatorOptions {
  readonly spec: StrategySpec;
  readonly data: SourceData;
  /** The test's settings; from and to are replaced by the periods'. */
  readonly settings: BacktestSettings;
  readonly periods: Periods;
  readonly criterion: Criterion;
  readonly cache?: SeriesCache;
}

/**
 * The data every run reads. Open prices only on the strategy's own timeframe: the engine aggregates the
 * data to that period for its signals and for its bars; doing it once gives it the very same bars
 * (aggregate of a period to itself is the identity), so nothing changes but the time it takes.
 */
export function sharedData(spec: StrategySpec, data: SourceData, settings: BacktestSettings): SourceData {
  if (settings.model === 3 && spec.timeframe === settings.period && data.period !== settings.period)
    return { bars: aggregate(data.bars, data.period, settings.period), period: settings.period };
  return data;
}

export class Evaluator {
  readonly cache: SeriesCache;
  readonly inputs: ReadonlyMap<string, OptimisableInput>;
  private readonly data: SourceData;

  constructor(private readonly o: EvaluatorOptions) {
    this.cache = o.cache ?? new SeriesCache();
    this.inputs = inputsByName(o.spec);
    this.data = sharedData(o.spec, o.data, o.settings);
  }

  /** The spec with the values, or why they cannot run together (a rule between fields). */
  specOf(values: InputValues): { ok: true; spec: StrategySpec } | { ok: false; reason: string } {
    const r = applyInputs(this.o.spec, values, this.inputs);
    return r.ok ? r : { ok: false, reason: formatInputIssues(r.issues) };
  }

  /** The backtest of one period with the values (the best run's full report is built from it). */
  backtest(spec: StrategySpec, period: { from: number; to: number }): BacktestResult {
    return runBacktest(
      spec,
      this.data,
      { ...this.o.settings, from: period.from, to: period.to },
      { seriesCache: this.cache },
    );
  }

  run(values: InputValues): Evaluated {
    const applied = this.specOf(values);
    if (!applied.ok) return applied;
    const { periods, criterion, settings } = this.o;
    const back = runFigures(this.backtest(applied.spec, periods.back));
    const forward = periods.forward ? runFigures(this.backtest(applied.spec, periods.forward)) : null;
    return {
      ok: true,
      run: {
        values,
        back,
        forward,
        score: score(criterion, back, settings.deposit),
        forwardScore: forward ? score(criterion, forward, settings.deposit) : null,
      },
    };
  }
}
