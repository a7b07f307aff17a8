/**
 * The candle store: month chunks in a blob store (R2 in the worker, memory in tests), read through
 * an isolate cache, demo months generated on first read, imports that replace demo months.
 * Pure: the blob store, clock and cache are passed in (the service wires R2 and Date.now).
 *
 * Objects:
 *   candles/<SYMBOL>/<PERIOD>/<YYYY-MM>.bin   one compressed chunk (codec.ts)
 *   candles/<SYMBOL>/manifest.json            the months replaced by imports: {period, bars, rev}
 * A month absent from the manifest is demo M1, generated (deterministically) on first read and
 * stored once the month is over. A month in the manifest is read at its imported period only.
 */

import { aggregate } from "./aggregate";
import { BarsBuilder, concatBars, lowerBound, sliceIndex, sliceTime } from "./bars";
import { LruCache } from "./cache";
import { getSymbol } from "./catalogue";
import {
  chunkKey,
  type MonthKey,
  manifestKey,
  monthRange,
  monthsInRange,
  sourceSpan,
  splitByMonth,
} from "./chunks";
import { compress, decodeChunk, decompress, encodeChunk } from "./codec";
import {
  type PackedDemoMonth,
  packDemoMonth,
  packDemoMonthInPieces,
  packedBytes,
  unpackDemoMonth,
} from "./demo";
import { serverDemoBars } from "./demo-server";
import { MarketError } from "./errors";
import type { ImportIssue, ImportResult } from "./importers/common";
import { assertAggregatable, bucketStart, tryPeriodOf } from "./periods";
import { type ServerZone, toServerTime } from "./server-time";
import type { Bars, Period, SymbolInfo } from "./types";

/** What the store needs from R2 (or any key-value blob store). */
export interface BlobStore {
  get(key: string): Promise<Uint8Array | null>;
  put(key: string, bytes: Uint8Array): Promise<void>;
  delete(key: string): Promise<void>;
}

/** In-memory blob store for tests, the bench and tools. */
export class MemoryBlobStore implements BlobStore {
  readonly objects = new Map<string, Uint8Array>();
  async get(key: string) {
    return this.objects.get(key) ?? null;
  }
  async put(key: string, bytes: Uint8Array) {
    this.objects.set(key, bytes.slice());
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
}

export interface ManifestEntry {
  period: Period;
  bars: number;
  /** Content revision (hash of the raw chunk): part of the cache key, so caches never mix revisions. */
  rev: string;
  /** Where real prices came from when not a file import, e.g. "Dukascopy" (the feed ingest). */
  source?: string;
}

export interface Manifest {
  version: 1;
  months: Record<MonthKey, ManifestEntry>;
}

export interface MonthData {
  month: MonthKey;
  period: Period;
  demo: boolean;
  bars: Bars;
}

/**
 * What the isolate's cache keeps of a month: decoded bars, or a generated demo month in its packed form
 * (about 9 bytes a bar instead of 56, unpacked in a millisecond), so the cache holds years of demo M1 and a
 * backtest's second pass over its months does not generate them again (issue 11).
 */
export type CachedMonth = MonthData | PackedDemoMonth;

export interface CandleAnswer {
  symbol: string;
  period: Period;
  /** Bars whose open time is in [bucketStart(from), to), aggregated to `period`. */
  bars: Bars;
  /** True when any bar comes from generated demo data (say so in every answer built on it). */
  demo: boolean;
  /** Where each month came from. */
  sources: { month: MonthKey; period: Period; demo: boolean }[];
}

export interface ImportSummary {
  symbol: string;
  period: Period;
  months: { month: MonthKey; bars: number; changed: boolean }[];
  changed: boolean;
}

export class ImportRowsError extends MarketError {
  constructor(
    readonly issues: readonly ImportIssue[],
    readonly errorCount: number,
  ) {
    const shown = issues
      .slice(0, 5)
      .map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message))
      .join("; ");
    super(
      "IMPORT_ROWS",
      `${errorCount} bad row(s), nothing was written. ${shown}${errorCount > 5 ? "; ..." : ""}`,
    );
  }
}

