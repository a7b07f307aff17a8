import { balanceSeries } from "./balance";
import { pearson } from "./correlation";
import { DrawdownTracker } from "./drawdown";
import { correlation, duration, fixed, money, NONE, percent } from "./format";
import { holdingPeriodReturns } from "./hpr";
import type { ReportLabel } from "./labels";
import { linearRegression } from "./regression";
import { runStats } from "./runs";
import { sharpeRatio } from "./sharpe";
import { tradeStats } from "./trade-stats";
import type { Drawdown, ReportInput } from "./types";
import { zScore } from "./zscore";

/** Raw headline figures for the strategy and backtest lists (spec 2 section 3). */
export interface ReportNumbers {
  readonly totalNetProfit: number;
  readonly grossProfit: number;
  readonly grossLoss: number;
  /** Null when MT5 would report DBL_MAX (no losses) or there is nothing to divide (no trades). */
  readonly profitFactor: number | null;
  readonly expectedPayoff: number;
  /** Null when the equity never drew down (infinite or 0/0). */
  readonly recoveryFactor: number | null;
  /** Null when undefined (fewer than 2 changing bars, or no variance). */
  readonly sharpeRatio: number | null;
  readonly totalTrades: number;
  readonly averageProfitTrade: number;
  readonly averageLossTrade: number;
  /** The % of Balance Drawdown Maximal (the lists' "Max Drawdown" column). */
  readonly balanceDrawdownMaxPercent: number;
  readonly equityDrawdownMaxPercent: number;
  readonly profitTradesPercent: number;
}

export interface ReportResults {
  /** Every label of the results panel, formatted as MT5 prints it; "-" where the figure has no value. */
  readonly values: Record<ReportLabel, string>;
  readonly numbers: ReportNumbers;
}

/** Infinity sign for MT5's DBL_MAX ratios (a profit with nothing to divide it by). */
const INFINITE = "∞";

/** a / b where b may be zero: null for 0/0 and for the DBL_MAX case. */
function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

function ratioText(numerator: number, denominator: number): string {
  if (denominator !== 0) return fixed(numerator / denominator, 2);
  return numerator > 0 ? INFINITE : NONE;
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : (part / whole) * 100;
}

function countWithShare(count: number, sharePercent: number): string {
  return `${count} (${percent(sharePercent)})`;
}

function drawdownValues(dd: Drawdown): [absolute: string, maximal: string, relative: string] {
  return [
    money(dd.absolute),
    `${money(dd.maximal)} (${percent(dd.maximalPercent)})`,
    `${percent(dd.relativePercent)} (${money(dd.relative)})`,
  ];
}

/** "1.0023 (0.23%)": the factor and its gain in percent, as MT5 prints AHPR and GHPR. */
function hprText(factor: number): string {
  return `${fixed(factor, 4)} (${percent((factor - 1) * 100)})`;
}

/**
 * The MT5 report statistics, a pure function of the trades and the engine's equity measurements
 * (DESIGN D10). Definitions and sources: docs/mt5-report.md.
 * Missing figures: money sums and averages over no trades are 0.00 as in MT5; a ratio or statistic
 * whose formula has no value (0/0, no variance, too few points) prints "-"; Profit/Recovery Factor
 * with a profit but nothing to divide by (MT5's DBL_MAX) print "∞".
 */
