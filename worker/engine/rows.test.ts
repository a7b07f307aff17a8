import { describe, expect, it } from "vitest";
import { runBacktest } from "./backtest";
import { dealRows, mtTime, orderRows } from "./rows";
import { barsOf, levelCross, settingsOf } from "./scenario.fixture";

describe("report rows", () => {
  const bars = barsOf([
    [1.099, 1.0995, 1.0985, 1.099],
    [1.099, 1.1004, 1.0988, 1.1002],
    [1.1, 1.101, 1.0995, 1.1005],
  ]);
  const r = runBacktest(
    levelCross(1.1, { stopLoss: { unit: "pips", value: 50 } }),
    { bars, period: "M1" },
    settingsOf(bars),
  );

  it("formats times the MT5 way, in UTC", () => {
    expect(mtTime(Date.UTC(2020, 0, 6, 0, 2, 45))).toBe("2020.01.06 00:02:45");
  });

  it("orders carry the spec's keys, prices to the symbol's digits and the stop", () => {
    expect(orderRows(r.orders, 5)[0]).toEqual({
      Order: 2,
      "Open Time": "2020.01.06 00:02:00",
      Symbol: "EURUSD",
      Type: "buy",
      Volume: "1.00 / 1.00",
      Price: "1.10000",
      "S / L": "1.09500",
      "T / P": "",
      Time: "2020.01.06 00:02:00",
      State: "filled",
      Comment: "",
    });
  });

  it("deal #1 is the balance row; the out deal carries profit and the running balance", () => {
    const rows = dealRows(r.deals, 5);
    expect(rows[0]).toMatchObject({
      Deal: 1,
      Type: "balance",
      Profit: "10000.00",
      Balance: "10000.00",
      Order: "",
    });
    expect(rows[2]).toMatchObject({
      Type: "sell",
      Direction: "out",
      Price: "1.10050",
      Profit: "50.00",
      Balance: "10050.00",
    });
    expect(rows[2].Comment).toBe("end of test");
  });
});
