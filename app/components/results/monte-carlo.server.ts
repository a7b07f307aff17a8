/**
 * The results screen's Monte Carlo tab (issue 17 Robustness), server side: the GET form's query checked by the
 * service's own zod schema, then the simulation run in the loader (it takes milliseconds, nothing is stored).
 * A `.server` module, so zod and the services stay out of the browser bundle.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "../../../worker/http";
import {
  MONTE_CARLO_LIMITS,
  MONTE_CARLO_PARAMS,
  type MonteCarloAnswer,
  type MonteCarloFields,
  monteCarloFromSearch,
} from "../../../worker/services";

export type { MonteCarloFields };

type Run = AppLoadContext["services"]["strategies"]["monteCarlo"];

export interface MonteCarloView {
  /** The form's values as typed (so a refused value stays in its field). */
  readonly values: Readonly<Record<MonteCarloFields, string>>;
  readonly errors: Partial<Record<MonteCarloFields, string>>;
  /** A refusal of the whole run (too many runs for the trades, no trades), shown above the form. */
  readonly error: string | null;
  readonly result: MonteCarloAnswer | null;
  readonly limits: typeof MONTE_CARLO_LIMITS;
  /** The form's query parameter per field. */
  readonly params: typeof MONTE_CARLO_PARAMS;
}

/** The view and the status of the page: 400 when the form was refused. */
export async function loadMonteCarlo(
  run: Run,
  userId: string,
  sid: number,
  bid: number,
  search: URLSearchParams,
): Promise<{ view: MonteCarloView; status: number }> {
  const typed = (field: MonteCarloFields) => search.get(MONTE_CARLO_PARAMS[field]) ?? "";
  const values = {
    runs: typed("runs"),
    seed: typed("seed"),
    skipPercent: typed("skipPercent"),
    spreadPoints: typed("spreadPoints"),
    slippagePoints: typed("slippagePoints"),
  };
  const base = {
    values,
    errors: {},
    error: null,
    result: null,
    limits: MONTE_CARLO_LIMITS,
    params: MONTE_CARLO_PARAMS,
  };
  const parsed = monteCarloFromSearch(search);
  if (!parsed) return { view: base, status: 200 };
  if (!parsed.ok) return { view: { ...base, errors: parsed.errors }, status: 400 };
  try {
    return { view: { ...base, result: await run(userId, sid, bid, parsed.request) }, status: 200 };
  } catch (e) {
    // The service's 4xx refusals (too many runs for the trades, no trades) are the form's message; a missing
    // backtest or strategy goes on to the route's not-found screen.
    if (e instanceof AppError && e.code === "VALIDATION_ERROR")
      return { view: { ...base, error: e.userMessage }, status: e.status };
    throw e;
  }
}
