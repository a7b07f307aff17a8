/**
 * The v2 exits (worker/strategy/spec-exits.ts SEMANTICS) on hand-made M1 bars at 1-minute OHLC (four
 * ticks a bar: open, low/high, high/low, close 15 s apart; the EA runs on each), spread 0, prices worked
 * out by hand from the bars below.
 */
import { describe, expect, it } from "vitest";
import type { StrategySpecInput } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { at, barsOf, CROSS_UP, levelCross, MONDAY, type Ohlc, settingsOf } from "./scenario.fixture";

const FLAT: Ohlc = [1.1, 1.1001, 1.0999, 1.1];
/** The previous bar's low minus 2 pips: 1.0988 - 0.0002 = 1.0986 for the buy above (R = 14 pips). */
const LOW_MINUS_2: NonNullable<StrategySpecInput["exits"]> = {
  stop: {
    long: { type: "expression", a: { type: "price", field: "LOW" }, offset: { value: -2, unit: "pips" } },
  },
};

function run(
  rows: Ohlc[],
  exits: StrategySpecInput["exits"],
  extra: Partial<StrategySpecInput> = {},
  start = MONDAY,
) {
  const bars = barsOf(rows, start);
  const spec = levelCross(1.1, { direction: "long", exits, ...extra });
  return runBacktest(spec, { bars, period: "M1" }, settingsOf(bars));
}

describe("structural stops and R targets", () => {
  it("places the stop at the previous candle's low minus 2 pips and stops out there", () => {
    const r = run([...CROSS_UP, FLAT, [1.1, 1.1001, 1.098, 1.0982]], LOW_MINUS_2);
    expect(r.orders[0]).toMatchObject({ type: "buy", price: 1.1, sl: 1.0986, tp: null });
    expect(r.trades).toHaveLength(1);
    // Bar 3 is bearish: its high tick at 15 s, its low at 30 s.
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.0986, exitTime: at(3, 30) });
  });

  it("sends no order when the level is not below the price (the previous high, above the ask)", () => {
    const r = run([...CROSS_UP, FLAT, FLAT], { stop: { long: { type: "price", field: "HIGH" } } });
    expect(r.orders).toHaveLength(0);
    expect(r.trades).toHaveLength(0);
  });

  it("puts the take profit at 2R from the entry and takes it", () => {
    const r = run([...CROSS_UP, FLAT, [1.1, 1.103, 1.0999, 1.1025]], { ...LOW_MINUS_2, targetR: 2 });
    expect(r.orders[0]).toMatchObject({ sl: 1.0986, tp: 1.1028 });
    expect(r.trades[0]).toMatchObject({ exitReason: "tp", exitPrice: 1.1028 });
  });
});

describe("a target at a measured distance (exits.targetDistance)", () => {
  /** The signal bar's range, high - low: bar 1 of CROSS_UP, 1.1004 - 1.0988 = 16 pips. */
  const RANGE = {
    type: "expression",
    a: { type: "price", field: "HIGH" },
    k: -1,
    b: { type: "price", field: "LOW" },
  } as const;

  it("puts the take profit 1.5 x the signal candle's range from the entry and keeps it there", () => {
    // Entry at 1.1000: the target 1.1000 + 1.5 x 0.0016 = 1.1024. Bar 2's wider range does not move it;
    // bar 3 (bullish: its low at 15 s, its high at 30 s) reaches it.
    const r = run([...CROSS_UP, [1.1, 1.102, 1.0999, 1.1015], [1.1015, 1.1025, 1.101, 1.102]], {
      targetDistance: { of: RANGE, multiple: 1.5 },
    });
    expect(r.orders[0]).toMatchObject({ type: "buy", price: 1.1, tp: 1.1024 });
    expect(r.trades[0]).toMatchObject({ exitReason: "tp", exitPrice: 1.1024, exitTime: at(3, 30) });
  });

  it("reads an N-bar range (the highest high minus the lowest low of 2 bars)", () => {
    // Bars 0-1: 1.1004 - 1.0985 = 19 pips.
    const r = run([...CROSS_UP, FLAT], {
      targetDistance: {
        of: {
          type: "expression",
          a: { type: "extreme", side: "highest", bars: 2 },
          k: -1,
          b: { type: "extreme", side: "lowest", bars: 2 },
        },
      },
    });
    expect(r.orders[0]).toMatchObject({ price: 1.1, tp: 1.1019 });
  });

  it("sends no order after a signal candle with no range", () => {
    const r = run([[1.099, 1.0995, 1.0985, 1.099], [1.1002, 1.1002, 1.1002, 1.1002], FLAT], {
      targetDistance: { of: { type: "candle", measure: "range" } },
    });
    expect(r.orders).toHaveLength(0);
  });
});

