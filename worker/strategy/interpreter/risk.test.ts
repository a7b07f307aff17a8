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
});
