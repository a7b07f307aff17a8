import type { OptimiseRow } from "./results-table";

export type OptimisationStatus = "running" | "completed" | "cancelled" | "error";

/** One optimisation as its page shows it (optimise.server.ts maps the service's record to this). */
export interface OptimisationView {
  optId: string;
  /** Queued shows as running. */
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
  /** One page of runs, sorted as the table's URL asks (the service sorts). */
  rows: OptimiseRow[];
  /** Runs in all. */
  total: number;
  /** Every run's values and result (up to 10,000), for the heatmap. */
  heatmap: { values: Record<string, number>; result: number | null }[];
  /** The best run (the service chooses it on the back period). */
  best: OptimiseRow | null;
  /** Combinations the spec refused (a rule between fields). */
  skipped: number;
  specVersion: number;
}
