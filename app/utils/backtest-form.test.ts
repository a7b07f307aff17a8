import { describe, expect, it } from "vitest";
import { defaultDateRange, defaultFormValues, postedValues } from "./backtest-form";

const at = (iso: string) => Date.parse(iso);

describe("backtest form defaults (spec 2 s9)", () => {
  it("runs from 12 months back to today", () => {
    expect(defaultDateRange(at("2026-11-22T06:40:00Z"))).toEqual({
      dateStart: "2025-11-22",
      dateEnd: "2026-11-22",
    });
  });

  it("takes the month's last day when the day does not exist a year back", () => {
    expect(defaultDateRange(at("2028-02-29T23:59:00Z"))).toEqual({
      dateStart: "2027-02-28",
      dateEnd: "2028-02-29",
    });
  });

  it("defaults to EURUSD, H1, zero latency, every tick, 10000 USD", () => {
    const v = defaultFormValues(at("2026-01-15T00:00:00Z"));
    expect(v).toMatchObject({
      symbol: "EURUSD",
      period: "H1",
      executionMode: "0",
      model: "0",
      depositAmount: "10000",
      depositCurrency: "USD",
      description: "",
      dateStart: "2025-01-15",
      dateEnd: "2026-01-15",
    });
  });

  it("keeps a failed post's values and ignores unknown fields", () => {
    const fallback = defaultFormValues(at("2026-01-15T00:00:00Z"));
    const v = postedValues({ symbol: "GBPUSD", description: "x", intent: "create" }, fallback);
    expect(v.symbol).toBe("GBPUSD");
    expect(v.description).toBe("x");
    expect(v.period).toBe("H1");
    expect(v).not.toHaveProperty("intent");
  });
});
