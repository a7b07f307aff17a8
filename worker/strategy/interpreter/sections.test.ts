import { describe, expect, it } from "vitest";
import { labelRole, sectionize, splitNumbered } from "./sections";

describe("sections", () => {
  it.each([
    ["conditions for opening long positions", "buy when"],
    ["when to sell", "sell when"],
    ["short setup", "sell when"],
    ["exit the long when", "exit long when"],
    ["when to exit", "exit when"],
    ["stop loss", null],
    ["time frame", null],
    ["trigger", "other"],
    ["a label far too long to be any heading of the rules at all", "other"],
  ])("label %s → %s", (label, role) => {
    expect(labelRole(label)).toBe(role);
  });

  it("gives every sentence under a label heading the heading's side", () => {
    const out = sectionize(
      "d1 chart. conditions for opening long positions: the histogram is positive. +di is above -di. conditions for opening short positions: the histogram is negative. exit point: the rsi crosses 50",
    ).split("\n");
    expect(out).toContain("buy when the histogram is positive");
    expect(out).toContain("buy when +di is above -di.");
    expect(out).toContain("sell when the histogram is negative.");
    expect(out).toContain("exit when the rsi crosses 50");
  });

  it("keeps a settings label as written and ends the rules above it", () => {
    const out = sectionize("long entry: rsi below 30. stop loss: 20 pips").split("\n");
    expect(out).toEqual(["buy when rsi below 30.", "stop loss: 20 pips"]);
  });

  it("splits ordered numbered items, also a list cut by an omission, but not decimals", () => {
    expect(splitNumbered("buy when: 1. a crosses b 2. c above 20 3. d above 25").split("\n")).toEqual([
      "buy when: ",
      "a crosses b ",
      "c above 20 ",
      "d above 25",
    ]);
    expect(splitNumbered("rules. 2. keep k above d 3. enter when a crosses b")).toBe(
      "rules. \nkeep k above d \nenter when a crosses b",
    );
    expect(splitNumbered("stop and target at a ratio of 1:1.5. use it on h1")).toBe(
      "stop and target at a ratio of 1:1.5. use it on h1",
    );
  });
});
