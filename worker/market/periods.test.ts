import { describe, expect, it } from "vitest";
import { MarketError, PeriodError } from "./errors";
import {
  assertAggregatable,
  bucketEnd,
  bucketStart,
  canAggregate,
  PERIOD_SECONDS,
  periodOf,
} from "./periods";
import { PERIODS } from "./types";

const T = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

describe("periods", () => {
  it("has the 21 periods of spec 2 with their lengths", () => {
    expect(PERIODS).toHaveLength(21);
    expect(PERIOD_SECONDS.M12).toBe(720);
    expect(PERIOD_SECONDS.H8).toBe(28800);
  });

  it("parses names case-insensitively and refuses unknown ones", () => {
    expect(periodOf("h1")).toBe("H1");
    expect(periodOf(" mn1 ")).toBe("MN1");
    expect(periodOf("MN")).toBe("MN1");
    expect(() => periodOf("H5")).toThrow(MarketError);
    expect(() => periodOf("H5")).toThrow(/Unknown period "H5"/);
  });

  describe("alignment rule", () => {
    it("intraday buckets count from 00:00 UTC", () => {
      expect(iso(bucketStart(T("2024-03-05T13:47:31Z"), "M1"))).toBe("2024-03-05T13:47:00.000Z");
      expect(iso(bucketStart(T("2024-03-05T13:47:00Z"), "M5"))).toBe("2024-03-05T13:45:00.000Z");
      expect(iso(bucketStart(T("2024-03-05T13:47:00Z"), "M12"))).toBe("2024-03-05T13:36:00.000Z");
      expect(iso(bucketStart(T("2024-03-05T13:47:00Z"), "H3"))).toBe("2024-03-05T12:00:00.000Z");
      expect(iso(bucketStart(T("2024-03-05T23:59:00Z"), "H8"))).toBe("2024-03-05T16:00:00.000Z");
      expect(iso(bucketStart(T("2024-03-05T23:59:00Z"), "D1"))).toBe("2024-03-05T00:00:00.000Z");
    });

    it("every fixed period tiles the day: the first bucket of each day starts at midnight", () => {
      for (const p of PERIODS.filter((x) => x !== "W1" && x !== "MN1")) {
        expect(iso(bucketStart(T("2024-03-05T00:00:00Z"), p))).toBe("2024-03-05T00:00:00.000Z");
        expect(86400 % PERIOD_SECONDS[p]).toBe(0);
      }
    });

    it("W1 starts on Monday 00:00 UTC; Sunday evening belongs to the week before", () => {
      expect(iso(bucketStart(T("2024-03-06T10:00:00Z"), "W1"))).toBe("2024-03-04T00:00:00.000Z"); // Wednesday
      expect(iso(bucketStart(T("2024-03-04T00:00:00Z"), "W1"))).toBe("2024-03-04T00:00:00.000Z"); // Monday
      expect(iso(bucketStart(T("2024-03-03T22:00:00Z"), "W1"))).toBe("2024-02-26T00:00:00.000Z"); // Sunday
      expect(iso(bucketStart(T("1970-01-01T00:00:00Z"), "W1"))).toBe("1969-12-29T00:00:00.000Z");
      expect(iso(bucketEnd(T("2024-03-06T10:00:00Z"), "W1"))).toBe("2024-03-11T00:00:00.000Z");
    });

    it("MN1 follows calendar months", () => {
      expect(iso(bucketStart(T("2024-02-29T23:59:00Z"), "MN1"))).toBe("2024-02-01T00:00:00.000Z");
      expect(iso(bucketEnd(T("2024-02-29T23:59:00Z"), "MN1"))).toBe("2024-03-01T00:00:00.000Z");
      expect(iso(bucketEnd(T("2023-12-15T00:00:00Z"), "MN1"))).toBe("2024-01-01T00:00:00.000Z");
    });
  });

  it("canAggregate: whole multiples, anything fixed into W1/MN1, never W1 into MN1", () => {
    expect(canAggregate("M1", "M1")).toBe(true);
    expect(canAggregate("M1", "H4")).toBe(true);
    expect(canAggregate("M4", "M12")).toBe(true);
    expect(canAggregate("M4", "M6")).toBe(false);
    expect(canAggregate("H3", "H12")).toBe(true);
    expect(canAggregate("H8", "H12")).toBe(false);
    expect(canAggregate("H4", "D1")).toBe(true);
    expect(canAggregate("H8", "W1")).toBe(true);
    expect(canAggregate("D1", "MN1")).toBe(true);
    expect(canAggregate("W1", "MN1")).toBe(false);
    expect(canAggregate("H1", "M30")).toBe(false);
  });

  it("explains a finer-than-stored request with a typed error", () => {
    try {
      assertAggregatable("H1", "M15");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PeriodError);
      const pe = e as PeriodError;
      expect(pe.code).toBe("PERIOD_TOO_FINE");
      expect(pe.message).toMatch(/M15 is finer than the stored data \(H1\)/);
    }
    expect(() => assertAggregatable("H8", "H12")).toThrow(/not a whole multiple/);
  });
});
