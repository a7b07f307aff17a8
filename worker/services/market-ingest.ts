/**
 * The feed ingest (issue 18): hour files of Dukascopy's datafeed (MARKET_FEED_URL) into real ticks (one
 * chunk per symbol and day in R2) and the M1 candle store, with the integrity checks of
 * worker/market/feed/integrity.ts.
 *
 * - A queue of hour files, fetched a day at a time with bounded concurrency (CONCURRENCY at once: a Worker
 *   keeps at most 6 connections open) and at most `maxHours` per call, so one request or Cron run stays
 *   within the Worker's subrequest and CPU limits; the answer says where to continue (`next`).
 * - Each file is retried with exponential backoff on network errors, timeouts, 5xx and damaged bodies; a
 *   404 is final (the hour is missing at the source) and is not retried.
 * - Resumable and idempotent: every hour's outcome is logged per month; hours with a final outcome (ok,
 *   empty, missing) are skipped, failed ones are fetched again by the next call. The day's chunk and M1
 *   bars are rebuilt from everything stored for that day and written only when their bytes change, so
 *   ingesting an hour twice changes nothing.
 * - Objects are written ticks first, then M1, then the hour log: a crash in between re-fetches the hours
 *   whose log was not written, which rebuilds the same bytes.
 */

import { getSymbol } from "../market/catalogue";
import { monthOf } from "../market/chunks";
import {
  checkTicks,
  concatTicks,
  DAY_MS,
  dayStartOf,
  decodeBi5,
  encodeTickChunk,
  type FeedInstrument,
  feedInstruments,
  getFeedInstrument,
  type HourLog,
  hourFileUrl,
  hourKey,
  hourStarts,
  type MonthLog,
  sliceTicks,
  type Ticks,
  tickLowerBound,
  ticksToM1,
} from "../market/feed";
import type { BlobStore, CandleStore } from "../market/store";
import type { Services } from "./context";
import { R2BlobStore } from "./market-data";
import { type TickObjects, tickObjects } from "./market-ingest-store";

const HOUR = 3_600_000;
/** Files of an hour are published after it ends; the Cron asks only for hours older than this. */
export const FEED_LAG_MS = HOUR;
export const CONCURRENCY = 6;
export const DEFAULT_MAX_HOURS = 240;
export const CRON_MAX_HOURS = 120;

export interface IngestOptions {
  blobs: BlobStore;
  store: CandleStore;
  feedUrl: string;
  now: () => number;
  fetch?: typeof fetch;
  /** Tries per file (default 3). */
  attempts?: number;
  /** First backoff; doubles per retry (default 500 ms). */
  backoffMs?: number;
  /** Per-request timeout (default 20 s). */
  timeoutMs?: number;
}

export interface HourOutcome {
  hour: string;
  status: HourLog["status"];
  ticks: number;
  error?: string;
}

