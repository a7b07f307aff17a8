/**
 * The arithmetic of the time charts (the balance/equity chart and the compare overlay, issue 16): which
 * points a zoomed window shows, the point under the pointer, the value range and the zoom steps. Pure.
 */
import { bisectLeft } from "d3-array";

export type Domain = readonly [number, number];

/** The stored curve (equity-curve.ts): columns of one length, times in epoch ms. */
export interface EquityCurveData {
  readonly time: readonly number[];
  readonly balance: readonly number[];
  readonly equityLow: readonly number[];
  readonly equityHigh: readonly number[];
  readonly drawdown: readonly number[];
}

const HOUR = 3_600_000;

/** First to last time; a single moment gets an hour either side so it sits mid-chart. */
export function fullDomain(times: readonly number[]): Domain {
  if (times.length === 0) return [0, HOUR];
  let lo = times[0];
  let hi = times[times.length - 1];
  if (lo === hi) {
    lo -= HOUR;
    hi += HOUR;
  }
  return [lo, hi];
}

/** The union of several series' domains (the compare overlay). */
export function unionDomain(list: readonly (readonly number[])[]): Domain {
  const domains = list.filter((t) => t.length > 0).map(fullDomain);
  if (domains.length === 0) return fullDomain([]);
  return [Math.min(...domains.map((d) => d[0])), Math.max(...domains.map((d) => d[1]))];
}

/**
 * Indices [from, to) of the points drawn for a window: those inside it plus one neighbour each side, so
 * the lines run to the chart's edges rather than stopping short.
 */
export function visibleRange(times: readonly number[], domain: Domain): [number, number] {
  const from = Math.max(0, bisectLeft(times, domain[0]) - 1);
  const to = Math.min(times.length, bisectLeft(times, domain[1]) + 1);
  return [from, Math.max(from, to)];
}

/** The index of the point nearest in time, or -1 for an empty series. */
export function nearestIndex(times: readonly number[], time: number): number {
  if (times.length === 0) return -1;
  const i = bisectLeft(times, time);
  if (i <= 0) return 0;
  if (i >= times.length) return times.length - 1;
  return time - times[i - 1] <= times[i] - time ? i - 1 : i;
}

/** The index of the last point at or before a time (a balance holds until its next point), or -1. */
export function indexAtOrBefore(times: readonly number[], time: number): number {
  const i = bisectLeft(times, time);
  return i < times.length && times[i] === time ? i : i - 1;
}

/** Min to max of the values; a flat series is widened by 1 either side so its line sits mid-chart. */
export function valueDomain(values: Iterable<number>): Domain {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return [0, 1];
  return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
}

/**
 * A window `factor` times as wide (0.5 zooms in, 2 out) around its centre, kept inside the full domain and
 * never narrower than `minSpan` (a zoom past the stored points shows nothing new).
 */
export function zoomDomain(domain: Domain, full: Domain, factor: number, minSpan: number): Domain {
  return clampDomain([domain[0], domain[1]], full, minSpan, (domain[0] + domain[1]) / 2, factor);
}

/** A brushed window, kept inside the full domain and at least `minSpan` wide. */
export function brushedDomain(from: number, to: number, full: Domain, minSpan: number): Domain {
  return clampDomain([Math.min(from, to), Math.max(from, to)], full, minSpan, (from + to) / 2, 1);
}

function clampDomain(
  domain: [number, number],
  full: Domain,
  minSpan: number,
  centre: number,
  factor: number,
): Domain {
  const fullSpan = full[1] - full[0];
  const span = Math.min(fullSpan, Math.max(minSpan, (domain[1] - domain[0]) * factor));
  let lo = centre - span / 2;
  let hi = centre + span / 2;
  if (lo < full[0]) {
    hi += full[0] - lo;
    lo = full[0];
  }
  if (hi > full[1]) {
    lo -= hi - full[1];
    hi = full[1];
  }
  return [Math.max(full[0], lo), hi];
}

/** Two points' worth of time: the narrowest window worth zooming to. */
export function minimumSpan(times: readonly number[]): number {
  if (times.length < 2) return HOUR;
  return (2 * (times[times.length - 1] - times[0])) / (times.length - 1);
}

/** True when the window is the whole series (no zoom to reset). */
export function isFull(domain: Domain, full: Domain): boolean {
  return domain[0] <= full[0] && domain[1] >= full[1];
}

/** The deepest value of a series and its index (-1 when empty). */
export function deepest(values: readonly number[]): { index: number; value: number } {
  let index = -1;
  let value = 0;
  for (let i = 0; i < values.length; i++) {
    if (index < 0 || values[i] > value) {
      index = i;
      value = values[i];
    }
  }
  return { index, value };
}
