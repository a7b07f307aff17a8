/**
 * The summary figures of one optimisation run, computed with the report's own definitions
 * (worker/engine/report: trade statistics, balance and equity drawdown, MT5's Sharpe ratio, the balance's
 * linear regression) but without formatting the whole report, which a search of thousands of runs does
 * not need. figures.test.ts checks every figure against computeReport's numbers. Pure (DESIGN D9).
 */
import { balanceSeries } from "../engine/report/balance";
import { DrawdownTracker } from "../engine/report/drawdown";
import type { ReportNumbers } from "../engine/report/metrics";
import { linearRegression } from "../engine/report/regression";
import { sharpeRatio } from "../engine/report/sharpe";
import { tradeStats } from "../engine/report/trade-stats";
import type { BacktestResult } from "../engine/types";

/** The report's figures of the same name mean the same here (ReportNumbers: null where MT5 has none). */
type SharedFigures =
  | "grossProfit"
  | "grossLoss"
  | "profitFactor"
  | "expectedPayoff"
  | "recoveryFactor"
  | "sharpeRatio"
  | "profitTradesPercent"
  | "balanceDrawdownMaxPercent"
  | "equityDrawdownMaxPercent";

export interface RunFigures extends Pick<ReportNumbers, SharedFigures> {
  readonly finalBalance: number;
  readonly profit: number;
  /** Correlation of the balance after each trade with a straight line; null below 2 points. */
  readonly lrCorrelation: number | null;
  readonly trades: number;
  readonly balanceDrawdownMax: number;
  readonly equityDrawdownMax: number;
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
