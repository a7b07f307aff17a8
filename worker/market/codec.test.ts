import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { barsFromRows, toRows } from "./bars";
import { getSymbol } from "./catalogue";
import { compress, decodeChunk, decompress, encodeChunk, packChunk, unpackChunk } from "./codec";
import { demoMonth } from "./demo";
import { MarketError } from "./errors";
import { PERIODS } from "./types";

/** Arbitrary valid bars on a price grid of `digits`, strictly increasing times. */
const barsArb = fc
  .record({
    digits: fc.integer({ min: 0, max: 6 }),
    start: fc.integer({ min: 0, max: 4_000_000_000 }),
    unit: fc.constantFrom(1, 1000, 60_000),
    rows: fc.array(
      fc.record({
        gap: fc.integer({ min: 1, max: 100_000 }),
        open: fc.integer({ min: 1, max: 50_000_000 }),
        up: fc.integer({ min: 0, max: 10_000 }),
        down: fc.integer({ min: 0, max: 10_000 }),
        move: fc.integer({ min: -10_000, max: 10_000 }),
        volume: fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), fc.double({ min: 0, max: 1e12, noNaN: true })),
        spread: fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.double({ min: 0, max: 1e4, noNaN: true })),
      }),
      { maxLength: 200 },
    ),
  })
  .map(({ digits, start, unit, rows }) => {
    const scale = 10 ** digits;
    let t = start * unit;
    const out = rows.map((r) => {
      t += r.gap * unit;
      const close = Math.max(1, r.open + r.move);
      return {
        time: t,
        open: r.open / scale,
        close: close / scale,
        high: (Math.max(r.open, close) + r.up) / scale,
        low: Math.max(1, Math.min(r.open, close) - r.down) / scale,
        volume: r.volume,
        spread: r.spread,
      };
    });
    return { digits, bars: barsFromRows(out) };
  });

describe("codec", () => {
  it("round-trips any bars exactly (property)", () => {
    fc.assert(
      fc.property(barsArb, fc.constantFrom(...PERIODS), fc.boolean(), ({ digits, bars }, period, demo) => {
        const raw = encodeChunk(bars, { symbol: "EURUSD", period, digits: Math.max(0, digits - 1), demo });
        const back = decodeChunk(raw);
        expect(back.symbol).toBe("EURUSD");
        expect(back.period).toBe(period);
        expect(back.demo).toBe(demo);
        expect(back.bars.length).toBe(bars.length);
        expect(toRows(back.bars)).toEqual(toRows(bars));
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips through CompressionStream (property)", async () => {
    await fc.assert(
      fc.asyncProperty(barsArb, async ({ digits, bars }) => {
        const packed = await packChunk(bars, { symbol: "USDJPY", period: "M1", digits, demo: false });
        expect(toRows((await unpackChunk(packed)).bars)).toEqual(toRows(bars));
      }),
      { numRuns: 40 },
    );
  });

  it("widens digits when a price is off the symbol's grid, keeping it exact", () => {
    const bars = barsFromRows([
      { time: 0, open: 91.7175, high: 91.72, low: 91.7, close: 91.71, volume: 1, spread: 2 },
    ]);
    const back = decodeChunk(encodeChunk(bars, { symbol: "USDJPY", period: "M1", digits: 3, demo: false }));
    expect(back.digits).toBe(4);
    expect(back.bars.open[0]).toBe(91.7175);
  });

  it("is deterministic: same bars, same bytes", async () => {
    const s = getSymbol("EURUSD");
    const a = await packChunk(demoMonth(s, "2023-05"), {
      symbol: "EURUSD",
      period: "M1",
      digits: 5,
      demo: true,
    });
    const b = await packChunk(demoMonth(s, "2023-05"), {
      symbol: "EURUSD",
      period: "M1",
      digits: 5,
      demo: true,
    });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("keeps a demo month of M1 under 8 bytes per bar after compression", async () => {
    const bars = demoMonth(getSymbol("EURUSD"), "2024-01");
    const packed = await packChunk(bars, { symbol: "EURUSD", period: "M1", digits: 5, demo: true });
    expect(packed.length / bars.length).toBeLessThan(8);
  });

  it("refuses times that do not increase and malformed bytes", async () => {
    const bars = barsFromRows([
      { time: 60_000, open: 1, high: 1, low: 1, close: 1, volume: 0, spread: 0 },
      { time: 60_000, open: 1, high: 1, low: 1, close: 1, volume: 0, spread: 0 },
    ]);
    expect(() => encodeChunk(bars, { symbol: "X", period: "M1", digits: 5, demo: false })).toThrow(
      /strictly increase/,
    );
    expect(() => decodeChunk(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(MarketError);
    const good = encodeChunk(demoMonth(getSymbol("EURUSD"), "2024-01"), {
      symbol: "EURUSD",
      period: "M1",
      digits: 5,
      demo: true,
    });
    expect(() => decodeChunk(good.subarray(0, good.length - 3))).toThrow(/truncated|trailing/);
    await expect(decompress(new Uint8Array([9, 9, 9, 9]))).rejects.toThrow(/does not decompress/);
    const z = await compress(new Uint8Array([1, 2, 3]));
    expect(Array.from(await decompress(z))).toEqual([1, 2, 3]);
  });
});

describe("codec on damaged input", () => {
  it("throws MarketError (never crashes or hangs) on arbitrary bytes after a valid header start", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (tail) => {
        const bytes = new Uint8Array([0x53, 0x46, 0x43, 0x31, 1, ...tail]);
        try {
          decodeChunk(bytes);
        } catch (e) {
          expect(e).toBeInstanceOf(MarketError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("detects any single flipped bit of a stored chunk", async () => {
    const packed = await packChunk(demoMonth(getSymbol("EURUSD"), "2024-01"), {
      symbol: "EURUSD",
      period: "M1",
      digits: 5,
      demo: true,
    });
    for (const at of [10, Math.floor(packed.length / 2), packed.length - 2]) {
      const bad = packed.slice();
      bad[at] ^= 0x10;
      await expect(unpackChunk(bad)).rejects.toThrow(MarketError);
    }
  });
});
