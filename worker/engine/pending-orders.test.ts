/**
 * Pending entries (spec-orders.ts) through the whole engine on hand-made M1 bars at 1-minute OHLC (each
 * bar is four ticks: open, then low and high in the bar's direction, then close), spread 0 unless said:
 * where a stop order fills and at what price, gaps, refusals, brackets, expiry, the entry limits and the
 * sizing forms. Prices are chosen so each outcome is known by hand.
 */
import { describe, expect, it } from "vitest";
import type { StrategySpecInput } from "../strategy/spec";

/** An operand as a spec document writes it (shift and scale defaulted). */
type Operand = NonNullable<NonNullable<NonNullable<StrategySpecInput["exits"]>["stop"]>["long"]>;

import { runBacktest } from "./backtest";
import { BASE, BRACKET_BARS, bracket, breakout } from "./pending.fixture";
import { at, barsOf, CLOSE, levelCross, MINUTE, type Ohlc, runM1, settingsOf } from "./scenario.fixture";

describe("a buy stop at a price construct", () => {
  it("fills when the ask reaches its price, at that price, with stop and target placed from it", () => {
    const r = runM1(breakout(), BASE);
    expect(r.trades).toHaveLength(1);
    const t = r.trades[0];
    expect(t.direction).toBe("long");
    expect(t.entryPrice).toBe(1.1032);
    expect(t.entryTime).toBeGreaterThan(at(3));
    expect(t.entryTime).toBeLessThan(at(4));
    const order = r.orders.find((o) => o.type === "buy stop");
    expect(order?.timeSetup).toBe(at(2));
    expect([order?.sl, order?.tp]).toEqual([1.1002, 1.1092]);
  });

  it("fills at the open when the bar gaps past its price (a stop fills worse, as a gapped stop loss)", () => {
    const rows = BASE.map((r, i): Ohlc => (i === 3 ? [1.1045, 1.105, 1.1042, 1.1048] : r));
    const r = runM1(breakout(), rows);
    expect(r.trades.map((t) => [t.entryTime, t.entryPrice])).toEqual([[at(3), 1.1045]]);
    expect(r.orders.find((o) => o.type === "buy stop")?.sl).toBe(1.1002);
  });

  it("is refused when the price is already beyond it (a buy stop below the ask), and nothing trades", () => {
    const rows = BASE.map((r, i): Ohlc => (i === 2 ? [1.104, 1.1045, 1.1035, 1.104] : r));
    expect(runM1(breakout(), rows).trades).toEqual([]);
  });

  it("is refused inside the broker's stops level, placed outside it", () => {
    // The order sits 22 pips (220 points) above bar 2's open.
    expect(runM1(breakout(), BASE, { stopsLevelPoints: 230 }).trades).toEqual([]);
    expect(runM1(breakout(), BASE, { stopsLevelPoints: 220 }).trades).toHaveLength(1);
  });

  it("a buy limit waits below the market and fills when the ask falls to it", () => {
    const spec = breakout(
      {},
      {
        order: "limit",
        long: { type: "expression", a: CLOSE, offset: { value: -10, unit: "pips" } },
      },
    );
    // Limit at bar 1's close - 10 pips = 1.1000; bar 3 dips to 1.0995.
    const rows = BASE.map((r, i): Ohlc => (i === 3 ? [1.1015, 1.102, 1.0995, 1.1018] : r));
    const r = runM1(spec, rows);
    expect(r.trades.map((t) => t.entryPrice)).toEqual([1.1]);
    expect(r.trades[0].entryTime).toBeGreaterThan(at(3));
  });
});

describe("a structural stop and an R target on a pending order (spec-exits.ts stop, targetR)", () => {
  const candleStop = (long: Operand) =>
    breakout({ stopLoss: undefined, takeProfit: undefined, exits: { stop: { long }, targetR: 2 } });
  const lowMinus = (pips: number): Operand => ({
    type: "expression",
    a: { type: "price", field: "LOW" },
    offset: { value: -pips, unit: "pips" },
  });

  it("places the stop at the signal bar's level and the target at 2R, both measured from the order's price", () => {
    // Signal bar 1: low 1.0988 - 5 pips = 1.0983; the order at 1.1032 risks 49 pips, so the target is 98 above.
    const r = runM1(candleStop(lowMinus(5)), BASE);
    const order = r.orders.find((o) => o.type === "buy stop");
    expect([order?.price, order?.sl, order?.tp]).toEqual([1.1032, 1.0983, 1.113]);
    expect(r.trades).toHaveLength(1);
  });

  it("places no order when the level is not below the buy order's price", () => {
    const above: Operand = {
      type: "expression",
      a: { type: "price", field: "HIGH" },
      offset: { value: 30, unit: "pips" },
    };
    const r = runM1(candleStop(above), BASE);
    expect(r.orders.filter((o) => o.type === "buy stop")).toEqual([]);
    expect(r.trades).toEqual([]);
  });
});

