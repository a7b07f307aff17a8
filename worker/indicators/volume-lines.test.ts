import { describe, expect, it } from "vitest";
import { ad } from "./ad";
import { bwmfi } from "./bwmfi";
import { obv } from "./obv";

// Hand-computed tables of MetaQuotes' AD.mq5, OBV.mq5 and MarketFacilitationIndex.mq5.
describe("volume-based kernels (tick volume)", () => {
  const high = Float64Array.of(2, 3, 3, 4);
  const low = Float64Array.of(1, 1, 3, 2);
  const close = Float64Array.of(2, 1.5, 3, 3);
  const volume = Float64Array.of(10, 20, 30, 0);

  it("AD accumulates ((C-L)-(H-C))/(H-L) x volume, nothing on a flat bar, from bar 0", () => {
    // bar0: (1-0)/1*10 = 10; bar1: (0.5-1.5)/2*20 = -10 -> 0; bar2 flat -> 0; bar3: (1-1)/2*0 -> 0
    expect(Array.from(ad(high, low, close, volume))).toEqual([10, 0, 0, 0]);
  });

  it("OBV starts at the first volume and adds/subtracts on higher/lower closes", () => {
    expect(Array.from(obv(close, volume))).toEqual([10, -10, 20, 20]);
  });

  it("BW MFI is the range per tick, the previous value at zero volume", () => {
    const out = bwmfi(high, low, volume);
    expect(out[0]).toBeCloseTo(0.1, 14);
    expect(out[1]).toBeCloseTo(0.1, 14);
    expect(out[2]).toBe(0);
    expect(out[3]).toBe(0);
  });
});
