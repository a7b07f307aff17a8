import type { ReportTrade } from "./types";

/** Holding times in seconds, from open to complete close [TR]. */
export interface HoldingTimes {
  readonly min: number;
  readonly max: number;
  readonly average: number;
}

export interface TradeStats {
  readonly totalTrades: number;
  /** Sum of p > 0. */
  readonly grossProfit: number;
  /** Sum of p < 0 (<= 0). */
  readonly grossLoss: number;
  /** Trades with p >= 0: a zero result counts as a win ([AV], confirmed by [YS] on 11 reports). */
  readonly profitTrades: number;
  readonly lossTrades: number;
  readonly longTrades: number;
  readonly longWins: number;
  readonly shortTrades: number;
  readonly shortWins: number;
  /** Largest p among winning trades, 0 without one. */
  readonly largestProfit: number;
  /** Smallest p among losing trades, 0 without one. */
  readonly largestLoss: number;
  /** Null without trades. */
  readonly holding: HoldingTimes | null;
}

/** Sums, counts and extremes of the trade list, in one pass. */
export function tradeStats(trades: readonly ReportTrade[]): TradeStats {
  let grossProfit = 0;
  let grossLoss = 0;
  let profitTrades = 0;
  let longTrades = 0;
  let longWins = 0;
  let shortWins = 0;
  let largestProfit = 0;
  let largestLoss = 0;
  let minHolding = Number.POSITIVE_INFINITY;
  let maxHolding = 0;
  let sumHolding = 0;
  for (const trade of trades) {
    const p = trade.profit;
    const win = p >= 0;
    if (win) {
      profitTrades++;
      grossProfit += p;
      if (p > largestProfit) largestProfit = p;
    } else {
      grossLoss += p;
      if (p < largestLoss) largestLoss = p;
    }
    if (trade.direction === "long") {
      longTrades++;
      if (win) longWins++;
    } else if (win) {
      shortWins++;
    }
    // MT5 datetimes are whole seconds.
    const seconds = Math.floor((trade.closeTime - trade.openTime) / 1000);
    if (seconds < minHolding) minHolding = seconds;
    if (seconds > maxHolding) maxHolding = seconds;
    sumHolding += seconds;
  }
  const n = trades.length;
  return {
    totalTrades: n,
    grossProfit,
    grossLoss,
    profitTrades,
    lossTrades: n - profitTrades,
    longTrades,
    longWins,
    shortTrades: n - longTrades,
    shortWins,
    largestProfit,
    largestLoss,
    holding: n === 0 ? null : { min: minHolding, max: maxHolding, average: sumHolding / n },
  };
}
