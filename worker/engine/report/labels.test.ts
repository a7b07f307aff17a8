import { describe, expect, it } from "vitest";
import { REPORT_COLUMNS, REPORT_HELP, REPORT_LABELS } from "./labels";

// Spec 2 section 3, "Results metrics keyed by label", expanded to one label each.
const SPEC_LABELS = [
  "History Quality; Bars; Ticks; Symbols; Total Net Profit; Gross Profit; Gross Loss",
  "Profit Factor; Recovery Factor; AHPR; GHPR; Total Trades; Total Deals",
  "Correlation (Profits,MFE); Correlation (Profits,MAE); Correlation (MFE,MAE)",
  "Minimal position holding time; Maximal position holding time; Average position holding time",
  "Balance Drawdown Absolute; Balance Drawdown Maximal; Balance Drawdown Relative",
  "Equity Drawdown Absolute; Equity Drawdown Maximal; Equity Drawdown Relative; Expected Payoff",
  "Sharpe Ratio; LR Correlation; LR Standard Error; Margin Level; Z-Score; Short Trades (won %)",
  "Long Trades (won %); Profit Trades (% of total); Loss Trades (% of total)",
  "Largest profit trade; Largest loss trade; Average profit trade; Average loss trade",
  "Maximum consecutive wins ($); Maximum consecutive losses ($)",
  "Maximal consecutive profit (count); Maximal consecutive loss (count)",
  "Average consecutive wins; Average consecutive losses",
].flatMap((line) => line.split("; "));

describe("report labels", () => {
  it("are exactly the spec's labels, each once", () => {
    expect(REPORT_LABELS).toHaveLength(45);
    expect(new Set(REPORT_LABELS).size).toBe(45);
    expect([...REPORT_LABELS].sort()).toEqual([...SPEC_LABELS].sort());
  });

  it("list the columns in order, column by column", () => {
    expect(REPORT_COLUMNS).toHaveLength(3);
    expect(REPORT_LABELS).toEqual(REPORT_COLUMNS.flat());
    expect(REPORT_LABELS[0]).toBe("History Quality");
  });

  it("have a one-sentence explanation each", () => {
    expect(Object.keys(REPORT_HELP).sort()).toEqual([...SPEC_LABELS].sort());
    for (const label of REPORT_LABELS) {
      const help = REPORT_HELP[label];
      expect(help, label).toMatch(/^[A-Z].*\.$/);
      expect(help.slice(0, -1), label).not.toMatch(/\.\s/);
    }
  });
});
