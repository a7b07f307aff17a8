import { describe, expect, it } from "vitest";
import { tradeRows } from "../../engine/report/trades";
import type { ClosedTrade } from "../../engine/types";
import { driveWithPauses, mapInPieces, runToEnd, stringifyInPieces } from "./in-pieces";

describe("work in pieces (issue 11)", () => {
  const rows = Array.from({ length: 1_000 }, (_, i) => ({ n: i, text: `row "${i}"`, skip: undefined }));

  it("serialises sections in pieces to exactly JSON.stringify's text", async () => {
    const values: unknown[] = [
      rows,
      [],
      [1],
      { symbol: "EURUSD", orders: rows, none: undefined, nested: { a: [1, 2], b: undefined }, empty: [] },
      { results: { balance: [1.5, -2] } },
      "text",
      null,
    ];
    for (const value of values) {
      expect(runToEnd(stringifyInPieces(value, 7))).toBe(JSON.stringify(value));
      expect(await driveWithPauses(stringifyInPieces(value, 64), async () => {})).toBe(JSON.stringify(value));
    }
  });

  it("pauses between pieces, not once for the whole", async () => {
    let pauses = 0;
    await driveWithPauses(stringifyInPieces({ a: rows, b: rows }, 100), async () => {
      pauses++;
    });
    expect(pauses).toBeGreaterThanOrEqual(18);
  });

  it("formats rows in pieces to the rows of one call, trades numbered on across pieces", () => {
    const trades = Array.from(
      { length: 300 },
      (_, i): ClosedTrade => ({
        direction: i % 2 ? "long" : "short",
        entryTime: Date.UTC(2024, 0, 1) + i * 3_600_000,
        exitTime: Date.UTC(2024, 0, 1) + i * 3_600_000 + 1_800_000,
        entryPrice: 1.1,
        exitPrice: 1.1005,
        volume: 0.1,
        profit: i - 150,
        mfe: 5,
        mae: -3,
        exitReason: "tp",
      }),
    );
    const pieces = runToEnd(mapInPieces(trades, (ts, first) => tradeRows(ts, 5, first), 64));
    expect(pieces).toEqual(tradeRows(trades, 5));
    expect(pieces.at(-1)?.Trade).toBe(300);
  });
});
