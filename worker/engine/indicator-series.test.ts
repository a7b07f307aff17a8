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
