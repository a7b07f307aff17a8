import { describe, expect, it } from "vitest";
import {
  CANDLE_MESSAGES,
  CandleError,
  candleFailureMessage,
  candlesUrl,
  httpErrorMessage,
  mergeCandles,
  parseCandles,
  pricePrecision,
  readCandles,
} from "./chart-candles";

const candle = (time: number, close = 1) => ({ time, open: 1, high: 2, low: 0.5, close });

describe("candlesUrl", () => {
  it("builds the datafeed query in epoch seconds", () => {
    const url = candlesUrl("/datafeed/candles/", { symbol: "EURUSD", timeframe: "h1", start: 10.7, end: 20 });
    expect(url).toBe("/datafeed/candles/?symbol=EURUSD&timeframe=h1&start_timestamp=10&end_timestamp=20");
  });
  it("requires symbol, timeframe, start and end", () => {
    const full = { symbol: "EURUSD", timeframe: "h1", start: 1, end: 2 };
    for (const missing of [
      { ...full, symbol: "" },
      { ...full, timeframe: undefined },
      { ...full, start: undefined },
      { ...full, end: Number.NaN },
    ]) {
      expect(() => candlesUrl("/x", missing)).toThrow(CANDLE_MESSAGES.missingParameters);
    }
    expect(CANDLE_MESSAGES.missingParameters).toBe("Missing required parameters for fetching candle data");
  });
});

describe("parseCandles", () => {
  it("keeps valid candles and only their fields", () => {
    expect(parseCandles([{ ...candle(1), extra: "x" }])).toEqual([candle(1)]);
  });
  it("rejects anything else", () => {
    expect(() => parseCandles({ detail: "x" })).toThrow(CandleError);
    expect(() => parseCandles([{ time: "1", open: 1, high: 1, low: 1, close: 1 }])).toThrow(
      "Failed to load chart data",
    );
    expect(() => parseCandles([null])).toThrow(CandleError);
  });
});

describe("readCandles", () => {
  it("reads an array", async () => {
    expect(await readCandles(Response.json([candle(5)]))).toEqual([candle(5)]);
  });
  it("shows the server's detail", async () => {
    const res = Response.json({ detail: "Unknown symbol" }, { status: 404 });
    await expect(readCandles(res)).rejects.toThrow("Unknown symbol");
  });
  it("falls back to the status line", async () => {
    const res = new Response("oops", { status: 502, statusText: "Bad Gateway" });
    await expect(readCandles(res)).rejects.toThrow("Server error: 502 Bad Gateway");
    expect(httpErrorMessage(500, "Internal Server Error", { detail: 3 })).toBe(
      "Server error: 500 Internal Server Error",
    );
  });
  it("fails on a body that is not JSON", async () => {
    await expect(readCandles(new Response("<html>"))).rejects.toThrow("Failed to load chart data");
  });
});

describe("candleFailureMessage", () => {
  it("hides network errors behind the generic text", () => {
    expect(candleFailureMessage(new TypeError("fetch failed"))).toBe("Failed to load chart data");
    expect(candleFailureMessage(new CandleError("Server error: 500 x"))).toBe("Server error: 500 x");
  });
});

describe("mergeCandles", () => {
  it("merges, de-duplicates by time and sorts", () => {
    const merged = mergeCandles([candle(3), candle(1)], [candle(2), candle(3, 9), candle(0)]);
    expect(merged.map((c) => c.time)).toEqual([0, 1, 2, 3]);
    expect(merged[3].close).toBe(9);
  });
});

describe("pricePrecision", () => {
  it("gives 5 decimals to EURUSD-like quotes, 3 to JPY pairs, else 2", () => {
    expect(pricePrecision([{ time: 0, open: 1.09, high: 1.1, low: 1.08, close: 1.09 }])).toBe(5);
    expect(pricePrecision([{ time: 0, open: 151, high: 151.2, low: 150, close: 151 }])).toBe(3);
    expect(pricePrecision([{ time: 0, open: 2300, high: 2310, low: 2290, close: 2300 }])).toBe(2);
    expect(pricePrecision([])).toBe(5);
  });
});