export function computeReport(input: ReportInput): ReportResults {
  const { trades, initialDeposit } = input;
  const n = trades.length;
  const stats = tradeStats(trades);
  const runs = runStats(trades);
  const balance = balanceSeries(initialDeposit, trades);

  const balanceTracker = new DrawdownTracker(initialDeposit);
  for (let i = 1; i < balance.length; i++) balanceTracker.update(balance[i]);
  const balanceDd = balanceTracker.result();
  const equityDd = input.equityDrawdown;

  const netProfit = stats.grossProfit + stats.grossLoss;
  const expectedPayoff = n === 0 ? 0 : netProfit / n;
  // Real reports divide by the equity drawdown, not the balance one as [ENUM] says: 8704.99/2426.52 = 3.59.
  const recoveryFactor = ratio(netProfit, equityDd.maximal);
  const averageProfit = stats.profitTrades === 0 ? 0 : stats.grossProfit / stats.profitTrades;
  const averageLoss = stats.lossTrades === 0 ? 0 : stats.grossLoss / stats.lossTrades;
  const hpr = holdingPeriodReturns(balance);
  const lr = linearRegression(balance);
  const sharpe = sharpeRatio(input.barEquity, input.periodSeconds);
  const z = zScore(n, stats.profitTrades, runs.runs);
  const profitMfe = pearson(
    n,
    (i) => trades[i].profit,
    (i) => trades[i].mfe,
  );
  const profitMae = pearson(
    n,
    (i) => trades[i].profit,
    (i) => trades[i].mae,
  );
  const mfeMae = pearson(
    n,
    (i) => trades[i].mfe,
    (i) => trades[i].mae,
  );
  const [balanceAbsolute, balanceMaximal, balanceRelative] = drawdownValues(balanceDd);
  const [equityAbsolute, equityMaximal, equityRelative] = drawdownValues(equityDd);
  const orNone = <T>(value: T | null, format: (v: T) => string): string =>
    value === null ? NONE : format(value);

  const values: Record<ReportLabel, string> = {
    // MT5 prints whole percents ("100% real ticks"); floor so that 99.6% is not shown as complete.
    "History Quality": `${Math.floor(input.historyQuality)}%`,
    Bars: String(input.bars),
    Ticks: String(input.ticks),
    Symbols: String(input.symbols),
    "Total Net Profit": money(netProfit),
    "Gross Profit": money(stats.grossProfit),
    "Gross Loss": money(stats.grossLoss),
    "Profit Factor": ratioText(stats.grossProfit, -stats.grossLoss),
    "Recovery Factor": ratioText(netProfit, equityDd.maximal),
    AHPR: orNone(hpr, (h) => hprText(h.ahpr)),
    GHPR: orNone(hpr, (h) => hprText(h.ghpr)),
    "Total Trades": String(n),
    "Total Deals": String(input.totalDeals),
    "Correlation (Profits,MFE)": orNone(profitMfe, correlation),
    "Correlation (Profits,MAE)": orNone(profitMae, correlation),
    "Correlation (MFE,MAE)": orNone(mfeMae, correlation),
    "Minimal position holding time": orNone(stats.holding, (h) => duration(h.min)),
    "Maximal position holding time": orNone(stats.holding, (h) => duration(h.max)),
    "Average position holding time": orNone(stats.holding, (h) => duration(h.average)),
    "Balance Drawdown Absolute": balanceAbsolute,
    "Balance Drawdown Maximal": balanceMaximal,
    "Balance Drawdown Relative": balanceRelative,
    "Equity Drawdown Absolute": equityAbsolute,
    "Equity Drawdown Maximal": equityMaximal,
    "Equity Drawdown Relative": equityRelative,
    "Expected Payoff": money(expectedPayoff),
    "Sharpe Ratio": orNone(sharpe, (s) => fixed(s, 2)),
    "LR Correlation": orNone(lr.correlation, (c) => fixed(c, 2)),
    "LR Standard Error": orNone(lr.standardError, money),
    "Margin Level": orNone(input.marginLevelMin, percent),
    "Z-Score": orNone(z, (v) => `${fixed(v.z, 2)} (${percent(v.confidencePercent)})`),
    "Short Trades (won %)": countWithShare(stats.shortTrades, share(stats.shortWins, stats.shortTrades)),
    "Long Trades (won %)": countWithShare(stats.longTrades, share(stats.longWins, stats.longTrades)),
    "Profit Trades (% of total)": countWithShare(stats.profitTrades, share(stats.profitTrades, n)),
    "Loss Trades (% of total)": countWithShare(stats.lossTrades, share(stats.lossTrades, n)),
    "Largest profit trade": money(stats.largestProfit),
    "Largest loss trade": money(stats.largestLoss),
    "Average profit trade": money(averageProfit),
    "Average loss trade": money(averageLoss),
    "Maximum consecutive wins ($)": `${runs.longestWin.count} (${money(runs.longestWin.sum)})`,
    "Maximum consecutive losses ($)": `${runs.longestLoss.count} (${money(runs.longestLoss.sum)})`,
    "Maximal consecutive profit (count)": `${money(runs.mostProfit.sum)} (${runs.mostProfit.count})`,
    "Maximal consecutive loss (count)": `${money(runs.mostLoss.sum)} (${runs.mostLoss.count})`,
    "Average consecutive wins": String(runs.averageWins),
    "Average consecutive losses": String(runs.averageLosses),
  };

  return {
    values,
    numbers: {
      totalNetProfit: netProfit,
      grossProfit: stats.grossProfit,
      grossLoss: stats.grossLoss,
      profitFactor: ratio(stats.grossProfit, -stats.grossLoss),
      expectedPayoff,
      recoveryFactor,
      sharpeRatio: sharpe,
      totalTrades: n,
      averageProfitTrade: averageProfit,
      averageLossTrade: averageLoss,
      balanceDrawdownMaxPercent: balanceDd.maximalPercent,
      equityDrawdownMaxPercent: equityDd.maximalPercent,
      profitTradesPercent: share(stats.profitTrades, n),
    },
  };
}
