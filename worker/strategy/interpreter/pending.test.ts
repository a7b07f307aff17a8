import { describe, expect, it } from "vitest";
import { emptyFacts } from "./facts";
import { interpret } from "./index";
import { normalize } from "./normalize";
import { extractPending } from "./pending";

describe("pending entries in a first description", () => {
  it("a pending order keeps its entry and its stop at a candle (measured from the order's price)", () => {
    const r = interpret(
      "Go long when price closes over the 34 ema. Put a buy stop order 4 pips above the high of that candle and the stop loss 6 pips under the low of the signal candle.",
      null,
    );
    expect(r.spec?.pendingEntry?.order).toBe("stop");
    expect(r.spec?.entry.long?.all.length).toBeGreaterThan(0);
    expect(r.spec?.exits?.stop?.long).toEqual({
      type: "expression",
      a: { type: "price", field: "LOW", shift: 0 },
      k: 1,
      offset: { value: -6, unit: "pips" },
    });
    expect(r.spec?.stopLoss).toBeUndefined();
    expect(r.clarifications).not.toMatch(/stop in pips/);
    // "buy stop 4 pips above the high" is the order, never a sell's stop loss at the candle's high.
    expect(r.spec?.exits?.stop?.short).toBeUndefined();
  });

  it("reads the order, its price and its expiry, and leaves the side for the clause", () => {
    const f = emptyFacts();
    const rest = extractPending(
      normalize(
        "If RSI is under 30 we place a buy limit order at the low of the signal bar, valid for 4 candles.",
      ),
      f,
    );
    expect(f.pending).toEqual({
      order: "limit",
      long: { type: "price", field: "LOW", shift: 0 },
      expiry: { type: "bars", bars: 4 },
    });
    expect(rest).toMatch(/go long/);
    expect(rest).not.toMatch(/limit|valid/);
  });

  it("an unnamed pending order at the bar's high is a buy stop; it expires at a clock time", () => {
    const r = interpret(
      "When the bar opens below the 30 sma and closes above it, the EA puts a long pending order at the candle's high price, valid until 21:00. Stop loss 40 pips.",
      null,
    );
    expect(r.spec?.entry.long?.all).toEqual([
      expect.objectContaining({ type: "lessThan", left: expect.objectContaining({ field: "OPEN" }) }),
      expect.objectContaining({ type: "greaterThan", left: expect.objectContaining({ field: "CLOSE" }) }),
    ]);
    expect(r.spec?.pendingEntry).toMatchObject({
      order: "stop",
      long: { type: "price", field: "HIGH", shift: 0 },
      expiry: { type: "timeOfDay", at: "21:00" },
    });
  });

  it("a description with two sides mirrors the candle extreme to the side that gave none", () => {
    const r = interpret(
      "Buy when the 10 ema crosses above the 40 ema with a buy stop at the high of the last candle. Sell when the 10 ema crosses below the 40 ema.",
      null,
    );
    expect(r.spec?.pendingEntry).toMatchObject({
      order: "stop",
      long: { field: "HIGH" },
      short: { field: "LOW" },
    });
  });

  it("an order word without a level stays a market entry", () => {
    const r = interpret(
      "Buy when the 10 ema crosses above the 40 ema; the order is valid until 22:00.",
      null,
    );
    expect(r.spec?.pendingEntry).toBeUndefined();
  });
});
