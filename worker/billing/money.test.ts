import { describe, expect, it } from "vitest";
import { divRoundHalfUp, formatMoney, isCurrency, MINOR_PER_MAJOR, roundToUnit } from "./money";

describe("formatMoney (spec 1: symbols, 0 decimals)", () => {
  it.each([
    [25, "USD", "$25"],
    [25, "EUR", "€25"],
    [20, "GBP", "£20"],
    [19.99, "USD", "$20"],
    [19.49, "USD", "$19"],
    [1.5, "USD", "$2"],
    [1.49, "USD", "$1"],
    [0, "GBP", "£0"],
    [1_234_567, "USD", "$1,234,567"],
    [1_234_567.89, "GBP", "£1,234,568"],
    [1_000, "EUR", "€1,000"],
    [999, "EUR", "€999"],
    [-5, "USD", "-$5"],
    [-1_234.5, "USD", "-$1,235"],
    [-0.4, "USD", "$0"],
    [12, "CHF", "CHF 12"],
    [1_200, "CHF", "CHF 1,200"],
    [12, "usd", "$12"],
  ])("%d %s -> %s", (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it("shows a missing amount as '-'", () => {
    expect(formatMoney(null, "USD")).toBe("-");
    expect(formatMoney(undefined, "USD")).toBe("-");
    expect(formatMoney(Number.NaN, "USD")).toBe("-");
  });

  it("prints a ledger amount in minor units once divided", () => {
    expect(formatMoney(2_500 / MINOR_PER_MAJOR, "USD")).toBe("$25");
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
