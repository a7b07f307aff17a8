import { describe, expect, it } from "vitest";
import { defaultFormValues } from "./backtest-form";
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
      },
    });
  });

  it("answers each bad field with its message", () => {
    expect(errorsOf({ symbol: "NOPE" })).toEqual({ symbol: "Choose a symbol from the list." });
    expect(errorsOf({ period: "H5" })).toEqual({ period: "Choose a period from the list." });
    expect(errorsOf({ dateEnd: "2026-11-23" })).toEqual({ dateEnd: "The end date cannot be after today." });
    expect(errorsOf({ dateStart: "2026-02-30" })).toEqual({ dateStart: "Use a date like 2025-01-31." });
    expect(errorsOf({ dateStart: "" })).toEqual({ dateStart: "Enter the start date." });
    expect(errorsOf({ dateStart: "2026-06-02", dateEnd: "2026-06-01" })).toEqual({
      dateStart: "The start date must not be after the end date.",
    });
    expect(errorsOf({ depositAmount: "-5" })).toEqual({ depositAmount: "The deposit cannot be negative." });
    expect(errorsOf({ depositAmount: "lots" })).toEqual({ depositAmount: "The deposit must be a number." });
    expect(errorsOf({ description: "d".repeat(256) })).toEqual({
      description: "Description must be at most 255 characters.",
    });
    expect(errorsOf({ executionMode: "7" })).toEqual({ executionMode: "Choose a delay from the list." });
    expect(errorsOf({ model: "9" })).toEqual({ model: "Choose a modelling from the list." });
    expect(errorsOf({ depositCurrency: "JPY" })).toEqual({
      depositCurrency: "Choose a deposit currency from the list.",
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
});
