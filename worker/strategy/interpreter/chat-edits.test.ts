import { describe, expect, it } from "vitest";
import type { StrategySpec } from "../spec";
import { build } from "./check-spec.fixture";
import { interpret } from "./index";

// Chat edits (issue 15): every field can be changed in a chat, the reply says what changed, and an edit
// that cannot be applied asks. Phrasings are our own.

const OSC =
  "H1. Buy when the CCI crosses above -100 and the close is above the lower bollinger band (20, 2); short the opposite. SL 25 pips.";
const MACD_STOCH =
  "H4: go long when the macd main line crosses above its signal line and the stochastic is below 30, sell the reverse. stop 40 pips, tp 80 pips";
const CHANNEL =
  "D1 chart. Go long when the close breaks above the 30 day high and short when it breaks below the 30 day low. Exit longs on a new 15 day low, shorts on a new 15 day high.";

function edit(spec: StrategySpec, message: string) {
  return interpret(message, spec);
}

describe("indicator settings in a chat", () => {
  it("sets the bands' period and deviation in MT5's order, and says so", () => {
    const r = edit(build(OSC), "could you make the bollinger 24, 2.2");
    const bands = r.spec?.indicators.find((i) => i.kind === "BOLLINGER");
    expect(bands).toMatchObject({ period: 24, deviation: 2.2 });
    expect(r.followUpQuestion).toBeNull();
    expect(r.clarifications).toMatch(/Bollinger Bands\(24, 2\.2\)/);
  });

  it("sets one named setting and leaves the others", () => {
    const spec = build(MACD_STOCH);
    const r = edit(spec, "set the macd signal line to 7");
    expect(r.spec?.indicators.find((i) => i.kind === "MACD")).toMatchObject({
      fast: 12,
      slow: 26,
      signal: 7,
    });
    const s = edit(spec, "stochastic slowing 5");
    expect(s.spec?.indicators.find((i) => i.kind === "STOCHASTIC")).toMatchObject({ slowing: 5 });
  });

  it("reads old-to-new settings and a length before the kind", () => {
    const spec = build(OSC);
    expect(edit(spec, "cci 14 -> 30").spec?.indicators.find((i) => i.kind === "CCI")).toMatchObject({
      period: 30,
    });
    expect(
      edit(spec, "let's try a 40 period cci").spec?.indicators.find((i) => i.kind === "CCI"),
    ).toMatchObject({
      period: 40,
    });
  });

  it("sets all three MACD settings and the Stochastic's in one go", () => {
    const spec = build(MACD_STOCH);
    const r = edit(spec, "MACD 5/35/5 please");
    expect(r.spec?.indicators.find((i) => i.kind === "MACD")).toMatchObject({ fast: 5, slow: 35, signal: 5 });
    const s = edit(spec, "change the stochastic to 14, 3, 3");
    expect(s.spec?.indicators.find((i) => i.kind === "STOCHASTIC")).toMatchObject({
      kPeriod: 14,
      dPeriod: 3,
      slowing: 3,
    });
  });

  it("asks which indicator a bare period means when two could take it, and changes nothing", () => {
    const spec = build(OSC);
    const r = edit(spec, "length 34");
    expect(r.followUpQuestion).toMatch(/CCI or the Bollinger Bands/);
    expect(r.spec).toEqual(spec);
  });

  it("asks instead of a silent 'no change' for an indicator the strategy lacks or a setting that cannot be", () => {
    const spec = build(OSC);
    const a = edit(spec, "adx period 20");
    expect(a.followUpQuestion).toMatch(/no ADX/);
    expect(a.spec).toEqual(spec);
    const m = edit(build(MACD_STOCH), "macd 30/20/9");
    expect(m.followUpQuestion).toMatch(/fast period must be shorter/);
  });
});

