/**
 * Entry limits (spec-orders.ts): trades per server day, a maximum spread, a minimum wait between entries.
 * Pure (DESIGN D9).
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
  /** Time of the latest entry deal (NaN: none yet), for limits.minMinutesBetween. */
  private latest = Number.NaN;

  constructor(private readonly deals: readonly EngineDeal[]) {}

  /** Entries opened on the server day of `time`. */
  on(time: number): number {
    const deals = this.deals;
    for (; this.seen < deals.length; this.seen++) {
      const d = deals[this.seen];
      if (d.entry !== "in" && d.entry !== "inout") continue;
      this.latest = Math.floor(d.time / 1000) * 1000;
      const day = dayNumber(d.time);
      if (day !== this.day) {
        this.day = day;
        this.count = 0;
      }
      this.count++;
    }
    return dayNumber(time) === this.day ? this.count : 0;
  }

  /** Milliseconds from the latest entry to `time` (Infinity before the first); call after `on`. */
  since(time: number): number {
    return Number.isNaN(this.latest) ? Number.POSITIVE_INFINITY : time - this.latest;
  }
}

/**
 * May an entry be made now? `today`: entries opened today; `spread`: ask - bid; `sinceLast`: ms since the
 * latest entry (Infinity: none). The spread is compared in whole points, as the EA reads it ((ask - bid) /
 * _Point, rounded); the wait in whole seconds, as the EA's deal times are.
 */
export function entryLimitsAllow(
  limits: Limits,
  today: number,
  spread: number,
  point: number,
  pip: number,
  sinceLast = Number.POSITIVE_INFINITY,
): boolean {
  if (limits.maxTradesPerDay !== undefined && today >= limits.maxTradesPerDay) return false;
  if (limits.minMinutesBetween !== undefined && sinceLast < limits.minMinutesBetween * 60_000) return false;
  const max = limits.maxSpread;
  if (max) {
    const maxPoints = max.unit === "pips" ? Math.round((max.value * pip) / point) : max.value;
    if (Math.round(spread / point) > maxPoints) return false;
  }
  return true;
}
