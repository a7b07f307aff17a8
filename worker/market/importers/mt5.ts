/**
 * MetaTrader 5 history export (Symbols > Bars > Export): tab-separated with a header, either
 * `<DATE> <TIME> <OPEN> <HIGH> <LOW> <CLOSE> <TICKVOL> <VOL> <SPREAD>` (dates 2024.01.02, no <TIME>
 * column for D1 and above) or `Time Open High Low Close Volume` (one date-time column).
 * Times are the broker's server time: pass its zone (e.g. --timezone +02:00); default UTC.
 * <SPREAD> is in points and kept; without it the catalogue spread is used.
 */
import { type ImportOptions, type ImportResult, RowSink } from "./common";
import { readTable } from "./table";

export function importMt5(text: string, options: ImportOptions): ImportResult {
  const sink = new RowSink("mt5", options);
  readTable(text, sink);
  return sink.finish();
}

/** Header of an MT5 export: <DATE>-style tags, or tab-separated Time/Open/High/Low/Close. */
export function looksLikeMt5(first: string): boolean {
  if (/<DATE>|<TIME>/i.test(first)) return true;
  return first.includes("\t") && /^\s*(<?time>?|<?date>?)\t+<?open>?\t/i.test(first);
}
