/**
 * The report's Orders list for pending entries (spec-orders.ts), as MetaTrader 5's history lists them:
 * every order placed appears once with its pending type ("buy stop", "sell limit"), its own price and
 * the state it ended in: filled, expired, canceled (its bracket's other order filled, or the test ended)
 * or rejected (too close to the quote or on the wrong side of it). Hand-made M1 bars at 1-minute OHLC
 * (scenario.fixture.ts), prices chosen so each outcome is known by hand.
 */
import { describe, expect, it } from "vitest";
import { BASE, BRACKET_BARS, bracket, breakout } from "./pending.fixture";
import { orderRows } from "./rows";
import { at, type Ohlc, runM1 } from "./scenario.fixture";
import type { EngineOrder } from "./types";

/** The pending orders of a run (not the market orders that close positions). */
const pendingOf = (orders: readonly EngineOrder[]) => orders.filter((o) => / (stop|limit)$/.test(o.type));

describe("the Orders list of pending entries", () => {
  it("lists a filled buy stop under its own type and price, placed on bar 2, filled on bar 3", () => {
    const r = runM1(breakout(), BASE);
    const [order, ...rest] = pendingOf(r.orders);
    expect(rest).toEqual([]);
    expect(order).toMatchObject({ type: "buy stop", state: "filled", price: 1.1032, timeSetup: at(2) });
    expect(order.timeDone).toBeGreaterThan(at(3));
    expect(order.timeDone).toBeLessThan(at(4));
    // The deal that opened the position belongs to that order.
    expect(r.deals.find((d) => d.entry === "in")?.order).toBe(order.ticket);
  });

  it("lists an order that expired, at the tick it was deleted, with nothing traded", () => {
    const r = runM1(breakout({}, { expiry: { type: "bars", bars: 1 } }), BASE);
    expect(r.trades).toEqual([]);
    expect(pendingOf(r.orders)).toMatchObject([
      { type: "buy stop", state: "expired", price: 1.1032, timeSetup: at(2), timeDone: at(3), volume: 1 },
    ]);
  });

  it("lists an order refused inside the stops level as rejected, with the reason", () => {
    // The order sits 22 pips (220 points) above bar 2's open.
    const r = runM1(breakout(), BASE, { stopsLevelPoints: 230 });
    expect(pendingOf(r.orders)).toMatchObject([
      { type: "buy stop", state: "rejected", comment: "invalid price", timeSetup: at(2), timeDone: at(2) },
    ]);
  });

  it("lists an order still waiting at the end of the test as canceled then", () => {
    // Bar 3 stays below 1.1032: the order never fills.
    const rows = BASE.map((r, i): Ohlc => (i >= 3 ? [1.1015, 1.102, 1.101, 1.1018] : r));
    const r = runM1(breakout(), rows);
    expect(r.trades).toEqual([]);
    const [order] = pendingOf(r.orders);
    expect(order).toMatchObject({ type: "buy stop", state: "canceled", comment: "end of test" });
    expect(order.timeDone).toBeGreaterThanOrEqual(at(4));
  });

  it("lists the other order of a bracket as canceled by the fill (oco)", () => {
    // Bar 1 falls to 1.0970 before it rises: the sell stop at 1.0975 fills, the buy stop at 1.1025 goes.
    const r = runM1(bracket(true), BRACKET_BARS);
    const orders = pendingOf(r.orders);
    expect(orders.map((o) => [o.type, o.state, o.price, o.comment])).toEqual([
      ["sell stop", "filled", 1.0975, ""],
      ["buy stop", "canceled", 1.1025, "oco"],
    ]);
    expect(orders[1].timeDone).toBe(orders[0].timeDone);
  });

  it("shows each state in the report's rows, an unfilled order with no volume filled", () => {
    const r = runM1(breakout({}, { expiry: { type: "bars", bars: 1 } }), BASE);
    const rows = orderRows(r.orders, 5);
    expect(rows.map((row) => [row.Type, row.State, row.Price, row.Volume])).toEqual([
      ["buy stop", "expired", "1.10320", "0.00 / 1.00"],
    ]);
  });
});
