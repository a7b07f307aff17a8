/**
 * The bounds of a Monte Carlo request on a backtest (issue 17 Robustness) and the results page's query
 * parameters for it: constants only, so the page's form (browser bundle) and the service's zod schema
 * (worker/services/strategies/backtest-monte-carlo.ts) share them without zod reaching the browser.
 */
export const MONTE_CARLO_LIMITS = {
  runs: { min: 100, max: 10_000, default: 1000 },
  seed: { min: 1, max: 2_147_483_647, default: 1 },
  skipPercent: { min: 0, max: 50, default: 5 },
  points: { min: 0, max: 1000 },
  /** Runs x trades of one request: about a second of simulation (the bench's 1,000 x 4,000 takes ~0.1 s). */
  work: 20_000_000,
} as const;

export type MonteCarloFields = "runs" | "seed" | "skipPercent" | "spreadPoints" | "slippagePoints";

/** The GET form's parameter names (prefixed, so they never meet the tables' own parameters). */
export const MONTE_CARLO_PARAMS: Readonly<Record<MonteCarloFields, string>> = {
  runs: "mc_runs",
  seed: "mc_seed",
  skipPercent: "mc_skip",
  spreadPoints: "mc_spread",
  slippagePoints: "mc_slippage",
};
