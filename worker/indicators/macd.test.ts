import { MACD } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { macd } from "./macd";

describe("macd (MT5 MACD.mq5)", () => {
  it("main = EMA(fast) - EMA(slow) with first-price seeds, signal = SMA(main) (hand-checked)", () => {
    // fast=2 (k=2/3): 1, 5/3, 23/9, 95/27, 365/81; slow=3 (k=1/2): 1, 3/2, 9/4, 25/8, 65/16
    const { main, signal } = macd(Float64Array.of(1, 2, 3, 4, 5), 2, 3, 2);
    expect(main[1]).toBeNaN();
    expect(main[2]).toBeCloseTo(11 / 36, 14);
    expect(main[3]).toBeCloseTo(85 / 216, 14);
    expect(main[4]).toBeCloseTo(575 / 1296, 14);
    expect(signal[2]).toBeNaN();
    expect(signal[3]).toBeCloseTo(151 / 432, 14);
    expect(signal[4]).toBeCloseTo(1085 / 2592, 14);
  });

  // technicalindicators with EMA oscillators and an SMA signal is MT5's definition except for the
  // EMA seed (SMA there, first price in MT5); compare once the seed has decayed.
  it("converges to technicalindicators' MACD(12,26,9) with an SMA signal", () => {
    const { close } = eurusdH1();
    const rows = MACD.calculate({
      values: Array.from(close),
      fastPeriod: 12,
      slowPeriod: 26,
      signalPeriod: 9,
      SimpleMAOscillator: false,
      SimpleMASignal: true,
    });
    const oracleMain = padFront(
      rows.map((r) => r.MACD ?? Number.NaN),
      close.length,
    );
    const oracleSignal = padFront(
      rows.map((r) => r.signal ?? Number.NaN),
      close.length,
    );
    const ours = macd(close);
    expect(maxDiff(ours.main, oracleMain, 1000)).toBeLessThan(1e-12);
    expect(maxDiff(ours.signal, oracleSignal, 1000)).toBeLessThan(1e-12);
  });
});
