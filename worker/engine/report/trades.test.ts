import { describe, expect, it } from "vitest";
import { runBacktest } from "../backtest";
import { barsOf, LONG_THEN_SHORT, levelCross, MINUTE, MONDAY, settingsOf } from "../scenario.fixture";
import { holdingTime, tradeRows } from "./trades";

describe("tradeRows", () => {
  it("pairs each entry deal with its exit: a long then a short on a level cross, with MFE and MAE", () => {
    const bars = barsOf(LONG_THEN_SHORT);
    const r = runBacktest(levelCross(1.1), { bars, period: "M1" }, settingsOf(bars));
    const rows = tradeRows(r.trades, 5);
    expect(rows.map((t) => [t.Trade, t.Direction, t["Open Price"], t["Close Price"]])).toEqual([
      [1, "buy", "1.10000", "1.09800"],
      [2, "sell", "1.09800", "1.09750"],
    ]);
    const first = rows[0];
    expect(first["Open Time"]).toBe("2020.01.06 00:02:00");
    expect(first["Close Time"]).toBe("2020.01.06 00:04:00");
    expect(first.Duration).toBe("00:02:00");
    expect(first.Seconds).toBe(120);
    // 1 lot from 1.1000: best 1.1030 (+300), worst 1.0980 (-200) which is also where it closed.
    expect(first.MFE).toBe("300.00");
    expect(first.MAE).toBe("-200.00");
    expect(first.Profit).toBe("-200.00");
    expect(first.Exit).toBe("signal");
    // The exit deals' profits are the trades' profits.
    const outs = r.deals.filter((d) => d.entry === "out").map((d) => d.profit.toFixed(2));
    expect(rows.map((t) => t.Profit)).toEqual(outs);
    expect(MONDAY + 4 * MINUTE).toBe(r.trades[0].exitTime);
  });

  it("holding times show days only when there are any", () => {
    expect(holdingTime(59)).toBe("00:00:59");
    expect(holdingTime(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)).toBe("3d 04:05:06");
  });
});
