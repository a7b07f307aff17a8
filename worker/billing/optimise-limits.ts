/**
 * How many backtests one optimisation may run, by plan (issue 17): every plan can optimise, larger plans
 * search larger spaces. A grid runs every combination of its space; a genetic search runs at most its
 * budget (`--max-runs`, by default a tenth of the space, at least 200), so a genetic search reaches
 * spaces far larger than the limit. Kept here beside the catalogue (the plans' other limits are columns
 * of the products table, spec 3 s1; this one is ours and needs no migration). A plan not listed gets Free's.
 */
import { UNLIMITED } from "./catalogue";

export const OPTIMISATION_RUNS_BY_PLAN: Readonly<Record<string, number>> = {
  free: 1_000,
  builder: 10_000,
  "sponsor-sm": 10_000,
  pro: 100_000,
  quant: UNLIMITED,
};
const DEFAULT_RUNS = 1_000;

/** The most runs one optimisation of the plan may make; null when unlimited. */
export function optimisationLimit(planSlug: string): number | null {
  const limit = OPTIMISATION_RUNS_BY_PLAN[planSlug] ?? DEFAULT_RUNS;
  return limit === UNLIMITED ? null : limit;
}
