/**
 * Importing a price file into the candle store (issue 3): the use case behind
 * POST /admin/market/import, callable directly by tests and tools.
 *
 * The body is the file's text, its gzip, or a zip holding one file (Lean ships its data zipped), told
 * apart by their magic bytes so a client needs no particular header; a zip inside a gzip (how older
 * clients send it) is opened too. A file with any bad row writes nothing and answers every bad row with its
 * line number; a good file replaces every month it covers (demo or an earlier import) and
 * re-importing the same file writes nothing.
 */
import { AppError, errors } from "../http/errors";
import { readLimited } from "../http/read-limited";
import { getSymbol } from "../market/catalogue";
import { monthRange } from "../market/chunks";
import {
  type ImportFormat,
  type ImportIssue,
  importBars,
  isZip,
  listZip,
  readEntry,
  singleFile,
} from "../market/importers";
import type { Period } from "../market/types";
import type { MarketData } from "./market-data";

/**
 * Largest file accepted, before and after gunzip. A Worker has 128 MB: the text, its parsed bars
 * (56 B each) and the encoded chunks must fit together; a year of M1 in any supported format is
 * about 20-30 MB of text. Split bigger files by year.
 */
export const MAX_IMPORT_BYTES = 40 * 1024 * 1024;

export interface ImportInput {
  symbol: string;
  format?: ImportFormat;
  timezone?: string;
  resolution?: Period;
  priceSide?: "bid" | "ask";
  /** The file's name: Lean minute files keep their date in it. */
  fileName?: string;
  body: ReadableStream<Uint8Array> | null;
}

export interface ImportedMonth {
  month: string;
  bars: number;
  /** False when the stored chunk already held exactly these bars (a re-import). */
  written: boolean;
  /** What the month held before: generated demo data, an earlier import, or nothing (future). */
  replaced: "demo" | "import" | "none";
}

export type ImportOutcome =
  | {
      ok: true;
      symbol: string;
      format: ImportFormat;
      resolution: Period;
      rows: number;
      bars: number;
      months: ImportedMonth[];
      monthsWritten: number;
      demoMonthsReplaced: string[];
      changed: boolean;
    }
  | {
      ok: false;
      symbol: string;
      format: ImportFormat;
      rows: number;
      errorCount: number;
      /** Bad rows with their 1-based line numbers (line 0: the file as a whole). */
      errors: ImportIssue[];
    };

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export interface ImportBody {
  text: string;
  /** The name of the file inside a zip body: it names the file better than the zip's own name. */
  innerName?: string;
}

/** The file's text from a request body holding the text, its gzip or a one-file zip. */
export async function readImportBody(body: ReadableStream<Uint8Array> | null): Promise<ImportBody> {
  if (!body) throw errors.validation("body", "The request body must be the price file (text, gzip or zip).");
  const raw = await readLimited(body, MAX_IMPORT_BYTES, () => errors.payloadTooLarge(MAX_IMPORT_BYTES));
  let bytes: Uint8Array = raw;
  if (isGzip(raw)) {
    try {
      const unzipped = new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = await readLimited(unzipped, MAX_IMPORT_BYTES, () => errors.payloadTooLarge(MAX_IMPORT_BYTES));
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw errors.validation("body", "The gzip body is damaged and cannot be read.");
    }
  }
  let innerName: string | undefined;
  if (isZip(bytes)) {
    // Format problems (damaged, several files, ZIP64) are MarketError IMPORT_FORMAT: a 400 naming the cause.
    const entry = singleFile(listZip(bytes));
    if (entry.size > MAX_IMPORT_BYTES) throw errors.payloadTooLarge(MAX_IMPORT_BYTES);
    bytes = await readEntry(bytes, entry);
    innerName = entry.name;
  }
  if (bytes.length === 0) throw errors.validation("body", "The file is empty.");
  return { text: new TextDecoder().decode(bytes), innerName };
}

/** Parses, checks and stores one file. Throws MarketError (unknown symbol, format) or AppError (body). */
export async function importMarketFile(market: MarketData, input: ImportInput): Promise<ImportOutcome> {
  const symbol = getSymbol(input.symbol);
  const { text, innerName } = await readImportBody(input.body);
  const result = importBars(text, {
    symbol,
    format: input.format,
    timezone: input.timezone,
    resolution: input.resolution,
    priceSide: input.priceSide,
    fileName: innerName ?? input.fileName,
  });
  if (result.errorCount > 0 || result.errors.length > 0) {
    return {
      ok: false,
      symbol: symbol.name,
      format: result.format,
      rows: result.rows,
      errorCount: Math.max(result.errorCount, result.errors.length),
      errors: result.errors,
    };
  }
  const before = await market.storedManifest(symbol.name);
  const summary = await market.store.import(symbol, result);
  const now = market.now();
  const months: ImportedMonth[] = summary.months.map((m) => ({
    month: m.month,
    bars: m.bars,
    written: m.changed,
    replaced: before.months[m.month] ? "import" : monthRange(m.month).start <= now ? "demo" : "none",
  }));
  return {
    ok: true,
    symbol: symbol.name,
    format: result.format,
    resolution: result.resolution,
    rows: result.rows,
    bars: result.bars.length,
    months,
    monthsWritten: months.filter((m) => m.written).length,
    demoMonthsReplaced: months.filter((m) => m.replaced === "demo").map((m) => m.month),
    changed: summary.changed,
  };
}
