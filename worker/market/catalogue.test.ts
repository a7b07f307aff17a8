import { describe, expect, it } from "vitest";
import { CURRENCIES, DEFAULT_SYMBOL, findSymbol, getSymbol, SYMBOLS } from "./catalogue";
import { MarketError } from "./errors";

describe("catalogue", () => {
  it("has about 130 unique pairs with EURUSD as default", () => {
    expect(SYMBOLS.length).toBeGreaterThanOrEqual(125);
    expect(SYMBOLS.length).toBeLessThanOrEqual(135);
    expect(new Set(SYMBOLS.map((s) => s.name)).size).toBe(SYMBOLS.length);
    expect(DEFAULT_SYMBOL).toBe("EURUSD");
    expect(SYMBOLS[0].name).toBe("EURUSD");
  });

  it("groups majors, minors and exotics", () => {
    expect(
      SYMBOLS.filter((s) => s.group === "major")
        .map((s) => s.name)
        .sort(),
    ).toEqual(["AUDUSD", "EURUSD", "GBPUSD", "NZDUSD", "USDCAD", "USDCHF", "USDJPY"]);
    expect(SYMBOLS.filter((s) => s.group === "minor")).toHaveLength(21);
    expect(getSymbol("USDTRY").group).toBe("exotic");
  });

  it("describes each pair consistently", () => {
    for (const s of SYMBOLS) {
      expect(s.name).toBe(`${s.base}${s.quote}`);
      expect(CURRENCIES[s.base]).toBeDefined();
      expect(CURRENCIES[s.quote]).toBeDefined();
      expect(s.contractSize).toBe(100_000);
      expect(s.point).toBe(Number((10 ** -s.digits).toFixed(s.digits)));
      expect(s.spread).toBeGreaterThanOrEqual(1);
      expect(s.typicalPrice).toBeGreaterThan(0);
      expect(s.description).toMatch(/ vs /);
    }
  });

  it("has realistic digits and levels", () => {
    expect(getSymbol("EURUSD")).toMatchObject({
      digits: 5,
      point: 0.00001,
      description: "Euro vs US Dollar",
    });
    expect(getSymbol("USDJPY")).toMatchObject({ digits: 3, point: 0.001 });
    expect(getSymbol("EURJPY").digits).toBe(3);
    expect(getSymbol("USDHUF").digits).toBe(3);
    expect(getSymbol("EURUSD").typicalPrice).toBeGreaterThan(1);
    expect(getSymbol("EURUSD").typicalPrice).toBeLessThan(1.3);
    expect(getSymbol("USDJPY").typicalPrice).toBeGreaterThan(100);
    expect(getSymbol("EURUSD").spread).toBeLessThan(getSymbol("USDTRY").spread);
  });

  it("reaches every deposit currency (USD, EUR, GBP, CHF, RUB)", () => {
    for (const name of ["USDRUB", "EURRUB", "USDCHF", "EURGBP", "GBPUSD"])
      expect(findSymbol(name)).toBeDefined();
  });

  it("looks names up case-insensitively and explains unknown ones", () => {
    expect(getSymbol("eurusd").name).toBe("EURUSD");
    expect(getSymbol("EUR/USD").name).toBe("EURUSD");
    expect(findSymbol("XAUUSD")).toBeUndefined();
    expect(() => getSymbol("XAUUSD")).toThrow(MarketError);
  });
});
