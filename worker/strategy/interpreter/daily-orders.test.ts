import { describe, expect, it } from "vitest";
import { dailyOrderTime } from "./daily-orders";

// When a text places stop or pending orders once a day (daily-orders.ts). Phrasings are our own.

describe("orders placed once a day", () => {
  it("reads the time of day of the placing, or the day's open", () => {
    expect(
      dailyOrderTime("pending orders are sent starting at 06:00 gmt at the last 4 bars' extremes."),
    ).toBe("06:00");
    expect(dailyOrderTime("we put a buy stop and a sell stop every day at 8am around the asian range.")).toBe(
      "08:00",
    );
    expect(dailyOrderTime("at the start of each trading day place a buy stop above yesterday's high.")).toBe(
      "00:00",
    );
    expect(
      dailyOrderTime(
        "sell stop at yesterday's low. if it is not filled the order is cancelled and a new one placed.",
      ),
    ).toBe("00:00");
  });

  it("needs orders that wait at a price, placed at a time of day", () => {
    expect(
      dailyOrderTime("buy when price breaks the previous day high; the order is placed at 10:00."),
    ).toBeNull();
    expect(dailyOrderTime("place a buy stop 5 pips above the 20 day high. stop 30 pips.")).toBeNull();
    expect(dailyOrderTime("buy stop above the high; close every trade at 21:00.")).toBeNull();
    expect(dailyOrderTime("place a buy stop above the high and close every trade at 21:00.")).toBeNull();
    expect(dailyOrderTime("set a buy stop at the bar's high, valid until 22:00.")).toBeNull();
  });
});
