/**
 * The EA of a pending-entry strategy (generate/pending-orders.ts): what it sends and when, read from the
 * generated source, and that the checker accepts it in both generation modes. Its trades are compared
 * with the engine's by the parity harness (tests/mql5-runtime, the London bracket and turtle examples).
 */
import { describe, expect, it } from "vitest";
import londonDoc from "../../examples/strategies/london-breakout-bracket.json";
import turtleDoc from "../../examples/strategies/turtle-donchian-stop-orders.json";
import { checkMql5 } from "./check/checker";
import { gen, specOf } from "./testing/ea.fixture";

const london = specOf(londonDoc);
const turtle = specOf(turtleDoc);
describe("pending entries in the EA", () => {
  it("passes the checker in both modes", () => {
    for (const spec of [london, turtle])
      for (const mode of ["full", "conservative"] as const)
        expect(checkMql5(gen(spec, mode)).errors).toEqual([]);
  });

  it("sends stop orders with an expiry at the next 20:00, and no market order", () => {
    const mq5 = gen(london);
    expect(mq5).toContain("trade.BuyStop(lots, price, _Symbol, sl, tp, ORDER_TIME_SPECIFIED, expiration,");
    expect(mq5).toContain("trade.SellStop(lots, price, _Symbol, sl, tp, ORDER_TIME_SPECIFIED, expiration,");
    expect(mq5).toContain("input int InpExpiryMinute = 1200;");
    expect(mq5).not.toMatch(/trade\.(Buy|Sell)\(/);
  });

  it("deletes the bracket's other order in OnTradeTransaction when one fills", () => {
    const mq5 = gen(london);
    expect(mq5).toMatch(/void OnTradeTransaction\(const MqlTradeTransaction &trans/);
    expect(mq5).toContain("trade.OrderDelete(g_sellOrder)");
    expect(mq5).toContain("trade.OrderDelete(g_buyOrder)");
    const alone = gen({
      ...london,
      pendingEntry: london.pendingEntry && { ...london.pendingEntry, oco: false },
    });
    expect(alone).not.toContain("OnTradeTransaction");
  });

  it("places nothing while one of its orders waits, and gates on the limits", () => {
    const mq5 = gen(london);
    expect(mq5).toContain("if(CountOrders() > 0)");
    expect(mq5).toContain("if(!EntryLimitsAllowed())");
    expect(mq5).toContain("input int InpMaxTradesPerDay = 1;");
    expect(mq5).toContain("input double InpMaxSpread = 3.0;");
  });

  it("a bar expiry is the placing bar's open plus bars x the timeframe; equity risk reads the equity", () => {
    const mq5 = gen(turtle);
    expect(mq5).toContain("datetime expiration = barTime + InpExpiryBars * PeriodSeconds(InpTimeframe);");
    expect(mq5).toContain("AccountInfoDouble(ACCOUNT_EQUITY) * InpRiskPercent / 100.0");
  });
});