describe("break-even part of the way to the target (exits.breakEvenAtTarget)", () => {
  it("moves the stop to the entry once half way to a 20-pip target, and the trade leaves there", () => {
    // Entry 1.1000, target 1.1020: half way is 1.1010, reached on bar 2 (bullish: its high at 30 s).
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.1012, 1.0999, 1.1008], [1.1008, 1.1009, 1.0995, 1.0996]];
    const spec = { takeProfit: { unit: "pips", value: 20 }, stopLoss: { unit: "pips", value: 30 } } as const;
    const r = run(rows, { breakEvenAtTarget: 0.5 }, spec);
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1 });
    expect(r.modifications).toBe(1);
    // Three quarters of the way (1.1015) is never reached: the 30-pip stop stays and the trade runs on.
    const later = run(rows, { breakEvenAtTarget: 0.75 }, spec);
    expect(later.modifications).toBe(0);
    expect(later.trades[0]).toMatchObject({ exitReason: "end" });
  });

  it("measures the way to a measured target, and does nothing without a target", () => {
    // The signal bar's range is 16 pips: half way is 8 pips, 1.1008, reached on bar 2.
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.1009, 1.0999, 1.1005], [1.1005, 1.1006, 1.0995, 1.0996]];
    const measured = run(rows, {
      targetDistance: { of: { type: "candle", measure: "range" } },
      breakEvenAtTarget: 0.5,
    });
    expect(measured.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1 });
    const none = run(rows, { breakEvenAtTarget: 0.5 });
    expect(none.modifications).toBe(0);
  });
});

describe("partial close", () => {
  it("closes half at 1R, moves the stop to the entry, and the rest leaves at break-even", () => {
    // Bar 2 (the entry bar, bullish: low at 15 s, high at 30 s) reaches 1.1016 (1R = 1.1014); bar 3
    // (bearish: high at 15 s, low at 30 s) falls through the entry price.
    const r = run(
      [...CROSS_UP, [1.1, 1.1016, 1.0999, 1.1015], [1.1015, 1.1015, 1.0995, 1.0996]],
      { ...LOW_MINUS_2, partial: { percent: 50, atR: 1 } },
      { sizing: { type: "fixed", lots: 1 } },
    );
    expect(r.trades.map((x) => [x.volume, x.exitPrice, x.exitReason, x.exitTime])).toEqual([
      [0.5, 1.1016, "signal", at(2, 30)],
      [0.5, 1.1, "sl", at(3, 30)],
    ]);
    expect(r.deals.filter((d) => d.entry === "out").map((d) => d.volume)).toEqual([0.5, 0.5]);
    expect(r.modifications).toBe(1);
  });

  it("rounds the closed share down to 0.01 lot and leaves a position it cannot split whole", () => {
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.1016, 1.0999, 1.1015], [1.1015, 1.1015, 1.0995, 1.0996]];
    const part = { ...LOW_MINUS_2, partial: { percent: 33, atR: 1, breakEven: false } };
    const split = run(rows, part, { sizing: { type: "fixed", lots: 0.1 } });
    expect(split.trades.map((x) => x.volume)).toEqual([0.03, 0.07]);
    const whole = run(rows, part, { sizing: { type: "fixed", lots: 0.01 } });
    expect(whole.trades.map((x) => [x.volume, x.exitReason])).toEqual([[0.01, "end"]]);
  });
});

