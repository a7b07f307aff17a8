import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leanHourTime } from "./lean";
import { parseTime } from "./time";

const pad = (n: number, w: number) => String(n).padStart(w, "0");

describe("leanHourTime (the hour-row fast path)", () => {
  it("reads every YYYYMMDD HH:mm exactly as parseTime does, invalid dates included", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2100 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        (y, mo, d, h, mi) => {
          const cell = `${pad(y, 4)}${pad(mo, 2)}${pad(d, 2)} ${pad(h, 2)}:${pad(mi, 2)}`;
          const expected = parseTime(cell)?.wall ?? Number.NaN;
          expect(leanHourTime(cell)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("knows leap days", () => {
    expect(leanHourTime("20160229 23:00")).toBe(Date.UTC(2016, 1, 29, 23));
    expect(leanHourTime("21000229 00:00")).toBeNaN();
    expect(leanHourTime("20000229 00:00")).toBe(Date.UTC(2000, 1, 29));
  });

  it("leaves every other shape to the general parser", () => {
    for (const cell of [
      "20160229",
      "2016-02-29 10:00",
      "20160229T10:00",
      " 20160229 10:00",
      "2016022a 10:00",
    ]) {
      expect(leanHourTime(cell)).toBeNaN();
    }
  });
});
