/**
 * Broker server time (issue 16). MetaTrader stamps every bar, deal and time filter with the broker's
 * server clock, not UTC. Most brokers run "GMT+2/+3, New York close": UTC+2 while New York is on
 * standard time, UTC+3 while it is on summer time, so server midnight is always 17:00 in New York and a
 * trading week has five daily bars (Monday to Friday). A backtest picks that convention (the default),
 * UTC, or any IANA zone.
 *
 * RULE: the engine works on server-time instants, i.e. epoch milliseconds of the server's wall clock
 * (`toServer(utc) = utc + offset(utc)`), exactly as MQL5's datetime is server time. Bars are shifted
 * once where they are loaded (`toServerTime`); from then on the UTC alignment rule of periods.ts cuts
 * D1/H4/W1 bars at server midnight, time filters read server hours and swaps roll over at server
 * midnight without knowing the zone. Only output that names the offset (ISO 8601 exports) asks the zone.
 */
import { BarsBuilder } from "./bars";
import { intlOffsetReader } from "./intl-offset";
import type { Bars } from "./types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The MT5 convention's name as stored and typed; "mt5" and "ny-close" are read as it too. */
export const NY_CLOSE = "GMT+2/+3";
export const DEFAULT_SERVER_TIME = NY_CLOSE;
const NY_CLOSE_ALIASES = new Set(["gmt+2/+3", "mt5", "ny-close", "nyclose", "new york close"]);

export interface ServerZone {
  /** Canonical name: "GMT+2/+3", "UTC" or an IANA zone such as "Europe/London". */
  readonly name: string;
  /** The label of the report header. */
  readonly label: string;
  readonly isUtc: boolean;
  /** Server clock minus UTC (ms) at a UTC instant. */
  offsetAt(utcMs: number): number;
  /** The server-time instant of a UTC instant. */
  toServer(utcMs: number): number;
  /** Server clock minus UTC (ms) at a server-time instant (the later offset inside a repeated hour). */
  offsetAtServer(serverMs: number): number;
  /** The UTC instant up to which offsetAt(utcMs) holds (exclusive), to the end of utcMs's day at most. */
  offsetUntil(utcMs: number): number;
}

/** Intl's offset of an IANA zone at a UTC instant, to the minute; throws RangeError for an unknown zone. */
function intlOffset(zone: string): (utcMs: number) => number {
  const read = intlOffsetReader(zone);
  return (utc) => read(Math.floor(utc / MINUTE) * MINUTE);
}

/** Offsets asked of Intl, per zone name, kept for the isolate: an offset at an instant never changes. */
const knownOffsets = new Map<string, Map<number, number>>();
/** Instants kept per zone at most (about 250 years of days): past it the zone's offsets are forgotten. */
const MAX_KNOWN_OFFSETS = 100_000;

/**
 * `raw` remembered across the isolate's zones of the same name (issue 11): every backtest builds its zone
 * anew, and a formatToParts call costs tens of microseconds, so a 10-year run's two passes over its days were
 * a few hundred milliseconds of Intl alone; now each day is asked once per isolate.
 */
function rememberedOffsets(name: string, raw: (utcMs: number) => number): (utcMs: number) => number {
  let known = knownOffsets.get(name);
  if (!known) {
    known = new Map();
    knownOffsets.set(name, known);
  }
  const memo = known;
  return (utc) => {
    const hit = memo.get(utc);
    if (hit !== undefined) return hit;
    if (memo.size >= MAX_KNOWN_OFFSETS) memo.clear();
    const offset = raw(utc);
    memo.set(utc, offset);
    return offset;
  };
}

/**
 * A zone's offset with a one-day segment cache: real zones change offset at most once a day, so the
 * offsets at the start of a UTC day and of the next one decide it (the next day's start is the next day's
 * first question: one Intl call a day, remembered per zone name), and a change inside the day is found by a
 * binary search over its minutes. Shifting a year of M1 bars then costs a few Intl calls per day.
 */
class CachedZone implements ServerZone {
  readonly isUtc = false;
  private segStart = 0;
  private segEnd = 0;
  private segOffset = 0;

  private readonly raw: (utcMs: number) => number;

  constructor(
    readonly name: string,
    readonly label: string,
    raw: (utcMs: number) => number,
  ) {
    this.raw = rememberedOffsets(name, raw);
  }

