// The rule grammar's trader forms (issue 15), in our own phrasings: each reads into the structure the scorer
// compares, and a phrase of another meaning reads into another structure.
import { describe, expect, it } from "vitest";
import { mirrorRule, parseExit, parseRule, showRule } from "./phrase";

const show = (s: string) => {
  const r = parseRule(s);
  return r.ok ? showRule(r.value) : `!${r.why}`;
};

describe("clause lists and words for comparisons", () => {
  it("reads comma and semicolon lists as AND, with a listed left side shared", () => {
    expect(show("SMA(8), SMA(13) > SMA(100), SMA(100) rising; CCI(20) > 0")).toBe(
      "SMA(8) > SMA(100) AND SMA(13) > SMA(100) AND SMA(100) > SMA(100)[1] AND CCI(20) > 0",
    );
  });

  it("reads levels held bars back, in digits or words", () => {
    expect(show("CCI(20) >= 100 now, >= 50 one bar ago")).toBe("CCI(20) > 100 AND CCI(20)[1] > 50");
    expect(show("RSI(3) < 20 three candles ago")).toBe("RSI(3)[3] < 20");
    expect(show("close > close 3 bars ago")).toBe("close > close[3]");
  });

  it("reads 'between A and B' as two bounds marked unordered", () => {
    const r = parseRule("price pulls back to between SMA(8) and SMA(13)");
    expect(r.ok && r.value.all.map((a) => a.bw)).toEqual([true, true]);
    expect(show("price pulls back to between SMA(8) and SMA(13)")).toBe("close > SMA(8) AND close < SMA(13)");
  });

  it("reads a whole bar beyond a line, the previous bar's levels and the signal bar's own", () => {
    expect(show("the bar is entirely below SMA(30) and closes below the prior low")).toBe(
      "high < SMA(30) AND close < low[1]",
    );
    expect(show("candle fully above EMA(21)")).toBe("low > EMA(21)");
  });

  it("reads higher highs and lower lows, on the timeframe named", () => {
    expect(show("last D1 candle has lower high and lower low than the one before")).toBe(
      "D1 high < D1 high[1] AND D1 low < D1 low[1]",
    );
    expect(show("higher close than the previous bar")).toBe("close > close[1]");
  });

  it("lets a timeframe named first hold for the whole comparison", () => {
    expect(show("H4 close > EMA(30)")).toBe("H4 close > EMA(30,H4)");
    expect(show("close > EMA(30, H4)")).toBe("close > EMA(30,H4)");
  });

  it("reads oscillators leaving or inside their zones at MT5's level lines", () => {
    expect(show("Stoch and WPR(14) turn up from oversold")).toBe(
      "STOCH crosses above 20 AND WPR(14) crosses above -80",
    );
    expect(show("RSI(5) turns down from overbought")).toBe("RSI(5) crosses below 70");
    expect(show("CCI(20) is oversold")).toBe("CCI(20) < -100");
    // No zone is defined for a moving average: not read rather than guessed.
    expect(show("EMA(20) turns up from oversold")).toMatch(/^!/);
  });

  it("shares a verb across lower-case and/or, and breaks a line in the direction of its side", () => {
    expect(show("close > EMA(20) and EMA(50)")).toBe("close > EMA(20) AND close > EMA(50)");
    expect(show("price breaks the lower BANDS(30,2.5) or lower BANDS(30,2)")).toBe(
      "(close crosses below lower BANDS(30,2.5) OR close crosses below lower BANDS(30,2))",
    );
    expect(show("close > EMA(20) or RSI(9) > 60 AND ADX(14) > 20")).toBe(
      "ADX(14) > 20 AND (close > EMA(20) OR RSI(9) > 60)",
    );
    expect(show("RSI < 30 or CCI < -100 AND (close > SMA(20) OR close > SMA(50))")).toMatch(/two OR groups/);
  });

  it("reads a name glossed by its definition, with an unstated look-back", () => {
    expect(show("the drive turns bullish (close > close[n] AND close > SMA(10))")).toBe(
      "close > close[x] AND close > SMA(10)",
    );
  });

  it("reads candle patterns and measures, and mirrors them", () => {
    expect(show("previous bar is an inside bar AND close > EMA(50)")).toBe(
      "insideBar[1] is 1 AND close > EMA(50)",
    );
    const r = parseRule("bullish engulfing AND candle body > ATR(14)");
    expect(r.ok && showRule(r.value)).toBe("bullishEngulfing is 1 AND candle body > ATR(14)");
    expect(r.ok && showRule(mirrorRule(r.value))).toBe("bearishEngulfing is 1 AND candle body < ATR(14)");
  });

  it("reads a spread filter apart from the signal", () => {
    expect(show("RSI(2) < 10; spread at most 1.5 pips")).toBe("RSI(2) < 10; spread <= 1.5 pips");
  });

  it("reads a wait since the last entry and today's range as entry filters (v2 limits, previousPeriod back 0)", () => {
    expect(show("RSI(2) < 10; 30 min since last trade")).toBe("RSI(2) < 10; >= 30 min since last entry");
    expect(show("RSI(2) < 10; >= 2 hours since the last order")).toBe(
      "RSI(2) < 10; >= 120 min since last entry",
    );
    expect(show("RSI(2) < 10; daily range >= 45 pips")).toBe(
      "RSI(2) < 10 AND (today's high - today's low) > (0 + 45 pips)",
    );
    expect(show("RSI(2) < 10; the difference between the daily high and the daily low < 80 pips")).toBe(
      "RSI(2) < 10 AND (today's high - today's low) < (0 + 80 pips)",
    );
  });

  it("still names what v2 cannot state", () => {
    expect(show("the last bar of the previous week closed above SMA(20, D1)")).toMatch(/not expressible/);
  });
});

describe("exits that are not rules", () => {
  const both = (s: string) => {
    const e = parseExit(s);
    if (!e.ok || !("both" in e.value)) throw new Error(`not read: ${s}`);
    return e.value.both;
  };
  it("reads the opposite signal with a time exit, its clock in UTC", () => {
    expect(both("opposite signal; close all trades at 20:00 EST")).toMatchObject({
      opposite: true,
      closeAt: "01:00",
    });
    expect(both("reverse on opposite signal; close at the end of the day")).toMatchObject({ closeAt: "eod" });
  });
  it("reads a trailing channel and a target level for longs", () => {
    expect(showRule(both("trailing exit at the opposite 30-bar channel"))).toBe("none; trail at lowest(30)");
    expect(showRule(both("take profit at the middle band"))).toBe("close reaches up to middle BANDS");
  });
  it("reads separate exit rules as either one", () => {
    expect(showRule(both("RSI(4) > 80; close < EMA(10)"))).toBe("(RSI(4) > 80 OR close < EMA(10))");
  });
});

describe("swing levels in rules", () => {
  it("reads the words for the latest swing as one level, its side from the word", () => {
    expect(show("close crosses above the last swing high")).toBe("close crosses above swing high");
    expect(show("close < nearest local low")).toBe("close < swing low");
    expect(show("close crosses below the latest down fractal")).toBe("close crosses below swing low");
  });
  it("keeps the previous bar's low a price one bar back, not a swing", () => {
    expect(show("close < previous low")).toBe("close < low[1]");
  });
});
