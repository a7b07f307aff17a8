import { describe, expect, it } from "vitest";
import { mfi } from "./mfi";

describe("mfi (MT5 MFI.mq5, tick volume)", () => {
  it("hand-checked with period 2: positive/negative money flow of the typical price", () => {
    // typical prices 2, 3, 2.5 (volumes 10, 20, 30): bar 2 window: +3*20, -2.5*30 -> 100 - 100/(1 + 60/75)
    const h = Float64Array.of(3, 4, 3.5);
    const l = Float64Array.of(1, 2, 1.5);
    const c = Float64Array.of(2, 3, 2.5);
    const out = mfi(h, l, c, Float64Array.of(10, 20, 30), 2);
    expect(out[1]).toBeNaN();
    expect(out[2]).toBeCloseTo(100 - 100 / (1 + 60 / 75), 12);
  });
});
