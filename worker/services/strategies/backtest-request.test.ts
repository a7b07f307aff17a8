import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BACKTEST_MESSAGES,
  backtestRequestSchema,
  readBacktestRequest,
  storedInputsSchema,
} from "./backtest-request";

const TODAY = "2026-11-22";
const request = {
  symbol: "eurusd",
  period: "h1",
  dateStart: "2025-01-01",
  dateEnd: "2025-06-30",
  executionMode: 0,
  model: 2,
  depositAmount: 10000,
  depositCurrency: "USD",
};

describe("the backtest request as the JSON API sends it", () => {
  it("accepts numbers or digits, upper-cases names and drops a time after the day", () => {
    const r = readBacktestRequest(
      { ...request, dateStart: "2025-01-01T00:00:00Z", depositAmount: "2500.50", model: "3" },
      TODAY,
    );
    expect(r).toEqual({
      ok: true,
      value: {
        description: "",
        symbol: "EURUSD",
        period: "H1",
        dateStart: "2025-01-01",
        dateEnd: "2025-06-30",
        executionMode: 0,
        model: 3,
        depositAmount: 2500.5,
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

  it("reads the broker's stops level in whole points (0 when absent) and refuses anything else", () => {
    const read = (extra: Record<string, unknown>) => readBacktestRequest({ ...request, ...extra }, TODAY);
    expect(read({ stopsLevel: "30" })).toMatchObject({ ok: true, value: { stopsLevel: 30 } });
    expect(read({ stopsLevel: "" })).toMatchObject({ ok: true, value: { stopsLevel: 0 } });
    for (const v of ["-1", "2.5", "abc", 10_001])
      expect(read({ stopsLevel: v }), String(v)).toEqual({
        ok: false,
        errors: { stopsLevel: BACKTEST_MESSAGES.stopsLevel },
      });
  });

  it("reads server time and costs: defaults, any IANA zone, numbers as typed; refuses the rest by field", () => {
    const read = (extra: Record<string, unknown>) => readBacktestRequest({ ...request, ...extra }, TODAY);
    const ok = read({
      timeZone: "europe/london",
      commission: "3.5",
      swapLong: "-6.3",
      swapShort: 1.2,
      tripleSwapDay: "5",
      slippage: "2",
    });
    expect(ok.ok && ok.value).toMatchObject({
      timeZone: "Europe/London",
      commission: 3.5,
      swapLong: -6.3,
      swapShort: 1.2,
      tripleSwapDay: 5,
      slippage: 2,
    });
    expect((read({ timeZone: "UTC" }) as { value: { timeZone: string } }).value.timeZone).toBe("UTC");
    const badOnes = read({
      timeZone: "Mars/Olympus",
      commission: "-1",
      swapLong: "abc",
      swapShort: "1e9",
      tripleSwapDay: "8",
      slippage: "1.5",
    });
    expect(badOnes).toEqual({
      ok: false,
      errors: {
        timeZone: BACKTEST_MESSAGES.timeZone,
        commission: BACKTEST_MESSAGES.commission,
        swapLong: BACKTEST_MESSAGES.swap("long"),
        swapShort: BACKTEST_MESSAGES.swap("short"),
        tripleSwapDay: BACKTEST_MESSAGES.tripleSwapDay,
        slippage: BACKTEST_MESSAGES.slippage,
      },
    });
  });

  it("reads the account type: hedging when absent or empty, netting in any case, anything else refused", () => {
    const account = (v: unknown) => {
      const r = readBacktestRequest({ ...request, account: v }, TODAY);
      return r.ok ? r.value.account : r.errors;
    };
    expect(account(undefined)).toBe("hedging");
    expect(account("")).toBe("hedging");
    expect(account("netting")).toBe("netting");
    expect(account("Netting")).toBe("netting");
    expect(account("hedging")).toBe("hedging");
    for (const v of ["exchange", 1, true, ["netting"]])
      expect(account(v), JSON.stringify(v)).toEqual({ account: "Choose an account type from the list." });
  });

  it("stored inputs written before the account setting read as hedging", () => {
    const { account: _, ...old } = { ...request, account: "netting" };
    expect(storedInputsSchema.parse(old).account).toBe("hedging");
    expect(storedInputsSchema.parse({ ...request, account: "netting" }).account).toBe("netting");
    expect(storedInputsSchema.safeParse({ ...request, account: "exchange" }).success).toBe(false);
  });

  it("answers wrong types and limits with readable messages, never a library's", () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ depositAmount: 1e12 }, { depositAmount: "The deposit cannot be more than 1,000,000,000." }],
      [{ depositAmount: 0 }, { depositAmount: "The deposit must be more than 0." }],
      [{ depositAmount: -1 }, { depositAmount: "The deposit cannot be negative." }],
      [{ depositAmount: true }, { depositAmount: "The deposit must be a number." }],
      [{ symbol: 5 }, { symbol: "Choose a symbol from the list." }],
      [{ period: ["H1"] }, { period: "Choose a period from the list." }],
      [{ executionMode: 3 }, { executionMode: "Choose a delay from the list." }],
      [{ executionMode: -2 }, { customDelay: "Enter the custom delay in milliseconds." }],
      [{ model: 1.5 }, { model: "Choose a modelling from the list." }],
      [{ description: 7 }, { description: "The description must be text." }],
      [{ dateEnd: 20250101 }, { dateEnd: "Use a date like 2025-01-31." }],
      [
        { dateStart: "2024-02-30" },
        { dateStart: "2024-02-30 is not a date in the calendar. Use a date like 2025-01-31." },
      ],
      [
        { dateStart: "0000-01-12" },
        { dateStart: "The start date cannot be before 1 January 2000: market data starts there." },
      ],
    ];
    for (const [change, errors] of cases)
      expect(readBacktestRequest({ ...request, ...change }, TODAY), JSON.stringify(change)).toEqual({
        ok: false,
        errors,
      });
    expect(readBacktestRequest("nope", TODAY)).toEqual({
      ok: false,
      errors: { body: "Send the backtest's settings as a JSON object." },
    });
  });

  it("as a zod schema, each problem is an issue on its field", () => {
    const parsed = backtestRequestSchema(() => TODAY).safeParse({ ...request, depositAmount: 0, symbol: "" });
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toEqual([
      ["symbol", "Choose a symbol from the list."],
      ["depositAmount", "The deposit must be more than 0."],
    ]);
    // Intersected with the API's strategy id, as the route reads it.
    const withId = z.intersection(
      z.object({ strId: z.string() }),
      backtestRequestSchema(() => TODAY),
    );
    expect(withId.parse({ strId: "7", ...request })).toMatchObject({ strId: "7", symbol: "EURUSD" });
  });
});
