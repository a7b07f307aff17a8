import { describe, expect, it } from "vitest";
import { equityCurve, MAX_BUCKETS } from "./equity-curve";

const HOUR = 3_600_000;

function samples(equity: number[], balance = equity) {
  return { time: equity.map((_, i) => i * HOUR), equity, balance };
}

describe("equityCurve", () => {
  it("keeps every sample of a short run, then the final balance after the last bar", () => {
    const c = equityCurve(samples([100, 90, 120], [100, 100, 110]), { time: 5 * HOUR, balance: 125.456 });
    expect(c.time).toEqual([0, HOUR, 2 * HOUR, 5 * HOUR]);
    expect(c.balance).toEqual([100, 100, 110, 125.46]);
    expect(c.equityLow).toEqual([100, 90, 120, 125.46]);
    expect(c.equityHigh).toEqual(c.equityLow);
    expect(c.drawdown).toEqual([0, 10, 0, 0]);
  });

  it("cuts a long run into at most MAX_BUCKETS and keeps each bucket's lowest and highest equity", () => {
    const equity = Array.from({ length: 500_000 }, (_, i) => 10_000 + (i % 7) * 10);
    equity[123_457] = 8_000; // one deep dip inside a bucket of 500 samples
    const c = equityCurve(samples(equity), null);
    expect(c.time).toHaveLength(MAX_BUCKETS);
    const dip = Math.floor(123_457 / 500);
    expect(c.equityLow[dip]).toBe(8_000);
    expect(c.equityHigh[dip]).toBe(10_060);
    expect(Math.min(...c.equityLow)).toBe(8_000);
    expect(Math.max(...c.equityHigh)).toBe(10_060);
    // The dip is 20.48 % below the peak of 10 060 seen before it, in its own bucket only.
    expect(c.drawdown[dip]).toBe(20.48);
    expect(Math.max(...c.drawdown.filter((_, i) => i !== dip))).toBeLessThan(1);
    expect(c.time[dip]).toBe(dip * 500 * HOUR);
  });

  it("measures the drawdown against the peak of earlier buckets", () => {
    const c = equityCurve(samples([100, 200, 150, 150, 100, 180]), null, 3);
    expect(c.time).toEqual([0, 2 * HOUR, 4 * HOUR]);
    expect(c.drawdown).toEqual([0, 25, 50]);
    expect(c.equityLow).toEqual([100, 150, 100]);
  });

  it("is empty without samples, and the final balance alone when only the end is known", () => {
    expect(equityCurve(samples([]), null).time).toEqual([]);
    expect(equityCurve(samples([]), { time: HOUR, balance: 50 }).balance).toEqual([50]);
  });
});
