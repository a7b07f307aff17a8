import { describe, expect, it } from "vitest";
import { toRows } from "../bars";
import { getSymbol } from "../catalogue";
import { ticksOf } from "../test-helpers/bi5";
import { ticksToM1 } from "./m1";

const H = Date.UTC(2024, 0, 2, 10);

describe("ticksToM1", () => {
  it("builds bid OHLC, tick volume and the minute's minimum spread", () => {
    const t = ticksOf(H, [
      { ms: 100, bid: 108_345, ask: 108_348 },
      { ms: 20_000, bid: 108_350, ask: 108_351 },
      { ms: 59_999, bid: 108_340, ask: 108_343 },
      { ms: 60_000, bid: 108_341, ask: 108_343 },
      { ms: 185_000, bid: 108_339, ask: 108_341 },
    ]);
    expect(toRows(ticksToM1(t, 5, getSymbol("EURUSD")))).toEqual([
      { time: H, open: 1.08345, high: 1.0835, low: 1.0834, close: 1.0834, volume: 3, spread: 1 },
      { time: H + 60_000, open: 1.08341, high: 1.08341, low: 1.08341, close: 1.08341, volume: 1, spread: 2 },
      { time: H + 180_000, open: 1.08339, high: 1.08339, low: 1.08339, close: 1.08339, volume: 1, spread: 2 },
    ]);
  });

  it("converts JPY prices from the feed's three digits", () => {
    const t = ticksOf(H, [{ ms: 0, bid: 150_123, ask: 150_135 }]);
    const [bar] = toRows(ticksToM1(t, 3, getSymbol("USDJPY")));
    expect(bar.open).toBe(150.123);
    expect(bar.spread).toBe(12);
  });
});
