import { describe, expect, it } from "vitest";
import { atrSmoothing } from "./atr-smoothing";

describe("a smoothed ATR", () => {
  it("reads the average's length and kind (simple when unnamed)", () => {
    expect(atrSmoothing("stop 2 x the atr(14) smoothed by a 5 period ema")).toEqual({
      period: 5,
      method: "ema",
    });
    expect(atrSmoothing("inputs atr (20) , atr(20) smoothing 10")).toEqual({ period: 10, method: "sma" });
    expect(atrSmoothing("stop at the smoothed atr (20, 8)")).toEqual({ period: 8, method: "sma" });
  });

  it("needs a length, and the ATR's own", () => {
    expect(atrSmoothing("stop 2 x atr(14), the atr is smoothed.")).toBeNull();
    expect(atrSmoothing("rsi smoothed with a 5 ema, stop 2 x atr")).toBeNull();
  });
});
