/**
 * The real ticks of an "Every tick based on real ticks" run (model 1, issue 18), read by the runner's
 * second pass: for each month, the days with stored ticks (the ingest's month log) are driven a day at a
 * time, each day's chunk read from R2 and decoded on its own, so a run holds at most one day of ticks
 * (about 100,000, 2.4 MB decoded) beside its month of M1. Days without stored ticks are driven on ticks
 * generated from their M1 bars. The run says per month which it was (notes, and `months` in the details
 * section), as MT5's tester reports the quality of its data.
 */
import type { WindowedRun } from "../../engine/backtest";
import type { RealTickWindow } from "../../engine/real-ticks";
import { lowerBound, sliceIndex } from "../../market/bars";
import { monthOf } from "../../market/chunks";
import { DAY_MS, dayStartOf, FEED_NAME, hourFromKey } from "../../market/feed";
import { type ServerZone, UTC_SERVER } from "../../market/server-time";
import type { BlobStore } from "../../market/store";
import type { Bars } from "../../market/types";
import { tickObjects } from "../market-ingest-store";

/** How the runner reads stored ticks (R2 in the worker, memory in the bench). */
export interface TickPorts {
  /** UTC midnights of the days of `month` (YYYY-MM) whose hours stored real ticks of `symbol`. */
  tickDays(symbol: string, month: string): Promise<number[]>;
  /** One day's stored ticks, decoded, or null when none are stored. */
  dayTicks(symbol: string, dayStart: number): Promise<RealTickWindow | null>;
}

export function storedTickPorts(blobs: BlobStore): TickPorts {
  const objects = tickObjects(blobs);
  return {
    async tickDays(symbol, month) {
      const log = await objects.monthLog(symbol, month);
      const days = new Set<number>();
      for (const [hour, h] of Object.entries(log.hours)) {
        if (h.status === "ok" && h.ticks > 0) days.add(dayStartOf(hourFromKey(hour)));
      }
      return [...days].filter((d) => Number.isFinite(d)).sort((a, b) => a - b);
    },
    async dayTicks(symbol, dayStart) {
      const day = await objects.day(symbol, dayStart);
      return day && day.ticks.length > 0 ? { ticks: day.ticks, digits: day.digits } : null;
    },
  };
}

/** What one month of a run was driven on (stored in the details section). */
export interface MonthTicks {
  month: string;
  /** Days of the month driven on stored real ticks, and on ticks generated from M1 bars. */
  realDays: number;
  generatedDays: number;
  /** Where the real ticks come from (the feed's name), when there were any. */
  source: string | null;
  /** The month's M1 bars were generated demo prices. */
  demo: boolean;
}

/** The month of M1 being driven a day at a time. */
interface Current {
  readonly bars: Bars;
  /** Next bar of `bars` to drive. */
  at: number;
}

/**
 * Real ticks of a windowed model-1 run: scan() each month in the first pass (which days have ticks),
 * then driveStep() in the second pass, one day per call on months with real ticks (one month per call
 * on months without).
 */
export class RunTicks {
  private readonly days = new Map<string, Set<number>>();
  private readonly demo = new Set<string>();
  private readonly months = new Map<string, MonthTicks>();
  private current: Current | null = null;

  constructor(
    private readonly symbol: string,
    private readonly from: number,
    private readonly to: number,
    private readonly ports: TickPorts,
    /** The backtest's server clock: the M1 bars arrive in it, the stored ticks are UTC (issue 16). */
    private readonly zone: ServerZone = UTC_SERVER,
  ) {}

  /** First pass: the month [start, end) of the data; records its tick days within the run's range. */
  async scan(month: { start: number; end: number }, demo: boolean): Promise<void> {
    if (month.end <= this.from || month.start >= this.to) return;
    const key = monthOf(month.start);
    if (demo) this.demo.add(key);
    if (demo) return; // generated M1 has no stored ticks behind it
    const days = await this.ports.tickDays(this.symbol, key);
    const inRange = days.filter((d) => d + DAY_MS > Math.max(month.start, this.from) && d < month.end);
    if (inRange.length > 0) this.days.set(key, new Set(inRange));
  }

  /** Did the first pass find any stored ticks in the run's range? */
  get any(): boolean {
    return this.days.size > 0;
  }

