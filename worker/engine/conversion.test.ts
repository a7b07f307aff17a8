import { describe, expect, it } from "vitest";
import { getSymbol } from "../market/catalogue";
import { Converter } from "./conversion";

describe("Converter (deposit USD)", () => {
  it("EURUSD: profit is already USD; margin EUR -> USD at the symbol's own bid", () => {
    const c = new Converter(getSymbol("EURUSD"), "USD", undefined);
    expect(c.profitRate(0, 1.2)).toBe(1);
    expect(c.marginRate(0, 1.2)).toBe(1.2);
  });

  it("USDJPY: a JPY profit is divided by USDJPY; margin is already USD", () => {
    const c = new Converter(getSymbol("USDJPY"), "USD", undefined);
    // 1 lot from 110.00 to 111.00 = 100,000 JPY = 100,000 / 111 USD.
    expect(100_000 * c.profitRate(0, 111)).toBeCloseTo(900.9009009, 6);
    expect(c.marginRate(0, 111)).toBe(1);
  });

  it("EURGBP: a GBP profit times GBPUSD; a EUR margin times EURUSD, read at the deal time", () => {
    const seen: string[] = [];
    const rates = (pair: string, time: number) => {
      seen.push(`${pair}@${time}`);
      if (pair === "GBPUSD") return time < 60_000 ? 1.3 : 1.25;
      if (pair === "EURUSD") return 1.12;
      return undefined;
    };
    const c = new Converter(getSymbol("EURGBP"), "USD", rates);
    expect(1000 * c.profitRate(0, 0.86)).toBeCloseTo(1300, 9);
    expect(1000 * c.marginRate(0, 0.86)).toBeCloseTo(1120, 9);
    // Cached within the minute, refreshed after it.
    expect(c.profitRate(30_000, 0.86)).toBe(1.3);
    expect(c.profitRate(60_000, 0.86)).toBe(1.25);
    expect(seen).toEqual(["GBPUSD@0", "EURUSD@0", "GBPUSD@60000"]);
    expect(c.fallbacks.size).toBe(0);
  });

  it("a missing cross rate falls back to the catalogue level and is recorded", () => {
    const c = new Converter(getSymbol("EURGBP"), "USD", undefined);
    expect(c.profitRate(0, 0.86)).toBe(getSymbol("GBPUSD").typicalPrice);
    expect([...c.fallbacks]).toEqual(["GBPUSD"]);
  });
});
