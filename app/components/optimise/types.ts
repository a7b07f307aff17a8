import type { OptimiseRow } from "./results-table";

export type OptimisationStatus = "running" | "completed" | "cancelled" | "error";

/** One optimisation as its page shows it (the loader maps the service's record to this). */
export interface OptimisationView {
  optId: string;
  status: OptimisationStatus;
  /** Why it failed (status "error"). */
  error: string | null;
  done: number;
  planned: number;
  criterion: string;
  criterionLabel: string;
  /** "Drawdown min": the lowest result is the best. */
  lowerIsBetter: boolean;
  search: string;
  /** none | 1/2 | 1/3 | 1/4 | a date */
  forward: string;
  symbol: string;
  period: string;
  dateStart: string;
  dateEnd: string;
  /** The optimised inputs' EA names, in the order given. */
  names: string[];
  rows: OptimiseRow[];
  /** The best run's pass (the service chooses it on the back period). */
  bestPass: number | null;
  /** Combinations the spec refused (a rule between fields). */
  skipped: number;
}
