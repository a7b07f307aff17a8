/**
 * The feed ingest's objects in R2 (worker/market/feed/keys.ts): day tick chunks, month hour-logs and the
 * per-symbol state, read with validation (a damaged log reads as empty: its hours are fetched again).
 */
import { constants, deflateSync } from "node:zlib";
import { z } from "zod";
import { decompress } from "../market/codec";
import {
  type DecodedTickChunk,
  decodeTickChunk,
  emptyTicks,
  feedStateKey,
  type MonthLog,
  monthLogKey,
  type Ticks,
  tickDayKey,
} from "../market/feed";
import type { BlobStore } from "../market/store";

const hourLog = z.object({
  status: z.enum(["ok", "empty", "missing", "failed"]),
  ticks: z.number().int().min(0),
  weekend: z.number().int().min(0),
  crossed: z.number().int().min(0),
  spikes: z.number().int().min(0),
  error: z.string().optional(),
});
const monthLog = z.object({ version: z.literal(1), hours: z.record(z.string(), hourLog) });
const feedState = z.object({ lastHour: z.number() });

const text = new TextEncoder();

/**
 * A day's raw tick chunk deflated with run-length matching only (zlib's Z_RLE) instead of the
 * CompressionStream's default level 6 (issue 18): its varint columns hold almost no long repeats, so
 * level 6's match search spent ~60 ms a day for nothing (4.84 bytes a tick either way on the bench's
 * day), where RLE takes ~14 ms. The output is the same zlib format, read by `decompress` as before.
 */
export function deflateTickChunk(raw: Uint8Array): Uint8Array {
  return deflateSync(raw, { strategy: constants.Z_RLE });
}

function readJson(bytes: Uint8Array | null): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

function same(a: Uint8Array | null, b: Uint8Array): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function tickObjects(blobs: BlobStore) {
  return {
    async monthLog(symbol: string, month: string): Promise<MonthLog> {
      const parsed = monthLog.safeParse(readJson(await blobs.get(monthLogKey(symbol, month))));
      return parsed.success ? parsed.data : { version: 1, hours: {} };
    },

    /** Writes the log when it differs from the stored one; true when written. */
    async putMonthLog(symbol: string, month: string, log: MonthLog): Promise<boolean> {
      const key = monthLogKey(symbol, month);
      const sorted: MonthLog = {
        version: 1,
        hours: Object.fromEntries(Object.entries(log.hours).sort(([a], [b]) => (a < b ? -1 : 1))),
      };
      const bytes = text.encode(JSON.stringify(sorted));
      if (same(await blobs.get(key), bytes)) return false;
      await blobs.put(key, bytes);
      return true;
    },

    async state(symbol: string): Promise<{ lastHour: number } | null> {
      const parsed = feedState.safeParse(readJson(await blobs.get(feedStateKey(symbol))));
      return parsed.success ? parsed.data : null;
    },

    async putState(symbol: string, lastHour: number): Promise<void> {
      const before = await this.state(symbol);
      if (before && before.lastHour >= lastHour) return;
      await blobs.put(feedStateKey(symbol), text.encode(JSON.stringify({ lastHour })));
    },

    /** The stored raw (decompressed) chunk of a day, or null. */
    async dayRaw(symbol: string, dayStart: number): Promise<Uint8Array | null> {
      const bytes = await blobs.get(tickDayKey(symbol, dayStart));
      return bytes ? decompress(bytes) : null;
    },

    async day(symbol: string, dayStart: number): Promise<DecodedTickChunk | null> {
      const raw = await this.dayRaw(symbol, dayStart);
      return raw ? decodeTickChunk(raw) : null;
    },

    async dayTicks(symbol: string, dayStart: number): Promise<Ticks> {
      return (await this.day(symbol, dayStart))?.ticks ?? emptyTicks();
    },

    /** Stores a day's raw chunk unless the stored one is identical; true when written. */
    async putDay(
      symbol: string,
      dayStart: number,
      raw: Uint8Array,
      before: Uint8Array | null,
    ): Promise<boolean> {
      if (same(before, raw)) return false;
      await blobs.put(tickDayKey(symbol, dayStart), deflateTickChunk(raw));
      return true;
    },
  };
}

export type TickObjects = ReturnType<typeof tickObjects>;
