import { describe, expect, it } from "vitest";
import { REPORT_LABELS } from "./labels";
import { computeReport } from "./metrics";
import { trade } from "./test-trades";
import type { Drawdown, ReportInput, ReportTrade } from "./types";

const NO_DRAWDOWN: Drawdown = { absolute: 0, maximal: 0, maximalPercent: 0, relativePercent: 0, relative: 0 };

function input(trades: readonly ReportTrade[], fields: Partial<ReportInput> = {}): ReportInput {
  return {
    initialDeposit: 10000,
    trades,
    totalDeals: trades.length * 2,
    equityDrawdown: NO_DRAWDOWN,
    barEquity: [],
    periodSeconds: 3600,
    marginLevelMin: null,
    historyQuality: 100,
    bars: 0,
    ticks: 0,
    symbols: 1,
    ...fields,
  };
}

/**
 * The check report of mt5-report.md (XAUUSD M15, build 5602): deposit 100000, 37 long trades,
 * 26 wins for 14236.53 and 11 losses for -5531.54, equity drawdown maximal 2426.52 (2.35%).
 */
function checkReport() {
  const wins = [...Array.from({ length: 25 }, () => 500), 1736.53];
  const losses = [...Array.from({ length: 10 }, () => -500), -531.54];
  const trades: ReportTrade[] = [];
  for (let i = 0; i < 37; i++) {
    // Interleave: three wins, then a loss while losses last.
    const p = i % 4 === 3 && losses.length > 0 ? losses.shift() : (wins.shift() ?? losses.shift());
    trades.push(trade(p ?? 0));
  }
  return computeReport(
    input(trades, {
      initialDeposit: 100000,
      totalDeals: 64,
      equityDrawdown: {
        absolute: 1438.3,
        maximal: 2426.52,
        maximalPercent: 2.35,
        relativePercent: 2.35,
        relative: 2426.52,
      },
      marginLevelMin: 4639.38,
      bars: 2290,
      ticks: 23109248,
    }),
  );
}

describe("computeReport on the check report's figures", () => {
  const report = checkReport();
  const v = report.values;

  it("reproduces the money figures and ratios MT5 printed", () => {
    expect(v["Total Net Profit"]).toBe("8704.99");
    expect(v["Gross Profit"]).toBe("14236.53");
    expect(v["Gross Loss"]).toBe("-5531.54");
    expect(v["Profit Factor"]).toBe("2.57");
    // 8704.99 / 37 = 235.27.
    expect(v["Expected Payoff"]).toBe("235.27");
    // Equity drawdown, not balance: 8704.99 / 2426.52 = 3.59.
    expect(v["Recovery Factor"]).toBe("3.59");
    // (108704.99 / 100000)^(1/37) = 1.0023.
    expect(v.GHPR).toBe("1.0023 (0.23%)");
    expect(v["Average profit trade"]).toBe("547.56");
    expect(v["Average loss trade"]).toBe("-502.87");
    expect(v["Largest profit trade"]).toBe("1736.53");
    expect(v["Largest loss trade"]).toBe("-531.54");
  });

  it("reproduces the counts and shares MT5 printed", () => {
    expect(v["Total Trades"]).toBe("37");
    expect(v["Total Deals"]).toBe("64");
    expect(v["Profit Trades (% of total)"]).toBe("26 (70.27%)");
    expect(v["Loss Trades (% of total)"]).toBe("11 (29.73%)");
    expect(v["Long Trades (won %)"]).toBe("37 (70.27%)");
    expect(v["Short Trades (won %)"]).toBe("0 (0.00%)");
    expect(v.Bars).toBe("2290");
    expect(v.Ticks).toBe("23109248");
    expect(v.Symbols).toBe("1");
    expect(v["History Quality"]).toBe("100%");
  });

  it("prints the engine's equity drawdown and margin level as MT5 does", () => {
    expect(v["Equity Drawdown Absolute"]).toBe("1438.30");
    expect(v["Equity Drawdown Maximal"]).toBe("2426.52 (2.35%)");
    expect(v["Equity Drawdown Relative"]).toBe("2.35% (2426.52)");
    expect(v["Margin Level"]).toBe("4639.38%");
  });

  it("gives the raw headline numbers", () => {
    const n = report.numbers;
    expect(n.totalNetProfit).toBeCloseTo(8704.99, 8);
    expect(n.grossProfit).toBeCloseTo(14236.53, 8);
    expect(n.grossLoss).toBeCloseTo(-5531.54, 8);
    expect(n.profitFactor).toBeCloseTo(14236.53 / 5531.54, 10);
    expect(n.expectedPayoff).toBeCloseTo(8704.99 / 37, 8);
    expect(n.recoveryFactor).toBeCloseTo(8704.99 / 2426.52, 8);
    expect(n.totalTrades).toBe(37);
    expect(n.averageProfitTrade).toBeCloseTo(14236.53 / 26, 8);
    expect(n.averageLossTrade).toBeCloseTo(-5531.54 / 11, 8);
    expect(n.equityDrawdownMaxPercent).toBe(2.35);
    expect(n.profitTradesPercent).toBeCloseTo((26 / 37) * 100, 10);
  });

  it("has a value for every label", () => {
    expect(Object.keys(v).sort()).toEqual([...REPORT_LABELS].sort());
  });
});

