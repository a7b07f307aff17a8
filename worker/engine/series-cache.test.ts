import { describe, expect, it } from "vitest";
import { IndicatorSchema } from "../strategy/spec";
import { indicatorSeries } from "./indicator-series";
import { barsOf, type Ohlc } from "./scenario.fixture";
import { SeriesCache } from "./series-cache";

const rows: Ohlc[] = Array.from({ length: 40 }, (_, i) => {
  const close = 1.2 + 0.002 * Math.sin(i / 3);
  return [close - 0.0004, close + 0.0007, close - 0.0009, close];
});
const bars = barsOf(rows);

describe("the series cache and averages of indicators", () => {
  it("keys an average by what it averages: the same ids over another RSI are not a hit", () => {
    const cache = new SeriesCache();
    const run = (rsiPeriod: number) => {
      const all = [
        IndicatorSchema.parse({ id: "r", kind: "RSI", period: rsiPeriod }),
        IndicatorSchema.parse({ id: "avg", kind: "SMA", period: 3, source: { ref: "r" } }),
      ];
      return cache.get(all[1], bars, "H1", () => indicatorSeries(all[1], bars, "H1", undefined, all), all);
    };
    const a = run(4);
    const b = run(9);
    expect(cache.misses).toBe(2);
    expect(b.lines.main[20]).not.toBeCloseTo(a.lines.main[20], 6);
    expect(run(4)).toBe(a);
    expect(cache.hits).toBe(1);
  });
});
