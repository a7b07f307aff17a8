/**
 * Optimisation criteria as MetaTrader 5's tester offers them (issue 17): Balance max, Profit Factor max,
 * Expected Payoff max, Drawdown min, Recovery Factor max, Sharpe Ratio max, and a complex criterion of
 * ours (below). Each gives a score where higher is better, so every search maximises one number.
 *
 * - A run without trades never wins: its score is -Infinity for every criterion (a strategy that never
 *   trades has no balance to speak of, and "Drawdown min" would otherwise crown it).
 * - Profit and recovery factors with nothing to divide by (no losing trade, no drawdown) score as MT5
 *   ranks DBL_MAX: above any finite factor when there is a profit.
 * - drawdown: the score is minus the maximal equity drawdown in percent (the lowest drawdown wins).
 *
 * COMPLEX CRITERION (0..100 for a profitable run, negative for a losing one). A losing run scores
 * 100 x net profit / deposit, so any profitable run ranks above any losing one. A profitable run scores
 *   100 x confidence x (0.35 x recovery + 0.25 x profitFactor + 0.25 x sharpe + 0.15 x linearity)
 * with each part in [0, 1]:
 *   recovery     = min(recovery factor, 10) / 10      net profit against the deepest equity dip
 *   profitFactor = min(profit factor - 1, 2) / 2      1 (break-even) .. 3 and more
 *   sharpe       = clamp(Sharpe ratio, 0, 3) / 3      MT5's annualised Sharpe ratio
 *   linearity    = max(LR correlation, 0)             how straight the balance curve rises
 *   confidence   = min(trades / 30, 1)                fewer than 30 trades say little
 * It rewards a result that is good on every count rather than extreme on one: a curve fitted to two
 * lucky trades has an infinite profit factor but scores at most 100 x 2/30 of the parts.
 */
import { z } from "zod";
import type { RunFigures } from "./figures";

export const CRITERIA = [
  "balance",
  "profit-factor",
  "expected-payoff",
  "drawdown",
  "recovery-factor",
  "sharpe",
  "complex",
] as const;
export type Criterion = (typeof CRITERIA)[number];
export const CriterionSchema = z.enum(CRITERIA, {
  error: `the criterion must be one of ${CRITERIA.join(", ")}`,
});

/** What a criterion is called in results (MT5's own words). */
export const CRITERION_LABELS: Readonly<Record<Criterion, string>> = {
  balance: "Balance max",
  "profit-factor": "Profit Factor max",
  "expected-payoff": "Expected Payoff max",
  drawdown: "Drawdown min",
  "recovery-factor": "Recovery Factor max",
  sharpe: "Sharpe Ratio max",
  complex: "Complex Criterion max",
};

const clamp01 = (x: number): number => Math.max(0, Math.min(x, 1));

/** Profit or recovery factor with MT5's DBL_MAX for "a profit and nothing to divide it by". */
function factor(value: number | null, profit: number): number {
  if (value !== null) return value;
  return profit > 0 ? Number.MAX_VALUE : 0;
}

/** The complex criterion (see the top comment), from a run with at least one trade. */
export function complexScore(f: RunFigures, deposit: number): number {
  if (f.profit <= 0) return (100 * f.profit) / deposit;
  const recovery = Math.min(factor(f.recoveryFactor, f.profit), 10) / 10;
  const pf = Math.min(factor(f.profitFactor, f.profit) - 1, 2) / 2;
  const sharpe = clamp01((f.sharpeRatio ?? 0) / 3);
  const linearity = Math.max(f.lrCorrelation ?? 0, 0);
  const confidence = Math.min(f.trades / 30, 1);
  return 100 * confidence * (0.35 * recovery + 0.25 * clamp01(pf) + 0.25 * sharpe + 0.15 * linearity);
}

/** The score of a run under `criterion` (higher is better; -Infinity for a run without trades). */
export function score(criterion: Criterion, f: RunFigures, deposit: number): number {
  if (f.trades === 0) return Number.NEGATIVE_INFINITY;
  switch (criterion) {
    case "balance":
      return f.finalBalance;
    case "profit-factor":
      return factor(f.profitFactor, f.profit);
    case "expected-payoff":
      return f.expectedPayoff;
    case "drawdown":
      return -f.equityDrawdownMaxPercent;
    case "recovery-factor":
      return factor(f.recoveryFactor, f.profit);
    case "sharpe":
      return f.sharpeRatio ?? Number.NEGATIVE_INFINITY;
    case "complex":
      return complexScore(f, deposit);
  }
}

/** The criterion's value as MT5 shows it in its Result column (the drawdown as a positive percent). */
export function resultValue(criterion: Criterion, scored: number): number {
  return criterion === "drawdown" ? -scored : scored;
}
