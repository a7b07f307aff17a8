import { describe, expect, it } from "vitest";
import { emptyFacts } from "./facts";
import { interpret } from "./index";
import { normalize } from "./normalize";
import { extractRisk } from "./risk";

const read = (text: string) => {
  const f = emptyFacts();
  const rest = extractRisk(normalize(text), f);
  return { f, rest };
};

describe("stops per side and at a level", () => {
  it("reads a different distance for each side and leaves no shared stop", () => {
    const { f } = read(
      "Stop loss (long): 35 pips under the entry. Stop loss (short): 15 pips over the entry.",
    );
    expect(f.sideStops).toEqual({
      long: { type: "distance", distance: { unit: "pips", value: 35 } },
      short: { type: "distance", distance: { unit: "pips", value: 15 } },
    });
    expect(f.stopLoss).toBeNull();
  });

  it("reads a stop a few pips past the signal candle, per side", () => {
    const { f } = read("stop for sells 3 pips above the high of the signal candle");
    expect(f.sideStops).toEqual({ short: { type: "candle", offset: { unit: "pips", value: 3 } } });
  });

  it("reads a stop on a moving average named for one side", () => {
    const { f } = read("for short trades the stop loss is placed at the 10 ema of high.");
    expect(f.sideStops?.short).toMatchObject({
      type: "operand",
      operand: { ind: { kind: "ma", method: "ema", period: 10, price: "high" } },
    });
  });

  it("leaves a plain stop to the usual reading", () => {
    const { f } = read("for buys, stop loss 30 pips");
    expect(f.sideStops).toBeNull();
    expect(f.stopLoss).toEqual({ unit: "pips", value: 30 });
  });

  it("builds exits.stop from the close for distances and keeps the line it rests on", () => {
    const r = interpret(
      "Buy when the 9 ema crosses above the 30 ema. Sell when the 9 ema crosses below the 30 ema. " +
        "Stop loss for buys: 25 points below entry. Stop loss for sells: 12 points above entry.",
      null,
    );
    expect(r.spec?.stopLoss).toBeUndefined();
    expect(r.spec?.exits?.stop).toEqual({
      long: {
        type: "expression",
        a: { type: "price", field: "CLOSE", shift: 0 },
        k: 1,
        offset: { unit: "points", value: -25 },
      },
      short: {
        type: "expression",
        a: { type: "price", field: "CLOSE", shift: 0 },
        k: 1,
        offset: { unit: "points", value: 12 },
      },
    });
    const onLine = interpret(
      "Buy when the close is above the 50 sma. Sell when the close is below the 50 sma. " +
        "For long positions, the stop loss is placed at the 8 sma of low. For short positions, the stop loss is placed at the 8 sma of high.",
      null,
    );
    const stop = onLine.spec?.exits?.stop;
    const ids = onLine.spec?.indicators.map((i) => i.id) ?? [];
    expect(stop?.long).toMatchObject({ type: "indicator" });
    expect(stop?.short).toMatchObject({ type: "indicator" });
    // The lines a stop rests on stay among the indicators (a stop is a reader like a rule).
    for (const o of [stop?.long, stop?.short]) if (o?.type === "indicator") expect(ids).toContain(o.ref);
    expect(onLine.spec?.indicators).toContainEqual(
      expect.objectContaining({ kind: "SMA", period: 8, appliedPrice: "LOW" }),
    );
  });
});
