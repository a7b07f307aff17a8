import { SYMBOLS } from "../../worker/market";
import { type NewBacktest, readBacktestRequest } from "../../worker/services";

/**
 * The Create New Backtest form's reading (spec 2 s5): the posted strings go through the backtest request's
 * one validation (worker/services/strategies/backtest-request.ts), the same the JSON API and the service
 * use, so the page and the API accept the same requests with the same messages. Server-only (zod stays out
 * of the browser bundle).
 */

export type BacktestFormResult =
  | { ok: true; input: NewBacktest }
  | { ok: false; errors: Record<string, string> };

/** Validates the posted form against `today` (UTC `YYYY-MM-DD`); on success answers the typed request. */
export function parseBacktestForm(values: Record<string, string>, today: string): BacktestFormResult {
  const r = readBacktestRequest(values, today);
  if (r.ok) return { ok: true, input: r.value };
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(r.errors)) if (message) errors[field] = message;
  return { ok: false, errors };
}

/** The symbol select's options: the whole market catalogue with its descriptions (spec 2 s3). */
export function symbolOptions(): { name: string; description: string }[] {
  return SYMBOLS.map((s) => ({ name: s.name, description: s.description }));
}
