import { describe, expect, it } from "vitest";
import type { Condition, Indicator, Operand } from "../spec";
import { mirrorCondition } from "./mirror";

describe("mirror", () => {
  const indicators: Indicator[] = [
    { id: "rsi", kind: "RSI", period: 14, appliedPrice: "CLOSE" },
    { id: "adx", kind: "ADX", period: 14 },
    { id: "bb", kind: "BOLLINGER", period: 20, deviation: 2, appliedPrice: "CLOSE" },
    { id: "cci", kind: "CCI", period: 14, appliedPrice: "TYPICAL" },
  ];
  const ref = (id: string, line?: string): Operand =>
    line === undefined
      ? { type: "indicator", ref: id, shift: 0 }
      : { type: "indicator", ref: id, line, shift: 0 };
  const k = (value: number): Operand => ({ type: "constant", value });

  it("trades the bar's high for its low, and a line of highs for its twin of lows", () => {
    const channel: Indicator[] = [
      { id: "hi", kind: "EMA", period: 21, appliedPrice: "HIGH" },
      { id: "lo", kind: "EMA", period: 21, appliedPrice: "LOW" },
      { id: "hi8", kind: "EMA", period: 8, appliedPrice: "HIGH" },
    ];
    const high: Operand = { type: "price", field: "HIGH", shift: 0 };
    expect(mirrorCondition({ type: "greaterThan", left: high, right: ref("hi") }, channel)).toEqual({
      type: "lessThan",
      left: { type: "price", field: "LOW", shift: 0 },
      right: ref("lo"),
    });
    // No twin of lows: the line stays.
    expect(mirrorCondition({ type: "greaterThan", left: high, right: ref("hi8") }, channel)).toMatchObject({
      right: ref("hi8"),
    });
  });

  it("reflects oscillator levels around their midpoint", () => {
    expect(mirrorCondition({ type: "crossesAbove", left: ref("rsi"), right: k(30) }, indicators)).toEqual({
      type: "crossesBelow",
      left: ref("rsi"),
      right: k(70),
    });
    expect(mirrorCondition({ type: "lessThan", left: ref("cci"), right: k(-100) }, indicators)).toEqual({
      type: "greaterThan",
      left: ref("cci"),
      right: k(100),
    });
    expect(
      mirrorCondition({ type: "between", operand: ref("rsi"), lower: k(40), upper: k(70) }, indicators),
    ).toEqual({ type: "between", operand: ref("rsi"), lower: k(30), upper: k(60) });
  });

  it("keeps trend strength and swaps Bollinger bands", () => {
    const adx: Condition = { type: "greaterThan", left: ref("adx"), right: k(25) };
    expect(mirrorCondition(adx, indicators)).toEqual(adx);
    expect(
      mirrorCondition(
        { type: "greaterThan", left: { type: "price", field: "CLOSE", shift: 0 }, right: ref("bb", "upper") },
        indicators,
      ),
    ).toEqual({
      type: "lessThan",
      left: { type: "price", field: "CLOSE", shift: 0 },
      right: ref("bb", "lower"),
    });
  });
});
