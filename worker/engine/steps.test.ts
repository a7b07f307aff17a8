/**
 * The runner drives a backtest in steps between Durable Object alarms (issue 11): a run driven in steps of
 * any size must give exactly the result of one call (the EA parity promise), for every model that reads
 * prices. Compared with toEqual, not to a tolerance: the steps sum nothing in another order.
 */
import { describe, expect, it } from "vitest";
import { Aggregator } from "../market/aggregate";
import { concatBars, lowerBound, sliceIndex } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { demoMonth } from "../market/demo";
import type { StrategySpec } from "../strategy/spec";
import { runBacktest, startBacktest, startWindowedBacktest } from "./backtest";
import { smaCross } from "./scenario.fixture";
import type { BacktestSettings, Model } from "./types";

/** SMA cross with a stop, a target and a trailing stop, so trades open and close inside steps. */
const spec: StrategySpec = smaCross(
  "M15",
  {
    stopLoss: { unit: "pips", value: 15 },
    takeProfit: { unit: "pips", value: 25 },
    trailingStop: { distance: { unit: "pips", value: 10 } },
  },
  [5, 20],
);

const months = [demoMonth(getSymbol("EURUSD"), "2023-02"), demoMonth(getSymbol("EURUSD"), "2023-03")];
const bars = concatBars(months);

function settings(model: Model): BacktestSettings {
  return {
    symbol: getSymbol("EURUSD"),
    period: "M15",
    from: bars.time[0] + 20 * 86_400_000,
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

/** `bars` cut into windows of `size` bars (the runner's are months; any cut must do). */
function windowsOf(size: number) {
  const out = [];
  for (let i = 0; i < bars.length; i += size) out.push(sliceIndex(bars, i, Math.min(bars.length, i + size)));
  return out;
}

describe("a backtest fed its M1 in windows", () => {
  for (const model of [0, 2] as const) {
    it(`gives the one-call result, model ${model}`, () => {
      const s = settings(model);
      const whole = runBacktest(spec, { bars, period: "M1" }, s);
      expect(whole.trades.length).toBeGreaterThan(20);
      for (const windows of [months, windowsOf(9_999), windowsOf(50_000)]) {
        // First pass, as the runner's: the strategy's bars and what lies in range, one window at a time.
        const agg = new Aggregator("M1", spec.timeframe);
        let count = 0;
        let first = Number.NaN;
        let last = Number.NaN;
        for (const w of windows) {
          agg.add(w);
          const i = lowerBound(w.time, s.from);
          const j = lowerBound(w.time, s.to);
          if (j > i) {
            if (count === 0) first = w.time[i];
            last = w.time[j - 1];
            count += j - i;
          }
        }
        const run = startWindowedBacktest(
          spec,
          { period: "M1", signalBars: agg.finish(), inRange: { count, first, last } },
          s,
        );
        expect(run.totalBars).toBe(count);
        // Second pass: each window fed, then driven in steps smaller than a window.
        let done = false;
        for (const w of windows) {
          expect(done).toBe(false);
          run.feed(w);
          for (let k = 0; k < 100 && !done; k++) {
            const before = run.doneBars;
            done = run.advance(4_000);
            if (run.doneBars === before) break;
          }
        }
        expect(done).toBe(true);
        expect(run.doneBars).toBe(run.totalBars);
        expect(run.result()).toEqual(whole);
      }
    });
  }
});
