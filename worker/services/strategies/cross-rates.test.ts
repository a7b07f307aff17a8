import { describe, expect, it } from "vitest";
import { barsFromRows } from "../../market/bars";
import { getSymbol } from "../../market/catalogue";
import { chunkKey } from "../../market/chunks";
import { CandleStore, MemoryBlobStore } from "../../market/store";
import { crossPairs, importedCrossRates, priceAt } from "./cross-rates";

const HOUR = 3_600_000;
const JAN = Date.UTC(2020, 0, 6);
const FEB = Date.UTC(2020, 1, 3);

/** GBPUSD H1 bars from 2020-01-01 to the end of January: open 1.3000 + 1 pip per hour, close 5 pips up. */
function januaryGbpusd() {
  const start = Date.UTC(2020, 0, 1);
  const rows = Array.from({ length: 31 * 24 }, (_, i) => {
    const open = Math.round((1.3 + i * 0.0001) * 1e5) / 1e5;
    const close = Math.round((open + 0.0005) * 1e5) / 1e5;
    return { time: start + i * HOUR, open, high: close, low: open, close, volume: 10, spread: 0 };
  });
  return barsFromRows(rows);
}

async function storeWithJanuary() {
  const blobs = new MemoryBlobStore();
  const store = new CandleStore({ blobs, now: () => Date.UTC(2020, 5, 1) });
  const bars = januaryGbpusd();
  await store.import(getSymbol("GBPUSD"), {
    format: "generic",
    bars,
    resolution: "H1",
    errors: [],
    errorCount: 0,
    rows: bars.length,
  });
  return { blobs, store };
}

describe("crossPairs", () => {
  it("lists the pairs the conversion prices, none when the deposit is the base or the quote", () => {
    expect(crossPairs("EURGBP", "USD")).toEqual(["GBPUSD", "EURUSD"]);
    expect(crossPairs("EURUSD", "GBP")).toEqual(["GBPUSD", "EURGBP"]);
    expect(crossPairs("EURUSD", "USD")).toEqual([]);
    expect(crossPairs("USDJPY", "USD")).toEqual([]);
    expect(crossPairs("EURUSD", "EUR")).toEqual([]);
  });
});

describe("importedCrossRates", () => {
  it("gives a pair's imported bars when every month of the range is imported", async () => {
    const { store } = await storeWithJanuary();
    const r = await importedCrossRates(store, "GBPUSD", JAN, JAN + 5 * 24 * HOUR);
    expect(r?.period).toBe("H1");
    expect(r?.bars.length).toBe(5 * 24);
    expect(r?.bars.time[0]).toBe(JAN);
  });

  it("gives null, and generates no demo month, when a month of the range is not imported", async () => {
    const { blobs, store } = await storeWithJanuary();
    expect(await importedCrossRates(store, "GBPUSD", JAN, FEB + 24 * HOUR)).toBeNull();
    expect(await importedCrossRates(store, "EURUSD", JAN, JAN + HOUR)).toBeNull();
    expect(blobs.objects.has(chunkKey("GBPUSD", "M1", "2020-02"))).toBe(false);
    expect(blobs.objects.has(chunkKey("EURUSD", "M1", "2020-01"))).toBe(false);
  });
});

describe("priceAt", () => {
  it("reads only what is known at the time: the open of the bar in progress, the close of a bar over", async () => {
    const { store } = await storeWithJanuary();
    const r = await importedCrossRates(store, "GBPUSD", JAN, JAN + 24 * HOUR);
    if (!r) throw new Error("no rates");
    const first = r.bars.open[0];
    expect(priceAt(r, JAN - HOUR)).toBe(first);
    expect(priceAt(r, JAN + 30 * 60_000)).toBe(first);
    expect(priceAt(r, JAN + HOUR + 59 * 60_000)).toBe(r.bars.open[1]);
    // After the last bar: its close.
    expect(priceAt(r, JAN + 30 * HOUR)).toBe(r.bars.close[23]);
  });
});
