import { describe, expect, it } from "vitest";
import { checkChartDetails, DETAILS_MESSAGES } from "./chart-details";

const good = {
  symbol: "EURUSD",
  period: "H1",
  dateStart: "2024-01-01",
  dateEnd: 1706659200,
  orders: [{ date: "2024-01-02 10:00:00", type: "buy", orderId: 2, price: 1.1 }],
};

describe("checkChartDetails", () => {
  it("passes complete details through, dates as strings or epoch seconds", () => {
    expect(checkChartDetails("12", "34", good)).toEqual({ ok: true, details: good });
    const noOrders = { ...good, orders: undefined };
    expect(checkChartDetails(12, 34, noOrders)).toEqual({ ok: true, details: { ...good, orders: [] } });
  });

  it("needs both ids", () => {
    for (const [sid, bid] of [
      ["", "34"],
      ["12", ""],
      [null, "34"],
      ["12", undefined],
      ["  ", "34"],
    ] as const) {
      expect(checkChartDetails(sid, bid, good), `${sid}/${bid}`).toEqual({
        ok: false,
        error: "Missing strategy ID or backtest ID",
      });
    }
  });

  it("says 'Incomplete backtest parameters' when symbol, period, start or end is missing or empty", () => {
    expect(DETAILS_MESSAGES.incomplete).toBe("Incomplete backtest parameters");
    for (const key of ["symbol", "period", "dateStart", "dateEnd"] as const) {
      const { [key]: _dropped, ...without } = good;
      expect(checkChartDetails("12", "34", without), `no ${key}`).toEqual({
        ok: false,
        error: "Incomplete backtest parameters",
      });
      expect(checkChartDetails("12", "34", { ...good, [key]: "" }), `empty ${key}`).toEqual({
        ok: false,
        error: "Incomplete backtest parameters",
      });
      expect(checkChartDetails("12", "34", { ...good, [key]: null }), `null ${key}`).toMatchObject({
        ok: false,
      });
    }
  });

  it("says 'Invalid backtest details format' for anything that is not a readable details record", () => {
    const invalid = "Invalid backtest details format";
    for (const raw of [null, "EURUSD H1", 42, [good]]) {
      expect(checkChartDetails("12", "34", raw), JSON.stringify(raw)).toEqual({ ok: false, error: invalid });
    }
    for (const broken of [
      { ...good, symbol: 5 },
      { ...good, period: ["H1"] },
      { ...good, dateStart: "not a date" },
      { ...good, dateEnd: { t: 1 } },
      { ...good, orders: "none" },
      { ...good, orders: [{ date: "2024-01-02", type: "buy" }] },
    ]) {
      expect(checkChartDetails("12", "34", broken), JSON.stringify(broken)).toEqual({
        ok: false,
        error: invalid,
      });
    }
  });
});
