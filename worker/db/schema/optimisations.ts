import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerId } from "./accounts";
import { strategyRef } from "./strategies";

// Issue 17 (DESIGN D8b): an optimisation's request, state and best run. Its runs (one row each: inputs and
// summary figures) are one R2 object per optimisation (docs/optimisation.md "Service and API"): a grid of
// 100,000 runs would be 100,000 D1 rows written and read back for every sorted page.

/** One optimisation of a strategy's spec version. */
export const optimisations = sqliteTable(
  "optimisations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    strategyId: strategyRef(),
    userId: ownerId(),
    /** The spec version optimised (its inputs' names and defaults). */
    specVersion: integer("spec_version").notNull(),
    /** JSON of the backtest settings every run uses (symbol, period, dates, model, deposit, costs...). */
    settings: text("settings").notNull(),
    /** JSON array of the input ranges: { name, start, step, stop }. */
    ranges: text("ranges").notNull(),
    /** grid | genetic */
    search: text("search").notNull(),
    /** A criterion of worker/optimise/criteria.ts. */
    criterion: text("criterion").notNull(),
    /** none | 1/2 | 1/3 | 1/4 | YYYY-MM-DD */
    forward: text("forward").notNull().default("none"),
    /** Genetic: the PRNG seed and the budget of runs. */
    seed: integer("seed").notNull().default(1),
    /** Combinations in the space, and the runs planned (the grid's whole space, or the genetic budget). */
    combinations: integer("combinations").notNull(),
    plannedRuns: integer("planned_runs").notNull(),
    /** queued | running | completed | cancelled | error */
    status: text("status").notNull().default("queued"),
    runsDone: integer("runs_done").notNull().default(0),
    /** Percent of the planned runs made, 0 to 100. */
    progress: integer("progress").notNull().default(0),
    etaSeconds: integer("eta_seconds"),
    /** Worker Durable Objects the run was fanned out to (OPTIMISE_WORKERS). */
    workers: integer("workers").notNull().default(1),
    /** JSON of the best run so far (inputs, back and forward figures, score), or null. */
    best: text("best"),
    /** R2 key of the runs (written when the optimisation ends: completed, or cancelled with the runs so far). */
    resultsKey: text("results_key"),
    /** How many runs the results object holds, and the combinations the spec refused. */
    resultRuns: integer("result_runs"),
    skipped: integer("skipped").notNull().default(0),
    errorMessage: text("error_message"),
    createdAt: integer("created_at").notNull(),
    /** The heartbeat: the coordinator writes it with every progress update. */
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("optimisations_strategy_idx").on(t.userId, t.strategyId, t.status)],
);
