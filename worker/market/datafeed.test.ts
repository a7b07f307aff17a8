import { describe, expect, it } from "vitest";
import { parseCandleQuery } from "./datafeed";
import { CandleStore, MemoryBlobStore } from "./store";

describe("datafeed query", () => {
  it("reads the spec's query, case-insensitive timeframe, epoch seconds, inclusive end", () => {
    const q = parseCandleQuery(
      new URLSearchParams("symbol=eurusd&timeframe=m15&start_timestamp=1704067200&end_timestamp=1705276799"),
    );
    expect(q).toEqual({ symbol: "EURUSD", period: "M15", fromMs: 1704067200000, toMs: 1705276799001 });
    expect(parseCandleQuery({ symbol: "USDJPY", start_timestamp: "0", end_timestamp: "86400" }).period).toBe(
      "H1",
    );
  });

  it("refuses bad input with clear messages", () => {
    const base = {
      symbol: "EURUSD",
      timeframe: "H1",
      start_timestamp: "1704067200",
      end_timestamp: "1705276799",
    };
    expect(() => parseCandleQuery({ ...base, symbol: undefined })).toThrow(/symbol is required/);
    expect(() => parseCandleQuery({ ...base, symbol: "ABCDEF" })).toThrow(/Unknown symbol/);
    expect(() => parseCandleQuery({ ...base, timeframe: "H5" })).toThrow(/Unknown period/);
    expect(() => parseCandleQuery({ ...base, start_timestamp: "yesterday" })).toThrow(/epoch seconds/);
    expect(() => parseCandleQuery({ ...base, end_timestamp: "1" })).toThrow(/before start_timestamp/);
    expect(() => parseCandleQuery({ ...base, timeframe: "M1", start_timestamp: "0" })).toThrow(
      /more than 100000/,
    );
  });

  it("turns the query into the store's range: end_timestamp's own bar is included", async () => {
    const store = new CandleStore({ blobs: new MemoryBlobStore(), now: () => Date.UTC(2024, 5, 1) });
    const q = parseCandleQuery({
      symbol: "EURUSD",
      timeframe: "d1",
      start_timestamp: "1704153600",
      end_timestamp: "1704412800",
    });
    const answer = await store.candles(q.symbol, q.period, q.fromMs, q.toMs);
    expect(answer.period).toBe("D1");
    expect(answer.demo).toBe(true);
    // Tue 2 Jan ... Fri 5 Jan 2024: the last opens exactly at end_timestamp.
    expect(Array.from(answer.bars.time, (t) => t / 1000)).toEqual([
      1704153600, 1704240000, 1704326400, 1704412800,
    ]);
  });
});
