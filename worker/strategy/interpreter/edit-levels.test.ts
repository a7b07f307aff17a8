import { describe, expect, it } from "vitest";
import type { Condition, StrategySpec } from "../spec";
import { build } from "./check-spec.fixture";
import { interpret } from "./index";

// Chat edits of rule thresholds, ATR multiples and how entries are sent (issue 15). Phrasings are our own.

const OSC =
  "M30. Buy when RSI(14) crosses above 30 and the ADX(14) is above 20; sell when RSI crosses below 70 and ADX is above 20. SL 30 pips, TP 45 pips.";
const CROSS =
  "H1 chart: buy when the 10 EMA crosses above the 30 EMA, sell when it crosses below. Stop 1.5 x ATR(14), target 3 x ATR(14).";

/** The constants the rules of a side compare with, in order. */
function levels(spec: StrategySpec | null, side: "long" | "short"): number[] {
  const rule = spec?.entry[side];
  return (rule?.all ?? []).flatMap((c: Condition) =>
    c.type === "candlePattern" || c.type === "between" || c.type === "allOf" || c.type === "within"
      ? []
      : [c.left, c.right].flatMap((o) => (o.type === "constant" ? [o.value] : [])),
  );
}

describe("threshold edits", () => {
  it("moves the overbought level only, and says which rule changed", () => {
    const r = interpret("could you make the overbought level 78", build(OSC));
    expect(levels(r.spec, "short")).toEqual([78, 20]);
    expect(levels(r.spec, "long")).toEqual([30, 20]);
    expect(r.followUpQuestion).toBeNull();
    expect(r.clarifications).toMatch(/Short entry: .*78/);
  });

  it("replaces one value by another for the named indicator on both sides", () => {
    const r = interpret("let's use 27 instead of 20 for the adx", build(OSC));
    expect(levels(r.spec, "long")).toEqual([30, 27]);
    expect(levels(r.spec, "short")).toEqual([70, 27]);
  });

  it("asks which level is meant when the indicator has two", () => {
    const spec = build(OSC);
    const r = interpret("set the rsi level to 52", spec);
    expect(r.followUpQuestion).toMatch(/30 .*or 70/);
    expect(r.spec).toEqual(spec);
  });

  it("asks rather than setting an RSI level it can never reach", () => {
    const r = interpret("oversold level 140", build(OSC));
    expect(r.followUpQuestion).toMatch(/0 to 100/);
  });

  it("reads 'N instead of M' as a length when no rule uses M as a level", () => {
    const r = interpret("rsi 9 instead of 14", build(OSC));
    expect(r.spec?.indicators.find((i) => i.kind === "RSI")).toMatchObject({ period: 9 });
    const ma = interpret("try the 45 ema instead of the 30", build(CROSS));
    expect(ma.spec?.indicators.map((i) => ("period" in i ? i.period : null))).toContain(45);
    expect(ma.spec?.indicators.map((i) => ("period" in i ? i.period : null))).not.toContain(30);
  });
});

describe("a centre-line filter", () => {
  const TREND =
    "H4: buy when the close is above the 100 SMA and the RSI(14) is above 50, sell the opposite. Stop 40 pips.";

  it("moves the buys' level as said and mirrors it for sells, saying so", () => {
    const r = interpret("change the rsi filter to 58", build(TREND));
    expect(levels(r.spec, "long")).toContain(58);
    expect(levels(r.spec, "short")).toContain(42);
    expect(r.clarifications).toMatch(/mirror level, 42/);
  });

  it("moves the sells' level when sells are named", () => {
    const r = interpret("make the sell level 40", build(TREND));
    expect(levels(r.spec, "short")).toContain(40);
    expect(levels(r.spec, "long")).toContain(60);
  });
});

describe("two levels in one message", () => {
  it("sets the higher as overbought and the lower as oversold", () => {
    const r = interpret("change the rsi levels to 33 and 67", build(OSC));
    expect(levels(r.spec, "long")).toEqual([33, 20]);
    expect(levels(r.spec, "short")).toEqual([67, 20]);
  });

  it("replaces each old value by the new one in its place, for levels and for average lengths", () => {
    const r = interpret("let's do 78/22 instead of 70/30", build(OSC));
    expect(levels(r.spec, "long")).toEqual([22, 20]);
    expect(levels(r.spec, "short")).toEqual([78, 20]);
    const ma = interpret("use 12/40 instead of 10/30", build(CROSS));
    expect(ma.spec?.indicators.flatMap((i) => (i.kind === "EMA" ? [i.period] : []))).toEqual([12, 40]);
  });
});

describe("ATR multiples", () => {
  it("changes the stop's multiple and keeps it in ATR", () => {
    const r = interpret("change the atr multiplier of the stop to 2.2", build(CROSS));
    expect(r.spec?.stopLoss).toMatchObject({ unit: "atr", multiple: 2.2 });
    expect(r.spec?.takeProfit).toMatchObject({ unit: "atr", multiple: 3 });
  });

  it("asks which one when the stop and the target both use ATR", () => {
    const r = interpret("atr multiple 4", build(CROSS));
    expect(r.followUpQuestion).toMatch(/stop loss or the take profit/);
  });
});

describe("market and pending entries", () => {
  it("switches to stop orders at the signal candle's extremes, mirrored for sells, and back to market", () => {
    const spec = build(CROSS);
    const r = interpret("ok, enter with a buy stop 3 pips above the high instead", spec);
    expect(r.spec?.pendingEntry).toMatchObject({
      order: "stop",
      long: { type: "expression", a: { type: "price", field: "HIGH" }, offset: { value: 3, unit: "pips" } },
      short: { type: "expression", a: { type: "price", field: "LOW" }, offset: { value: -3, unit: "pips" } },
    });
    expect(r.clarifications).toMatch(/buy stop/);
    const back = interpret("just enter at market", r.spec);
    expect(back.spec?.pendingEntry).toBeUndefined();
    expect(back.clarifications).toMatch(/No longer/);
  });

  it("places a limit order at a level of N bars", () => {
    const r = interpret("use a buy limit at the 5 bar low", build(CROSS));
    expect(r.spec?.pendingEntry).toMatchObject({
      order: "limit",
      long: { type: "extreme", side: "lowest", bars: 5 },
      short: { type: "extreme", side: "highest", bars: 5 },
    });
  });

  it("asks before dropping a stop at the candle's low for a pending order", () => {
    const spec = interpret("stop at the low of the previous candle", build(CROSS)).spec;
    const r = interpret("enter with a buy stop 2 pips above the high", spec);
    expect(r.followUpQuestion).toMatch(/pending order/);
    expect(r.spec?.pendingEntry).toBeUndefined();
  });
});

describe("hours in a chat", () => {
  it("reads new hours without a colon after a verb of trading", () => {
    const r = interpret("only trade 7-15 instead", build(CROSS));
    expect(r.spec?.timeFilter?.hours).toEqual({ from: 7, to: 15 });
  });
});
