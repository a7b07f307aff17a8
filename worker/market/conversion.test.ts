import { describe, expect, it } from "vitest";
import { conversionPath, conversionRate } from "./conversion";

const prices: Record<string, number> = {
  EURUSD: 1.1,
  USDJPY: 150,
  GBPUSD: 1.25,
  USDRUB: 90,
  EURGBP: 0.88,
  USDCHF: 0.9,
};
const priceOf = (s: string) => prices[s];

describe("conversionRate", () => {
  it("is 1 for the same currency", () => {
    expect(conversionRate("USD", "USD", priceOf)).toBe(1);
    expect(conversionPath("EUR", "EUR")).toEqual([]);
  });

  it("uses a direct pair", () => {
    expect(conversionRate("EUR", "USD", priceOf)).toBe(1.1);
    expect(conversionPath("EUR", "GBP").map((l) => l.symbol.name)).toEqual(["EURGBP"]);
  });

  it("uses the inverse pair", () => {
    expect(conversionRate("JPY", "USD", priceOf)).toBeCloseTo(1 / 150, 12);
    expect(conversionRate("USD", "EUR", priceOf)).toBeCloseTo(1 / 1.1, 12);
  });

  it("goes through USD when no pair links the two (RUB deposit)", () => {
    const legs = conversionPath("CHF", "RUB");
    expect(legs.map((l) => [l.symbol.name, l.inverted])).toEqual([
      ["USDCHF", true],
      ["USDRUB", false],
    ]);
    expect(conversionRate("CHF", "RUB", priceOf)).toBeCloseTo(90 / 0.9, 9);
    expect(conversionRate("AUD", "RUB", (s) => ({ AUDUSD: 0.65, USDRUB: 90 })[s])).toBeCloseTo(0.65 * 90, 9);
    // RUBJPY exists in the catalogue, so JPY -> RUB is one inverted leg.
    expect(conversionPath("JPY", "RUB").map((l) => [l.symbol.name, l.inverted])).toEqual([["RUBJPY", true]]);
  });

  it("falls back to the catalogue level when a price is missing", () => {
    expect(conversionRate("EUR", "USD", () => undefined)).toBe(1.085);
    expect(conversionRate("EUR", "USD", () => Number.NaN)).toBe(1.085);
  });

  it("refuses unknown currencies", () => {
    expect(() => conversionRate("XAU", "USD")).toThrow(/No catalogue pairs/);
  });
});
