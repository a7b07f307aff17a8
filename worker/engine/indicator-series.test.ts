import { describe, expect, it } from "vitest";
import { cci, cciOfPrice } from "../indicators";
import { IndicatorSchema } from "../strategy/spec";
import { indicatorLines } from "./indicator-series";
import { barsOf, type Ohlc } from "./scenario.fixture";

// Bars whose closes and typical prices move differently, so the two CCIs cannot agree by chance.
const rows: Ohlc[] = Array.from({ length: 30 }, (_, i) => {
  const close = 1.1 + 0.001 * Math.sin(i / 2) + 0.0001 * i;
  return [close - 0.0003, close + 0.0002 + 0.0004 * (i % 3), close - 0.0006 - 0.0002 * (i % 4), close];
});
const bars = barsOf(rows);

describe("indicatorLines for CCI", () => {
  it("reads the spec's applied price: CCI(14) of close is the CCI of the closes", () => {
    const ind = IndicatorSchema.parse({ id: "c", kind: "CCI", period: 14, appliedPrice: "CLOSE" });
    const main = indicatorLines(ind, bars).main;
    expect(Array.from(main)).toEqual(Array.from(cciOfPrice(bars.close, 14)));
    expect(main[20]).not.toBeCloseTo(cci(bars.high, bars.low, bars.close, 14)[20], 3);
  });

  it("without an applied price, uses the typical price as MT5's iCCI(..., PRICE_TYPICAL)", () => {
    const ind = IndicatorSchema.parse({ id: "c", kind: "CCI", period: 14 });
    const main = indicatorLines(ind, bars).main;
    const typical = cci(bars.high, bars.low, bars.close, 14);
    for (let i = 13; i < main.length; i++) expect(main[i]).toBeCloseTo(typical[i], 9);
    expect(Number.isNaN(main[12])).toBe(true);
  });
});

describe("indicatorLines for an average of another indicator", () => {
  it("EMA(5) of RSI(2) starts at RSI's first drawn bar and is read from bar 2 + 5 - 1", () => {
    const all = [
      IndicatorSchema.parse({ id: "r", kind: "RSI", period: 2 }),
      IndicatorSchema.parse({ id: "e", kind: "EMA", period: 5, source: { ref: "r" } }),
    ];
    const r = indicatorLines(all[0], bars).main;
    const e = indicatorLines(all[1], bars, undefined, all).main;
    // By hand: out[2] = rsi[2], then out[i] = rsi[i] k + out[i-1] (1-k), k = 2/6; NaN before 2 + 5 - 1.
    const k = 2 / 6;
    let prev = r[2];
    for (let i = 3; i <= 6; i++) prev = r[i] * k + prev * (1 - k);
    expect(e[6]).toBeCloseTo(prev, 12);
    expect(Number.isNaN(e[5])).toBe(true);
    // Not the EMA of the closes, whatever the bars.
    expect(e[10]).not.toBeCloseTo(
      indicatorLines(IndicatorSchema.parse({ id: "x", kind: "EMA", period: 5 }), bars).main[10],
      3,
    );
  });

  it("SMA(3) of Momentum(4) counts the bar MetaTrader draws before Momentum has a value as 0", () => {
    const all = [
      IndicatorSchema.parse({ id: "m", kind: "MOMENTUM", period: 4 }),
      IndicatorSchema.parse({ id: "s", kind: "SMA", period: 3, source: { ref: "m" } }),
    ];
    const m = indicatorLines(all[0], bars).main;
    const s = indicatorLines(all[1], bars, undefined, all).main;
    // Draw begin 3: the first average (bar 5) is (0 + m[4] + m[5]) / 3.
    expect(s[5]).toBeCloseTo((m[4] + m[5]) / 3, 12);
    expect(s[6]).toBeCloseTo((m[4] + m[5] + m[6]) / 3, 12);
  });
});
