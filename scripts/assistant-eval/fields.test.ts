import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../worker/strategy/spec";
import { compareEntry, compareExit, compareField, compareIndicators, project } from "./fields";

function spec(doc: Record<string, unknown>): StrategySpec {
  const r = parseSpec({ specVersion: 2, timeframe: "H1", ...doc });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}
const px = (field: string, shift = 0) => ({ type: "price", field, shift });
const breakout = (type: string, right: Record<string, unknown>, timeframe = "D1") =>
  spec({ timeframe, direction: "long", entry: { long: { all: [{ type, left: px("CLOSE"), right }] } } });

describe("scoring rules against v2 specs", () => {
  const high20 = { type: "extreme", side: "highest", bars: 20, shift: 1 };
  const plus2 = { type: "expression", a: high20, k: 1, offset: { value: 2, unit: "pips" } };

  it("a buy stop above the N-day high is the close rising through it, on the daily chart", () => {
    const phrase = "buy stop 2 pips above the 20-day high";
    expect(compareEntry(phrase, breakout("crossesAbove", plus2), "long", {})).toBeNull();
    expect(compareEntry(phrase, breakout("greaterThan", plus2), "long", {})).toBeNull();
    expect(compareEntry(phrase, breakout("lessThan", plus2), "long", {})).toMatch(/expected/);
    // Without the offset, on the bar itself (shift 0), or on an hourly chart it is another level.
    expect(compareEntry(phrase, breakout("crossesAbove", high20), "long", {})).toMatch(/expected/);
    expect(
      compareEntry(phrase, breakout("crossesAbove", { ...plus2, a: { ...high20, shift: 0 } }), "long", {}),
    ).toMatch(/expected/);
    expect(compareEntry(phrase, breakout("crossesAbove", plus2, "H1"), "long", {})).toMatch(/expected/);
  });

  it("a price on another timeframe is compared with its timeframe: the H4 high is not the chart's high", () => {
    const on = (field: string, timeframe: string | undefined, shift = 0) => ({
      ...px(field, shift),
      ...(timeframe ? { timeframe } : {}),
    });
    const rule = (tf: string | undefined, shiftTf: string | undefined) =>
      spec({
        timeframe: "H1",
        direction: "long",
        entry: {
          long: { all: [{ type: "greaterThan", left: on("HIGH", tf), right: on("HIGH", shiftTf, 1) }] },
        },
      });
    const phrase = "H4 high > H4 high[1]";
    expect(compareEntry(phrase, rule("H4", "H4"), "long", {})).toBeNull();
    // The chart's own highs, a D1 high, or one side on the chart: another rule.
    expect(compareEntry(phrase, rule(undefined, undefined), "long", {})).toMatch(/expected/);
    expect(compareEntry(phrase, rule("D1", "D1"), "long", {})).toMatch(/expected/);
    expect(compareEntry(phrase, rule("H4", undefined), "long", {})).toMatch(/expected/);
    // A price named without a timeframe is the chart's: an H4 high does not stand in for it.
    expect(compareEntry("high > high[1]", rule("H4", "H4"), "long", {})).toMatch(/expected/);
    expect(compareEntry("high > high[1]", rule(undefined, undefined), "long", {})).toBeNull();
  });

  it("a higher-timeframe Donchian line is the same N-day extreme", () => {
    const s = spec({
      timeframe: "H1",
      direction: "long",
      indicators: [{ id: "dc", kind: "DONCHIAN", period: 20, timeframe: "D1" }],
      entry: {
        long: {
          all: [
            {
              type: "crossesAbove",
              left: px("CLOSE"),
              right: {
                type: "expression",
                a: { type: "indicator", ref: "dc", line: "upper" },
                offset: { value: 2, unit: "pips" },
              },
            },
          ],
        },
      },
    });
    expect(compareEntry("buy stop 2 pips above the 20-day high", s, "long", {})).toBeNull();
  });

  it("an indicator on another timeframe matches only with that timeframe", () => {
    const s = (timeframe?: string) =>
      spec({
        direction: "long",
        indicators: [{ id: "e", kind: "EMA", period: 50, ...(timeframe ? { timeframe } : {}) }],
        entry: {
          long: { all: [{ type: "greaterThan", left: px("CLOSE"), right: { type: "indicator", ref: "e" } }] },
        },
      });
    expect(compareEntry("close > EMA(50, H4)", s("H4"), "long", {})).toBeNull();
    expect(compareEntry("close > EMA(50, H4)", s(), "long", {})).toMatch(/expected/);
    expect(compareIndicators([{ kind: "EMA", period: 50, params: { timeframe: "H4" } }], s("H4"))).toBeNull();
    expect(compareIndicators([{ kind: "EMA", period: 50, params: { timeframe: "H4" } }], s())).toMatch(
      /missing/,
    );
  });

  it("a session range refers back across the item's phrases, in UTC", () => {
    const w = (side: string, v: number) => ({
      type: "expression",
      a: { type: "timeWindow", from: "00:00", to: "06:00", side },
      offset: { value: v, unit: "pips" },
    });
    const s = spec({
      entry: {
        long: { all: [{ type: "crossesAbove", left: px("CLOSE"), right: w("high", 10) }] },
        short: { all: [{ type: "crossesBelow", left: px("CLOSE"), right: w("low", -10) }] },
      },
    });
    const all = { entry_long: "price reaches the 19:00-01:00 EST range high + 10 pips" };
    expect(compareEntry(all.entry_long, s, "long", all)).toBeNull();
    expect(compareEntry("price reaches the range low - 10 pips", s, "short", all)).toBeNull();
  });

  it("per-side exits and rules v2 cannot state", () => {
    const rsi = [{ id: "r", kind: "RSI", period: 9 }];
    const ref = { type: "indicator", ref: "r" };
    const s = spec({
      indicators: rsi,
      entry: { long: { all: [{ type: "lessThan", left: ref, right: { type: "constant", value: 30 } }] } },
      exit: {
        long: { all: [{ type: "crossesBelow", left: ref, right: { type: "constant", value: 60 } }] },
        short: { all: [{ type: "crossesAbove", left: ref, right: { type: "constant", value: 40 } }] },
      },
    });
    expect(compareExit("long: RSI(9) falls below 60; short: RSI(9) rises above 40", s)).toBeNull();
    expect(compareExit("long: RSI(9) falls below 60; short: RSI(9) rises above 45", s)).toMatch(/expected/);
    // A sequence (phrase-sequence.test.ts) needs its window: the same conditions on one bar differ.
    expect(compareEntry("RSI(9) < 30, then close > open", s, "long", {})).toMatch(/expected within/);
  });

  it("a signal that places a pending order is the rule plus v2 pendingEntry", () => {
    const ema = [{ id: "e", kind: "EMA", period: 12 }];
    const ref = { type: "indicator", ref: "e" };
    const pending = (order: string, field: string, at: string) =>
      spec({
        direction: "long",
        indicators: ema,
        entry: { long: { all: [{ type: "greaterThan", left: px("CLOSE"), right: ref }] } },
        pendingEntry: { order, long: px(field), expiry: { type: "timeOfDay", at } },
      });
    const phrase = "close > EMA(12): buy stop at that candle's high, valid until 17:00 EST";
    expect(compareEntry(phrase, pending("stop", "HIGH", "22:00"), "long", {})).toBeNull();
    expect(compareEntry(phrase, pending("stop", "HIGH", "17:00"), "long", {})).toMatch(/expire/);
    expect(compareEntry(phrase, pending("limit", "HIGH", "22:00"), "long", {})).toMatch(/stop order/);
    expect(compareEntry(phrase, pending("stop", "LOW", "22:00"), "long", {})).toMatch(
      /expected the order at/,
    );
    const market = spec({
      direction: "long",
      indicators: ema,
      entry: { long: { all: [{ type: "greaterThan", left: px("CLOSE"), right: ref }] } },
    });
    expect(compareEntry(phrase, market, "long", {})).toMatch(/market entry/);
  });

  it("an exit on the opposite cross of a named kind is the long entry's cross turned round", () => {
    const mas = [
      { id: "f", kind: "EMA", period: 7 },
      { id: "s", kind: "EMA", period: 21 },
    ];
    const f = { type: "indicator", ref: "f" };
    const sl = { type: "indicator", ref: "s" };
    const s = spec({
      direction: "long",
      indicators: mas,
      entry: { long: { all: [{ type: "crossesAbove", left: f, right: sl }] } },
      exit: { long: { all: [{ type: "crossesBelow", left: f, right: sl }] } },
    });
    const all = { entry_long: "EMA(7) crosses above EMA(21)" };
    expect(compareExit("opposite EMA cross", s, all)).toBeNull();
    expect(compareExit("opposite SMA cross", s, all)).not.toBeNull();
  });
});

