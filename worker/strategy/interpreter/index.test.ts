import fc from "fast-check";
import { describe, expect, it } from "vitest";
import macdRsi from "../../../examples/strategies/macd-rsi-london-atr.json";
import smaCross from "../../../examples/strategies/sma-cross-10-20.json";
import { parseSpec, type StrategySpec } from "../spec";
import { interpret } from "./index";
import { notation } from "./notation";

function load(doc: unknown): StrategySpec {
  const r = parseSpec(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

describe("interpret: contract", () => {
  it("every spec it returns passes the schema", () => {
    const r = interpret("Buy when RSI crosses above 30, stop 20 pips, risk 1% per trade, only London.", null);
    expect(r.spec).not.toBeNull();
    expect(parseSpec(r.spec).ok).toBe(true);
  });

  it("is deterministic", () => {
    const msg =
      "When the 60 moving average crosses the 120 moving average, go long. Do the opposite for short.";
    expect(interpret(msg, null)).toEqual(interpret(msg, null));
  });

  it("does not mutate the current spec", () => {
    const current = load(smaCross);
    const before = JSON.stringify(current);
    interpret("use EMA instead and make the stop 30 pips, remove the fast MA", current);
    expect(JSON.stringify(current)).toBe(before);
  });

  it("keeps the current spec and says so when nothing in the message applies", () => {
    const current = load(smaCross);
    const r = interpret("what do you think about the markets today?", current);
    expect(r.spec).toEqual(current);
    expect(r.changes).toEqual([]);
    expect(r.understood).toBe(false);
  });

  it("returns null and asks for an entry when a first message has no usable rule", () => {
    const r = interpret("make me rich", null);
    expect(r.spec).toBeNull();
    expect(r.understood).toBe(false);
    expect(r.followUpQuestion).toMatch(/trigger an entry/);
  });

  it("never throws and only returns valid specs, whatever the text (property)", () => {
    const words = fc.constantFrom(
      "buy",
      "sell",
      "when",
      "the",
      "50",
      "200",
      "ema",
      "ma",
      "rsi",
      "macd",
      "crosses",
      "above",
      "below",
      "stop",
      "30",
      "pips",
      "atr",
      "2x",
      "%",
      "risk",
      "london",
      "friday",
      "opposite",
      "short",
      "long",
      "only",
      "remove",
      "trail",
      "between",
      "and",
      ",",
      ".",
      "-100",
      "h4",
      "breakeven",
      "lots",
      "0.1",
    );
    const message = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.array(words, { maxLength: 40 }).map((w) => w.join(" ")),
    );
    fc.assert(
      fc.property(message, fc.boolean(), (msg, withSpec) => {
        const current = withSpec ? load(macdRsi) : null;
        const r = interpret(msg, current);
        if (r.spec !== null) expect(parseSpec(r.spec).ok).toBe(true);
        expect(typeof r.clarifications).toBe("string");
        if (r.followUpQuestion !== null) expect(r.clarifications).toContain(r.followUpQuestion);
      }),
      { numRuns: 400, seed: 42 },
    );
  });
});

describe("interpret: refinements on the example specs (ids not made by the interpreter)", () => {
  it("changes the stop of the SMA 10/20 example and reports it", () => {
    const r = interpret("make the stop 30 pips", load(smaCross));
    expect(r.spec?.stopLoss).toEqual({ unit: "pips", value: 30 });
    expect(r.changes).toEqual(["Stop loss set to 30 pips."]);
    expect(r.spec?.entry.long?.all.map(notation)).toEqual(["fast xa slow"]);
  });

  it("switches the example's averages to EMA, renaming the ids consistently", () => {
    const r = interpret("use EMA instead", load(smaCross));
    expect(r.spec?.indicators.map((i) => `${i.id}:${i.kind}`)).toEqual(["ema10:EMA", "ema20:EMA"]);
    expect(r.spec?.entry.short?.all.map(notation)).toEqual(["ema10 xb ema20"]);
    expect(r.changes.join(" ")).toContain("EMA(10) of close crosses above EMA(20)");
  });

  it("removes the RSI filter of the MACD example from both sides", () => {
    const r = interpret("remove the RSI filter", load(macdRsi));
    expect(r.spec?.entry.long?.all.map(notation)).toEqual(["macd xa macd.signal"]);
    expect(r.spec?.entry.short?.all.map(notation)).toEqual(["macd xb macd.signal"]);
    expect(r.spec?.indicators.map((i) => i.id)).toEqual(["macd", "atr"]);
  });

  it("removing the stop of a risk-sized spec falls back to fixed lots (risk needs a stop)", () => {
    const r = interpret("remove the stop loss", load(macdRsi));
    expect(r.spec?.stopLoss).toBeUndefined();
    expect(r.spec?.sizing).toEqual({ type: "fixed", lots: 0.1 });
  });

  it("example 1 closes on the cross back without asking; a stop and target are added in a second turn", () => {
    const first = interpret("Go long when the 6 MA crosses the 12 MA.", null);
    expect(first.followUpQuestion).toBeNull();
    expect(first.spec?.exit.long?.all.map(notation)).toEqual(["sma6 xb sma12"]);
    const second = interpret("25 pips stop loss please, take profit 50 pips", first.spec);
    expect(second.spec?.stopLoss).toEqual({ unit: "pips", value: 25 });
    expect(second.spec?.takeProfit).toEqual({ unit: "pips", value: 50 });
    expect(second.followUpQuestion).toBeNull();
  });
});

describe("interpret: reply", () => {
  it("lists the changes and states the assumed exit in one line instead of asking", () => {
    const r = interpret("Go long when the 6 MA crosses the 12 MA.", null);
    expect(r.changes).toContain("Long entry: Buy when SMA(6) of close crosses above SMA(12).");
    // Issue 15: no blocking question; the cross back closes the trade and the reply says so.
    expect(r.followUpQuestion).toBeNull();
    expect(r.clarifications).toMatch(/trades close when the entry signal turns round/);
    expect(r.clarifications).toMatch(/tell me if you want a stop or a target instead/);
  });

  it("names unknown indicators and lists what is available", () => {
    const r = interpret("buy when price is above the VWAP and the supertrend is green", null);
    expect(r.followUpQuestion).toMatch(/SuperTrend or VWAP|VWAP/);
    expect(r.followUpQuestion).toMatch(/RSI, MACD, Bollinger Bands/);
  });
});
