import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../worker/strategy/spec";
import { compareEntry, compareExit } from "./fields";
import { parseRule, showRule } from "./phrase";

// OR of AND groups (issue 15): "(A AND B) OR C" is read structurally and compared with v2's allOf groups.

const show = (s: string) => {
  const r = parseRule(s);
  return r.ok ? showRule(r.value) : `!${r.why}`;
};

function spec(doc: Record<string, unknown>): StrategySpec {
  const r = parseSpec({ specVersion: 2, timeframe: "H1", ...doc });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}
const INDICATORS = [
  { id: "ema20", kind: "EMA", period: 20 },
  { id: "ema100", kind: "EMA", period: 100 },
  { id: "rsi", kind: "RSI", period: 14 },
];
const close = { type: "price", field: "CLOSE", shift: 0 };
const ind = (ref: string) => ({ type: "indicator", ref, shift: 0 });
const A = { type: "greaterThan", left: close, right: ind("ema20") };
const B = { type: "greaterThan", left: ind("rsi"), right: { type: "constant", value: 55 } };
const C = { type: "greaterThan", left: close, right: ind("ema100") };
const longOnly = (rule: Record<string, unknown>) =>
  spec({ direction: "long", indicators: INDICATORS, entry: { long: rule } });
const PHRASE = "(close > EMA(20) AND RSI(14) > 55) OR close > EMA(100)";

describe("OR of AND groups in rule phrases", () => {
  it("reads the groups, bracketed or inside an AND", () => {
    expect(show(PHRASE)).toBe("(close > EMA(100) OR (close > EMA(20) AND RSI(14) > 55))");
    expect(show("close > EMA(100) OR (close > EMA(20) AND RSI(14) > 55)")).toBe(
      "(close > EMA(100) OR (close > EMA(20) AND RSI(14) > 55))",
    );
    expect(show("RSI(14) < 70 AND ((close > EMA(20) AND RSI(14) > 55) OR close > EMA(100))")).toBe(
      "RSI(14) < 70 AND (close > EMA(100) OR (close > EMA(20) AND RSI(14) > 55))",
    );
  });

  it("a spec with the same groups passes; another grouping of the same atoms fails", () => {
    expect(
      compareEntry(PHRASE, longOnly({ any: [{ type: "allOf", conditions: [A, B] }, C] }), "long", {}),
    ).toBeNull();
    // Group members and alternatives in another order say the same.
    expect(
      compareEntry(PHRASE, longOnly({ any: [C, { type: "allOf", conditions: [B, A] }] }), "long", {}),
    ).toBeNull();
    // A AND (B OR C): a different rule.
    expect(compareEntry(PHRASE, longOnly({ all: [A], any: [B, C] }), "long", {})).toMatch(/expected/);
    // All three ORed, or all three ANDed: different rules.
    expect(compareEntry(PHRASE, longOnly({ any: [A, B, C] }), "long", {})).toMatch(/expected/);
    expect(compareEntry(PHRASE, longOnly({ all: [A, B, C] }), "long", {})).toMatch(/expected/);
  });

  it("a distributed form says the same: X AND (A OR C) is (X AND A) OR (X AND C)", () => {
    const phrase = "RSI(14) > 55 AND (close > EMA(20) OR close > EMA(100))";
    const distributed = longOnly({
      any: [
        { type: "allOf", conditions: [B, A] },
        { type: "allOf", conditions: [B, C] },
      ],
    });
    expect(compareEntry(phrase, distributed, "long", {})).toBeNull();
    // (X AND A) OR C is not X AND (A OR C).
    expect(
      compareEntry(phrase, longOnly({ any: [{ type: "allOf", conditions: [B, A] }, C] }), "long", {}),
    ).toMatch(/expected/);
  });

  it("an exit per side with a group is compared for that side", () => {
    const phrase = `close long when ${PHRASE}`;
    const s = (exit: Record<string, unknown>) =>
      spec({
        direction: "long",
        indicators: INDICATORS,
        entry: { long: { all: [{ ...A, type: "lessThan" }] } },
        exit: { long: exit },
      });
    expect(compareExit(phrase, s({ any: [{ type: "allOf", conditions: [A, B] }, C] }))).toBeNull();
    expect(compareExit(phrase, s({ all: [C], any: [A, B] }))).toMatch(/expected/);
  });

  it("separate exits listed with ';' are alternatives, a group among them kept together", () => {
    const phrase = "close > EMA(20) AND RSI(14) > 55; close > EMA(100)";
    const s = (exit: Record<string, unknown>) =>
      spec({
        direction: "long",
        indicators: INDICATORS,
        entry: { long: { all: [{ ...A, type: "lessThan" }] } },
        exit: { long: exit },
      });
    expect(compareExit(phrase, s({ any: [{ type: "allOf", conditions: [A, B] }, C] }))).toBeNull();
    expect(compareExit(phrase, s({ any: [A, B, C] }))).toMatch(/expected/);
  });
});