export interface CandleStoreOptions {
  blobs: BlobStore;
  /** Shared per isolate: pass the same instance to every store built in the isolate. */
  cache?: LruCache<CachedMonth>;
  now?: () => number;
  /** Generate demo data for months with none (default true). */
  demo?: boolean;
  /** Store generated demo months once they are over (default true). */
  persistDemo?: boolean;
  /** How long a manifest read stays fresh in this isolate (default 60 s). */
  manifestTtlMs?: number;
  /**
   * Refuse ranges needing more months than this in one call (default 240, 20 years), whatever the
   * period: D1/W1/MN1 candles are built from the stored months (M1 for demo data), so the cost of a
   * call grows with its months, not its candles.
   */
  maxMonths?: number;
  /**
   * Awaited between pieces of a demo month's generation (about half a millisecond each, demo.ts
   * DEMO_PIECE_BARS), so the caller's isolate can serve waiting requests meanwhile (the BacktestRunner's store,
   * issue 11); it chooses at which pauses to yield. Without it a month is generated in one go.
   */
  pause?: () => Promise<void>;
}

const BYTES_PER_BAR = 56;
const DAY_MS = 86_400_000;

/** load()'s answer for a demo month the caller is to generate itself. */
const ABSENT = Symbol("absent");

/** Reads a manifest object, keeping only well-formed month entries. */
export function parseManifest(text: string): Manifest {
  const out: Manifest = { version: 1, months: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new MarketError("BAD_CHUNK", "The candle manifest is not valid JSON.");
  }
  if (!parsed || typeof parsed !== "object" || !("months" in parsed)) return out;
  const months = parsed.months;
  if (!months || typeof months !== "object") return out;
  for (const [month, e] of Object.entries(months)) {
    if (!/^\d{4}-\d{2}$/.test(month) || !e || typeof e !== "object") continue;
    const period = "period" in e && typeof e.period === "string" ? tryPeriodOf(e.period) : undefined;
    const bars = "bars" in e && typeof e.bars === "number" ? e.bars : undefined;
    const rev = "rev" in e && typeof e.rev === "string" ? e.rev : undefined;
    const source = "source" in e && typeof e.source === "string" ? e.source : undefined;
    if (period && bars !== undefined && rev !== undefined)
      out.months[month] = source ? { period, bars, rev, source } : { period, bars, rev };
  }
  return out;
}

function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A cached month's data; a packed demo month is unpacked only over `span` (the bars the caller keeps). */
function monthOfCached(c: CachedMonth, span?: { start: number; end: number }): MonthData {
  if (!("kind" in c)) return c;
  return { month: c.month, period: "M1", demo: true, bars: unpackDemoMonth(c, span?.start, span?.end) };
}

export class CandleStore {
  private readonly blobs: BlobStore;
  private readonly cache: LruCache<CachedMonth>;
  private readonly now: () => number;
  private readonly demo: boolean;
  private readonly persistDemo: boolean;
  private readonly ttl: number;
  private readonly maxMonths: number;
  private readonly pause: (() => Promise<void>) | undefined;
  private readonly manifests = new Map<string, { at: number; manifest: Manifest }>();
  private readonly inflight = new Map<string, Promise<CachedMonth | null | typeof ABSENT>>();

  constructor(o: CandleStoreOptions) {
    this.blobs = o.blobs;
    this.cache = o.cache ?? new LruCache<CachedMonth>();
    this.now = o.now ?? (() => Date.now());
    this.demo = o.demo ?? true;
    this.persistDemo = o.persistDemo ?? true;
    this.ttl = o.manifestTtlMs ?? 60_000;
    this.maxMonths = o.maxMonths ?? 240;
    this.pause = o.pause;
  }

  async manifest(symbol: string): Promise<Manifest> {
    const hit = this.manifests.get(symbol);
    if (hit && this.now() - hit.at < this.ttl) return hit.manifest;
    const bytes = await this.blobs.get(manifestKey(symbol));
    const manifest = bytes
      ? parseManifest(new TextDecoder().decode(bytes))
      : { version: 1 as const, months: {} };
    this.manifests.set(symbol, { at: this.now(), manifest });
    return manifest;
  }

