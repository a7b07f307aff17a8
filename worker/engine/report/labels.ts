/**
 * The report's metric labels, exactly as spec 2 section 3 names them, in the three columns of the
 * results panel. The columns follow MT5's report layout (check report in mt5-report.md): money and
 * ratios on the left, balance drawdown and the "profit side" in the middle, equity drawdown and the
 * "loss side" on the right; the three correlations and holding times (one MT5 row each) end the columns.
 */
export const REPORT_COLUMNS = [
  [
    "History Quality",
    "Bars",
    "Ticks",
    "Symbols",
    "Total Net Profit",
    "Gross Profit",
    "Gross Loss",
    "Profit Factor",
    "Recovery Factor",
    "AHPR",
    "GHPR",
    "Total Trades",
    "Total Deals",
    "Correlation (Profits,MFE)",
    "Minimal position holding time",
  ],
  [
    "Balance Drawdown Absolute",
    "Balance Drawdown Maximal",
    "Balance Drawdown Relative",
    "Expected Payoff",
    "Sharpe Ratio",
    "LR Correlation",
    "LR Standard Error",
    "Short Trades (won %)",
    "Profit Trades (% of total)",
    "Largest profit trade",
    "Average profit trade",
    "Maximum consecutive wins ($)",
    "Maximal consecutive profit (count)",
    "Average consecutive wins",
    "Correlation (Profits,MAE)",
    "Maximal position holding time",
  ],
  [
    "Equity Drawdown Absolute",
    "Equity Drawdown Maximal",
    "Equity Drawdown Relative",
    "Margin Level",
    "Z-Score",
    "Long Trades (won %)",
    "Loss Trades (% of total)",
    "Largest loss trade",
    "Average loss trade",
    "Maximum consecutive losses ($)",
    "Maximal consecutive loss (count)",
    "Average consecutive losses",
    "Correlation (MFE,MAE)",
    "Average position holding time",
  ],
] as const;

export type ReportLabel = (typeof REPORT_COLUMNS)[number][number];

/** Every label once, column by column (first column top to bottom, then the second, then the third). */
export const REPORT_LABELS: readonly ReportLabel[] = REPORT_COLUMNS.flat();

/** One sentence per label for the results panel's info tooltip (definitions: mt5-report.md). */
export const REPORT_HELP: Readonly<Record<ReportLabel, string>> = {
  "History Quality": "Share of the test period covered by correct one-minute price history.",
  Bars: "Number of bars of the tested symbol and timeframe in the test period.",
  Ticks: "Number of price ticks modelled during the test.",
  Symbols: "Number of symbols the strategy used during the test.",
  "Total Net Profit":
    "Gross profit plus gross loss: the result of all closed trades, after swaps and commissions.",
  "Gross Profit": "Sum of the results of all profitable trades.",
  "Gross Loss": "Sum of the results of all losing trades (a negative number).",
  "Profit Factor": "Gross profit divided by the absolute gross loss; above 1 means the strategy made money.",
  "Recovery Factor":
    "Net profit divided by the maximal equity drawdown: how many times the profit covers the worst dip.",
  AHPR: "Average holding period return: the mean of the balance ratios after and before each trade.",
  GHPR: "Geometric holding period return: the per-trade growth factor that turns the initial deposit into the final balance.",
  "Total Trades": "Number of closed trades (deals that closed or reversed a position).",
  "Total Deals": "Number of buy and sell deals, entries and exits together, the initial deposit excluded.",
  "Correlation (Profits,MFE)":
    "Correlation between each trade's result and its maximum favourable excursion (best floating profit while open).",
  "Minimal position holding time": "Shortest time from opening a position to closing it completely.",
  "Balance Drawdown Absolute": "How far the balance fell below the initial deposit at its lowest point.",
  "Balance Drawdown Maximal":
    "Largest fall of the balance from a high to the following low, in money, with its percentage of that high.",
  "Balance Drawdown Relative":
    "Largest fall of the balance from a high to the following low as a percentage of that high, with its amount.",
  "Expected Payoff": "Average result per trade: net profit divided by the number of trades.",
  "Sharpe Ratio":
    "Annualised mean of the per-bar equity returns divided by their standard deviation: return per unit of risk.",
  "LR Correlation":
    "Correlation of the balance after each trade with its straight-line fit; near 1 means steady growth.",
  "LR Standard Error":
    "Typical distance, in money, between the balance after each trade and its straight-line fit.",
  "Short Trades (won %)": "Number of short (sell) trades, with the share of them that did not lose.",
  "Profit Trades (% of total)":
    "Number of trades that did not lose (result of zero or more), with their share of all trades.",
  "Largest profit trade": "Best result of a single trade.",
  "Average profit trade": "Gross profit divided by the number of trades that did not lose.",
  "Maximum consecutive wins ($)": "Longest series of trades without a loss, with the profit of that series.",
  "Maximal consecutive profit (count)":
    "Largest profit of a series of trades without a loss, with the number of trades in it.",
  "Average consecutive wins": "Average length of a series of trades without a loss.",
  "Correlation (Profits,MAE)":
    "Correlation between each trade's result and its maximum adverse excursion (worst floating loss while open).",
  "Maximal position holding time": "Longest time from opening a position to closing it completely.",
  "Equity Drawdown Absolute":
    "How far the equity (balance plus floating profit) fell below the initial deposit.",
  "Equity Drawdown Maximal":
    "Largest fall of the equity from a high to the following low, in money, with its percentage of that high.",
  "Equity Drawdown Relative":
    "Largest fall of the equity from a high to the following low as a percentage of that high, with its amount.",
  "Margin Level": "Lowest ratio of equity to used margin seen while positions were open.",
  "Z-Score":
    "Runs test on the order of wins and losses, with the confidence that they are not random (positive: alternating, negative: clustered).",
  "Long Trades (won %)": "Number of long (buy) trades, with the share of them that did not lose.",
  "Loss Trades (% of total)": "Number of losing trades, with their share of all trades.",
  "Largest loss trade": "Worst result of a single trade.",
  "Average loss trade": "Gross loss divided by the number of losing trades.",
  "Maximum consecutive losses ($)": "Longest series of losing trades, with the loss of that series.",
  "Maximal consecutive loss (count)":
    "Largest loss of a series of losing trades, with the number of trades in it.",
  "Average consecutive losses": "Average length of a series of losing trades.",
  "Correlation (MFE,MAE)": "Correlation between the best and the worst floating result of each trade.",
  "Average position holding time": "Average time from opening a position to closing it completely.",
};
