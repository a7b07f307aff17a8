// A target annotated as a measured distance, scored against v2 exits.targetDistance (issue 15), in our own
// phrasings: the same measure passes in either of its forms; another bar, another period, another multiple, a
// fixed distance or a target at a level fail.
import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../worker/strategy/spec";
import { compareField } from "./fields";
import { measureOf } from "./target-measure";

const up = {
  type: "crossesAbove",
  left: { type: "price", field: "CLOSE" },
  right: { type: "constant", value: 1.1 },
};
function spec(extra: Record<string, unknown>): StrategySpec {
  const r = parseSpec({
    specVersion: 2,
    timeframe: "H1",
    direction: "long",
    entry: { long: { all: [up] } },
    ...extra,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}
const px = (field: string, shift = 0) => ({ type: "price", field, shift });
const minus = (a: unknown, b: unknown) => ({ type: "expression", a, k: -1, b });
const measured = (of: unknown, multiple = 1) => spec({ exits: { targetDistance: { of, multiple } } });
const score = (rule: string, s: StrategySpec) => compareField("take_profit", { rule }, {}, s);

describe("a target at a measured distance", () => {
  it("the signal candle's range, as a candle range or as its high minus its low", () => {
    const rule = "distance equal to the signal candle's height";
    expect(score(rule, measured({ type: "candle", measure: "range" }))).toBeNull();
    expect(score(rule, measured(minus(px("HIGH"), px("LOW"))))).toBeNull();
    // Another bar, another measure, another multiple, a fixed distance: each fails.
    expect(score(rule, measured({ type: "candle", measure: "range", shift: 1 }))).toMatch(
      /expected a target/,
    );
    expect(score(rule, measured(minus(px("HIGH", 1), px("LOW", 1))))).toMatch(/expected a target/);
    expect(score(rule, measured({ type: "candle", measure: "body" }))).toMatch(/expected a target/);
    expect(score(rule, measured({ type: "candle", measure: "range" }, 2))).toMatch(/expected a target/);
    expect(score(rule, spec({ takeProfit: { unit: "pips", value: 20 } }))).toMatch(/expected a target/);
  });

  it("a multiple of it, and the range of a week, a day or N bars", () => {
    expect(
      score("1.5 x the breakout bar's range", measured({ type: "candle", measure: "range" }, 1.5)),
    ).toBeNull();
    const week = minus(
      { type: "previousPeriod", period: "week", field: "HIGH" },
      { type: "previousPeriod", period: "week", field: "LOW" },
    );
    const day = minus(
      { type: "previousPeriod", period: "day", field: "HIGH" },
      { type: "previousPeriod", period: "day", field: "LOW" },
    );
    expect(score("the size of the previous week's range", measured(week))).toBeNull();
    expect(score("the size of the previous week's range", measured(day))).toMatch(/expected a target/);
    expect(score("yesterday's range (high minus low)", measured(day))).toBeNull();
    const bars = (n: number) =>
      minus({ type: "extreme", side: "highest", bars: n }, { type: "extreme", side: "lowest", bars: n });
    expect(score("the height of the 20-bar channel", measured(bars(20)))).toBeNull();
    expect(score("the height of the 20-bar channel", measured(bars(10)))).toMatch(/expected a target/);
  });

  it("reads no measure in a level or an unknown measure", () => {
    // A target at a level is the exit rule's, not a distance (fields.ts compareTargetRule).
    expect(measureOf("the previous candle's high")).toBeNull();
    expect(measureOf("the 20-bar range high")).toBeNull();
    expect(measureOf("the 20-bar range")).toBeNull();
    expect(
      score("a distance equal to the pattern's height", measured({ type: "candle", measure: "range" })),
    ).toMatch(/not expressible/);
  });
});

describe("a break-even part of the way to the target", () => {
  const be = (rule: string, s: StrategySpec) => compareField("break_even", { rule }, {}, s);
  const tp40 = { takeProfit: { unit: "pips", value: 40 } };
  it("the fraction of the spec, or the same distance of a fixed target", () => {
    expect(
      be("at half the distance to target", spec({ ...tp40, exits: { breakEvenAtTarget: 0.5 } })),
    ).toBeNull();
    expect(
      be("at 50% of TP", spec({ ...tp40, breakEven: { trigger: { unit: "pips", value: 20 } } })),
    ).toBeNull();
    // Another fraction, another distance, a locked profit, or none: each fails.
    expect(be("halfway to the target", spec({ ...tp40, exits: { breakEvenAtTarget: 0.75 } }))).toMatch(
      /expected/,
    );
    expect(
      be("at 50% of TP", spec({ ...tp40, breakEven: { trigger: { unit: "pips", value: 25 } } })),
    ).toMatch(/expected/);
    expect(
      be(
        "at 50% of TP",
        spec({
          ...tp40,
          breakEven: { trigger: { unit: "pips", value: 20 }, offset: { unit: "pips", value: 2 } },
        }),
      ),
    ).toMatch(/expected/);
    expect(be("at 50% of TP", spec(tp40))).toMatch(/expected/);
  });
  it("a pip trigger against a fraction of a fixed target", () => {
    const s = spec({ ...tp40, exits: { breakEvenAtTarget: 0.5 } });
    expect(compareField("break_even", { pips: 20 }, {}, s)).toBeNull();
    expect(compareField("break_even", { pips: 30 }, {}, s)).toMatch(/expected/);
    expect(compareField("break_even", null, {}, s)).toMatch(/expected none/);
  });
});
