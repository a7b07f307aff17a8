import { describe, expect, it } from "vitest";
import { type AlligatorParams, alligator } from "./alligator";
import { bwmfi } from "./bwmfi";
import { gator } from "./gator";
import { expectTable } from "./hand-table.fixture";

/**
 * Hand-computed tables for Bill Williams' Alligator, Gator Oscillator and Market Facilitation Index.
 * Source: MetaQuotes' indicator sources shipped with MetaTrader 5, MQL5\Indicators\Examples\
 * Alligator.mq5, Gator.mq5 and MarketFacilitationIndex.mq5 (what iAlligator, iGator and iBWMFI run),
 * and the SMMA of MovingAverages.mqh (first value the SMA of `period` prices, then
 * (prev x (period-1) + price) / period). Values worked by hand in exact fractions on a 12-bar median.
 */
const median = Float64Array.of(1, 3, 2, 4, 6, 5, 7, 9, 8, 6, 7, 5);
// Small periods that satisfy Gator.mq5's CheckForInput (jaw > teeth > lips for periods and shifts,
// each period > its shift).
const P: AlligatorParams = {
  jawPeriod: 4,
  jawShift: 3,
  teethPeriod: 3,
  teethShift: 2,
  lipsPeriod: 2,
  lipsShift: 1,
  maMethod: "SMMA",
};

describe("Alligator (iAlligator: three SMMAs of the median, each drawn `shift` bars right)", () => {
  const a = alligator(median, P);

  it("jaw: SMMA(4) first at bar 3 = (1+3+2+4)/4 = 5/2, drawn 3 bars right at bar 6", () => {
    // SMMA(4): 5/2, (3 x 5/2 + 6)/4 = 27/8, (3 x 27/8 + 5)/4 = 121/32, ...
    expectTable(a.jaw, 6, [5 / 2, 27 / 8, 121 / 32, 587 / 128, 2913 / 512, 12835 / 2048]);
  });

  it("teeth: SMMA(3) first at bar 2 = 2, drawn 2 bars right at bar 4", () => {
    expectTable(a.teeth, 4, [2, 8 / 3, 34 / 9, 113 / 27, 415 / 81, 1559 / 243, 5062 / 729, 14498 / 2187]);
  });

  it("lips: SMMA(2) first at bar 1 = 2, drawn 1 bar right at bar 2", () => {
    expectTable(a.lips, 2, [2, 2, 3, 9 / 2, 19 / 4, 47 / 8, 119 / 16, 247 / 32, 439 / 64, 887 / 128]);
  });
});

describe("Gator (iGator, as Gator.mq5 fills and shifts its buffers)", () => {
  // Gator.mq5: upper[i] = |Jaws[i - (jawShift - teethShift)] - Teeth[i]| from i = jawShift + teethPeriod
  // = 6, drawn teethShift = 2 bars right (first at bar 8); lower[i] = -|Teeth[i - (teethShift -
  // lipsShift)] - Lips[i]| from i = teethShift + lipsPeriod = 4, drawn lipsShift = 1 right (bar 5).
  const g = gator(median, P);

  it("upper: |jaw - teeth| of the drawn lines, nothing before bar 8", () => {
    // bar 8: |121/32 - 415/81| = 3479/2592
    expectTable(g.upper, 8, [3479 / 2592, 56911 / 31104, 468167 / 373248, 1621759 / 4478976]);
  });

  it("lower: -|teeth - lips| of the drawn lines, nothing before bar 5", () => {
    // bar 5: -|8/3 - 9/2| = -11/6
    expectTable(g.lower, 5, [
      -11 / 6,
      -35 / 36,
      -365 / 216,
      -2999 / 1296,
      -10133 / 7776,
      -3937 / 46656,
      -84125 / 279936,
    ]);
  });
});

describe("BW MFI (iBWMFI, tick volume)", () => {
  it("is (high - low) / volume from bar 0, the previous value on a zero-volume bar", () => {
    // MarketFacilitationIndex.mq5 divides by _Point too (MT5's buffer is in points); the kernel keeps
    // price units and the EA multiplies by _Point, so with _Point 0.0001 bar 1 reads 10 points / 5 ticks = 2.
    const high = Float64Array.of(1.1, 1.1012, 1.1012, 1.1005);
    const low = Float64Array.of(1.1, 1.1002, 1.0999, 1.0999);
    const volume = Float64Array.of(0, 5, 0, 3);
    const out = bwmfi(high, low, volume);
    expect(out[0]).toBe(0); // zero volume on bar 0: 0
    expect(out[1]).toBeCloseTo(0.001 / 5, 15);
    expect(out[1] / 0.0001).toBeCloseTo(2, 10);
    expect(out[2]).toBe(out[1]); // zero volume: bar 1's value carried
    expect(out[3]).toBeCloseTo(0.0006 / 3, 15);
  });
});
