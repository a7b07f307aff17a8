/**
 * The contract between the engine (which simulates) and the report (which only computes statistics),
 * so that "statistics are a pure function of trades and equity" (DESIGN D10, backtesting.py).
 * Definitions: docs/mt5-report.md.
 */

/** One closed position (an OUT / INOUT / OUT_BY deal), in close order. */
export interface ReportTrade {
  /** Position open time, UTC epoch ms. */
  readonly openTime: number;
  /** Complete close time, UTC epoch ms. */
  readonly closeTime: number;
  readonly direction: "long" | "short";
  /** p_i: deal profit + swap + commission, in the deposit currency. */
  readonly profit: number;
  /** Best floating P/L while open, deposit currency (>= 0 when the position was ever in profit). */
  readonly mfe: number;
  /** Worst floating P/L while open, deposit currency (negative or 0). */
  readonly mae: number;
}

/**
 * Drawdown figures of one curve (balance or equity), as MT5 prints them:
 * Absolute, Maximal (money, with the % at that drawdown), Relative (%, with the money at that point).
 */
export interface Drawdown {
  readonly absolute: number;
  readonly maximal: number;
  readonly maximalPercent: number;
  readonly relativePercent: number;
  readonly relative: number;
}

export interface ReportInput {
  readonly initialDeposit: number;
  readonly trades: readonly ReportTrade[];
  /** Buy/sell deals (in + out), the initial balance deal excluded. */
  readonly totalDeals: number;
  /** Equity drawdown measured by the engine on every modelled tick (a DrawdownTracker fed per tick). */
  readonly equityDrawdown: Drawdown;
  /** Equity at the first tick of each bar of the test timeframe, in order (for the Sharpe ratio). */
  readonly barEquity: Float64Array | readonly number[];
  /** Seconds in one bar of the test timeframe (W1 = 604800, MN1 = 2592000 as MT5 counts it). */
  readonly periodSeconds: number;
  /** Minimum of equity / margin * 100 while margin > 0; null when no position was ever open. */
  readonly marginLevelMin: number | null;
  /** % of correct M1 history (or 100 for real ticks). */
  readonly historyQuality: number;
  readonly bars: number;
  readonly ticks: number;
  readonly symbols: number;
}
