/**
 * What an optimisation runs next, batch by batch (issue 17): a grid hands out its combinations in numbered
 * chunks; a genetic search one generation (or one hill-climbing step) at a time, resumed with the batch's
 * scores (genetic.ts geneticBatches). The coordinator splits each batch into slices for its workers.
 */
import { applyInputs } from "../../optimise/apply";
import { type BatchScores, geneticBatches } from "../../optimise/genetic";
import { defaultMaxRuns } from "../../optimise/optimise";
import { type SearchSpace, valuesOf } from "../../optimise/space";
import type { StrategySpec } from "../../strategy/spec";
import type { StoredRequest } from "./optimise-request";

export interface Plan {
  /** The runs planned (the grid's space, or the genetic budget). */
  readonly planned: number;
  /** The next batch of combination numbers, given the scores of the last one; null when the search is over. */
  next(scores: BatchScores): number[] | null;
}

/** A grid's chunk: enough to keep every worker busy, few enough to hold in memory. */
const GRID_CHUNK = 4096;

export function planOf(spec: StrategySpec, space: SearchSpace, request: StoredRequest): Plan {
  if (request.search === "grid") {
    let next = 0;
    return {
      planned: space.size,
      next() {
        if (next >= space.size) return null;
        const end = Math.min(space.size, next + GRID_CHUNK);
        const batch: number[] = [];
        for (let n = next; n < end; n++) batch.push(n);
        next = end;
        return batch;
      },
    };
  }
  const maxRuns = Math.min(request.maxRuns ?? defaultMaxRuns(space.size), space.size);
  // The spec's refusal is known without a backtest (apply.ts), so the budget is counted as the search breeds.
  const refused = (_n: number, g: readonly number[]) => !applyInputs(spec, valuesOf(space, g)).ok;
  const steps = geneticBatches(space, { seed: request.seed, maxRuns, refused });
  let begun = false;
  return {
    planned: maxRuns,
    next(scores) {
      const step = begun ? steps.next(scores) : steps.next();
      begun = true;
      return step.done ? null : step.value;
    },
  };
}
