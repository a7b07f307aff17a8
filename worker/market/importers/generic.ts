/**
 * Generic CSV with a header: a time column (time, timestamp, datetime, date [+ time], or an unnamed
 * first column), open, high, low, close, and optionally volume and spread (points). Delimiter: comma,
 * semicolon, tab or |. Times: ISO 8601 (a written offset such as +00:00 is used), 2024.01.02 03:04,
 * 20240102 030405, 02.01.2024 03:04:05, or epoch seconds/milliseconds. Default zone UTC.
 */
import { guessDelimiter, type ImportOptions, type ImportResult, RowSink } from "./common";
import { mapHeader, readTable } from "./table";

export function importGeneric(text: string, options: ImportOptions): ImportResult {
  const sink = new RowSink("generic", options);
  readTable(text, sink);
  return sink.finish();
}

export function looksLikeGeneric(first: string): boolean {
  return mapHeader(first.split(guessDelimiter(first))) !== undefined;
}