describe("trailing by a price", () => {
  it("moves the stop up to each closed bar's low while it is below the bid, never down", () => {
    const r = run(
      [
        ...CROSS_UP,
        [1.1, 1.1012, 1.0996, 1.101],
        [1.101, 1.1022, 1.1005, 1.102],
        [1.102, 1.1021, 1.0999, 1.1],
        [1.1, 1.1001, 1.099, 1.0995],
      ],
      { trail: { long: { type: "price", field: "LOW" } } },
    );
    // New bars 3 and 4 read the lows of bars 2 and 3, 1.0996 and 1.1005: the stop ends at 1.1005 and is
    // hit on bar 4's low tick (bearish: at 30 s).
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1005, exitTime: at(4, 30) });
    expect(r.modifications).toBe(2);
  });
});

describe("time exits", () => {
  it("closes a position at the open of the 2nd bar after its entry bar", () => {
    const r = run([...CROSS_UP, FLAT, FLAT, FLAT, FLAT], { afterBars: 2 });
    expect(r.trades[0]).toMatchObject({ exitReason: "signal", exitTime: at(4) });
  });

  it("closes everything from a time of day on the days listed, and opens nothing then", () => {
    // Monday: bar 3 opens at 00:03, in the window; the cross back up on bar 4 opens nothing at 00:05.
    const rows: Ohlc[] = [...CROSS_UP, FLAT, [1.1, 1.1, 1.098, 1.099], [1.099, 1.1004, 1.0988, 1.1002], FLAT];
    const monday = run(rows, { closeAt: { time: "00:03", weekdays: [1] } });
    expect(monday.trades.map((x) => [x.exitReason, x.exitTime])).toEqual([["signal", at(3)]]);
    const tuesday = run(rows, { closeAt: { time: "00:03", weekdays: [2] } });
    expect(tuesday.trades.map((x) => x.exitReason)).toEqual(["end"]);
  });
});

describe("staircase trailing (exits.steps)", () => {
  const STEPS: NonNullable<StrategySpecInput["exits"]> = { steps: { unit: "pips", every: 10, move: 5 } };

  it("after one 10-pip step moves the stop to 5 pips below the entry, and stops out there", () => {
    // Bar 3 (bullish) reaches 1.1014 at 30 s: 14 pips, one step: 1.1000 - 10 + 5 pips = 1.0995.
    const r = run([...CROSS_UP, FLAT, [1.1, 1.1014, 1.0999, 1.101], [1.101, 1.1012, 1.099, 1.0992]], STEPS);
    expect(r.trades).toHaveLength(1);
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.0995, exitTime: at(4, 30) });
  });

  it("after two steps locks the entry price (every step moves the stop 5 pips more)", () => {
    // 21 pips at bar 3's high: two steps, 1.1000 - 10 + 2 x 5 pips = 1.1000.
    const r = run([...CROSS_UP, FLAT, [1.1, 1.1021, 1.0999, 1.1015], [1.1012, 1.1013, 1.099, 1.0995]], STEPS);
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1, exitTime: at(4, 30) });
  });

  it("does nothing below one step, and never loosens a stop it moved", () => {
    // 9 pips: no step; the position runs to the end of the test.
    const none = run(
      [...CROSS_UP, FLAT, [1.1, 1.1009, 1.0999, 1.1005], [1.1005, 1.1006, 1.099, 1.0992]],
      STEPS,
    );
    expect(none.trades[0]).toMatchObject({ exitReason: "end" });
    // Two steps (1.1000), then one step's profit again (1.1014): the stop stays at 1.1000.
    const kept = run(
      [
        ...CROSS_UP,
        FLAT,
        [1.1, 1.1021, 1.0999, 1.1015],
        [1.1015, 1.1016, 1.1012, 1.1014],
        [1.1012, 1.1013, 1.0997, 1.0998],
      ],
      STEPS,
    );
    expect(kept.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1 });
  });
});