  offsetAt(utcMs: number): number {
    if (utcMs >= this.segStart && utcMs < this.segEnd) return this.segOffset;
    const day = Math.floor(utcMs / DAY) * DAY;
    const first = this.raw(day);
    // Unchanged at the next day's start: unchanged all day (one change a day at most). Else the day's last
    // minute says whether the change is inside the day or exactly at its end.
    const last = this.raw(day + DAY) === first ? first : this.raw(day + DAY - MINUTE);
    if (first === last) {
      this.segStart = day;
      this.segEnd = day + DAY;
      this.segOffset = first;
      return first;
    }
    // The first minute of the day at the new offset.
    let lo = 0;
    let hi = 24 * 60 - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.raw(day + mid * MINUTE) === last) hi = mid;
      else lo = mid + 1;
    }
    const change = day + lo * MINUTE;
    if (utcMs < change) {
      this.segStart = day;
      this.segEnd = change;
      this.segOffset = first;
    } else {
      this.segStart = change;
      this.segEnd = day + DAY;
      this.segOffset = last;
    }
    return this.segOffset;
  }

  toServer(utcMs: number): number {
    return utcMs + this.offsetAt(utcMs);
  }

  offsetUntil(utcMs: number): number {
    this.offsetAt(utcMs);
    return this.segEnd;
  }

  offsetAtServer(serverMs: number): number {
    const guess = this.offsetAt(serverMs - this.offsetAt(serverMs));
    return this.offsetAt(serverMs - guess);
  }
}

export const UTC_SERVER: ServerZone = {
  name: "UTC",
  label: "UTC",
  isUtc: true,
  offsetAt: () => 0,
  toServer: (t) => t,
  offsetAtServer: () => 0,
  offsetUntil: () => Number.POSITIVE_INFINITY,
};

export class ServerTimeError extends Error {
  override readonly name = "ServerTimeError";
}

export const SERVER_TIME_MESSAGE =
  'Unknown time zone. Use "GMT+2/+3" (New York close, the MT5 convention), "UTC" or an IANA name like Europe/London.';

/** The zone of a setting; empty means the MT5 convention. Throws ServerTimeError for an unknown name. */
export function serverZone(name: string | undefined): ServerZone {
  const s = (name ?? "").trim();
  if (s === "" || NY_CLOSE_ALIASES.has(s.toLowerCase())) {
    const ny = intlOffset("America/New_York");
    return new CachedZone(NY_CLOSE, "GMT+2/+3, New York close", (t) => ny(t) + 7 * HOUR);
  }
  if (/^(utc|gmt|z|etc\/utc|etc\/gmt)$/i.test(s)) return UTC_SERVER;
  // Intl accepts an IANA name in any letter case and gives back its canonical spelling.
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat("en-US", { timeZone: s }).resolvedOptions().timeZone;
  } catch {
    throw new ServerTimeError(SERVER_TIME_MESSAGE);
  }
  if (canonical === "UTC" || canonical === "Etc/UTC") return UTC_SERVER;
  return new CachedZone(canonical, canonical, intlOffset(canonical));
}

/** The canonical name of a setting, or null when it is no zone (for validation). */
export function serverZoneName(name: string | undefined): string | null {
  try {
    return serverZone(name).name;
  } catch (e) {
    if (e instanceof ServerTimeError) return null;
    throw e;
  }
}

/**
 * Bars with server-time open times. Where the server clock goes back (the end of a zone's summer time),
 * a bar whose server time is not after the previous bar's is merged into it (high, low, close, volume
 * summed, smallest spread, as aggregate.ts does), so times keep increasing; where it jumps forward the
 * hour is simply absent, as on the broker's server. UTC returns the bars as they are.
 */
export function toServerTime(bars: Bars, zone: ServerZone): Bars {
  if (zone.isUtc || bars.length === 0) return bars;
  const { time, open, high, low, close, volume, spread } = bars;
  // Most ranges hold no clock change backwards: only the times change, and the price columns are shared
  // (a backtest shifts every month it reads; copying them bar by bar was a good part of a cold run).
  const shifted = new Float64Array(bars.length);
  let increasing = true;
  for (let i = 0; i < bars.length; i++) {
    const t = zone.toServer(time[i]);
    if (i > 0 && !(t > shifted[i - 1])) {
      increasing = false;
      break;
    }
    shifted[i] = t;
  }
  if (increasing) return { length: bars.length, time: shifted, open, high, low, close, volume, spread };
  const out = new BarsBuilder(bars.length);
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < bars.length; i++) {
    const t = zone.toServer(time[i]);
    if (t > last) {
      out.push(t, open[i], high[i], low[i], close[i], volume[i], spread[i]);
      last = t;
    } else out.mergeLast(high[i], low[i], close[i], volume[i], spread[i]);
  }
  return out.finish();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** ISO 8601 with the server's offset: 2017-03-01T00:00:00+02:00 (a server-time instant in). */
export function isoWithOffset(serverMs: number, zone: ServerZone): string {
  const off = zone.offsetAtServer(serverMs);
  const wall = new Date(serverMs).toISOString().slice(0, 19);
  if (off === 0) return `${wall}+00:00`;
  const a = Math.abs(off) / MINUTE;
  return `${wall}${off < 0 ? "-" : "+"}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}
