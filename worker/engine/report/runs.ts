import type { ReportTrade } from "./types";

/** A series of consecutive trades of the same kind: its length and its summed result. */
export interface Run {
  readonly count: number;
  readonly sum: number;
}

export interface RunStats {
  /** Number of win/loss runs R, for the Z-Score [A1492]. */
  readonly runs: number;
  /** Maximum consecutive wins ($): the longest win run (first one on ties). */
  readonly longestWin: Run;
  /** Maximum consecutive losses ($): the longest loss run (first one on ties). */
  readonly longestLoss: Run;
  /** Maximal consecutive profit (count): the win run with the largest sum (first one on ties). */
  readonly mostProfit: Run;
  /** Maximal consecutive loss (count): the loss run with the most negative sum (first one on ties). */
  readonly mostLoss: Run;
  /** round(wins / number of win runs), an integer as STAT_PROFITTRADES_AVGCON is [ENUM]; 0 without wins. */
  readonly averageWins: number;
  readonly averageLosses: number;
}

const NO_RUN: Run = { count: 0, sum: 0 };

/**
 * Splits the trades, in close order, into runs of wins (p >= 0) and losses (p < 0) [AV]: a zero result
 * extends a win run, as [YS] found on real reports.
 */
export function runStats(trades: readonly ReportTrade[]): RunStats {
  let runs = 0;
  let winRuns = 0;
  let lossRuns = 0;
  let wins = 0;
  let losses = 0;
  let longestWin = NO_RUN;
  let longestLoss = NO_RUN;
  let mostProfit = NO_RUN;
  let mostLoss = NO_RUN;
  let count = 0;
  let sum = 0;
  let currentWin = false;

  const closeRun = (): void => {
    if (count === 0) return;
    const run = { count, sum };
    if (currentWin) {
      if (count > longestWin.count) longestWin = run;
      if (winRuns === 0 || sum > mostProfit.sum) mostProfit = run;
      winRuns++;
    } else {
      if (count > longestLoss.count) longestLoss = run;
      if (lossRuns === 0 || sum < mostLoss.sum) mostLoss = run;
      lossRuns++;
    }
  };

  for (const trade of trades) {
    const win = trade.profit >= 0;
    if (win) wins++;
    else losses++;
    if (count > 0 && win === currentWin) {
      count++;
      sum += trade.profit;
      continue;
    }
    closeRun();
    runs++;
    currentWin = win;
    count = 1;
    sum = trade.profit;
  }
  closeRun();

  return {
    runs,
    longestWin,
    longestLoss,
    mostProfit,
    mostLoss,
    averageWins: winRuns === 0 ? 0 : Math.round(wins / winRuns),
    averageLosses: lossRuns === 0 ? 0 : Math.round(losses / lossRuns),
  };
}