export interface IngestSummary {
  symbol: string;
  instrument: string;
  feed: string;
  from: string;
  to: string;
  /** Hours in the range that had no final outcome before this call. */
  hoursPending: number;
  /** Hours fetched by this call (each at most `attempts` times). */
  hoursFetched: number;
  /** Hours skipped because an earlier call already settled them. */
  hoursSkipped: number;
  ticksStored: number;
  daysWritten: number;
  /** Hours still failing after every retry: fetched again by the next call. */
  failed: HourOutcome[];
  /** True when every hour of the range has a final outcome. */
  done: boolean;
  /** Start of the first hour this call left for the next one (budget spent), or null. */
  next: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

type Fetched =
  | { hour: number; status: "ok" | "empty" | "missing"; ticks: Ticks }
  | { hour: number; status: "failed"; error: string };

/** Runs `fn` over `items` with at most `limit` at once, keeping the order of results. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function createIngest(o: IngestOptions) {
  const doFetch = o.fetch ?? fetch;
  const attempts = o.attempts ?? 3;
  const backoff = o.backoffMs ?? 500;
  const timeoutMs = o.timeoutMs ?? 20_000;
  const objects: TickObjects = tickObjects(o.blobs);

  async function fetchHour(feed: FeedInstrument, base: string, hour: number): Promise<Fetched> {
    const url = hourFileUrl(base, feed.instrument, hour);
    let error = "";
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, backoff * 2 ** (attempt - 1)));
      try {
        const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (res.status === 404) {
          await res.body?.cancel();
          return { hour, status: "missing", ticks: concatTicks([]) };
        }
        if (!res.ok) {
          await res.body?.cancel();
          error = `HTTP ${res.status}`;
          continue;
        }
        const bytes = new Uint8Array(await res.arrayBuffer());
        const ticks = decodeBi5(bytes, hour);
        return { hour, status: ticks.length === 0 ? "empty" : "ok", ticks };
      } catch (e) {
        const name = e instanceof Error ? e.name : "";
        error =
          name === "TimeoutError" || name === "AbortError"
            ? `timed out after ${timeoutMs} ms`
            : e instanceof Error
              ? e.message
              : String(e);
      }
    }
    return { hour, status: "failed", error: `${error} (after ${attempts} tries)` };
  }

  /** Rebuilds one day from what is stored plus the fetched hours; writes ticks and M1 when they change. */
  async function storeDay(
    feed: FeedInstrument,
    day: number,
    fetched: Fetched[],
    logs: Map<string, MonthLog>,
  ) {
    const raw = await objects.dayRaw(feed.symbol.name, day);
    const stored = raw ? (await objects.day(feed.symbol.name, day))?.ticks : undefined;
    const replaced = new Set(fetched.filter((f) => f.status !== "failed").map((f) => f.hour));
    const byHour = new Map<number, Ticks>();
    if (stored) {
      for (let h = day; h < day + DAY_MS; h += HOUR) {
        if (replaced.has(h)) continue;
        const part = sliceTicks(stored, tickLowerBound(stored, h), tickLowerBound(stored, h + HOUR));
        if (part.length) byHour.set(h, part);
      }
    }
    let ticksStored = 0;
    for (const f of fetched) {
      const month = monthOf(f.hour);
      const log = logs.get(month);
      if (!log) continue;
      if (f.status === "failed") {
        log.hours[hourKey(f.hour)] = {
          status: "failed",
          ticks: 0,
          weekend: 0,
          crossed: 0,
          spikes: 0,
          error: f.error,
        };
        continue;
      }
      const check = checkTicks(f.ticks);
      if (check.kept.length) byHour.set(f.hour, check.kept);
      ticksStored += check.kept.length;
      log.hours[hourKey(f.hour)] = {
        status: f.status,
        ticks: check.kept.length,
        weekend: check.weekend,
        crossed: check.crossed,
        spikes: check.spikes,
      };
    }
    // Every hour failed and the day had nothing stored: nothing to write. A failure leaves only its log
    // entry (the next call fetches the hour again), never an empty day in the tick store.
    if (!raw && fetched.every((f) => f.status === "failed")) return { ticksStored, written: false };
    const ticks = concatTicks([...byHour.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t));
    const chunk = encodeTickChunk(ticks, { symbol: feed.symbol.name, digits: feed.digits, dayStart: day });
    const written = await objects.putDay(feed.symbol.name, day, chunk, raw);
    if (ticks.length > 0) {
      const bars = ticksToM1(ticks, feed.digits, feed.symbol);
      await o.store.import(
        feed.symbol,
        { format: "dukascopy", bars, resolution: "M1", errors: [], errorCount: 0, rows: ticks.length },
        { source: FEED_SOURCE },
      );
    }
    return { ticksStored, written };
  }

