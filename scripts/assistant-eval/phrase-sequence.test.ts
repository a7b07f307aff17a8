import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../worker/strategy/spec";
import { compareEntry } from "./fields";
import { parseRule, showRule } from "./phrase";

// Sequences in annotation phrases (phrase-sequence.ts) against v2 `within` windows: the same steps in the same
// places match, any window length unless the phrase gives one; a different meaning fails.

function spec(doc: Record<string, unknown>): StrategySpec {
  const r = parseSpec({ specVersion: 2, timeframe: "H1", direction: "long", ...doc });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}
const ind = (ref: string, line?: string) => ({ type: "indicator", ref, ...(line ? { line } : {}) });
const k = (value: number) => ({ type: "constant", value });
const px = (field: string) => ({ type: "price", field });
const INDICATORS = [
  { id: "fast", kind: "EMA", period: 8 },
  { id: "slow", kind: "EMA", period: 34 },
  { id: "rsi", kind: "RSI", period: 10 },
  { id: "adx", kind: "ADX", period: 14 },
];
const cross = { type: "crossesAbove", left: ind("fast"), right: ind("slow") };
const strong = { type: "greaterThan", left: ind("adx"), right: k(25) };
const touch = { type: "lessThan", left: px("LOW"), right: ind("fast") };
const long = (all: unknown[]) => spec({ indicators: INDICATORS, entry: { long: { all } } });
const within = (all: unknown[], bars = 10) => ({ type: "within", bars, all });

const PHRASE = "EMA(8) crosses above EMA(34) AND ADX(14) > 25, then price pulls back to touch EMA(8)";

describe("sequence phrases of the annotations", () => {
  it("reads the steps before the last as a window, the last on the signal bar", () => {
    const r = parseRule("RSI(10) < 25, followed by RSI(10) crosses above 25");
    expect(r.ok && showRule(r.value)).toBe("within N bars (RSI(10) < 25) AND RSI(10) crosses above 25");
    const n = parseRule("EMA(8) crosses above EMA(34), then within 4 bars close > open");
    expect(n.ok && showRule(n.value)).toBe("within 4 bars (EMA(8) crosses above EMA(34)) AND close > open");
  });

  it("matches the window with any length, the setup's states inside it or on the signal bar", () => {
    expect(compareEntry(PHRASE, long([within([cross, strong]), touch]), "long", {})).toBeNull();
    expect(compareEntry(PHRASE, long([within([cross, strong], 3), touch]), "long", {})).toBeNull();
    expect(compareEntry(PHRASE, long([within([cross]), strong, touch]), "long", {})).toBeNull();
  });

  it("fails when the event leaves the window, the trigger enters it, or there is no window", () => {
    // The cross on the signal bar itself: every condition at once, not a sequence.
    expect(compareEntry(PHRASE, long([cross, strong, touch]), "long", {})).toMatch(/expected within/);
    expect(compareEntry(PHRASE, long([within([strong]), cross, touch]), "long", {})).toMatch(/expected/);
    expect(compareEntry(PHRASE, long([within([cross, strong, touch])]), "long", {})).toMatch(/expected/);
    // The touch from the other side (a rally to the line) is another trigger.
    const rally = { type: "greaterThan", left: px("HIGH"), right: ind("fast") };
    expect(compareEntry(PHRASE, long([within([cross, strong]), rally]), "long", {})).toMatch(/expected/);
  });

  it("a length the phrase gives must be the window's", () => {
    const phrase = "RSI(10) < 25, then within 4 bars RSI(10) crosses above 25";
    const below = { type: "lessThan", left: ind("rsi"), right: k(25) };
    const up = { type: "crossesAbove", left: ind("rsi"), right: k(25) };
    expect(compareEntry(phrase, long([within([below], 4), up]), "long", {})).toBeNull();
    expect(compareEntry(phrase, long([within([below], 10), up]), "long", {})).toMatch(/expected within 4/);
  });

  it("a trigger with no subject speaks of the first step's; a dip inside a window is a cross or a close beyond", () => {
    const phrase = "close at/below lower BANDS(20,2) AND RSI(10) < 25, then returns above the lower band";
    const bands = [...INDICATORS, { id: "bb", kind: "BOLLINGER", period: 20, deviation: 2 }];
    const lower = ind("bb", "lower");
    const s = spec({
      indicators: bands,
      entry: {
        long: {
          all: [
            within([
              { type: "lessThan", left: px("CLOSE"), right: lower },
              { type: "lessThan", left: ind("rsi"), right: k(25) },
            ]),
            { type: "crossesAbove", left: px("CLOSE"), right: lower },
          ],
        },
      },
    });
    expect(compareEntry(phrase, s, "long", {})).toBeNull();
    const dip = "RSI(10) dipped below 25, then close > open";
    const bull = { type: "greaterThan", left: px("CLOSE"), right: px("OPEN") };
    const crossDown = { type: "crossesBelow", left: ind("rsi"), right: k(25) };
    expect(compareEntry(dip, long([within([crossDown]), bull]), "long", {})).toBeNull();
    expect(
      compareEntry(dip, long([within([{ ...crossDown, type: "crossesAbove" }]), bull]), "long", {}),
    ).toMatch(/expected/);
  });
});
