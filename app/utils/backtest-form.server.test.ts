import { describe, expect, it } from "vitest";
import { BACKTEST_LIMITS } from "../../worker/services/strategies/backtest-request";
import { DESCRIPTION_MAX, defaultFormValues, MAX_CUSTOM_DELAY_MS } from "./backtest-form";
import { parseBacktestForm } from "./backtest-form.server";

const NOW = Date.parse("2026-11-22T06:00:00Z");
const TODAY = "2026-11-22";
const base = (): Record<string, string> => ({ ...defaultFormValues(NOW) });

function errorsOf(overrides: Record<string, string>) {
  const r = parseBacktestForm({ ...base(), ...overrides }, TODAY);
  return r.ok ? {} : r.errors;
}

describe("parseBacktestForm (spec 2 s5)", () => {
  it("accepts the defaults as the service's request", () => {
    const r = parseBacktestForm(base(), TODAY);
    expect(r).toEqual({
      ok: true,
      input: {
        description: "",
        symbol: "EURUSD",
        period: "H1",
        dateStart: "2025-11-22",
        dateEnd: "2026-11-22",
        executionMode: 0,
        model: 0,
        depositAmount: 10000,
        depositCurrency: "USD",
        account: "hedging",
        timeZone: "GMT+2/+3",
        commission: 0,
        swapLong: 0,
        swapShort: 0,
        tripleSwapDay: 3,
        slippage: 0,
        stopsLevel: 0,
      },
    });
  });

  it("answers each bad field with its message", () => {
    expect(errorsOf({ symbol: "NOPE" })).toEqual({ symbol: "Choose a symbol from the list." });
    expect(errorsOf({ period: "H5" })).toEqual({ period: "Choose a period from the list." });
    expect(errorsOf({ account: "exchange" })).toEqual({ account: "Choose an account type from the list." });
    expect(errorsOf({ timeZone: "Mars/Olympus" }).timeZone).toMatch(/^Unknown time zone/);
    expect(errorsOf({ commission: "-1" }).commission).toMatch(/^The commission must be a number from 0/);
    expect(errorsOf({ dateEnd: "2026-11-23" })).toEqual({ dateEnd: "The end date cannot be after today." });
    expect(errorsOf({ dateStart: "2026-02-30" })).toEqual({
      dateStart: "2026-02-30 is not a date in the calendar. Use a date like 2025-01-31.",
    });
    expect(errorsOf({ dateStart: "31/01/2026" })).toEqual({ dateStart: "Use a date like 2025-01-31." });
    expect(errorsOf({ dateStart: "" })).toEqual({ dateStart: "Enter the start date." });
    expect(errorsOf({ dateStart: "2026-06-02", dateEnd: "2026-06-01" })).toEqual({
      dateStart: "The start date must not be after the end date.",
    });
    expect(errorsOf({ depositAmount: "-5" })).toEqual({ depositAmount: "The deposit cannot be negative." });
    expect(errorsOf({ depositAmount: "lots" })).toEqual({ depositAmount: "The deposit must be a number." });
    expect(errorsOf({ depositAmount: "0" })).toEqual({ depositAmount: "The deposit must be more than 0." });
    expect(errorsOf({ depositAmount: "10000000000000" })).toEqual({
      depositAmount: "The deposit cannot be more than 1,000,000,000.",
    });
    expect(errorsOf({ depositAmount: "100.005" })).toEqual({
      depositAmount: "The deposit can have at most 2 decimals.",
    });
    expect(errorsOf({ description: "d".repeat(256) })).toEqual({
      description: "Description must be at most 255 characters.",
    });
    expect(errorsOf({ executionMode: "7" })).toEqual({ executionMode: "Choose a delay from the list." });
    expect(errorsOf({ model: "9" })).toEqual({ model: "Choose a modelling from the list." });
    expect(errorsOf({ depositCurrency: "JPY" })).toEqual({
      depositCurrency: "Choose a deposit currency from the list.",
    });
  });

  it("keeps the dates inside the market data: years 0000, 1900 and 1970 get the date message", () => {
    const before = "The start date cannot be before 1 January 2000: market data starts there.";
    for (const day of ["0000-01-12", "1900-01-01", "1970-01-01", "1999-12-31"])
      expect(errorsOf({ dateStart: day }), day).toEqual({ dateStart: before });
    expect(errorsOf({ dateStart: "1970-01-01", dateEnd: "1980-01-01" })).toEqual({
      dateStart: before,
      dateEnd: "The end date cannot be before 1 January 2000: market data starts there.",
    });
    const ok = parseBacktestForm({ ...base(), dateStart: "2000-01-01", dateEnd: "2000-03-31" }, TODAY);
    expect(ok.ok && ok.input).toMatchObject({ dateStart: "2000-01-01", dateEnd: "2000-03-31" });
  });

  it("shows every bad field at once", () => {
    expect(errorsOf({ symbol: "", dateStart: "2024-02-30", depositAmount: "0" })).toEqual({
      symbol: "Choose a symbol from the list.",
      dateStart: "2024-02-30 is not a date in the calendar. Use a date like 2025-01-31.",
      depositAmount: "The deposit must be more than 0.",
    });
  });

  it("reads the custom delay only when it is chosen, and checks its range", () => {
    expect(errorsOf({ executionMode: "0", customDelay: "junk" })).toEqual({});
    expect(errorsOf({ executionMode: "-2", customDelay: "" })).toEqual({
      customDelay: "Enter the custom delay in milliseconds.",
    });
    const range = "The custom delay must be a whole number of milliseconds from 0 to 600000.";
    expect(errorsOf({ executionMode: "-2", customDelay: "600001" })).toEqual({ customDelay: range });
    expect(errorsOf({ executionMode: "-2", customDelay: "1.5" })).toEqual({ customDelay: range });
    const ok = parseBacktestForm({ ...base(), executionMode: "-2", customDelay: "250" }, TODAY);
    expect(ok.ok && ok.input).toMatchObject({ executionMode: -2, customDelay: 250 });
  });

  it("shows the browser the limits the request's validation applies", () => {
    expect(DESCRIPTION_MAX).toBe(BACKTEST_LIMITS.descriptionMax);
    expect(MAX_CUSTOM_DELAY_MS).toBe(BACKTEST_LIMITS.customDelayMaxMs);
  });
});