  /**
   * Second pass: drives the next part of the month [start, end): the whole month when it has no stored
   * ticks, else its next day with bars. `load` reads the month's M1 (called once per month). Returns
   * whether the month is over and whether the run is.
   */
  async driveStep(
    run: WindowedRun,
    month: { start: number; end: number },
    load: () => Promise<Bars>,
  ): Promise<{ monthDone: boolean; runDone: boolean }> {
    const key = monthOf(month.start);
    const tickDays = this.days.get(key);
    if (!this.current) this.current = { bars: await load(), at: 0 };
    const cur = this.current;
    const { time } = cur.bars;
    // Bars before the run's range are warm-up, already aggregated.
    if (cur.at === 0) cur.at = lowerBound(time, this.from);
    const toIndex = lowerBound(time, this.to);
    if (!tickDays) {
      this.count(key, cur.bars, cur.at, toIndex, false);
      run.feed(sliceIndex(cur.bars, cur.at, toIndex));
      this.current = null;
      return { monthDone: true, runDone: run.advance(Number.POSITIVE_INFINITY) };
    }
    if (cur.at >= toIndex) {
      this.current = null;
      return { monthDone: true, runDone: run.advance(Number.POSITIVE_INFINITY) };
    }
    const day = dayStartOf(time[cur.at]);
    const end = Math.min(toIndex, lowerBound(time, day + DAY_MS));
    const ticks = await this.ticksOf(tickDays, time[cur.at], time[end - 1] + MINUTE_MS);
    this.count(key, cur.bars, cur.at, end, ticks !== null);
    run.feed(sliceIndex(cur.bars, cur.at, end), ticks ?? undefined);
    cur.at = end;
    const runDone = run.advance(Number.POSITIVE_INFINITY);
    const monthDone = cur.at >= toIndex;
    if (monthDone) this.current = null;
    return { monthDone, runDone };
  }

  /**
   * The stored ticks of the server-time span [from, to), on the server clock. The span is one server day,
   * which covers parts of at most two UTC days; both stay within the month being driven (its bars are the
   * shifted UTC month), so a step holds at most two days of ticks. Null when none are stored.
   */
  private async ticksOf(utcDays: Set<number>, from: number, to: number): Promise<RealTickWindow | null> {
    const utcFrom = from - this.zone.offsetAtServer(from);
    const utcTo = to - this.zone.offsetAtServer(to - 1);
    const parts: RealTickWindow[] = [];
    for (let d = dayStartOf(utcFrom); d < utcTo; d += DAY_MS) {
      if (!utcDays.has(d)) continue;
      const w = await this.ports.dayTicks(this.symbol, d);
      if (w) parts.push(w);
    }
    const first = parts[0];
    if (!first) return null;
    // Only the span's own ticks: a UTC day read for two server days must not be driven twice.
    let total = 0;
    for (const w of parts) total += w.ticks.length;
    const time = new Float64Array(total);
    const bid = new Int32Array(total);
    const ask = new Int32Array(total);
    let n = 0;
    for (const w of parts) {
      for (let i = 0; i < w.ticks.length; i++) {
        const t = this.zone.toServer(w.ticks.time[i]);
        if (t < from || t >= to) continue;
        time[n] = t;
        bid[n] = w.ticks.bid[i];
        ask[n] = w.ticks.ask[i];
        n++;
      }
    }
    if (n === 0) return null;
    return {
      ticks: { length: n, time: time.subarray(0, n), bid: bid.subarray(0, n), ask: ask.subarray(0, n) },
      digits: first.digits,
    };
  }

  /** Counts the days of bars [i, j) as driven on real ticks or generated ones. */
  private count(key: string, bars: Bars, i: number, j: number, real: boolean): void {
    if (j <= i) return;
    let m = this.months.get(key);
    if (!m) {
      m = { month: key, realDays: 0, generatedDays: 0, source: null, demo: this.demo.has(key) };
      this.months.set(key, m);
    }
    let days = 0;
    let last = Number.NaN;
    for (let k = i; k < j; k++) {
      const d = dayStartOf(bars.time[k]);
      if (d !== last) {
        days++;
        last = d;
      }
    }
    if (real) {
      m.realDays += days;
      m.source = FEED_NAME;
    } else m.generatedDays += days;
  }

  /** Per month, oldest first: what the run's ticks were. */
  monthTicks(): MonthTicks[] {
    return [...this.months.values()];
  }

  /** The labels of the results page: consecutive months with the same data in one line. */
  notes(): string[] {
    const lines: { first: string; last: string; text: string }[] = [];
    for (const m of this.months.values()) {
      const text = monthLabel(m);
      const prev = lines[lines.length - 1];
      // Months of one kind run together; a month of both keeps its own line (its day counts).
      const mixed = m.realDays > 0 && m.generatedDays > 0;
      if (prev && prev.text === text && !mixed) prev.last = m.month;
      else lines.push({ first: m.month, last: m.month, text });
    }
    return lines.map((l) => `${l.first === l.last ? l.first : `${l.first} to ${l.last}`}: ${l.text}.`);
  }
}

const MINUTE_MS = 60_000;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

function monthLabel(m: MonthTicks): string {
  const generated = m.demo
    ? "ticks generated from demo M1 bars (not real prices)"
    : "ticks generated from stored M1 bars (no real ticks stored)";
  if (m.realDays === 0) return generated;
  const real = `real ticks (${m.source ?? FEED_NAME})`;
  if (m.generatedDays === 0) return real;
  return `${real} on ${plural(m.realDays, "day")}, ticks generated from stored M1 bars on ${plural(m.generatedDays, "day")} without real ticks`;
}