describe("computeReport on hand-made trade lists", () => {
  it("divides the net profit by the equity drawdown, the second check of mt5-report.md: 9159.58 / 715.08 = 12.81", () => {
    // Balance drawdown 300 here: the balance-based ratio of the MQL5 enum would print 30.53.
    const report = computeReport(
      input([trade(-300), trade(9459.58)], {
        equityDrawdown: { ...NO_DRAWDOWN, maximal: 715.08, maximalPercent: 7.15, relative: 715.08 },
      }),
    );
    expect(report.values["Total Net Profit"]).toBe("9159.58");
    expect(report.values["Balance Drawdown Maximal"]).toBe("300.00 (3.00%)");
    expect(report.values["Recovery Factor"]).toBe("12.81");
    expect(report.numbers.recoveryFactor).toBeCloseTo(9159.58 / 715.08, 8);
  });

  it("computes balance drawdowns from the trades", () => {
    // Balance 1000, 1200, 900, 950, 850: absolute 150; from the 1200 peak down to 850: 350 = 29.17%.
    const report = computeReport(
      input([trade(200), trade(-300), trade(50), trade(-100)], { initialDeposit: 1000 }),
    );
    expect(report.values["Balance Drawdown Absolute"]).toBe("150.00");
    expect(report.values["Balance Drawdown Maximal"]).toBe("350.00 (29.17%)");
    expect(report.values["Balance Drawdown Relative"]).toBe("29.17% (350.00)");
    expect(report.numbers.balanceDrawdownMaxPercent).toBeCloseTo((350 / 1200) * 100, 10);
  });

  it("counts a zero trade as a win everywhere", () => {
    const report = computeReport(input([trade(0), trade(10), trade(-5), trade(0)]));
    expect(report.values["Profit Trades (% of total)"]).toBe("3 (75.00%)");
    // Gross profit 10 over 3 profit trades.
    expect(report.values["Average profit trade"]).toBe("3.33");
    expect(report.values["Maximum consecutive wins ($)"]).toBe("2 (10.00)");
    expect(report.values["Maximal consecutive profit (count)"]).toBe("10.00 (2)");
    expect(report.values["Maximum consecutive losses ($)"]).toBe("1 (-5.00)");
    expect(report.values["Maximal consecutive loss (count)"]).toBe("-5.00 (1)");
    // 3 wins in 2 runs = 1.5 -> 2; 1 loss in 1 run.
    expect(report.values["Average consecutive wins"]).toBe("2");
    expect(report.values["Average consecutive losses"]).toBe("1");
  });

  it("prints the Z-Score with its confidence", () => {
    // W L W L W: Z = 10.5 / sqrt(21) = 2.29 -> 97.81%.
    const report = computeReport(input([trade(1), trade(-1), trade(1), trade(-1), trade(1)]));
    expect(report.values["Z-Score"]).toBe("2.29 (97.81%)");
  });

  it("prints AHPR with its percentage", () => {
    // 10000 -> 11000 -> 9900: HPRs 1.1 and 0.9, AHPR 1.0000, GHPR sqrt(0.99) = 0.99499.
    const report = computeReport(input([trade(1000), trade(-1100)]));
    expect(report.values.AHPR).toBe("1.0000 (0.00%)");
    expect(report.values.GHPR).toBe("0.9950 (-0.50%)");
  });

  it("prints LR figures and Sharpe", () => {
    // Balance 100, 110, 105, 120: r 0.83, error 5.81 (see ratios.test.ts).
    const report = computeReport(
      input([trade(10), trade(-5), trade(15)], {
        initialDeposit: 100,
        barEquity: [100, 100, 110, 110, 99, 108.9],
        periodSeconds: 86400,
      }),
    );
    expect(report.values["LR Correlation"]).toBe("0.83");
    expect(report.values["LR Standard Error"]).toBe("5.81");
    expect(report.values["Sharpe Ratio"]).toBe("4.77");
    expect(report.numbers.sharpeRatio).toBeCloseTo(4.769203458, 8);
  });

  it("correlates profits with MFE and MAE", () => {
    const report = computeReport(
      input([
        trade(1, { mfe: 1, mae: -1 }),
        trade(2, { mfe: 3, mae: -1 }),
        trade(3, { mfe: 2, mae: -1 }),
        trade(4, { mfe: 4, mae: -2 }),
      ]),
    );
    // Profits vs MFE: Sxy 4, Sxx = Syy = 5 -> 0.80.
    expect(report.values["Correlation (Profits,MFE)"]).toBe("0.80");
    // Profits vs MAE: dx -1.5 -0.5 0.5 1.5, dy 0.25 0.25 0.25 -0.75: Sxy -1.5, Syy 0.75 -> -0.77.
    expect(report.values["Correlation (Profits,MAE)"]).toBe("-0.77");
    expect(report.values["Correlation (MFE,MAE)"]).toBe("-0.77");
  });

  it("prints holding times as H:MM:SS", () => {
    const report = computeReport(
      input([
        trade(1, { openTime: 0, closeTime: 3706_000 }),
        trade(1, { openTime: 0, closeTime: (48 * 3600 + 3 * 60 + 42) * 1000 }),
      ]),
    );
    expect(report.values["Minimal position holding time"]).toBe("1:01:46");
    expect(report.values["Maximal position holding time"]).toBe("48:03:42");
    // (3706 + 173022) / 2 = 88364 s = 24:32:44.
    expect(report.values["Average position holding time"]).toBe("24:32:44");
  });
});

