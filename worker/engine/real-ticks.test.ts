/**
 * Model 1 on stored ticks (issue 18): a windowed run given real ticks runs its bars on them (fills at
 * their quotes, one modelled tick per stored tick), and bars without real ticks are modelled as model 0.
 */
import { describe, expect, it } from "vitest";
import { Aggregator } from "../market/aggregate";
import { concatBars, lowerBound, sliceTime } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { ticksToM1 } from "../market/feed/m1";
import { allocTicks, sliceTicks, type Ticks, tickLowerBound } from "../market/feed/ticks";
import type { Bars } from "../market/types";
import type { StrategySpec } from "../strategy/spec";
import { startWindowedBacktest, type WindowedRun } from "./backtest";
import { mulberry32 } from "./rng";
import { MONDAY, smaCross } from "./scenario.fixture";
import type { BacktestResult, BacktestSettings, Model } from "./types";

const DAY = 86_400_000;
const EURUSD = getSymbol("EURUSD");
const spec: StrategySpec = smaCross(
  "M5",
  { stopLoss: { unit: "pips", value: 8 }, takeProfit: { unit: "pips", value: 12 } },
  [3, 8],
);

/** Three days of ticks, 1 to 6 s apart, a random walk of bids with a spread of 3 to 17 points. */
function makeTicks(): Ticks {
  const next = mulberry32(7);
  const n = Math.floor((3 * DAY) / 3_500);
  const t = allocTicks(n);
  let time = MONDAY;
  let bid = 110_000;
  let k = 0;
  for (; k < n; k++) {
    time += 1_000 + Math.floor(next() * 5_000);
    if (time >= MONDAY + 3 * DAY) break;
    bid += Math.floor(next() * 7) - 3;
    t.time[k] = time;
    t.bid[k] = bid;
    t.ask[k] = bid + 3 + Math.floor(next() * 15);
  }
  return sliceTicks(t, 0, k);
}

const ticks = makeTicks();
const bars = ticksToM1(ticks, 5, EURUSD);
const days = [0, 1, 2].map((d) => sliceTime(bars, MONDAY + d * DAY, MONDAY + (d + 1) * DAY));
const dayTicks = [0, 1, 2].map((d) =>
  sliceTicks(ticks, tickLowerBound(ticks, MONDAY + d * DAY), tickLowerBound(ticks, MONDAY + (d + 1) * DAY)),
);

function settings(model: Model): BacktestSettings {
  return {
    symbol: EURUSD,
    period: "M5",
    from: MONDAY + 6 * 3_600_000,
    to: MONDAY + 3 * DAY,
    model,
    executionMode: 0,
    deposit: 10_000,
    currency: "USD",
  };
}

/** A windowed run over the three days, `real[d]` saying whether day d is fed its ticks. */
function run(model: Model, real: readonly boolean[], realTicks = true): BacktestResult {
  const s = settings(model);
  const agg = new Aggregator("M1", spec.timeframe);
  agg.add(concatBars(days));
  const i = lowerBound(bars.time, s.from);
  const j = lowerBound(bars.time, s.to);
  const r: WindowedRun = startWindowedBacktest(
    spec,
    {
      period: "M1",
      signalBars: agg.finish(),
      inRange: { count: j - i, first: bars.time[i], last: bars.time[j - 1] },
      realTicks,
    },
    s,
  );
  let done = false;
  days.forEach((w: Bars, d) => {
    r.feed(w, real[d] ? { ticks: dayTicks[d], digits: 5 } : undefined);
    done = r.advance(Number.POSITIVE_INFINITY);
  });
  expect(done).toBe(true);
  return r.result();
}

const ticksFrom = (fromMs: number, toMs: number) =>
  tickLowerBound(ticks, toMs) - tickLowerBound(ticks, fromMs);

describe("every tick based on real ticks (model 1)", () => {
  it("runs on the stored ticks: one modelled tick each, fills at their quotes", () => {
    expect(bars.length).toBeGreaterThan(3_000);
    const r = run(1, [true, true, true]);
    expect(r.modelRun).toBe(1);
    expect(r.notes.join(" ")).not.toContain("No real ticks");
    expect(r.report.ticks).toBe(ticksFrom(settings(1).from, settings(1).to));
    expect(r.orders.length).toBeGreaterThan(10);
    const asks = new Set(Array.from(ticks.ask));
    const bids = new Set(Array.from(ticks.bid));
    for (const o of r.orders) {
      const pts = Math.round(o.price * 1e5);
      // A market buy fills at the ask of the tick it runs on, a sell at its bid.
      expect(o.type === "buy" ? asks.has(pts) : bids.has(pts)).toBe(true);
    }
    // The generated ticks of model 0 run on the bars' smallest spread: some fill differs.
    const generated = run(0, [false, false, false], false);
    expect(generated.orders.map((o) => o.price)).not.toEqual(r.orders.map((o) => o.price));
  });

  it("models the days without real ticks as model 0 does", () => {
    const none = run(1, [false, false, false]);
    const model0 = run(0, [false, false, false], false);
    expect(none.modelRun).toBe(1);
    expect(none.orders).toEqual(model0.orders);
    expect(none.report.ticks).toBe(model0.report.ticks);

    // Day 2 real only: its ticks counted one by one, the others as model 0 counts them.
    const mixed = run(1, [false, false, true]);
    const day2 = MONDAY + 2 * DAY;
    const model0Day2 = run(0, [false, false, false], false);
    expect(mixed.report.ticks - ticksFrom(day2, day2 + DAY)).toBe(
      model0Day2.report.ticks - sliceTime(bars, day2, day2 + DAY).volume.reduce((a, b) => a + b, 0),
    );
    // Up to day 2 the two runs are the same run.
    const ordersBefore = (r: BacktestResult) => r.orders.filter((o) => o.timeSetup < day2);
    expect(ordersBefore(mixed)).toEqual(ordersBefore(model0Day2));
  });

  it("says so and runs as model 0 when the run is given no real ticks", () => {
    const r = run(1, [false, false, false], false);
    expect(r.modelRun).toBe(0);
    expect(r.notes.join(" ")).toContain("No real ticks are stored for EURUSD");
  });
});