describe("expiry", () => {
  it("bars: deleted at the open of the bar `bars` after the placing bar", () => {
    expect(runM1(breakout({}, { expiry: { type: "bars", bars: 1 } }), BASE).trades).toEqual([]);
    expect(runM1(breakout({}, { expiry: { type: "bars", bars: 2 } }), BASE).trades).toHaveLength(1);
  });

  it("time of day: deleted at the next HH:MM server time after it was placed", () => {
    // Placed at 00:02; bar 3 (00:03) fills it.
    expect(runM1(breakout({}, { expiry: { type: "timeOfDay", at: "00:03" } }), BASE).trades).toEqual([]);
    expect(runM1(breakout({}, { expiry: { type: "timeOfDay", at: "00:04" } }), BASE).trades).toHaveLength(1);
  });
});

describe("brackets", () => {
  it("one cancels the other: the first fill deletes the other order", () => {
    const r = runM1(bracket(true), BRACKET_BARS);
    expect(r.trades.map((t) => [t.direction, t.entryPrice])).toEqual([["short", 1.0975]]);
  });

  it("without oco both orders fill (a hedging account holds both)", () => {
    const r = runM1(bracket(false), BRACKET_BARS);
    expect(r.trades.map((t) => [t.direction, t.entryPrice]).sort()).toEqual([
      ["long", 1.1025],
      ["short", 1.0975],
    ]);
  });

  it("a long and a short signal on one bar place both orders instead of cancelling out", () => {
    const r = runM1(bracket(true), BRACKET_BARS);
    expect(r.trades).toHaveLength(1);
  });
});

describe("entry limits", () => {
  // The close crosses 1.1000 up (bar 1), down (bar 3) and up (bar 5): three market entries.
  const rows: Ohlc[] = [
    [1.099, 1.0995, 1.0985, 1.099],
    [1.099, 1.1012, 1.0988, 1.101],
    [1.101, 1.1015, 1.1005, 1.101],
    [1.101, 1.1012, 1.0985, 1.099],
    [1.099, 1.0995, 1.0985, 1.099],
    [1.099, 1.1012, 1.0988, 1.101],
    [1.101, 1.1015, 1.1005, 1.101],
  ];

  it("maxTradesPerDay stops entries once that many opened today", () => {
    expect(runM1(levelCross(1.1), rows).trades).toHaveLength(3);
    const limited = runM1(levelCross(1.1, { limits: { maxTradesPerDay: 2 } }), rows);
    expect(limited.trades.map((t) => t.direction)).toEqual(["long", "short"]);
  });

  it("maxSpread: no entry while the spread is wider (2 pips here)", () => {
    expect(
      runM1(
        levelCross(1.1, { limits: { maxSpread: { value: 1.5, unit: "pips" } } }),
        rows,
        { spreadPoints: undefined },
        20,
      ).trades,
    ).toEqual([]);
    expect(
      runM1(
        levelCross(1.1, { limits: { maxSpread: { value: 20, unit: "points" } } }),
        rows,
        { spreadPoints: undefined },
        20,
      ).trades,
    ).toHaveLength(3);
  });

  it("maxSpread gates pending orders too", () => {
    const spec = breakout({ limits: { maxSpread: { value: 1, unit: "pips" } } });
    expect(runM1(spec, BASE, { spreadPoints: undefined }, 20).trades).toEqual([]);
  });
});

describe("sizing forms", () => {
  it("riskMoney: lots that lose the amount at the stop (100 over 30 pips of EURUSD = 0.33 lot)", () => {
    const r = runM1(breakout({ sizing: { type: "riskMoney", amount: 100 } }), BASE);
    expect(r.trades.map((t) => t.volume)).toEqual([0.33]);
  });

  it("riskPercent of equity or balance: 1% of 10,000 over 30 pips = 0.33 lot", () => {
    const r = runM1(breakout({ sizing: { type: "riskPercent", percent: 1, of: "equity" } }), BASE);
    expect(r.trades.map((t) => t.volume)).toEqual([0.33]);
  });

  it("lotsPerEquity: 0.1 lot per 2,500 of a 10,000 equity = 0.4 lot", () => {
    const r = runM1(breakout({ sizing: { type: "lotsPerEquity", lots: 0.1, per: 2500 } }), BASE);
    expect(r.trades.map((t) => t.volume)).toEqual([0.4]);
  });
});

describe("the fast paths change nothing while orders wait", () => {
  it("the same trades with and without shortcuts, at 1-minute OHLC and every tick", () => {
    const bars = barsOf(BASE, at(0), MINUTE, 0, 40);
    for (const model of [0, 2] as const) {
      const s = settingsOf(bars, { model });
      const fast = runBacktest(breakout(), { bars, period: "M1" }, s);
      const reference = runBacktest(breakout(), { bars, period: "M1" }, s, { shortcuts: false });
      expect(fast.trades).toEqual(reference.trades);
      expect(fast.trades).toHaveLength(1);
    }
  });
});
