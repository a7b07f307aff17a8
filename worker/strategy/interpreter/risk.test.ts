import { describe, expect, it } from "vitest";
import { emptyFacts } from "./facts";
import { normalize } from "./normalize";
import { extractRisk, parseDistance } from "./risk";

describe("risk phrases", () => {
  it.each([
    ["stop 2x atr", { unit: "atr", value: 2, period: null }],
    ["1.5 atr stop", { unit: "atr", value: 1.5, period: null }],
    ["stop at atr(20) x 3", { unit: "atr", value: 3, period: 20 }],
    ["stop loss of 30 pips", { unit: "pips", value: 30 }],
    ["2% stop", { unit: "percent", value: 2 }],
    ["300 points stop", { unit: "points", value: 300 }],
  ])("%s", (text, distance) => {
    const f = emptyFacts();
    extractRisk(normalize(text), f);
    expect(f.stopLoss).toEqual(distance);
  });

  it("reads trailing, break-even, sizing and ratios, and blanks what it used", () => {
    const f = emptyFacts();
    const rest = extractRisk(
      normalize(
        "trail the stop by 20 pips, move stop to break even after 15 pips, risk 1% per trade, 1:2 risk reward",
      ),
      f,
    );
    expect(f.trailing).toEqual({ distance: { unit: "pips", value: 20 }, start: null });
    expect(f.breakEven).toEqual({ trigger: { unit: "pips", value: 15 }, offset: null });
    expect(f.sizing).toEqual({ kind: "risk", percent: 1 });
    expect(f.takeProfit).toEqual({ unit: "rr", value: 2 });
    expect(rest).not.toMatch(/\d/);
  });

  it("parses a distance in either word order", () => {
    expect(parseDistance("atr x 2")).toEqual({ unit: "atr", value: 2, period: null });
    expect(parseDistance("nothing here")).toBeNull();
  });

  it.each([
    ["stop loss and take profit of 25 points", { unit: "points", value: 25 }, { unit: "points", value: 25 }],
    [
      "8 pips for take profit and 40 pips for stop loss",
      { unit: "pips", value: 40 },
      { unit: "pips", value: 8 },
    ],
    ["take profit @ 35 pips; stop loss @ 3 pips", { unit: "pips", value: 3 }, { unit: "pips", value: 35 }],
    ["the stop loss is a fixed 4%", { unit: "percent", value: 4 }, null],
    ["stop loss can be made for 30-40 pips", { unit: "pips", value: 35 }, null],
    ["profit target 60 pips stop loss for buys below the low", null, { unit: "pips", value: 60 }],
    [
      "stop loss 20 pips, profit target with ratio 1:3",
      { unit: "pips", value: 20 },
      { unit: "rr", value: 3 },
    ],
  ])("%s", (text, stop, target) => {
    const f = emptyFacts();
    extractRisk(normalize(text), f);
    expect(f.stopLoss).toEqual(stop);
    expect(f.takeProfit).toEqual(target);
  });

  it("reads a break-even trigger written before the move", () => {
    for (const text of [
      "once 8 pips are won, the sl is moved to break even",
      "when you are up 25 pips or more, then we move the position to breakeven",
    ]) {
      const f = emptyFacts();
      extractRisk(normalize(text), f);
      expect(f.breakEven?.trigger).toEqual({ unit: "pips", value: text.includes("25") ? 25 : 8 });
    }
  });
});
