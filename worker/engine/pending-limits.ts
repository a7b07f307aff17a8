/**
 * Entry limits (spec-orders.ts): trades per server day and a maximum spread. Pure (DESIGN D9).
 */
import type { Limits } from "../strategy/spec";
import { dayNumber } from "./clock";
import type { EngineDeal } from "./types";

/**
 * Positions opened on a server day: the "in" (and netting "inout") deals of the broker's list, read
 * as they are booked (the list only grows, in time order), so each deal is looked at once.
 */
export class EntryCounter {
  private seen = 0;
  private day = Number.NaN;
  private count = 0;

  constructor(private readonly deals: readonly EngineDeal[]) {}

  /** Entries opened on the server day of `time`. */
  on(time: number): number {
    const deals = this.deals;
    for (; this.seen < deals.length; this.seen++) {
      const d = deals[this.seen];
      if (d.entry !== "in" && d.entry !== "inout") continue;
      const day = dayNumber(d.time);
      if (day !== this.day) {
        this.day = day;
        this.count = 0;
      }
      this.count++;
    }
    return dayNumber(time) === this.day ? this.count : 0;
  }
}

/**
 * May an entry be made now? `today`: entries opened today; `spread`: ask - bid. The spread is compared
 * in whole points, as the EA reads it ((ask - bid) / _Point, rounded).
 */
export function entryLimitsAllow(
  limits: Limits,
  today: number,
  spread: number,
  point: number,
  pip: number,
): boolean {
  if (limits.maxTradesPerDay !== undefined && today >= limits.maxTradesPerDay) return false;
  const max = limits.maxSpread;
  if (max) {
    const maxPoints = max.unit === "pips" ? Math.round((max.value * pip) / point) : max.value;
    if (Math.round(spread / point) > maxPoints) return false;
  }
  return true;
}