describe("channels, stops and time exits in a chat", () => {
  it("changes the entry channel only, in bars of the chart", () => {
    const spec = build(CHANNEL);
    const r = edit(spec, "make the entry channel 40 days");
    const text = JSON.stringify(r.spec?.entry);
    expect(text).toContain('"bars":40');
    expect(text).not.toContain('"bars":30');
    expect(JSON.stringify(r.spec?.exit)).toContain('"bars":15');
  });

  it("asks which channel when entry and exit lengths differ and none is named", () => {
    const r = edit(build(CHANNEL), "use a 50 bar channel");
    expect(r.followUpQuestion).toMatch(/entry's .* or the exit's/);
  });

  it("moves the stop to the signal candle's extreme and measures an R target from it", () => {
    const spec = build(
      "M30: buy when the 5 ema crosses above the 13 ema, sell when it crosses below. stop 15 pips",
    );
    const s = edit(spec, "stop below the prior bar's low instead, and above its high for shorts");
    expect(s.spec?.stopLoss).toBeUndefined();
    expect(s.spec?.exits?.stop).toEqual({
      long: { type: "price", field: "LOW", shift: 0 },
      short: { type: "price", field: "HIGH", shift: 0 },
    });
    const t = edit(s.spec as StrategySpec, "target 3R");
    expect(t.spec?.exits?.targetR).toBe(3);
    expect(t.clarifications).toMatch(/3R/);
    // Back to a fixed stop: the structural one goes.
    const back = edit(t.spec as StrategySpec, "stop loss 20 pips");
    expect(back.spec?.exits?.stop).toBeUndefined();
    expect(back.spec?.stopLoss).toEqual({ unit: "pips", value: 20 });
  });

  it("closes at a time of day (server time), on a weekday, after N bars, and removes it again", () => {
    const spec = build(OSC);
    const a = edit(spec, "flatten everything by 8pm");
    expect(a.spec?.exits?.closeAt).toEqual({ time: "20:00" });
    expect(a.clarifications).toMatch(/20:00 server time/);
    const b = edit(spec, "close all positions at 21:30 on fridays");
    expect(b.spec?.exits?.closeAt).toEqual({ time: "21:30", weekdays: [5] });
    const c = edit(spec, "get out after 6 candles");
    expect(c.spec?.exits?.afterBars).toBe(6);
    const d = edit(spec, "hold trades for 2 days max");
    expect(d.spec?.exits?.afterBars).toBe(48);
    const e = edit(a.spec as StrategySpec, "remove the time exit");
    expect(e.spec?.exits).toBeUndefined();
  });

  it("moves the break-even trigger", () => {
    const r = edit(build(OSC), "move breakeven to 12 pips");
    expect(r.spec?.breakEven).toEqual({ trigger: { unit: "pips", value: 12 } });
  });

  it("limits trades per day and the spread", () => {
    const spec = build(OSC);
    expect(edit(spec, "only 1 trade per day").spec?.limits).toEqual({ maxTradesPerDay: 1 });
    expect(edit(spec, "don't enter when the spread is wider than 25 points").spec?.limits).toEqual({
      maxSpread: { value: 25, unit: "points" },
    });
    expect(edit(spec, "never have more than 2 positions open").spec?.maxOpenPositions).toBe(2);
  });

  it("asks about an order expiry when entries are market orders", () => {
    const spec = build(OSC);
    const r = edit(spec, "cancel unfilled orders after 4 bars");
    expect(r.followUpQuestion).toMatch(/market orders/);
    expect(r.spec).toEqual(spec);
  });
});

describe("sides, clock and undo", () => {
  it("keeps the other side's rules dormant when a chat narrows to one side, and brings them back", () => {
    const spec = build(CHANNEL);
    const short = edit(spec, "shorts only from now on");
    expect(short.spec?.direction).toBe("short");
    expect(short.spec?.exit).toEqual(spec.exit);
    const both = edit(short.spec as StrategySpec, "trade both directions again");
    expect(both.spec?.direction).toBe("both");
    expect(both.spec?.entry).toEqual(spec.entry);
  });

  it("says the hours are server time", () => {
    const spec = edit(build(OSC), "only trade between 9:00 and 18:00").spec as StrategySpec;
    const r = edit(spec, "those are broker time hours");
    expect(r.clarifications).toMatch(/09:00-18:00 server time/);
    expect(r.spec).toEqual(spec);
  });

  it("undoes the last change with the previous version, and asks when there is none", () => {
    const spec = build(OSC);
    const changed = edit(spec, "cci period 50").spec as StrategySpec;
    const r = interpret("undo that please", changed, { previous: spec });
    expect(r.spec).toEqual(spec);
    expect(r.clarifications).toMatch(/CCI\(14\)/);
    const none = interpret("go back to the previous version", changed, {});
    expect(none.followUpQuestion).toMatch(/no earlier version/);
    expect(none.spec).toEqual(changed);
  });

  it("an answer to a question keeps what the earlier message settled", () => {
    const first =
      "M5: buy when price is above the heikin ashi cloud thing and the ultra oscillator turns up, sell the reverse";
    const r = interpret("forget that, use a 10/30 sma cross instead. stop 12 pips", null, {
      earlier: [first],
    });
    expect(r.spec?.timeframe).toBe("M5");
    expect(r.spec?.direction).toBe("both");
    expect(r.spec?.entry.short).toBeDefined();
  });

  it("a message with nothing to change asks what should change", () => {
    const spec = build(OSC);
    const r = edit(spec, "thanks, looks good so far");
    expect(r.followUpQuestion).toMatch(/What should change/);
    expect(r.spec).toEqual(spec);
  });
});
