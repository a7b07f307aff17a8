/**
 * Issue 15's order filters and equity tiers in the engine (spec-orders.ts SEMANTICS): the wait between
 * entries counts from the latest entry deal, exactly the wait later is allowed; tiers give the lots of the
 * account figure when the order is sent.
 */
import { describe, expect, it } from "vitest";
import { EntryCounter, entryLimitsAllow } from "./pending-limits";
import { entryLots } from "./sizing";
import type { EngineDeal } from "./types";

const MIN = 60_000;
const deal = (time: number, entry: "in" | "out"): EngineDeal => ({
  ticket: time + 1,
  time,
  symbol: "EURUSD",
  type: "buy",
  entry,
  volume: 1,
  price: 1.1,
  order: time + 1,
  commission: 0,
  swap: 0,
  profit: 0,
  balance: 10_000,
  comment: "",
});

describe("limits.minMinutesBetween", () => {
  const units = { point: 0.00001, pip: 0.0001 };
  it("refuses an entry inside the wait after the latest entry, allows it at the wait's end", () => {
    const deals: EngineDeal[] = [deal(0, "in"), deal(50 * MIN, "in"), deal(70 * MIN, "out")];
    const c = new EntryCounter(deals);
    const allows = (t: number) =>
      entryLimitsAllow({ minMinutesBetween: 60 }, c.on(t), 0, units.point, units.pip, c.since(t));
    // The latest entry was at 50 minutes; the close at 70 does not restart the wait.
    expect(allows(100 * MIN)).toBe(false);
    expect(allows(110 * MIN - 1000)).toBe(false);
    expect(allows(110 * MIN)).toBe(true);
  });
  it("allows the first entry", () => {
    const c = new EntryCounter([]);
    expect(entryLimitsAllow({ minMinutesBetween: 60 }, c.on(0), 0, 0.00001, 0.0001, c.since(0))).toBe(true);
  });
});

describe("sizing equityTiers", () => {
  const sizing = {
    type: "equityTiers" as const,
    tiers: [
      { below: 10_000, lots: 0.5 },
      { below: 100_000, lots: 4 },
    ],
    lots: 5,
  };
  it("gives the first tier whose bound is above the equity, else the top lots", () => {
    expect(entryLots(sizing, { balance: 200_000, equity: 9_999 }, Number.NaN, 1)).toBe(0.5);
    expect(entryLots(sizing, { balance: 200_000, equity: 10_000 }, Number.NaN, 1)).toBe(4);
    expect(entryLots(sizing, { balance: 200_000, equity: 100_000 }, Number.NaN, 1)).toBe(5);
  });
  it("reads the balance when asked", () => {
    const onBalance = { ...sizing, of: "balance" as const };
    expect(entryLots(onBalance, { balance: 5_000, equity: 150_000 }, Number.NaN, 1)).toBe(0.5);
  });
});
