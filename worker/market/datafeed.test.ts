import { describe, expect, it } from "vitest";
import { parseCandleQuery, toCandlesPayload } from "./datafeed";
import { CandleStore, MemoryBlobStore } from "./store";

describe("datafeed query and payload", () => {
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

  it("answers candles with times in seconds and the demo flag", async () => {
    const store = new CandleStore({ blobs: new MemoryBlobStore(), now: () => Date.UTC(2024, 5, 1) });
    const q = parseCandleQuery({
      symbol: "EURUSD",
      timeframe: "d1",
      start_timestamp: "1704153600",
      end_timestamp: "1704412800",
    });
    const payload = toCandlesPayload(await store.candles(q.symbol, q.period, q.fromMs, q.toMs));
    expect(payload.demo).toBe(true);
    expect(payload.timeframe).toBe("D1");
    expect(payload.candles.map((c) => c.time)).toEqual([1704153600, 1704240000, 1704326400, 1704412800]);
    expect(Object.keys(payload.candles[0])).toEqual([
      "time",
      "open",
      "high",
      "low",
      "close",
      "volume",
      "spread",
    ]);
  });
});
