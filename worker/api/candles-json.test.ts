import { describe, expect, it } from "vitest";
import { barsFromRows } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { demoMonth } from "../market/demo";
import type { Bars } from "../market/types";
import { candlesJson } from "./candles-json";

function viaStringify(bars: Bars): string {
  const rows = [];
  for (let i = 0; i < bars.length; i++) {
    rows.push({
      time: Math.floor(bars.time[i] / 1000),
      open: bars.open[i],
      high: bars.high[i],
      low: bars.low[i],
      close: bars.close[i],
    });
  }
  return JSON.stringify(rows);
}

describe("candlesJson", () => {
  it("prints exactly what JSON.stringify prints, for demo months of 5- and 3-digit pairs", () => {
    for (const name of ["EURUSD", "USDJPY", "GBPNZD"]) {
      const s = getSymbol(name);
      const bars = demoMonth(s, "2024-02");
      expect(candlesJson(bars)).toBe(viaStringify(bars));
    }
  });

  it("prints any finite prices and an empty array as JSON.stringify does", () => {
    const row = { volume: 0, spread: 0 };
    const bars = barsFromRows([
      { time: 60_000, open: 1.1, high: 1.10001, low: 1.00012, close: 2, ...row },
      { time: 120_000, open: 0.00001, high: 123456.78901, low: 1.123456789, close: 1e-7, ...row },
      { time: 180_000, open: 150.1, high: 150.105, low: 149.99, close: 150, ...row },
    ]);
    expect(candlesJson(bars)).toBe(viaStringify(bars));
    expect(candlesJson(barsFromRows([]))).toBe("[]");
  });
});