  /**
   * One month at its stored resolution; null when there is none (future months, demo off). With `span`,
   * a demo month may hold only its bars in [span.start, span.end) (callers slice to it anyway).
   */
  async month(
    symbol: SymbolInfo,
    month: MonthKey,
    span?: { start: number; end: number },
  ): Promise<MonthData | null> {
    const data = await this.cachedMonth(symbol, month);
    return data ? monthOfCached(data, span) : null;
  }

  /** One month as the cache keeps it (a demo month packed), read or generated on a miss; null as month(). */
  private async cachedMonth(symbol: SymbolInfo, month: MonthKey): Promise<CachedMonth | null> {
    const entry = (await this.manifest(symbol.name)).months[month];
    const cacheKey = `${symbol.name}/${month}/${entry ? `${entry.period}:${entry.rev}` : "demo"}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    let p = this.inflight.get(cacheKey);
    if (!p) {
      p = this.load(symbol, month, entry).finally(() => this.inflight.delete(cacheKey));
      this.inflight.set(cacheKey, p);
    }
    const loaded = await p;
    // Generated by each caller, outside the shared promise (see load).
    const data = loaded === ABSENT ? await this.generate(symbol, month) : loaded;
    if (!data) return null;
    this.cache.set(
      cacheKey,
      data,
      "kind" in data ? packedBytes(data) + 256 : data.bars.length * BYTES_PER_BAR + 256,
    );
    return data;
  }

  /**
   * M1 bars with open times in [fromMs, toMs) of the broker's server clock: exactly
   * `sliceTime(toServerTime(candles(symbol, "M1", fromMs - DAY, toMs + DAY).bars, zone), fromMs, toMs)` (no
   * zone is a day from UTC), how a backtest that models ticks reads each month of its range (issue 11). Demo
   * months are decoded from their packed form straight into server time (demo-server.ts); a range that
   * touches imported data goes the long way.
   */
  async serverM1(
    symbolName: string,
    zone: ServerZone,
    fromMs: number,
    toMs: number,
  ): Promise<{ bars: Bars; demo: boolean }> {
    const utcFrom = zone.isUtc ? fromMs : fromMs - DAY_MS;
    const utcTo = zone.isUtc ? toMs : toMs + DAY_MS;
    const viaCandles = async () => {
      const a = await this.candles(symbolName, "M1", utcFrom, utcTo);
      return { bars: sliceTime(toServerTime(a.bars, zone), fromMs, toMs), demo: a.demo };
    };
    if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs <= fromMs) return viaCandles();
    const symbol = getSymbol(symbolName);
    const months = monthsInRange(utcFrom, utcTo);
    if (months.length > 3) return viaCandles();
    const packed: PackedDemoMonth[] = [];
    for (const m of months) {
      const data = await this.cachedMonth(symbol, m);
      if (!data) continue;
      if (!("kind" in data)) return viaCandles();
      packed.push(data);
    }
    const nowMs = bucketStart(this.now(), "M1");
    const bars = serverDemoBars(packed, zone, { fromMs, toMs, utcFrom, utcTo, nowMs });
    return { bars, demo: packed.length > 0 };
  }

  private async load(
    symbol: SymbolInfo,
    month: MonthKey,
    entry: ManifestEntry | undefined,
  ): Promise<CachedMonth | null | typeof ABSENT> {
    const period = entry?.period ?? "M1";
    const bytes = await this.blobs.get(chunkKey(symbol.name, period, month));
    if (bytes) {
      const d = decodeChunk(await decompress(bytes));
      return { month, period: d.period, demo: d.demo, bars: d.bars };
    }
    if (entry) {
      throw new MarketError(
        "BAD_CHUNK",
        `${symbol.name} ${month}: imported ${period} data is listed but missing.`,
      );
    }
    const { start, end } = monthRange(month);
    if (!this.demo || start > this.now()) return null;
    // A generation that pauses can be cut off with the context that drives it (a Durable Object reset
    // mid-run), and a promise shared through `inflight` would then never settle for the isolate's other
    // callers: with a pause, each caller generates the month itself (month()).
    if (this.pause) return ABSENT;
    const packed = await this.generate(symbol, month);
    if (this.persistDemo && end <= this.now()) {
      const raw = encodeChunk(unpackDemoMonth(packed), {
        symbol: symbol.name,
        period: "M1",
        digits: symbol.digits,
        demo: true,
      });
      await this.blobs.put(chunkKey(symbol.name, "M1", month), await compress(raw));
    }
    return packed;
  }

  /** A demo month, generated in pieces with a pause between them when the store has one. */
  private async generate(symbol: SymbolInfo, month: MonthKey): Promise<PackedDemoMonth> {
    const pause = this.pause;
    if (!pause) return packDemoMonth(symbol, month);
    const steps = packDemoMonthInPieces(symbol, month);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      await pause();
    }
  }

  /**
   * Bars of `period` whose open time is in [bucketStart(fromMs), toMs), built from the months they
   * need. Throws PeriodError when a month is stored coarser than `period` (or not a divisor of it).
   * Demo data never runs past the present minute.
   */
  async candles(symbolName: string, period: Period, fromMs: number, toMs: number): Promise<CandleAnswer> {
    const symbol = getSymbol(symbolName);
    if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs <= fromMs) {
      throw new MarketError("BAD_RANGE", "The range must have a start before its end.");
    }
    const span = sourceSpan(fromMs, toMs, period);
    const months = monthsInRange(span.start, span.end);
    if (months.length > this.maxMonths) {
      throw new MarketError(
        "BAD_RANGE",
        `The range needs ${months.length} months of data; at most ${this.maxMonths} at once ` +
          `(${this.maxMonths / 12} years), whatever the timeframe: ask for a shorter range.`,
      );
    }
    const now = bucketStart(this.now(), "M1");
    if (months.length === 1) {
      // One month at its own period (the backtest runner's month of M1): its bars as they are, as views,
      // not copied bar by bar through the builder below (the same bars, strictly increasing times).
      const data = await this.month(symbol, months[0], span);
      if (data && data.period === period) {
        let bars = sliceTime(data.bars, span.start, span.end);
        if (data.demo) bars = sliceIndex(bars, 0, lowerBound(bars.time, now));
        return {
          symbol: symbol.name,
          period,
          bars: sliceTime(bars, bucketStart(fromMs, period), toMs),
          demo: data.demo,
          sources: [{ month: data.month, period: data.period, demo: data.demo }],
        };
      }
    }
    const sources: CandleAnswer["sources"] = [];
    // Each month's bars at `period`, joined once all are read: the builder is sized to their sum up front, so
    // it never grows (doubling from a small guess copied a month of M1 many times over; issue 11) and its
    // columns are handed out as they are when no bucket straddled two months.
    const parts: Bars[] = [];
    // Read ahead a few months while aggregating the current one. A read-ahead that fails is awaited
    // only when its turn comes, and never when an earlier month throws first: the no-op catch marks
    // it handled so it cannot surface as an unhandled rejection (awaiting it still throws).
    const AHEAD = 3;
    const pending: Promise<MonthData | null>[] = [];
    const readAhead = (m: MonthKey) => {
      const p = this.month(symbol, m, span);
      p.catch(() => {});
      pending.push(p);
    };
    for (let i = 0; i < Math.min(AHEAD, months.length); i++) readAhead(months[i]);
    for (let i = 0; i < months.length; i++) {
      if (i + AHEAD < months.length) readAhead(months[i + AHEAD]);
      const data = await pending[i];
      if (!data) continue;
      assertAggregatable(data.period, period, `the ${symbol.name} data of ${data.month}`);
      sources.push({ month: data.month, period: data.period, demo: data.demo });
      let bars = sliceTime(data.bars, span.start, span.end);
      if (data.demo) bars = sliceIndex(bars, 0, lowerBound(bars.time, now));
      parts.push(aggregate(bars, data.period, period));
    }
    let total = 0;
    for (const agg of parts) total += agg.length;
    const out = new BarsBuilder(total);
    for (const agg of parts) {
      if (out.appendIncreasing(agg)) continue;
      for (let j = 0; j < agg.length; j++) {
        if (out.lastTime() === agg.time[j]) {
          out.mergeLast(agg.high[j], agg.low[j], agg.close[j], agg.volume[j], agg.spread[j]);
        } else {
          out.push(
            agg.time[j],
            agg.open[j],
            agg.high[j],
            agg.low[j],
            agg.close[j],
            agg.volume[j],
            agg.spread[j],
          );
        }
      }
    }
    const all = out.finish();
    const bars = sliceTime(all, bucketStart(fromMs, period), toMs);
    return { symbol: symbol.name, period, bars, demo: sources.some((s) => s.demo), sources };
  }

  /**
   * Stores an import: every month it touches is replaced by the file's bars (merged with bars of an
   * earlier import of the same period outside the file's time span), each chunk written whole.
   * A result with any bad row writes nothing (ImportRowsError lists them). Re-importing the same
   * file leaves every object as it was (`changed: false`).
   */
  async import(
    symbol: SymbolInfo,
    result: ImportResult,
    opts: { source?: string } = {},
  ): Promise<ImportSummary> {
    if (result.errorCount > 0 || result.errors.length > 0) {
      throw new ImportRowsError(result.errors, Math.max(result.errorCount, result.errors.length));
    }
    const period = result.resolution;
    // Start from the stored manifest, not this isolate's cached copy: another isolate may have
    // imported other months since, and writing a stale copy back would drop them.
    this.manifests.delete(symbol.name);
    const manifest = structuredClone(await this.manifest(symbol.name));
    this.manifests.delete(symbol.name);
    const summary: ImportSummary = { symbol: symbol.name, period, months: [], changed: false };
    const obsolete: string[] = [];
    for (const part of splitByMonth(result.bars)) {
      const key = chunkKey(symbol.name, period, part.month);
      const previous = manifest.months[part.month];
      const existingBytes = await this.blobs.get(key);
      const existingRaw = existingBytes ? await decompress(existingBytes) : null;
      let bars = part.bars;
      if (previous?.period === period && existingRaw) {
        const old = decodeChunk(existingRaw);
        if (!old.demo) {
          const first = bars.time[0];
          const last = bars.time[bars.length - 1];
          bars = concatBars([
            sliceTime(old.bars, Number.NEGATIVE_INFINITY, first),
            bars,
            sliceTime(old.bars, last + 1, Number.POSITIVE_INFINITY),
          ]);
        }
      }
      const raw = encodeChunk(bars, { symbol: symbol.name, period, digits: symbol.digits, demo: false });
      const changed = !(existingRaw && sameBytes(existingRaw, raw) && previous?.period === period);
      if (changed) await this.blobs.put(key, await compress(raw));
      if (previous && previous.period !== period)
        obsolete.push(chunkKey(symbol.name, previous.period, part.month));
      if (!previous && period !== "M1") obsolete.push(chunkKey(symbol.name, "M1", part.month)); // stored demo
      manifest.months[part.month] = opts.source
        ? { period, bars: bars.length, rev: fnv1a(raw), source: opts.source }
        : { period, bars: bars.length, rev: fnv1a(raw) };
      summary.months.push({ month: part.month, bars: bars.length, changed });
      summary.changed ||= changed;
    }
    // Chunks first, manifest last: a reader sees either the old month or the whole new one.
    const before = await this.blobs.get(manifestKey(symbol.name));
    const text = new TextEncoder().encode(JSON.stringify(manifest));
    if (!before || !sameBytes(before, text)) await this.blobs.put(manifestKey(symbol.name), text);
    for (const key of obsolete) await this.blobs.delete(key);
    this.manifests.set(symbol.name, { at: this.now(), manifest });
    this.cache.deletePrefix(`${symbol.name}/`);
    return summary;
  }
}
