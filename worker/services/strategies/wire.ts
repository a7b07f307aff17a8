import type { backtests } from "../../db/schema";

type BacktestRow = typeof backtests.$inferSelect;

export const PROCESSING = { COMPLETED: 100, ERROR: 200 } as const;

/** Spec 2 s3: 100 completed, 200 error, anything else processing. */
export function processingStatus(processing: number): "completed" | "error" | "processing" {
  if (processing === PROCESSING.COMPLETED) return "completed";
  if (processing === PROCESSING.ERROR) return "error";
  return "processing";
}

/** The headline figures of a completed backtest, as the lists show them. */
export function headline(bt: BacktestRow) {
  return {
    totalNetProfit: bt.totalNetProfit ?? 0,
    averageProfitTrade: bt.averageProfitTrade ?? 0,
    averageLossTrade: bt.averageLossTrade ?? 0,
    balanceDrawdownMaxPercent: bt.balanceDrawdownMaxPercent ?? 0,
    profitFactor: bt.profitFactor,
    sharpeRatio: bt.sharpeRatio,
    totalTrades: bt.totalTrades ?? 0,
  };
}