describe("v2 exits and the middle band", () => {
  const cross = { type: "crossesAbove", left: px("CLOSE"), right: { type: "constant", value: 1 } };
  const down = { type: "crossesBelow", left: px("CLOSE"), right: { type: "constant", value: 1 } };
  const stopped = (stop: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    spec({ entry: { long: { all: [cross] }, short: { all: [down] } }, exits: { stop, ...extra } });
  const candle = { long: px("LOW"), short: px("HIGH") };

  it("a rule stop at the previous candle is exits.stop at its low (buys) and high (sells)", () => {
    const rule = { rule: "previous candle low (long) / high (short)" };
    expect(compareField("stop_loss", rule, {}, stopped(candle))).toBeNull();
    expect(compareField("stop_loss", rule, {}, stopped({ long: px("CLOSE"), short: px("HIGH") }))).toMatch(
      /expected/,
    );
    const bars = { long: { type: "extreme", side: "lowest", bars: 10, shift: 0 }, short: px("HIGH") };
    expect(compareField("stop_loss", { rule: "10-bar low" }, {}, stopped(bars))).toMatch(/short/);
  });

  it("a rule stop at an indicator per side, or a few pips beyond the signal candle", () => {
    const s = spec({
      indicators: [
        { id: "lo", kind: "SMA", period: 5, appliedPrice: "LOW" },
        { id: "hi", kind: "SMA", period: 5, appliedPrice: "HIGH" },
      ],
      entry: { long: { all: [cross] }, short: { all: [down] } },
      exits: { stop: { long: { type: "indicator", ref: "lo" }, short: { type: "indicator", ref: "hi" } } },
    });
    const rule = { rule: "SMA(5,low) for longs, SMA(5,high) for shorts" };
    expect(compareField("stop_loss", rule, {}, s)).toBeNull();
    const swapped = { rule: "SMA(5,high) for longs, SMA(5,low) for shorts" };
    expect(compareField("stop_loss", swapped, {}, s)).toMatch(/expected/);
    const off = (field: string, value: number) => ({
      type: "expression",
      a: px(field),
      offset: { value, unit: "pips" },
    });
    const beyond = { rule: "3 pips beyond the entry bar's low/high" };
    expect(
      compareField("stop_loss", beyond, {}, stopped({ long: off("LOW", -3), short: off("HIGH", 3) })),
    ).toBeNull();
    expect(compareField("stop_loss", beyond, {}, stopped(candle))).toMatch(/expected/);
  });

  it("a stop per side is the close moved by each side's distance", () => {
    const at = (value: number, unit = "points") => ({
      type: "expression",
      a: px("CLOSE"),
      offset: { value, unit },
    });
    const e = { long_points: 25, short_points: 15 };
    expect(compareField("stop_loss", e, {}, stopped({ long: at(-25), short: at(15) }))).toBeNull();
    // 4-digit points are pips too.
    expect(
      compareField("stop_loss", e, {}, stopped({ long: at(-25, "pips"), short: at(15, "pips") })),
    ).toBeNull();
    expect(compareField("stop_loss", e, {}, stopped({ long: at(-15), short: at(25) }))).toMatch(/expected/);
    expect(compareField("stop_loss", e, {}, stopped(candle))).toMatch(/expected/);
  });

  it("a close at a time of day is exits.closeAt in UTC; 'buy next open' is a market entry", () => {
    const closing = (time: string) => stopped(candle, { closeAt: { time } });
    expect(compareExit("close all trades at 11:00 EST", closing("16:00"))).toBeNull();
    expect(compareExit("close all trades at 11:00 EST", closing("11:00"))).toMatch(/expected/);
    expect(compareEntry("close crosses above 1: buy next open", stopped(candle), "long", {})).toBeNull();
  });

  it("an R target is exits.targetR when the stop is structural", () => {
    expect(compareField("take_profit", { rr: 2 }, {}, stopped(candle, { targetR: 2 }))).toBeNull();
    expect(compareField("take_profit", { rr: 3 }, {}, stopped(candle, { targetR: 2 }))).toMatch(/expected/);
  });

  it("the middle band reads the same whatever the deviation", () => {
    const exitOn = (deviation: number) =>
      spec({
        indicators: [{ id: "bb", kind: "BOLLINGER", period: 20, deviation }],
        entry: { long: { all: [cross] } },
        exit: {
          long: {
            all: [
              {
                type: "crossesBelow",
                left: px("CLOSE"),
                right: { type: "indicator", ref: "bb", line: "middle", shift: 0 },
              },
            ],
          },
        },
      });
    expect(project("exit", exitOn(2))).toBe(project("exit", exitOn(2.5)));
  });
});
