import { describe, expect, it } from "vitest";
import { describeRule } from "../outline";
import type { Rule, StrategySpec } from "../spec";
import { interpret } from "./index";

// OR of AND groups (issue 15, groups.ts), in the project's own wordings: the alternatives of several
// conditions become allOf groups in the rule's `any`; plain AND and plain OR keep their readings.

/** The rule's shape: "all" count, then each alternative as its size (1 = a plain condition). */
function shape(rule: Rule | undefined): { all: number; any: number[] } | null {
  if (!rule) return null;
  return { all: rule.all.length, any: rule.any.map((c) => (c.type === "allOf" ? c.conditions.length : 1)) };
}
function build(text: string): StrategySpec {
  const r = interpret(text, null);
  if (!r.spec) throw new Error(r.clarifications);
  return r.spec;
}

describe("alternatives of several conditions", () => {
  it("'either A and B, or C' in an exit sentence", () => {
    const s = build(
      "Go long when the 20 ema crosses above the 50 ema. Close the long if either the close is under the 50 ema and rsi is under 45, or the close falls below the 100 sma. Stop 35 pips.",
    );
    expect(shape(s.exit.long)).toEqual({ all: 0, any: [2, 1] });
    expect(describeRule(s.exit.long as Rule, s.indicators)).toMatch(
      /^either .+ and RSI\(14\) is below 45, or /,
    );
  });

  it("'A or when B and C': the group comes second", () => {
    const s = build(
      "Open a sell when RSI crosses below 70. Get out when RSI crosses below 30 or when price is under the lower bollinger band and RSI is below 35.",
    );
    expect(shape(s.exit.short)).toEqual({ all: 0, any: [1, 2] });
  });

  it("an entry 'if A and B, or if C'", () => {
    const s = build(
      "Buy if the 8 ema is above the 21 ema and cci is above 100, or if the close crosses above the 200 ema. Stop 50 pips, target 100 pips.",
    );
    expect(shape(s.entry.long)).toEqual({ all: 0, any: [2, 1] });
    const group = s.entry.long?.any[0];
    expect(group?.type === "allOf" && group.conditions.map((c) => c.type)).toEqual([
      "greaterThan",
      "greaterThan",
    ]);
  });

  it("a list under 'any of the following' whose items are alternatives", () => {
    const s = build(
      "Entry: buy when the 10 sma crosses above the 40 sma.\nExit the buy when any of the following happens:\n1) the close is below the 40 sma and rsi is below 40\n2) rsi crosses above 80\nStop loss 30 pips",
    );
    expect(shape(s.exit.long)).toEqual({ all: 0, any: [2, 1] });
  });

  it("list items marked '(any of the conditions)' and joined by a trailing 'or'", () => {
    const s = build(
      "Sell rules (all conditions must be met): 1) price under the 100 ema 2) the 10 ema under the 30 ema. Conditions to close the sell: (any of the conditions) 1) price above the 30 ema and the 10 ema above the 30 ema, or 2) price above the 100 ema. Stop 40 pips.",
    );
    expect(shape(s.entry.short)).toEqual({ all: 2, any: [] });
    expect(shape(s.exit.short)).toEqual({ all: 0, any: [2, 1] });
  });

  it("mirrors a sideless grouped exit for the other side", () => {
    const s = build(
      "Buy when the 12 ema crosses above the 26 ema, sell when it crosses below. Exit when either rsi is above 70 and the close is under the 12 ema, or rsi crosses below 50.",
    );
    expect(shape(s.exit.long)).toEqual({ all: 0, any: [2, 1] });
    expect(shape(s.exit.short)).toEqual({ all: 0, any: [2, 1] });
  });
});

describe("plain AND and plain OR are not groups", () => {
  it("'A and B' stays one AND rule", () => {
    const s = build(
      "Buy when the 8 ema is above the 21 ema and rsi is above 50. Stop 20 pips, take profit 40 pips.",
    );
    expect(shape(s.entry.long)).toEqual({ all: 2, any: [] });
  });

  it("'exit when A or B' gives two plain alternatives", () => {
    const s = build("Buy when rsi crosses above 30. Exit when rsi crosses above 75 or crosses below 25.");
    expect(shape(s.exit.long)).toEqual({ all: 0, any: [1, 1] });
  });

  it("'or' between words that are no conditions splits nothing", () => {
    const s = build(
      "On the H1 or H4 chart, buy when the 10 sma is above the 50 sma and rsi is above 55. Stop 30 pips.",
    );
    expect(shape(s.entry.long)).toEqual({ all: 2, any: [] });
  });
});
