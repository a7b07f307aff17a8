import { describe, expect, it } from "vitest";
import { sliceTime } from "./bars";
import { type ServerZone, serverZone, toServerTime } from "./server-time";
import { CandleStore, MemoryBlobStore } from "./store";
import type { Bars } from "./types";

const T = (s: string) => Date.parse(s);
const DAY = 86_400_000;
const NOW = T("2024-11-20T09:41:30Z");

/** The long way: the UTC M1 a day either side, shifted to server time and cut (server-candles.ts). */
async function longWay(store: CandleStore, symbol: string, zone: ServerZone, from: number, to: number) {
  const a = await store.candles(symbol, "M1", zone.isUtc ? from : from - DAY, zone.isUtc ? to : to + DAY);
  return { bars: sliceTime(toServerTime(a.bars, zone), from, to), demo: a.demo };
}

function columns(b: Bars) {
  return {
    length: b.length,
    time: Array.from(b.time),
    open: Array.from(b.open),
    high: Array.from(b.high),
    low: Array.from(b.low),
    close: Array.from(b.close),
    volume: Array.from(b.volume),
    spread: Array.from(b.spread),
  };
}

// Months with New York's clock changes (the server clock skips an hour in March and repeats one in November,
// both on a closed Sunday), Cairo's repeated hour on a Thursday evening while the market trades (2023-10-26),
// a month cut by the present minute, and part of a day.
const RANGES: [string, string][] = [
  ["2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"],
  ["2023-10-01T00:00:00Z", "2023-11-01T00:00:00Z"],
  ["2024-11-01T00:00:00Z", "2024-12-01T00:00:00Z"],
  ["2023-10-26T20:15:00Z", "2023-10-27T03:00:00Z"],
];
const ZONES = ["GMT+2/+3", "UTC", "Africa/Cairo", "Australia/Lord_Howe"];

describe("CandleStore.serverM1 (demo months decoded straight into server time)", () => {
  it("gives exactly the bars of the long way on real demo months, clock changes and the present included", async () => {
    const store = new CandleStore({ blobs: new MemoryBlobStore(), now: () => NOW, persistDemo: false });
    let merged = 0;
    for (const name of ZONES) {
      const zone = serverZone(name);
      for (const symbol of ["EURUSD"]) {
        for (const [a, b] of RANGES) {
          const direct = await store.serverM1(symbol, zone, T(a), T(b));
          const expected = await longWay(store, symbol, zone, T(a), T(b));
          expect(direct.demo).toBe(expected.demo);
          expect(columns(direct.bars)).toEqual(columns(expected.bars));
          // The long way merged bars where the clock went back: fewer bars than UTC minutes shifted.
          const shifted = await store.candles(symbol, "M1", T(a) - DAY, T(b) + DAY);
          if (toServerTime(shifted.bars, zone).length < shifted.bars.length) merged++;
        }
      }
    }
    // Cairo's October did repeat an hour of trading, so the merge path was compared, not only plain shifts.
    expect(merged).toBeGreaterThan(0);
  });

  it("stops at the present minute and answers nothing for a future month", async () => {
    const store = new CandleStore({ blobs: new MemoryBlobStore(), now: () => NOW, persistDemo: false });
    const ny = serverZone("GMT+2/+3");
    const now = await store.serverM1("EURUSD", ny, T("2024-11-19T00:00:00Z"), T("2024-11-22T00:00:00Z"));
    expect(now.bars.length).toBeGreaterThan(0);
    expect(now.bars.time[now.bars.length - 1]).toBe(ny.toServer(T("2024-11-20T09:40:00Z")));
    const future = await store.serverM1("EURUSD", ny, T("2025-02-01T00:00:00Z"), T("2025-03-01T00:00:00Z"));
    expect(future).toEqual({ bars: expect.objectContaining({ length: 0 }), demo: false });
  });

  it("reads stored and imported months the long way, with the same answer", async () => {
    const blobs = new MemoryBlobStore();
    const writer = new CandleStore({ blobs, now: () => NOW });
    const zone = serverZone("GMT+2/+3");
    const [a, b] = [T("2024-03-01T00:00:00Z"), T("2024-04-01T00:00:00Z")];
    const generated = await writer.serverM1("EURUSD", zone, a, b);
    // A fresh store finds the months stored as chunks (decoded bars, not packed ones).
    const reader = new CandleStore({ blobs, now: () => NOW });
    const stored = await reader.serverM1("EURUSD", zone, a, b);
    expect(columns(stored.bars)).toEqual(columns(generated.bars));
    expect(columns(stored.bars)).toEqual(columns((await longWay(reader, "EURUSD", zone, a, b)).bars));
  });
});
