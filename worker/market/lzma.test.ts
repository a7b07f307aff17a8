import fc from "fast-check";
import { compress } from "lzma1";
import { describe, expect, it } from "vitest";
import { MarketError } from "./errors";
import { lzmaDecompress } from "./lzma";

describe("lzmaDecompress", () => {
  it("decodes what an independent encoder (lzma1) compressed, at every level", () => {
    const text = new TextEncoder().encode("EURUSD 1.08345 1.08347 ".repeat(400));
    for (const mode of [1, 5, 9] as const) {
      expect(lzmaDecompress(compress(text, mode))).toEqual(text);
    }
  });

  it("round-trips arbitrary bytes, repetitive and random", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.integer({ min: 1, max: 40 }), (bytes, repeat) => {
        const input = new Uint8Array(bytes.length * repeat);
        for (let r = 0; r < repeat; r++) input.set(bytes, r * bytes.length);
        expect(lzmaDecompress(compress(input, 1))).toEqual(input);
      }),
      { numRuns: 25 },
    );
  });

  it("decodes an empty stream to no bytes", () => {
    expect(lzmaDecompress(compress(new Uint8Array(0))).length).toBe(0);
  });

  it("refuses truncated, damaged and oversized streams with BAD_FEED_FILE", () => {
    const data = compress(new TextEncoder().encode("tick ".repeat(2000)), 1);
    const expectBad = (bytes: Uint8Array, max?: number) => {
      try {
        lzmaDecompress(bytes, max);
        expect.unreachable("should throw");
      } catch (e) {
        expect(e).toBeInstanceOf(MarketError);
        expect(e instanceof MarketError && e.code).toBe("BAD_FEED_FILE");
      }
    };
    expectBad(data.subarray(0, 20));
    expectBad(data.subarray(0, 8));
    expectBad(Uint8Array.from([0xff, ...data.subarray(1)]));
    expectBad(data, 100);
    const noise = new Uint8Array(200).map((_, i) => (i * 73 + 11) & 0xff);
    noise.set(data.subarray(0, 13));
    expectBad(noise);
  });
});
