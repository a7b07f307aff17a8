/**
 * Monte Carlo on a completed backtest (issue 17 Robustness): the stored Trades rows, replayed by the pure
 * simulation (worker/optimise/monte-carlo.ts) with their order resampled, some trades skipped and extra spread
 * and slippage paid. Computed on request (1,000 runs of a few thousand trades take milliseconds), nothing is
 * stored. One zod schema serves the API body and the results page's GET form.
 */
import { z } from "zod";
import { errors } from "../../http/errors";
import { findSymbol } from "../../market/catalogue";
import { type McSourceTrade, mcTrades, monteCarlo } from "../../optimise/monte-carlo";
import {
  MONTE_CARLO_LIMITS,
  MONTE_CARLO_PARAMS,
  type MonteCarloFields,
} from "../../optimise/monte-carlo-limits";
import { RESULT_SECTIONS, type TradeRowData } from "./backtest-sections";
import type { createBacktests } from "./backtests";
import { strategyErrors } from "./errors";

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be between ${min} and ${max}.`)
    .max(max, `${label} must be between ${min} and ${max}.`);

const amount = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(min, `${label} must be between ${min} and ${max}.`)
    .max(max, `${label} must be between ${min} and ${max}.`);

const L = MONTE_CARLO_LIMITS;

export const monteCarloRequestSchema = z.object({
  runs: whole("Runs", L.runs.min, L.runs.max).default(L.runs.default),
  seed: whole("Seed", L.seed.min, L.seed.max).default(L.seed.default),
  /** Share of trades skipped in each run, in per cent. */
  skipPercent: amount("Skipped trades", L.skipPercent.min, L.skipPercent.max).default(L.skipPercent.default),
  /** Extra spread per trade, up to this many points (uniform); the symbol's typical spread when absent. */
  spreadPoints: amount("Extra spread", L.points.min, L.points.max).optional(),
  /** Extra slippage per trade, up to this many points (uniform); the symbol's typical spread when absent. */
  slippagePoints: amount("Extra slippage", L.points.min, L.points.max).optional(),
});
export type MonteCarloRequest = z.output<typeof monteCarloRequestSchema>;
export { MONTE_CARLO_LIMITS, MONTE_CARLO_PARAMS, type MonteCarloFields };

/**
 * The form's query as a request: an empty field takes its default, text that is not a number is refused by
 * the schema with the field's own message. Null when the form was not sent (no `mc_runs`).
 */
const FIELDS: readonly MonteCarloFields[] = ["runs", "seed", "skipPercent", "spreadPoints", "slippagePoints"];

export function monteCarloFromSearch(
  search: URLSearchParams,
):
  | null
  | { ok: true; request: MonteCarloRequest }
  | { ok: false; errors: Partial<Record<MonteCarloFields, string>> } {
  if (!search.has(MONTE_CARLO_PARAMS.runs)) return null;
  const raw: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const text = search.get(MONTE_CARLO_PARAMS[field])?.trim() ?? "";
    // Number("abc") is NaN, which the schema answers with "... must be a number."
    if (text !== "") raw[field] = Number(text);
  }
  const parsed = monteCarloRequestSchema.safeParse(raw);
  if (parsed.success) return { ok: true, request: parsed.data };
  const found: Partial<Record<MonteCarloFields, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key = FIELDS.find((k) => k === field);
    if (key && !found[key]) found[key] = issue.message;
  }
  return { ok: false, errors: found };
}

/** A stored Trades row as the simulation's input (its texts are plain numbers, backtest-sections.ts). */
function sourceOf(row: TradeRowData): McSourceTrade {
  return {
    profit: Number(row.Profit),
    entryPrice: Number(row["Open Price"]),
    exitPrice: Number(row["Close Price"]),
    direction: row.Direction === "buy" ? "long" : "short",
    volume: Number(row.Volume),
  };
}

type Backtests = ReturnType<typeof createBacktests>;

export function createMonteCarlo(backtests: Backtests) {
  /** Runs the simulation on the owner's completed backtest; another user's is BACKTEST_NOT_FOUND. */
  return async function run(
    userId: string,
    strategyId: number,
    backtestId: number,
    request: MonteCarloRequest,
  ) {
    const bt = await backtests.get(userId, strategyId, backtestId);
    if (bt.processingStatus !== "completed") throw strategyErrors.backtestNotCompleted();
    const rows = RESULT_SECTIONS.trades.parse(
      await backtests.results(userId, strategyId, backtestId, "trades"),
    );
    if (rows.length === 0)
      throw errors.validation("backtest", "The backtest made no trades, so there is nothing to resample.");
    if (request.runs * rows.length > L.work) {
      const most = Math.max(1, Math.floor(L.work / rows.length));
      throw errors.validation(
        "runs",
        `This backtest has ${rows.length.toLocaleString("en-US")} trades: at most ${most.toLocaleString("en-US")} runs.`,
      );
    }
    const symbol = findSymbol(bt.inputs.symbol);
    const point = symbol?.point ?? 0.00001;
    const typical = symbol?.spread ?? 0;
    const spreadPoints = request.spreadPoints ?? typical;
    const slippagePoints = request.slippagePoints ?? typical;
    const result = monteCarlo(
      mcTrades(rows.map(sourceOf), symbol?.contractSize ?? 100_000, point),
      bt.inputs.depositAmount,
      {
        runs: request.runs,
        seed: request.seed,
        skipProbability: request.skipPercent / 100,
        extraSpreadPoints: spreadPoints,
        extraSlippagePoints: slippagePoints,
        steps: 50,
      },
    );
    return {
      backtestId: bt.backtestId,
      trades: rows.length,
      deposit: bt.inputs.depositAmount,
      currency: bt.inputs.depositCurrency,
      settings: { ...request, spreadPoints, slippagePoints },
      ...result,
    };
  };
}

export type MonteCarloAnswer = Awaited<ReturnType<ReturnType<typeof createMonteCarlo>>>;
