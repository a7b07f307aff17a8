import { describe, expect, it } from "vitest";
import { checkSpec } from "./check-spec.fixture";
import { emptyFacts } from "./facts";
import { interpret } from "./index";
import {
  MEASURED_TARGET_PHRASINGS,
  STOP_DISTANCE_TARGET_PHRASINGS,
  TARGET_BREAK_EVEN_PHRASINGS,
} from "./measured-phrasings.fixture";
import { normalize } from "./normalize";
import { extractRisk } from "./risk";

// A take profit at a measured distance (measured-targets.ts): the project's wordings
// (measured-phrasings.fixture.ts) as first descriptions, and phrases that must not be read that way.

describe("measured target phrasings", () => {
  for (const c of MEASURED_TARGET_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      expect(r.spec, r.clarifications).not.toBeNull();
      if (!r.spec) return;
      checkSpec(r.spec, c.expect);
      if (c.spec) expect(r.spec).toMatchObject(c.spec);
      expect(r.spec.takeProfit).toBeUndefined();
      if (c.expect.question === false) expect(r.followUpQuestion).toBeNull();
      expect(r.changes.join(" ")).toMatch(/Take profit at .* from entry, measured on the last closed bar/);
    });
  }
});

describe("what is not a measured target", () => {
  const read = (text: string) => {
    const f = emptyFacts();
    extractRisk(normalize(text), f);
    return f;
  };
  it("a target AT the previous candle's high is a level, not a distance", () => {
    expect(read("take profit at the high of the previous candle").targetMeasure).toBeNull();
  });
  it("a stop as far as the candle's range is no target", () => {
    expect(
      read("stop loss at a distance equal to the range of the previous candle").targetMeasure,
    ).toBeNull();
  });
  it("a target in pips or in ATR multiples stays a distance", () => {
    const f = read("take profit 40 pips. stop loss 2 times the atr");
    expect(f.targetMeasure).toBeNull();
    expect(f.takeProfit).toEqual({ unit: "pips", value: 40 });
    expect(read("take profit 3 times the atr(14)").targetMeasure).toBeNull();
  });
  it("the average daily range is an indicator, not yesterday's range", () => {
    expect(read("take profit equal to the average daily range").targetMeasure).toBeNull();
  });
});

describe("a measured target in the chat", () => {
  it("a later target in pips replaces it, and removing the take profit removes it", () => {
    const first = interpret(
      "Buy when the 10 sma crosses above the 20 sma. Take profit equal to the size of the previous candle.",
      null,
    );
    expect(first.spec?.exits?.targetDistance).toBeDefined();
    const pips = interpret("take profit 30 pips", first.spec);
    expect(pips.spec?.exits?.targetDistance).toBeUndefined();
    expect(pips.spec?.takeProfit).toEqual({ unit: "pips", value: 30 });
    const removed = interpret("remove the take profit", first.spec);
    expect(removed.spec?.exits?.targetDistance).toBeUndefined();
  });
});

describe("break-even part of the way to the target", () => {
  for (const c of TARGET_BREAK_EVEN_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      expect(r.spec, r.clarifications).not.toBeNull();
      if (!r.spec) return;
      checkSpec(r.spec, c.expect);
      if (c.spec) expect(r.spec).toMatchObject(c.spec);
      expect(r.spec.breakEven).toBeUndefined();
      if (c.expect.question === false) expect(r.followUpQuestion).toBeNull();
      expect(r.changes.join(" ")).toMatch(/of the way to its take profit/);
    });
  }
  const read = (text: string) => {
    const f = emptyFacts();
    extractRisk(normalize(text), f);
    return f;
  };
  it("a break-even after a distance stays a distance", () => {
    const f = read("move the stop to breakeven after 20 pips. take profit 50 pips");
    expect(f.breakEvenAtTarget).toBeNull();
    expect(f.breakEven?.trigger).toEqual({ unit: "pips", value: 20 });
  });
  it("closing half at the target is no break-even", () => {
    expect(
      read("close half of the position at the take profit and move the stop to breakeven").breakEvenAtTarget,
    ).toBeNull();
  });
  it("'be' as a verb is no break-even", () => {
    expect(read("the target should be at 50% of the take profit distance").breakEvenAtTarget).toBeNull();
  });
  it("without a target the reply says the break-even needs one", () => {
    const r = interpret(
      "Buy when the 10 sma crosses above the 20 sma. Breakeven at 50% of the target.",
      null,
    );
    expect(r.spec?.exits?.breakEvenAtTarget).toBe(0.5);
    expect(r.clarifications).toMatch(/measured on the way to the take profit/);
  });
});

describe("a target as far as the stop", () => {
  for (const c of STOP_DISTANCE_TARGET_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      expect(r.spec, r.clarifications).not.toBeNull();
      if (!r.spec) return;
      checkSpec(r.spec, c.expect);
      if (c.spec) expect(r.spec).toMatchObject(c.spec);
      if (c.expect.question === false) expect(r.followUpQuestion).toBeNull();
    });
  }
  it("a stop's level named in another sense is no target", () => {
    const f = emptyFacts();
    extractRisk(normalize("take profit equal to the stop loss level of the previous trade"), f);
    expect(f.takeProfit).toBeNull();
  });
});
