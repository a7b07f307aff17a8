import { describe, expect, it } from "vitest";
import { adxWilder } from "./adx-wilder";
import { expectTable } from "./hand-table.fixture";
import { rvi } from "./rvi";

/**
 * Hand-computed tables for ADX Wilder and the Relative Vigor Index. Source: MetaQuotes' indicator
 * sources shipped with MetaTrader 5, MQL5\Indicators\Examples\ADXW.mq5 (iADXWilder, with the
 * SmoothedMA of MovingAverages.mqh) and RVI.mq5 (iRVI); values worked by hand in exact fractions.
 */
describe("ADX Wilder (iADXWilder), period 2", () => {
  const high = Float64Array.of(10, 11, 12, 11.5, 13, 12, 12.5);
  const low = Float64Array.of(9, 9.5, 10.5, 10, 11, 10.5, 11);
  const close = Float64Array.of(9.5, 10.5, 11.5, 10.5, 12.5, 11, 12);
  // +DM 0,1,1,0,1.5,0,0.5; -DM 0,0,0,0.5,0,0.5,0; TR -,1.5,1.5,1.5,2.5,2,1.5.
  // ADXW.mq5 smooths from bar `period` with the previous value 0: ATR[2] = 1.5/2 = 3/4, +DMs[2] = 1/2;
  // then ATR[3] = (3/4 + 3/2)/2 = 9/8, +DMs[3] = 1/4, -DMs[3] = 1/4 -> +DI = -DI = 200/9, DX 0.
  // DX: 0,0,100,0,75,50/3,50; ADX = SmoothedMA(DX): bar 1 the mean of DX[0..1] = 0, then 50, 25, 50, ...
  const out = adxWilder(high, low, close, 2);

  it("draws +DI/-DI from bar period + 1 and ADX from bar 2 x period (PLOT_DRAW_BEGIN)", () => {
    expect(Array.from(out.plusDi.subarray(0, 3)).every(Number.isNaN)).toBe(true);
    expect(Array.from(out.minusDi.subarray(0, 3)).every(Number.isNaN)).toBe(true);
    expect(Array.from(out.adx.subarray(0, 4)).every(Number.isNaN)).toBe(true);
    expect(Number.isNaN(out.plusDi[3]) || Number.isNaN(out.adx[4])).toBe(false);
  });

  it("+DI and -DI follow the hand-worked table", () => {
    expectTable(out.plusDi, 3, [200 / 9, 1400 / 29, 1400 / 61, 3000 / 109], 12);
    expectTable(out.minusDi, 3, [200 / 9, 200 / 29, 1000 / 61, 1000 / 109], 12);
  });

  it("ADX is Wilder's smoothing of DX: 50, 100/3, 125/3 on bars 4..6", () => {
    // bar 4: (25 + 75)/2 = 50; bar 5: (50 + 50/3)/2 = 100/3; bar 6: (100/3 + 50)/2 = 125/3
    expectTable(out.adx, 4, [50, 100 / 3, 125 / 3], 12);
  });

  it("gives nothing on fewer bars than the period (ADXW.mq5 returns 0)", () => {
    const r = adxWilder(Float64Array.of(2), Float64Array.of(1), Float64Array.of(1.5), 2);
    expect([r.adx[0], r.plusDi[0], r.minusDi[0]].every(Number.isNaN)).toBe(true);
  });
});

describe("RVI (iRVI), period 2", () => {
  // Every open is 10; per bar close - open and high - low:
  //   C-O 1,-1,2,0,1,1,-2,0,1,2,-1   H-L 2,2,4,1,2,2,4,2,2,4,3
  const open = new Float64Array(11).fill(10);
  const high = Float64Array.of(12, 11, 14, 11, 12, 12, 12, 12, 12, 14, 12);
  const low = Float64Array.of(10, 9, 10, 10, 10, 10, 8, 10, 10, 10, 9);
  const close = Float64Array.of(11, 9, 12, 10, 11, 11, 8, 10, 11, 12, 9);
  const out = rvi(open, high, low, close, 2);

  it("main: the 1-2-2-1 weighted C-O over H-L summed over 2 bars, from bar period + 2", () => {
    // bar 4: up = (1 + 0 + 4 - 1) + (0 + 4 - 2 + 1) = 7, down = (2 + 2 + 8 + 2) + (1 + 8 + 4 + 2) = 29
    expectTable(out.main, 4, [7 / 29, 9 / 26, 7 / 25, 1 / 29, -3 / 32, 0, 7 / 33], 14);
  });

  it("signal: the 1-2-2-1 weighted mean of main over 6, from bar period + 5", () => {
    // bar 7: (1/29 + 2 x 7/25 + 2 x 9/26 + 7/29) / 6 = 4801/18850
    expectTable(out.signal, 7, [4801 / 18850, 88607 / 603200, 1873 / 69600, 905 / 91872], 14);
  });

  it("gives nothing until there are more than period + 8 bars (RVI.mq5 returns 0)", () => {
    const r = rvi(open.subarray(0, 10), high.subarray(0, 10), low.subarray(0, 10), close.subarray(0, 10), 2);
    expect(Array.from(r.main).every(Number.isNaN)).toBe(true);
    expect(Array.from(r.signal).every(Number.isNaN)).toBe(true);
  });
});
