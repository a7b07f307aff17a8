import { describe, expect, it } from "vitest";
import { divRoundHalfUp, formatMoney, isCurrency, roundToUnit } from "./money";

describe("formatMoney (spec 1: symbols, 0 decimals)", () => {
  it.each([
    [2_500, "USD", "$25"],
    [2_500, "EUR", "€25"],
    [2_000, "GBP", "£20"],
    [1_999, "USD", "$20"],
    [1_949, "USD", "$19"],
    [150, "USD", "$2"],
    [149, "USD", "$1"],
    [0, "GBP", "£0"],
    [123_456_700, "USD", "$1,234,567"],
    [100_000, "EUR", "€1,000"],
    [99_900, "EUR", "€999"],
    [-500, "USD", "-$5"],
    [-40, "USD", "$0"],
    [1_200, "CHF", "CHF 12"],
    [1_200, "usd", "$12"],
  ])("%i minor %s -> %s", (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it("rejects fractional minor units", () => {
    expect(() => formatMoney(12.5, "USD")).toThrow(RangeError);
  });
});

describe("integer rounding", () => {
  it("rounds half up exactly", () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(4, 3)).toBe(1);
    expect(divRoundHalfUp(5, 3)).toBe(2);
    expect(divRoundHalfUp(0, 7)).toBe(0);
    expect(roundToUnit(1_250, 100)).toBe(1_300);
    expect(roundToUnit(1_249, 100)).toBe(1_200);
  });

  it("rejects a zero denominator and negative numerators", () => {
    expect(() => divRoundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => divRoundHalfUp(-1, 2)).toThrow(RangeError);
  });

  it("knows the three currencies only", () => {
    expect(isCurrency("USD") && isCurrency("EUR") && isCurrency("GBP")).toBe(true);
    expect(isCurrency("JPY")).toBe(false);
  });
});
