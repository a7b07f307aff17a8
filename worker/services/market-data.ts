/**
 * Market data over R2 (DESIGN D6): the R2 adapter for the pure CandleStore and the isolate's store.
 *
 * One CandleStore per isolate and bucket, so its manifest cache (60 s) and the decoded-month LRU
 * survive between requests: a warm datafeed call reads nothing from R2. The LRU is shared by every
 * store of the isolate; that is safe because its keys carry the content revision of each month
 * (or "demo", which is deterministic).
 */
import { LruCache } from "../market/cache";
import { manifestKey, monthOf, monthRange, monthsInRange, sourceSpan } from "../market/chunks";
import type { CandleQuery } from "../market/datafeed";
import { bucketStart } from "../market/periods";
import {
  type BlobStore,
  type CachedMonth,
  type CandleAnswer,
  CandleStore,
  type Manifest,
  parseManifest,
} from "../market/store";
import { pauseIfDue } from "./yield-pacer";

export class R2BlobStore implements BlobStore {
  constructor(private readonly bucket: R2Bucket) {}

  async get(key: string): Promise<Uint8Array | null> {
    const object = await this.bucket.get(key);
    return object ? new Uint8Array(await object.arrayBuffer()) : null;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.bucket.put(key, bytes);
  }

  async delete(key: string): Promise<void> {
    await this.bucket.delete(key);
  }
}

const isolateCache = new LruCache<CachedMonth>();
const isolateStores = new WeakMap<R2Bucket, CandleStore>();

/**
 * The store for `bucket`. With a custom clock (tests) the store is built fresh, so a fixed `now`
 * never leaks into the isolate's shared store; it still shares the decoded-month cache.
 */
export function candleStore(bucket: R2Bucket, now?: () => number): CandleStore {
  if (now) return new CandleStore({ blobs: new R2BlobStore(bucket), cache: isolateCache, now });
  let store = isolateStores.get(bucket);
  if (!store) {
    store = new CandleStore({ blobs: new R2BlobStore(bucket), cache: isolateCache });
    isolateStores.set(bucket, store);
  }
  return store;
}

const runnerStores = new WeakMap<R2Bucket, CandleStore>();

/**
 * The BacktestRunner's store (issue 11): demo months it generates are used at once and not encoded,
 * compressed and written to R2 on the run's path (that was most of a cold run's seconds); demo data is
 * deterministic, and the chart's datafeed still stores the months it reads. Same isolate cache as the
 * other stores, so a month read once is not generated again while it stays cached. A month it generates
 * is made in pieces, yielding every few milliseconds, so a page request waits that long, not a month (issue 11).
 */
export function runnerCandleStore(bucket: R2Bucket): CandleStore {
  let store = runnerStores.get(bucket);
  if (!store) {
    store = new CandleStore({
      blobs: new R2BlobStore(bucket),
      cache: isolateCache,
      persistDemo: false,
      // A demo month is generated in small pieces; between them the runner yields to waiting requests once it
      // has held the isolate a few milliseconds (yield-pacer.ts).
      pause: pauseIfDue,
    });
    runnerStores.set(bucket, store);
  }
  return store;
}

/** What an answer is made of, known from the manifest alone (no chunk is read). */
export interface CandleSources {
  /** Strong validator of the answer's content. */
  etag: string;
  /** Months answered from generated demo data, oldest first. */
  demoMonths: string[];
  /** Months answered from imported data. */
  importedMonths: string[];
  /** Imported months whose real prices come from a datafeed, with its name, e.g. "2024-01 (Dukascopy)". */
  realMonths: string[];
  /** True when the range reaches into the current month, whose data still grows (demo) or may be imported. */
  live: boolean;
}

/**
 * 64-bit FNV-1a of the ETag's inputs (two 32-bit lanes). Not a security hash: it only has to differ
 * between versions of one URL's answer, and it is synchronous (no crypto round trip per request).
 */
function etagHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** Market data over the worker's R2 bucket. */
export function createMarketData(bucket: R2Bucket, clock?: () => number) {
  return marketDataOver(candleStore(bucket, clock), new R2BlobStore(bucket), clock);
}

/** The BacktestRunner's market data: runnerCandleStore. */
export function runnerMarketData(bucket: R2Bucket) {
  return marketDataOver(runnerCandleStore(bucket), new R2BlobStore(bucket));
}

/** The same service over any blob store (the bench runs it in Node over memory). */
export function marketDataOver(store: CandleStore, blobs: BlobStore, clock?: () => number) {
  const now = clock ?? (() => Date.now());

  return {
    store,
    now,

    /** The symbol's manifest as stored now (bypassing the isolate's 60 s copy). */
    async storedManifest(symbol: string): Promise<Manifest> {
      const bytes = await blobs.get(manifestKey(symbol));
      return bytes ? parseManifest(new TextDecoder().decode(bytes)) : { version: 1, months: {} };
    },

    candles(q: CandleQuery): Promise<CandleAnswer> {
      return store.candles(q.symbol, q.period, q.fromMs, q.toMs);
    },

    /**
     * The sources of an answer and its ETag, from the symbol's manifest (cached in the isolate), so a
     * matching If-None-Match is answered before any chunk is read.
     */
    async sources(q: CandleQuery): Promise<CandleSources> {
      const t = now();
      const span = sourceSpan(q.fromMs, q.toMs, q.period);
      const manifest = await store.manifest(q.symbol);
      const demoMonths: string[] = [];
      const importedMonths: string[] = [];
      const realMonths: string[] = [];
      const parts = ["v1", q.symbol, q.period, q.fromMs, q.toMs];
      for (const month of monthsInRange(span.start, span.end)) {
        const entry = manifest.months[month];
        if (entry) {
          importedMonths.push(month);
          if (entry.source) realMonths.push(`${month} (${entry.source})`);
          parts.push(`${month}:${entry.period}:${entry.rev}`);
        } else if (monthRange(month).start <= t) {
          demoMonths.push(month);
          parts.push(`${month}:demo`);
        }
      }
      const currentMonth = monthRange(monthOf(t)).start;
      const live = q.toMs > currentMonth;
      // Demo data stops at the present minute, so a range that reaches it changes every minute.
      if (q.toMs > t) parts.push(`now:${bucketStart(t, "M1")}`);
      return { etag: `"${etagHash(parts.join("|"))}"`, demoMonths, importedMonths, realMonths, live };
    },
  };
}

export type MarketData = ReturnType<typeof marketDataOver>;
