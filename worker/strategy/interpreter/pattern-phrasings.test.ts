import { describe, expect, it } from "vitest";
import type { Rule } from "../spec";
import { checkSpec } from "./check-spec.fixture";
import { interpret } from "./index";
import { notation } from "./notation";
import { PATTERN_PHRASINGS } from "./pattern-phrasings.fixture";

describe("candle pattern phrasings", () => {
  for (const c of PATTERN_PHRASINGS) {
    it(c.name, () => {
      for (const [i, turn] of c.turns.entries()) {
        const r = interpret(turn.say, null);
        const where = `turn ${i + 1}: "${turn.say}"\nreply: ${r.clarifications}\nspec: ${JSON.stringify(r.spec)}`;
        try {
          const q = turn.expect.question;
          if (q instanceof RegExp) expect(r.followUpQuestion ?? "").toMatch(q);
          else checkSpec(r.spec, turn.expect);
          if (q === false) expect(r.followUpQuestion).toBeNull();
        } catch (err) {
          throw new Error(`${where}\n${err instanceof Error ? err.message : String(err)}`);
        }
      }
    });
  }
});

const show = (r: Rule | undefined) => (r ? { all: r.all.map(notation), any: r.any.map(notation) } : null);

describe("candle patterns joined by 'or'", () => {
  it("reads two patterns as alternatives, each with the rest of the clause, mirrored for sells", () => {
    const r = interpret(
      "Go long when a hammer or a bullish engulfing candle prints above the 50 ema, sell on the reverse. Stop 20 pips target 40 pips",
      null,
    );
    expect(r.followUpQuestion).toBeNull();
    expect(show(r.spec?.entry.long)).toEqual({
      all: [],
      any: ["(bullishPinBar & close > ema50)", "(bullishEngulfing & close > ema50)"],
    });
    expect(show(r.spec?.entry.short)).toEqual({
      all: [],
      any: ["(bearishPinBar & close < ema50)", "(bearishEngulfing & close < ema50)"],
    });
  });

  it("closes a one-sided system of alternatives when any of them turns round", () => {
    const r = interpret("Buy on an inside bar breakout or a pin bar. Stop 20 pips.", null);
    expect(r.followUpQuestion).toBeNull();
    expect(show(r.spec?.entry.long)?.any).toEqual(["(insideBar[1] & close > high[1])", "bullishPinBar"]);
    expect(show(r.spec?.exit.long)?.any).toEqual(["(insideBar[1] & close < low[1])", "bearishPinBar"]);
  });

  it("keeps 'and' between patterns as both", () => {
    const r = interpret(
      "Buy when the previous candle is an inside bar and a bullish pin bar forms. Stop 20 pips, target 40 pips.",
      null,
    );
    expect(show(r.spec?.entry.long)).toEqual({ all: ["insideBar[1]", "bullishPinBar"], any: [] });
  });
});
