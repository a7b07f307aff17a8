/**
 * The broker's fast bar (ticks that can only move equity take a shortcut) must change nothing a trader
 * sees. The reference run has the shortcuts turned off (and a trailing stop too far away to ever move); the
 * same strategy without it runs with every shortcut the engine has. Equity drawdown, margin level, MFE/MAE, the per-bar equity
 * and the trades must be identical (money up to float rounding).
 */
import { describe, it } from "vitest";
import { concatBars } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { demoMonth } from "../market/demo";
import type { Bars } from "../market/types";
import type { StrategySpec } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { leanEurusdH1 } from "./lean.fixture";
import { comparedSettings, expectSameRun } from "./same-run.fixture";
import { smaCross } from "./scenario.fixture";
import type { Model } from "./types";

/** SMA cross with a 60-pip target; `never` adds a trailing stop too far away to ever move. */
function targetCross(timeframe: "H1" | "M15", never: boolean): StrategySpec {
  return smaCross(timeframe, {
    takeProfit: { unit: "pips", value: 60 },
    ...(never
      ? {
          trailingStop: { distance: { unit: "pips", value: 50_000 }, start: { unit: "pips", value: 50_000 } },
        }
      : {}),
  });
}

function run(
  spec: StrategySpec,
  bars: Bars,
  period: "H1" | "M1",
  model: Model,
  testPeriod: "H1" | "M15",
  shortcuts = true,
) {
  return runBacktest(spec, { bars, period }, comparedSettings(bars, model, { period: testPeriod }), {
    shortcuts,
  });
}

describe("fast bars are exact", () => {
  it("open prices only on the real EURUSD H1 file", () => {
    const h1 = leanEurusdH1();
    expectSameRun(
      run(targetCross("H1", false), h1, "H1", 3, "H1"),
      run(targetCross("H1", true), h1, "H1", 3, "H1", false),
      21,
    );
  });

  it("every tick on a month of demo M1", () => {
    const m1 = concatBars([demoMonth(getSymbol("EURUSD"), "2023-03")]);
    expectSameRun(
      run(targetCross("M15", false), m1, "M1", 0, "M15"),
      run(targetCross("M15", true), m1, "M1", 0, "M15", false),
      21,
    );
  });
});