describe("computeReport edge cases", () => {
  it("fills every figure without trades", () => {
    const report = computeReport(input([], { barEquity: [10000, 10000, 10000] }));
    const v = report.values;
    expect(Object.keys(v).sort()).toEqual([...REPORT_LABELS].sort());
    for (const label of REPORT_LABELS) expect(v[label], label).not.toMatch(/NaN|Infinity|undefined/);
    expect(v["Total Net Profit"]).toBe("0.00");
    expect(v["Expected Payoff"]).toBe("0.00");
    expect(v["Average profit trade"]).toBe("0.00");
    expect(v["Profit Factor"]).toBe("-");
    expect(v["Recovery Factor"]).toBe("-");
    expect(v.AHPR).toBe("-");
    expect(v.GHPR).toBe("-");
    expect(v["Sharpe Ratio"]).toBe("-");
    expect(v["LR Correlation"]).toBe("-");
    expect(v["LR Standard Error"]).toBe("-");
    expect(v["Z-Score"]).toBe("-");
    expect(v["Margin Level"]).toBe("-");
    expect(v["Correlation (Profits,MFE)"]).toBe("-");
    expect(v["Minimal position holding time"]).toBe("-");
    expect(v["Short Trades (won %)"]).toBe("0 (0.00%)");
    expect(v["Profit Trades (% of total)"]).toBe("0 (0.00%)");
    expect(v["Maximum consecutive wins ($)"]).toBe("0 (0.00)");
    expect(v["Maximal consecutive loss (count)"]).toBe("0.00 (0)");
    expect(v["Average consecutive wins"]).toBe("0");
    expect(v["Balance Drawdown Maximal"]).toBe("0.00 (0.00%)");
    expect(report.numbers.profitFactor).toBeNull();
    expect(report.numbers.recoveryFactor).toBeNull();
    expect(report.numbers.sharpeRatio).toBeNull();
    expect(report.numbers.totalTrades).toBe(0);
    expect(report.numbers.profitTradesPercent).toBe(0);
  });

  it("handles a single trade", () => {
    const v = computeReport(input([trade(50)])).values;
    expect(v["LR Correlation"]).toBe("1.00");
    expect(v["LR Standard Error"]).toBe("-");
    expect(v["Z-Score"]).toBe("-");
    expect(v["Correlation (Profits,MFE)"]).toBe("-");
    expect(v.GHPR).toBe("1.0050 (0.50%)");
    expect(v["Average position holding time"]).toBe("1:00:00");
  });

  it("shows an infinite profit factor when nothing was lost", () => {
    const report = computeReport(input([trade(30), trade(20)]));
    expect(report.values["Profit Factor"]).toBe("∞");
    expect(report.numbers.profitFactor).toBeNull();
    expect(report.values["Recovery Factor"]).toBe("∞");
    expect(report.values["Loss Trades (% of total)"]).toBe("0 (0.00%)");
    expect(report.values["Largest loss trade"]).toBe("0.00");
    expect(report.values["Average loss trade"]).toBe("0.00");
    expect(report.values["Maximum consecutive losses ($)"]).toBe("0 (0.00)");
    expect(report.values["Z-Score"]).toBe("-");
  });

  it("handles a list of losses only", () => {
    const report = computeReport(
      input([trade(-30, { direction: "short" }), trade(-20)], {
        equityDrawdown: {
          absolute: 60,
          maximal: 60,
          maximalPercent: 0.6,
          relativePercent: 0.6,
          relative: 60,
        },
      }),
    );
    expect(report.values["Profit Factor"]).toBe("0.00");
    expect(report.numbers.profitFactor).toBe(0);
    expect(report.values["Recovery Factor"]).toBe("-0.83");
    expect(report.values["Largest profit trade"]).toBe("0.00");
    expect(report.values["Short Trades (won %)"]).toBe("1 (0.00%)");
    expect(report.values["Maximal consecutive loss (count)"]).toBe("-50.00 (2)");
    expect(report.values["Average consecutive losses"]).toBe("2");
    expect(report.values["Balance Drawdown Absolute"]).toBe("50.00");
  });
});
