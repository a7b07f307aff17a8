import { describe, expect, it } from "vitest";
import { type Ctx, mirrorRule, parseExit, parseRule, showRule } from "./phrase";

const show = (s: string, ctx?: Ctx) => {
  const r = parseRule(s, ctx);
  return r.ok ? showRule(r.value) : `!${r.why}`;
};

describe("rule phrases of the corpus notation", () => {
  it("reads v1 comparisons, crosses and one OR group", () => {
    expect(show("EMA(5) crosses above EMA(20) AND RSI(14) > 50")).toBe(
      "EMA(5) crosses above EMA(20) AND RSI(14) > 50",
    );
    expect(show("close > upper BANDS(20,2) AND (RSI < 30 OR CCI < -100)")).toBe(
      "close > upper BANDS(20,2) AND (RSI < 30 OR CCI < -100)",
    );
  });

  it("splits a chain and a shared right side into single comparisons", () => {
    expect(show("EMA(5) > EMA(10) > EMA(20)")).toBe("EMA(5) > EMA(10) AND EMA(10) > EMA(20)");
    expect(show("EMA(10), EMA(20) < SMA(100)")).toBe("EMA(10) < SMA(100) AND EMA(20) < SMA(100)");
  });

  it("reads rising/falling as a comparison with the bar before, also after a level", () => {
    expect(show("SMA(30) rising")).toBe("SMA(30) > SMA(30)[1]");
    expect(show("Stoch falling and >= 25")).toBe("STOCH < STOCH[1] AND STOCH > 25");
    expect(show("RSI(7) < 60 and rising")).toBe("RSI(7) < 60 AND RSI(7) > RSI(7)[1]");
  });

  it("reads indicators on another timeframe and prices bars back", () => {
    expect(show("close > EMA(34, H4)")).toBe("close > EMA(34,H4)");
    expect(show("H1 RSI(9) > 55")).toBe("RSI(9,H1) > 55");
    expect(show("close > close 3 bars ago")).toBe("close > close[3]");
  });

  it("reads v2 price constructs: N-bar extremes, the previous day, a session range with offsets", () => {
    expect(show("close > highest high of the previous 40 bars")).toBe("close > highest(40)[1]");
    expect(show("buy stop 3 pips above the 10-day high")).toBe(
      "close reaches up to (highest(10,D1)[1] + 3 pips)",
    );
    expect(show("sell stop 1 points below yesterday's low")).toBe(
      "close reaches down to (previous day low - 1 points)",
    );
    const ctx: Ctx = { last: null };
    expect(show("price reaches the 20:00-02:00 EST range high + 8 pips", ctx)).toBe(
      "close crosses (01:00-07:00 UTC range high + 8 pips)",
    );
    // "the range" refers back to the window named before.
    expect(show("price < the range low - 8 pips", { last: null, window: ctx.window })).toBe(
      "close < (01:00-07:00 UTC range low - 8 pips)",
    );
  });

  it("reads expressions: a difference, a factor as a percent offset", () => {
    expect(show("EMA(3,typical) - SMA(30) > 0.001")).toBe("(EMA(3,typical) - SMA(30)) > 0.001");
    expect(show("close < SMA(10) * 0.98")).toBe("close < (SMA(10) - 2 percent)");
    expect(show("(MACD - signal) > 0")).toBe("main MACD > signal MACD");
  });

  it("reports what v2 cannot state instead of guessing", () => {
    // "dipped" with no "then": an earlier event the phrase does not place (a sequence's step is read).
    expect(show("RSI(14) dipped below 30 AND close > EMA(20)")).toMatch(/not expressible.*sequence/);
    expect(show("close above the trendline")).toMatch(/drawn or undefined level/);
  });

  it("reads per-side exits, an elided left side, and mirrors a rule", () => {
    const e = parseExit("close long when RSI(5) - RSI(20) < -3; close short when > 3");
    expect(e.ok && !("both" in e.value) && showRule(e.value.short ?? null)).toBe("(RSI(5) - RSI(20)) > 3");
    const r = parseRule("close > upper BANDS(20,2) AND close > previous day high");
    expect(r.ok && showRule(mirrorRule(r.value))).toBe(
      "close < lower BANDS(20,2) AND close < previous day low",
    );
  });
});
