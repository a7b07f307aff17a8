/**
 * The per-plan cap on the work of one backtest (issue 11), checked before a run is accepted so that no
 * single run can hold the machine for long. Work is counted in "M1 bars at every tick": the bars the engine
 * drives (M1 for models 0-2, the test period's bars for open prices) times a cost per bar of the modelling
 * (every tick generates up to dozens of ticks per bar, 1 minute OHLC four, open prices four at most and mostly
 * bar-level). Bars are estimated from the calendar (5 trading days a week), not read, so the check is free.
 */

import { AppError } from "../../http/errors";
import { periodMs } from "../../market/periods";
import type { Period } from "../../market/types";
import { dataPeriodFor } from "./engine-adapter";

const YEAR_MS = 365.25 * 86_400_000;
/** M1 bars in a year of trading (5 of 7 days). */
const M1_BARS_A_YEAR = (YEAR_MS / 60_000) * (5 / 7);

/** Cost of one driven bar by model (0 every tick ... 4 math calculations), relative to every tick. */
const MODEL_COST = [1, 1, 0.25, 0.25, 0] as const;

/** Years of every-tick modelling one run may cover, by plan slug; a plan not listed gets Free's. */
const YEARS_BY_PLAN: Readonly<Record<string, number>> = {
  free: 2,
  builder: 5,
  "sponsor-sm": 5,
  pro: 10,
  // 20 years is also the store's longest range (240 months), so Quant is unbounded in practice.
  quant: 20,
};
const DEFAULT_YEARS = 2;

/** The plan's cap, in M1 bars at every tick. */
export function workCap(planSlug: string): number {
  return (YEARS_BY_PLAN[planSlug] ?? DEFAULT_YEARS) * M1_BARS_A_YEAR;
}

/** Estimated work of a run over [fromMs, toMs) (UTC ms), in M1 bars at every tick. */
export function workOf(model: number, period: Period, fromMs: number, toMs: number): number {
  const cost = MODEL_COST[model] ?? 1;
  const bars = (Math.max(0, toMs - fromMs) / periodMs(dataPeriodFor(model, period))) * (5 / 7);
  return bars * cost;
}

const MODEL_NAMES = ["every tick", "every tick based on real ticks", "1 minute OHLC", "open prices only"];

/** BACKTEST_TOO_LARGE (403): the run asks for more work than the plan allows; says what to change. */
export function tooLarge(model: number, period: Period, fromMs: number, toMs: number, planSlug: string) {
  const years = YEARS_BY_PLAN[planSlug] ?? DEFAULT_YEARS;
  const costly = (MODEL_COST[model] ?? 1) * (60_000 / periodMs(dataPeriodFor(model, period)));
  const maxYears = Math.floor((years / costly) * 10) / 10;
  const asked = Math.round(((toMs - fromMs) / YEAR_MS) * 10) / 10;
  return new AppError(
    "BACKTEST_TOO_LARGE",
    403,
    `This backtest is too large for your plan: ${MODEL_NAMES[model] ?? "this modelling"} on ${period} covers at most ${maxYears} years per run, and this one covers ${asked}. Shorten the dates, choose a lighter modelling (1 minute OHLC or open prices only), or upgrade your plan.`,
    undefined,
    { maxYears, years: asked },
  );
}
