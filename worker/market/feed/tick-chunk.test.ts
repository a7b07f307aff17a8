import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compress } from "../codec";
import { syntheticHour } from "../test-helpers/bi5";
import { decodeTickChunk, encodeTickChunk } from "./tick-chunk";
import { allocTicks, concatTicks } from "./ticks";

const DAY = Date.UTC(2024, 0, 2);
const info = { symbol: "EURUSD", digits: 5, dayStart: DAY };

describe("tick chunks", () => {
  it("round-trip a day of ticks exactly, stored (deflated) in at most 6 bytes a tick", async () => {
    const day = concatTicks(
      Array.from({ length: 24 }, (_, h) => syntheticHour(DAY + h * 3_600_000, 4000, h + 1)),
    );
    const bytes = encodeTickChunk(day, info);
    expect((await compress(bytes)).length / day.length).toBeLessThanOrEqual(6);
    const back = decodeTickChunk(bytes);
    expect(back.symbol).toBe("EURUSD");
    expect(back.dayStart).toBe(DAY);
    expect(back.ticks.length).toBe(day.length);
    expect(back.ticks.time).toEqual(day.time);
    expect(back.ticks.bid).toEqual(day.bid);
    expect(back.ticks.ask).toEqual(day.ask);
    expect(back.ticks.bidVolume).toEqual(day.bidVolume);
    expect(back.ticks.askVolume).toEqual(day.askVolume);
  });

  it("keeps any float32 volume and any price move exactly", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            dt: fc.integer({ min: 0, max: 100_000 }),
            bid: fc.integer({ min: 1, max: 2_000_000 }),
            spread: fc.integer({ min: -50, max: 500 }),
            v: fc.float({ noNaN: true, min: 0, max: 1000 }),
          }),
          { maxLength: 200 },
        ),
        (rows) => {
          const t = allocTicks(rows.length);
          let time = DAY;
          rows.forEach((r, i) => {
            time += r.dt;
            t.time[i] = time;
            t.bid[i] = r.bid;
            t.ask[i] = r.bid + r.spread;
            t.bidVolume[i] = r.v;
            t.askVolume[i] = i;
          });
          const back = decodeTickChunk(encodeTickChunk(t, info)).ticks;
          expect(back.time).toEqual(t.time);
          expect(back.ask).toEqual(t.ask);
          expect(back.bidVolume).toEqual(t.bidVolume);
          expect(back.askVolume).toEqual(t.askVolume);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("refuses damaged chunks", () => {
    const bytes = encodeTickChunk(syntheticHour(DAY, 50, 3), info);
    expect(() => decodeTickChunk(bytes.subarray(0, bytes.length - 3))).toThrow(/damaged/);
    expect(() => decodeTickChunk(Uint8Array.from([1, 2, 3, ...bytes]))).toThrow(/damaged/);
  });
});
