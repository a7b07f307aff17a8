import { describe, expect, it } from "vitest";
import { MarketError } from "../errors";
import { buildBi5, syntheticHour, ticksOf } from "../test-helpers/bi5";
import { decodeBi5, decodeBi5Records } from "./bi5";

const HOUR = Date.UTC(2024, 0, 2, 10);

describe("decodeBi5", () => {
  it("reads the 20-byte big-endian records: ms into the hour, ask, bid, volumes", () => {
    const file = buildBi5(
      ticksOf(HOUR, [
        { ms: 0, bid: 108_345, ask: 108_347, bidVolume: 1.25, askVolume: 0.5 },
        { ms: 1_250, bid: 108_344, ask: 108_347, bidVolume: 3, askVolume: 2.75 },
      ]),
      HOUR,
    );
    const t = decodeBi5(file, HOUR);
    expect(t.length).toBe(2);
    expect([...t.time]).toEqual([HOUR, HOUR + 1_250]);
    expect([...t.bid]).toEqual([108_345, 108_344]);
    expect([...t.ask]).toEqual([108_347, 108_347]);
    expect([...t.bidVolume]).toEqual([1.25, 3]);
    expect([...t.askVolume]).toEqual([0.5, 2.75]);
  });

  it("decodes a realistic hour exactly", () => {
    const ticks = syntheticHour(HOUR, 3000, 7);
    const t = decodeBi5(buildBi5(ticks, HOUR), HOUR);
    expect([...t.time]).toEqual([...ticks.time]);
    expect([...t.bid]).toEqual([...ticks.bid]);
    expect([...t.askVolume]).toEqual([...ticks.askVolume]);
  });

  it("reads an empty file as an hour with no ticks", () => {
    expect(decodeBi5(new Uint8Array(0), HOUR).length).toBe(0);
  });

  it("refuses records that are not whole, out of order, or outside the hour", () => {
    expect(() => decodeBi5Records(new Uint8Array(30), HOUR)).toThrow(MarketError);
    const raw = new Uint8Array(40);
    const dv = new DataView(raw.buffer);
    dv.setUint32(0, 500);
    dv.setUint32(20, 100);
    expect(() => decodeBi5Records(raw, HOUR)).toThrow(/out of order/);
    dv.setUint32(20, 3_600_000);
    expect(() => decodeBi5Records(raw, HOUR)).toThrow(/outside the hour/);
  });
});
