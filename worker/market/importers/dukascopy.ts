/**
 * Dukascopy CSV exports:
 *   - the current web "Historical Data Export": `Time (UTC),Open,High,Low,Close,Volume ` with
 *     `2025.01.01 22:00:00` (year first, no milliseconds);
 *   - JForex / the older export: `Time,Open,High,Low,Close,Volume` or `Gmt time,...` /
 *     `Local time,...`, dates day first: `01.01.2017 22:00:00.000`, local-time exports ending in
 *     ` GMT+0200` (the written offset is used). Volume is in millions of units and may be
 * fractional: it is kept as is. Dukascopy exports bid or ask as chosen: give priceSide "ask" for ask files.
 */
import { type ImportOptions, type ImportResult, RowSink } from "./common";
import { readTable } from "./table";

export function importDukascopy(text: string, options: ImportOptions): ImportResult {
  const sink = new RowSink("dukascopy", options);
  readTable(text, sink);
  return sink.finish();
}

const DMY_ROW = /^\s*\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}(\.\d{3})?( GMT[+-]\d{4})?\s*[,;]/;
const WEB_HEADER = /^\s*time \((utc|gmt)\)\s*,\s*open\s*,/i;
const YMD_ROW = /^\s*\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}(\.\d{3})?\s*,/;

export function looksLikeDukascopy(first: string, second: string | undefined): boolean {
  if (WEB_HEADER.test(first)) return YMD_ROW.test(second ?? "") || DMY_ROW.test(second ?? "");
  return /^\s*(gmt time|local time|time)\s*[,;]\s*open/i.test(first) && DMY_ROW.test(second ?? "");
}
