/**
 * The runner drives a backtest in steps between Durable Object alarms (issue 11): a run driven in steps of
 * any size must give exactly the result of one call (the EA parity promise), for every model that reads
 * prices. Compared with toEqual, not to a tolerance: the steps sum nothing in another order.
 */
import { describe, expect, it } from "vitest";
import { concatBars } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { demoMonth } from "../market/demo";
import type { StrategySpec } from "../strategy/spec";
import { runBacktest, startBacktest } from "./backtest";
import { specOf } from "./scenario.fixture";
import type { BacktestSettings, Model } from "./types";

const ma = (ref: string) => ({ type: "indicator", ref }) as const;

/** SMA cross with a stop, a target and a trailing stop, so trades open and close inside steps. */
const spec: StrategySpec = specOf({
  specVersion: 1,
  timeframe: "M15",
  indicators: [
    { id: "fast", kind: "SMA", period: 5 },
    { id: "slow", kind: "SMA", period: 20 },
  ],
  entry: {
    long: { all: [{ type: "crossesAbove", left: ma("fast"), right: ma("slow") }] },
    short: { all: [{ type: "crossesBelow", left: ma("fast"), right: ma("slow") }] },
  },
  stopLoss: { unit: "pips", value: 15 },
  takeProfit: { unit: "pips", value: 25 },
  trailingStop: { distance: { unit: "pips", value: 10 } },
  sizing: { type: "fixed", lots: 1 },
});

const bars = concatBars([demoMonth(getSymbol("EURUSD"), "2023-03")]);

function settings(model: Model): BacktestSettings {
  return {
    symbol: getSymbol("EURUSD"),
    period: "M15",
    from: bars.time[0] + 3 * 86_400_000,
    to: bars.time[bars.length - 1] + 60_000,
    model,
    executionMode: -1,
    deposit: 10_000,
    currency: "USD",
  };
}

describe("a backtest driven in steps", () => {
  for (const model of [0, 2, 3] as const) {
    it(`gives the one-call result, model ${model}`, () => {
      const whole = runBacktest(spec, { bars, period: "M1" }, settings(model));
      expect(whole.trades.length).toBeGreaterThan(20);
      for (const step of [1_000, 7_777]) {
        const run = startBacktest(spec, { bars, period: "M1" }, settings(model));
        let steps = 0;
        let done = false;
        while (!done) {
          const before = run.doneBars;
          done = run.advance(step);
          expect(run.doneBars - before).toBeLessThanOrEqual(model === 3 ? run.totalBars : step);
          steps++;
        }
        expect(run.doneBars).toBe(run.totalBars);
        if (model !== 3) expect(steps).toBe(Math.ceil(run.totalBars / step));
        expect(run.result()).toEqual(whole);
      }
    });
  }
});
