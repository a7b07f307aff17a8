import { describe, expect, it } from "vitest";
import { parseNumber, replaceNumberWords, wordsToNumber } from "./numbers";

describe("wordsToNumber", () => {
  it.each([
    [["fifty"], 50],
    [["twenty", "one"], 21],
    [["one", "hundred", "and", "twenty"], 120],
    [["two", "hundred"], 200],
    [["one", "hundred", "twenty", "one"], 121],
    [["two", "thousand"], 2000],
    [["zero"], 0],
  ])("%j → %d", (words, value) => {
    expect(wordsToNumber(words)).toBe(value);
  });

  it.each([[["five", "six"]], [["ten", "five"]], [["twenty", "twenty"]], [["moving"]], [[]]])(
    "rejects %j",
    (words) => {
      expect(wordsToNumber(words)).toBeNull();
    },
  );
});

describe("replaceNumberWords", () => {
  it.each([
    ["the fifty ema", "the 50 ema"],
    ["twenty-one period", "21 period"],
    ["one hundred and twenty ma", "120 ma"],
    ["risk one and a half percent", "risk 1.5 percent"],
    ["risk half a percent", "risk 0.5 percent"],
    ["stop at double the atr", "stop at 2 atr"],
    ["five six", "5 6"],
    ["thirty pips and sixty pips", "30 pips and 60 pips"],
  ])("%s → %s", (input, output) => {
    expect(replaceNumberWords(input)).toBe(output);
  });
});

describe("parseNumber", () => {
  it("reads decimals, signs and decimal commas", () => {
    expect(parseNumber("1.5")).toBe(1.5);
    expect(parseNumber("-100")).toBe(-100);
    expect(parseNumber("0,5")).toBe(0.5);
    expect(parseNumber("abc")).toBeNull();
  });
});
