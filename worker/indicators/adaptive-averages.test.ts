import { describe, expect, it } from "vitest";
import { ama } from "./ama";
import { frama } from "./frama";
import { expectTable } from "./hand-table.fixture";
import { vidya } from "./vidya";

/**
 * Hand-computed tables for MetaTrader 5's three adaptive averages. Source: MetaQuotes' indicator
 * sources shipped with the terminal, MQL5\Indicators\Examples\AMA.mq5, FrAMA.mq5 and VIDYA.mq5
 * (what iAMA, iFrAMA and iVIDyA run; AMA.mq5 also at mql5.com/en/code/10, with Kaufman's ER/SSC
 * formulas), worked by hand on short inputs in exact fractions (checked with rational arithmetic
 * outside this repository), so the tolerance is float rounding only. Warm-up is each source's
 * PLOT_DRAW_BEGIN (MetaTrader draws nothing before it; NaN here).
 */
describe("AMA (iAMA, Kaufman)", () => {
  // period 2, fast 2 (fastSC 2/3), slow 5 (slowSC 1/3): SSC = ER/3 + 1/3; seeded AMA[1] = price[1].
  const price = Float64Array.of(1, 2, 4, 2, 3, 3, 3, 3, 5);
  const out = ama(price, 2, 2, 5);

  it("draws nothing before bar `period` (PLOT_DRAW_BEGIN = period)", () => {
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeNaN();
  });

  it("bar 2: ER = |4-1| / (|4-2|+|2-1|) = 1, SSC = 2/3, AMA = 2 + (4/9)(4-2) = 26/9", () => {
    expect(out[2]).toBeCloseTo(26 / 9, 14);
  });

  it("follows the hand-worked table, including ER 0 (no signal) and a zero noise window", () => {
    // bar 3: signal |2-2| = 0 -> SSC 1/3 -> 26/9 + (1/9)(2 - 26/9) = 226/81
    // bar 4: signal 1, noise 3 -> ER 1/3, SSC 4/9 -> 226/81 + (16/81)(3 - 226/81) = 18578/6561
    // bars 6, 7: prices 3,3,3 -> noise 0 -> ER 0 (AMA.mq5 CalculateER), SSC 1/3
    expectTable(out, 2, [
      26 / 9,
      226 / 81,
      18578 / 6561,
      171622 / 59049,
      1550123 / 531441,
      13995307 / 4782969,
      165635915 / 43046721,
    ]);
  });

  it("gives nothing on fewer than period + 1 bars", () => {
    expect(Array.from(ama(Float64Array.of(1, 2), 2, 2, 5)).every(Number.isNaN)).toBe(true);
  });
});

describe("VIDyA (iVIDyA, Chande)", () => {
  // CMO period 2, EMA period 3 (f = 1/2): first value at emaPeriod + cmoPeriod - 1 = 4, seeded with price[3].
  const price = Float64Array.of(1, 2, 4, 3, 5, 5, 5, 2, 2);
  const out = vidya(price, 2, 3);

  it("draws nothing before bar emaPeriod + cmoPeriod - 1", () => {
    expect(Array.from(out.subarray(0, 4)).every(Number.isNaN)).toBe(true);
  });

  it("bar 4: changes +2, -1 -> CMO 1/3; VIDyA = 5(1/2)(1/3) + 3(1 - 1/6) = 10/3", () => {
    expect(out[4]).toBeCloseTo(10 / 3, 14);
  });

  it("follows the hand-worked table; a window with no change (CMO 0) keeps the previous value", () => {
    // bar 5: +0, +2 -> CMO 1 -> 5/2 + (10/3)/2 = 25/6; bar 6: no change -> 25/6;
    // bar 7: -3, 0 -> |CMO| 1 -> 1 + 25/12 = 37/12; bar 8: 0, -3 -> 1 + 37/24 = 61/24
    expectTable(out, 4, [10 / 3, 25 / 6, 25 / 6, 37 / 12, 61 / 24], 14);
  });

  it("gives nothing on fewer bars than the first value needs", () => {
    expect(Array.from(vidya(Float64Array.of(1, 2, 3), 2, 3)).every(Number.isNaN)).toBe(true);
  });
});

describe("FrAMA (iFrAMA, Ehlers)", () => {
  // period 2: first value at 2p - 1 = 3, seeded FrAMA[2] = price[2]; N1, N2 are the 2-bar ranges / 2,
  // N3 the 4-bar range / 4, D = log2((N1 + N2) / N3), alpha = exp(-4.6 (D - 1)).
  const high = Float64Array.of(2, 3, 4, 5, 6, 5, 4);
  const low = Float64Array.of(1, 2, 3, 4, 5, 3, 3);
  const close = Float64Array.of(1.5, 2.5, 3.5, 4.5, 5.5, 4, 3.5);
  const out = frama(close, high, low, 2);

  it("draws nothing before bar 2 x period - 1", () => {
    expect(Array.from(out.subarray(0, 3)).every(Number.isNaN)).toBe(true);
  });

  it("a steady trend has D = 1, alpha = 1: FrAMA is the price (bars 3 and 4)", () => {
    // bar 3: N1 = (5-3)/2 = 1, N2 = (3-1)/2 = 1, N3 = (5-1)/4 = 1 -> D = log2(2) = 1
    expect(out[3]).toBeCloseTo(4.5, 14);
    expect(out[4]).toBeCloseTo(5.5, 14);
  });

  it("a turn raises D and slows the average (bars 5 and 6)", () => {
    // bar 5: N1 = (6-3)/2 = 1.5, N2 = (5-3)/2 = 1, N3 = (6-3)/4 = 0.75 -> D = log2(10/3)
    const a5 = Math.exp(-4.6 * (Math.log2(10 / 3) - 1));
    const f5 = a5 * 4 + (1 - a5) * 5.5;
    // bar 6: N1 = (5-3)/2 = 1, N2 = (6-4)/2 = 1, N3 = (6-3)/4 = 0.75 -> D = log2(8/3)
    const a6 = Math.exp(-4.6 * (Math.log2(8 / 3) - 1));
    expect(a5).toBeCloseTo(0.0337072701591667, 14);
    expect(out[5]).toBeCloseTo(f5, 13);
    expect(out[5]).toBeCloseTo(5.449439094761249, 12);
    expect(out[6]).toBeCloseTo(a6 * 3.5 + (1 - a6) * f5, 13);
    expect(out[6]).toBeCloseTo(5.160526422661009, 12);
  });

  it("gives nothing on fewer than 2 x period bars (FrAMA.mq5 returns 0)", () => {
    const r = frama(close.subarray(0, 3), high.subarray(0, 3), low.subarray(0, 3), 2);
    expect(Array.from(r).every(Number.isNaN)).toBe(true);
  });
});
