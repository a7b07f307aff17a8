/**
 * The driver's shortcuts (quiet bars counted not generated, fast bars, idle bars that feed only their
 * last tick, trailing/break-even bars that cannot act) must change nothing a trader sees. Each run is
 * compared with the same run taking no shortcut at all (every modelled tick through the full path):
 * trades, MFE/MAE, equity drawdown, margin level, per-bar equity and the tick count. Money is compared up
 * to float rounding (the fast bar sums the same terms in another order): 1e-6.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concatBars } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { demoMonth } from "../market/demo";
import type { Bars, Period } from "../market/types";
import type { StrategySpec } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { leanEurusdH1 } from "./lean.fixture";
import { mulberry32 } from "./rng";
import { comparedSettings, expectSameRun } from "./same-run.fixture";
import { constant, indicator, smaCross, specOf } from "./scenario.fixture";
import { generateTicks, lastTickBid, lastTickTime } from "./ticks";
import type { BacktestResult, BacktestSettings, Model } from "./types";

/** The MACD main line crossing its signal line while RSI lies between `lower` and `upper`. */
function macdRsi(cross: "crossesAbove" | "crossesBelow", lower: number, upper: number) {
  const signal = { type: "indicator", ref: "macd", line: "signal" } as const;
  return {
    all: [
      { type: cross, left: indicator("macd"), right: signal },
      { type: "between" as const, operand: indicator("rsi"), lower: constant(lower), upper: constant(upper) },
    ],
  };
}

/** MACD/RSI entries, ATR stop and target, risk sizing, trailing stop and break-even, London hours. */
function managed(timeframe: "H1" | "M15"): StrategySpec {
  return specOf({
    specVersion: 2,
    timeframe,
    indicators: [
      { id: "macd", kind: "MACD", fast: 12, slow: 26, signal: 9 },
      { id: "rsi", kind: "RSI", period: 14 },
      { id: "atr", kind: "ATR", period: 14 },
    ],
    entry: { long: macdRsi("crossesAbove", 40, 70), short: macdRsi("crossesBelow", 30, 60) },
    sizing: { type: "riskPercent", percent: 1 },
    stopLoss: { unit: "atr", ref: "atr", multiple: 2 },
    takeProfit: { unit: "atr", ref: "atr", multiple: 3 },
    trailingStop: { distance: { unit: "atr", ref: "atr", multiple: 1.5 }, start: { unit: "pips", value: 5 } },
    breakEven: { trigger: { unit: "pips", value: 8 }, offset: { unit: "pips", value: 1 } },
    timeFilter: { sessions: ["london"], weekdays: [1, 2, 3, 4, 5] },
    closeOnOpposite: true,
  });
}

/** `fast` is `full` as a trader sees it, and both placed and ended the same orders. */
function same(fast: BacktestResult, full: BacktestResult, minTrades: number): void {
  expectSameRun(fast, full, minTrades);
  expect(fast.orders.map((o) => [o.timeDone, o.state, o.comment])).toEqual(
    full.orders.map((o) => [o.timeDone, o.state, o.comment]),
  );
}

function both(
  spec: StrategySpec,
  bars: Bars,
  period: Period,
  model: Model,
  account: Partial<BacktestSettings> = {},
): [BacktestResult, BacktestResult] {
  const settings = comparedSettings(bars, model, account);
  return [
    runBacktest(spec, { bars, period }, settings),
    runBacktest(spec, { bars, period }, settings, { shortcuts: false }),
  ];
}

/** The reference runs take every tick the slow way, several seconds on a busy machine. */
const SLOW = 60_000;

describe("driver shortcuts are exact", () => {
  const m1 = concatBars([demoMonth(getSymbol("EURUSD"), "2023-03")]);

  it(
    "every tick, always in the market with a target (fast and idle bars)",
    () => {
      same(...both(smaCross("M15", { takeProfit: { unit: "pips", value: 60 } }), m1, "M1", 0), 20);
    },
    SLOW,
  );

  it(
    "every tick, trailing stop and break-even (bars where they cannot act)",
    () => {
      same(...both(managed("M15"), m1, "M1", 0), 10);
    },
    SLOW,
  );

  it(
    "every tick, a small account (margin level, rejected orders)",
    () => {
      const [fast, full] = both(smaCross("M15"), m1, "M1", 0, { deposit: 1_500, stopOutLevel: 90 });
      expect(full.report.marginLevelMin).not.toBeNull();
      same(fast, full, 20);
    },
    SLOW,
  );

  it(
    "open prices only, risk sizing on a small account with stop-outs (real EURUSD H1 file)",
    () => {
      const spec = smaCross("H1", {
        sizing: { type: "riskPercent", percent: 50 },
        stopLoss: { unit: "pips", value: 300 },
      });
      const [fast, full] = both(spec, leanEurusdH1(), "H1", 3, {
        deposit: 5_000,
        leverage: 50,
        stopOutLevel: 95,
      });
      expect(full.trades.filter((t) => t.exitReason === "stopout").length).toBeGreaterThan(0);
      same(fast, full, 100);
    },
    SLOW,
  );

  it(
    "open prices only, trailing stop and break-even on the real EURUSD H1 file",
    () => {
      same(...both(managed("H1"), leanEurusdH1(), "H1", 3), 100);
    },
    SLOW,
  );
});

describe("lastTickTime / lastTickBid", () => {
  it("are the time and bid of the last tick generateTicks emits, on and off the point grid", () => {
    const point = 0.00001;
    const price = fc.integer({ min: 100_000, max: 100_400 });
    fc.assert(
      fc.property(
        fc.tuple(price, price, price, price),
        fc.integer({ min: 0, max: 300 }),
        fc.boolean(),
        fc.boolean(),
        fc.double({ min: -0.4, max: 0.4, noNaN: true }),
        ([a, b, c, d], volume, prevBullish, offGrid, noise) => {
          const sorted = [a, b, c, d].sort((x, y) => x - y);
          const shift = offGrid ? noise * point : 0;
          const low = sorted[0] / 1e5 + shift;
          const high = sorted[3] / 1e5 + shift;
          const open = a / 1e5 + shift;
          const close = d / 1e5 - shift;
          const t0 = Date.UTC(2024, 0, 2, 10, 0);
          let last: [number, number] = [Number.NaN, Number.NaN];
          generateTicks(open, high, low, close, volume, t0, prevBullish, point, mulberry32(3), (t, p) => {
            last = [t, p];
          });
          expect([
            lastTickTime(volume, t0),
            lastTickBid(open, high, low, close, volume, prevBullish, point),
          ]).toEqual(last);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
