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

  it("copies long matches from far back in the window (long lengths, distances past the align bits)", () => {
    // Random bytes do not compress: the second copy of `block`, 70 kB later (past the 64 kB a 16-bit
    // distance reaches), is one run of maximal matches.
    let seed = 7;
    const random = (n: number) =>
      Uint8Array.from({ length: n }, () => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed >>> 24;
      });
    const block = random(40_000);
    const input = new Uint8Array(120_000);
    input.set(block, 0);
    input.set(random(30_000), 40_000);
    input.set(block, 70_000);
    input.set(random(10_000), 110_000);
    const packed = compress(input, 5);
    // Far fewer bytes than the input: the repeat was coded as matches, not literals.
    expect(packed.length).toBeLessThan(85_000);
    expect(lzmaDecompress(packed)).toEqual(input);
  });

  it("decodes a stream that ends with the end marker instead of declaring its size", () => {
    const text = new TextEncoder().encode("EURUSD 1.08345 1.08347 ".repeat(300));
    const declared = compress(text, 1);
    // lzma1 writes the end marker either way: with the size field "unknown" the marker ends the data.
    const unsized = declared.slice();
    unsized.fill(0xff, 5, 13);
    expect(lzmaDecompress(declared)).toEqual(text);
    expect(lzmaDecompress(unsized)).toEqual(text);
    // Without its last bytes the marker is never reached: refused as truncated, not decoded into padding.
    expect(() => lzmaDecompress(unsized.subarray(0, unsized.length - 6))).toThrow(/LZMA data is damaged/);
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
    // The same noise with no declared size: still refused (no end marker ever comes), and quickly.
    const unsizedNoise = noise.slice();
    unsizedNoise.fill(0xff, 5, 13);
    expectBad(unsizedNoise);
    expectBad(unsizedNoise, 1 << 20);
  });

  it("says what is wrong in the refusal", () => {
    const data = compress(new TextEncoder().encode("tick ".repeat(2000)), 1);
    expect(() => lzmaDecompress(data.subarray(0, 20))).toThrow("The LZMA data is damaged: truncated.");
    expect(() => lzmaDecompress(data, 100)).toThrow("The LZMA data is damaged: declared size too large.");
    expect(() => lzmaDecompress(Uint8Array.from([0xff, ...data.subarray(1)]))).toThrow(
      "The LZMA data is damaged: bad properties.",
    );
  });
});