  return {
    objects,

    /**
     * Ingests the hours of [fromMs, toMs) not settled yet (at most `maxHours`), oldest first. Throws
     * MarketError UNKNOWN_SYMBOL / NOT_IN_FEED for a symbol the feed does not carry.
     */
    async ingest(
      symbolName: string,
      fromMs: number,
      toMs: number,
      opts: { feedUrl?: string; maxHours?: number } = {},
    ): Promise<IngestSummary> {
      const feed = getFeedInstrument(getSymbol(symbolName));
      const base = opts.feedUrl ?? o.feedUrl;
      const maxHours = opts.maxHours ?? DEFAULT_MAX_HOURS;
      const end = Math.min(toMs, Math.floor((o.now() - FEED_LAG_MS) / HOUR) * HOUR);
      const logs = new Map<string, MonthLog>();
      const pending: number[] = [];
      let skipped = 0;
      for (const h of hourStarts(fromMs, end)) {
        const month = monthOf(h);
        let log = logs.get(month);
        if (!log) {
          log = await objects.monthLog(feed.symbol.name, month);
          logs.set(month, log);
        }
        const prev = log.hours[hourKey(h)];
        if (prev && prev.status !== "failed") skipped++;
        else pending.push(h);
      }
      const batch = pending.slice(0, maxHours);
      const summary: IngestSummary = {
        symbol: feed.symbol.name,
        instrument: feed.instrument,
        feed: base,
        from: iso(fromMs),
        to: iso(toMs),
        hoursPending: pending.length,
        hoursFetched: 0,
        hoursSkipped: skipped,
        ticksStored: 0,
        daysWritten: 0,
        failed: [],
        done: false,
        next: pending.length > batch.length ? iso(pending[batch.length]) : null,
      };
      let lastSettled = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < batch.length; ) {
        const day = dayStartOf(batch[i]);
        const hours: number[] = [];
        while (i < batch.length && dayStartOf(batch[i]) === day) hours.push(batch[i++]);
        const fetched = await pool(hours, CONCURRENCY, (h) => fetchHour(feed, base, h));
        const r = await storeDay(feed, day, fetched, logs);
        summary.hoursFetched += hours.length;
        summary.ticksStored += r.ticksStored;
        if (r.written) summary.daysWritten++;
        for (const f of fetched) {
          if (f.status === "failed")
            summary.failed.push({ hour: hourKey(f.hour), status: "failed", ticks: 0, error: f.error });
          else lastSettled = Math.max(lastSettled, f.hour);
        }
        for (const [month, log] of logs) await objects.putMonthLog(feed.symbol.name, month, log);
      }
      if (Number.isFinite(lastSettled)) await objects.putState(feed.symbol.name, lastSettled);
      summary.done = summary.failed.length === 0 && summary.next === null;
      return summary;
    },

    /**
     * The Cron path: for every mapped symbol already ingested once (a backfill starts it), the hours since
     * its last settled one, the most out-of-date symbols first, at most `maxHours` in all.
     */
    async catchUp(maxHours = CRON_MAX_HOURS): Promise<IngestSummary[]> {
      const states = await Promise.all(
        feedInstruments().map(async (f) => ({ f, state: await objects.state(f.symbol.name) })),
      );
      const started = states
        .filter((s) => s.state !== null)
        .sort((a, b) => (a.state?.lastHour ?? 0) - (b.state?.lastHour ?? 0));
      const out: IngestSummary[] = [];
      let budget = maxHours;
      for (const { f, state } of started) {
        if (budget <= 0 || !state) break;
        const r = await this.ingest(f.symbol.name, state.lastHour + HOUR, o.now(), { maxHours: budget });
        budget -= r.hoursFetched;
        if (r.hoursFetched > 0 || r.failed.length > 0) out.push(r);
      }
      return out;
    },
  };
}

export const FEED_SOURCE = "Dukascopy";

export type Ingest = ReturnType<typeof createIngest>;

/** The ingest over the worker's bucket, candle store and MARKET_FEED_URL. */
export function ingestFor(services: Pick<Services, "env" | "config" | "market">): Ingest {
  return createIngest({
    blobs: new R2BlobStore(services.env.BUCKET),
    store: services.market.store,
    feedUrl: services.config.MARKET_FEED_URL,
    timeoutMs: services.config.MARKET_FEED_TIMEOUT_MS,
    now: services.market.now,
  });
}
