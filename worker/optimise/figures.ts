/**
 * The summary figures of one optimisation run, computed with the report's own definitions
 * (worker/engine/report: trade statistics, balance and equity drawdown, MT5's Sharpe ratio, the balance's
 * linear regression) but without formatting the whole report, which a search of thousands of runs does
 * not need. figures.test.ts checks every figure against computeReport's numbers. Pure (DESIGN D9).
 */
import { balanceSeries } from "../engine/report/balance";
import { DrawdownTracker } from "../engine/report/drawdown";
import { linearRegression } from "../engine/report/regression";
import { sharpeRatio } from "../engine/report/sharpe";
import { tradeStats } from "../engine/report/trade-stats";
import type { BacktestResult } from "../engine/types";

export interface RunFigures {
  readonly finalBalance: number;
  readonly profit: number;
  readonly grossProfit: number;
  readonly grossLoss: number;
  /** Null as in the report: no loss to divide by (MT5's DBL_MAX when there is a profit) or no trades. */
  readonly profitFactor: number | null;
  readonly expectedPayoff: number;
  /** Null when the equity never drew down. */
  readonly recoveryFactor: number | null;
  /** MT5's Sharpe ratio; null when undefined (fewer than 2 changing bars, no variance). */
  readonly sharpeRatio: number | null;
  /** Correlation of the balance after each trade with a straight line; null below 2 points. */
  readonly lrCorrelation: number | null;
  readonly trades: number;
  readonly profitTradesPercent: number;
  readonly balanceDrawdownMax: number;
  readonly balanceDrawdownMaxPercent: number;
  readonly equityDrawdownMax: number;
  readonly equityDrawdownMaxPercent: number;
}

/** The figures of a finished backtest. */
export function runFigures(result: BacktestResult): RunFigures {
  const { trades, initialDeposit, equityDrawdown, barEquity, periodSeconds } = result.report;
  const n = trades.length;
  const stats = tradeStats(trades);
  const balance = balanceSeries(initialDeposit, trades);
  const tracker = new DrawdownTracker(initialDeposit);
  for (let i = 1; i < balance.length; i++) tracker.update(balance[i]);
  const balanceDd = tracker.result();
  const profit = stats.grossProfit + stats.grossLoss;
  return {
    finalBalance: result.finalBalance,
    profit,
    grossProfit: stats.grossProfit,
    grossLoss: stats.grossLoss,
    profitFactor: stats.grossLoss === 0 ? null : stats.grossProfit / -stats.grossLoss,
    expectedPayoff: n === 0 ? 0 : profit / n,
    recoveryFactor: equityDrawdown.maximal === 0 ? null : profit / equityDrawdown.maximal,
    sharpeRatio: sharpeRatio(barEquity, periodSeconds),
    lrCorrelation: linearRegression(balance).correlation,
    trades: n,
    profitTradesPercent: n === 0 ? 0 : (stats.profitTrades / n) * 100,
    balanceDrawdownMax: balanceDd.maximal,
    balanceDrawdownMaxPercent: balanceDd.maximalPercent,
    equityDrawdownMax: equityDrawdown.maximal,
    equityDrawdownMaxPercent: equityDrawdown.maximalPercent,
  };
}

/** The figures' names in results.csv's order (RunFigures keys). */
export const FIGURE_NAMES = [
  "finalBalance",
  "profit",
  "grossProfit",
  "grossLoss",
  "profitFactor",
  "expectedPayoff",
  "recoveryFactor",
  "sharpeRatio",
  "lrCorrelation",
  "trades",
  "profitTradesPercent",
  "balanceDrawdownMax",
  "balanceDrawdownMaxPercent",
  "equityDrawdownMax",
  "equityDrawdownMaxPercent",
] as const satisfies readonly (keyof RunFigures)[];
