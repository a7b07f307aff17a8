import { describe, expect, it } from "vitest";
import {
  groupMarkers,
  normaliseOrders,
  orderLine,
  orderSide,
  ordersByCandle,
  toEpochSeconds,
} from "./chart-markers";

const utc = (s: string) => Date.parse(`${s}Z`) / 1000;

describe("toEpochSeconds", () => {
  it("reads epoch seconds, numeric strings and date strings as UTC", () => {
    expect(toEpochSeconds(1704276000)).toBe(1704276000);
    expect(toEpochSeconds("1704276000")).toBe(1704276000);
    expect(toEpochSeconds("2024.01.03 10:00:00")).toBe(utc("2024-01-03T10:00:00"));
    expect(toEpochSeconds("2024-01-03T10:00")).toBe(utc("2024-01-03T10:00:00"));
    expect(toEpochSeconds("2024-01-03")).toBe(utc("2024-01-03T00:00:00"));
    expect(toEpochSeconds("2024-01-03T12:00:00+02:00")).toBe(utc("2024-01-03T10:00:00"));
  });
  it("gives null for anything unreadable", () => {
    expect(toEpochSeconds("soon")).toBeNull();
    expect(toEpochSeconds("")).toBeNull();
    expect(toEpochSeconds(Number.NaN)).toBeNull();
    expect(toEpochSeconds(undefined)).toBeNull();
  });
});

describe("orders", () => {
  it("reads buy and sell types in any case", () => {
    expect(orderSide("BUY")).toBe("buy");
    expect(orderSide("sell limit")).toBe("sell");
    expect(orderSide("balance")).toBeNull();
  });
  it("drops orders without a date or side", () => {
    const orders = normaliseOrders([
      { date: "2024-01-03 10:05", type: "buy", orderId: 1, price: 1.1 },
      { date: "x", type: "buy", orderId: 2, price: 1.1 },
      { date: 1, type: "deposit", orderId: 3 },
      { date: 5, type: "Sell", orderId: 4, price: null },
    ]);
    expect(orders).toEqual([
      { orderId: "1", side: "buy", time: utc("2024-01-03T10:05:00"), price: 1.1 },
      { orderId: "4", side: "sell", time: 5, price: null },
    ]);
  });
});

describe("groupMarkers", () => {
  const orders = normaliseOrders([
    { date: "2024-01-03 10:05", type: "buy", orderId: 1, price: 1.1 },
    { date: "2024-01-03 10:40", type: "buy", orderId: 2, price: 1.2 },
    { date: "2024-01-03 10:59", type: "sell", orderId: 3, price: 1.3 },
    { date: "2024-01-03 09:10", type: "sell", orderId: 4, price: 1.0 },
  ]);

  it("groups per candle and type with the spec's colours and a count label", () => {
    const markers = groupMarkers(orders, "h1");
    expect(markers).toEqual([
      {
        id: `sell-${utc("2024-01-03T09:00:00")}`,
        time: utc("2024-01-03T09:00:00"),
        side: "sell",
        color: "#FF5252",
        position: "aboveBar",
        shape: "arrowDown",
        count: 1,
      },
      {
        id: `buy-${utc("2024-01-03T10:00:00")}`,
        time: utc("2024-01-03T10:00:00"),
        side: "buy",
        color: "#2196F3",
        position: "belowBar",
        shape: "arrowUp",
        count: 2,
        text: "2",
      },
      {
        id: `sell-${utc("2024-01-03T10:00:00")}`,
        time: utc("2024-01-03T10:00:00"),
        side: "sell",
        color: "#FF5252",
        position: "aboveBar",
        shape: "arrowDown",
        count: 1,
      },
    ]);
  });

  it("buckets by the timeframe", () => {
    expect(groupMarkers(orders, "m30").map((m) => m.count)).toEqual([1, 1, 1, 1]);
    const daily = groupMarkers(orders, "D1");
    expect(daily.map((m) => [m.side, m.count])).toEqual([
      ["buy", 2],
      ["sell", 2],
    ]);
    expect(groupMarkers(orders, "w1")[0].time).toBe(utc("2024-01-01T00:00:00")); // Monday
    expect(groupMarkers(orders, "mn1")[0].time).toBe(utc("2024-01-01T00:00:00"));
  });

  it("lists the orders of a candle for the tooltip", () => {
    const byCandle = ordersByCandle(orders, "h1");
    const at10 = byCandle.get(utc("2024-01-03T10:00:00")) ?? [];
    expect(at10.map((o) => o.orderId)).toEqual(["1", "2", "3"]);
    expect(orderLine(at10[0])).toBe("Buy #1 at 1.1, 2024-01-03 10:05");
    expect(orderLine({ orderId: "9", side: "sell", time: 0, price: null })).toBe("Sell #9, 1970-01-01 00:00");
  });
});
