import { describe, expect, it } from "vitest";
import { checkSpec } from "./check-spec.fixture";
import { emptyFacts } from "./facts";
import { interpret } from "./index";
import { normalize } from "./normalize";
import { extractRisk } from "./risk";
import { SWING_PHRASINGS } from "./swing-phrasings.fixture";

// Stops at a swing level and at the signal pattern's extreme (swing-stops.ts): the project's wordings
// (swing-phrasings.fixture.ts) as first descriptions, and phrases that must not be read as a swing.

describe("swing stop phrasings", () => {
  for (const c of SWING_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      expect(r.spec, r.clarifications).not.toBeNull();
      if (!r.spec) return;
      checkSpec(r.spec, c.expect);
      if (c.spec) expect(r.spec).toMatchObject(c.spec);
      if (c.expect.question === false) expect(r.followUpQuestion).toBeNull();
    });
  }
});

describe("what is not a swing stop", () => {
  const read = (text: string) => {
    const f = emptyFacts();
    extractRisk(normalize(text), f);
    return f;
  };
  it("a distance stop beside a target at the swing high stays a distance", () => {
    const f = read("stop loss 25 pips. take profit at the recent swing high.");
    expect(f.sideStops).toBeNull();
    expect(f.stopLoss).toEqual({ unit: "pips", value: 25 });
  });
  it("the previous candle's low is the candle, not a swing", () => {
    const f = read("stop loss 1 pip below the low of the previous candle");
    const long = f.sideStops?.long;
    expect(
      long?.type === "operand" && long.operand.type === "level" ? long.operand.spec.type : null,
    ).not.toBe("swing");
  });
  it("a trailing stop behind the swings is no initial stop at the swing", () => {
    expect(read("trailing stop behind the last swing low").sideStops).toBeNull();
  });
  it("an exit when price closes below the swing low is no stop order", () => {
    expect(read("stop loss if the price closes below the recent swing low").sideStops).toBeNull();
  });
});

describe("swings without a definite level", () => {
  it("trading at swing lows in general is asked about, not built", () => {
    const r = interpret("Buy at swing lows in an uptrend.", null);
    expect(r.spec).toBeNull();
    expect(r.followUpQuestion).toMatch(/support\/resistance/);
  });
});
