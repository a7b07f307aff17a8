/**
 * Files with a header row naming the columns: the MT5 history export, Dukascopy exports and the
 * generic CSV all go through here; they differ in the names they use and their defaults.
 */
import { forEachLine, formatError, guessDelimiter, num, numOrZero, type RowSink } from "./common";
import { parseTime } from "./time";

export interface Columns {
  /** One column with date and time, or the date when `clock` is set. */
  time: number;
  clock?: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
  spread?: number;
}

// A bracketed UTC/GMT note ("Time (UTC)", Dukascopy's web export) names the zone the importer
// already assumes, so it is dropped. Any other bracketed zone ("Time (EET)") stays in the name and the
// header is refused rather than read as UTC: the user passes --timezone and renames the column.
const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/\(\s*(utc|gmt)\s*\)/g, "")
    .replace(/[<>"'_\s-]/g, "");

const TIME_NAMES = ["time", "timestamp", "datetime", "gmttime", "localtime", "utctime", "date", "dt", ""];
const NAMES = {
  open: ["open", "o", "bidopen", "openbid"],
  high: ["high", "h", "bidhigh", "highbid"],
  low: ["low", "l", "bidlow", "lowbid"],
  close: ["close", "c", "bidclose", "closebid"],
  // Tick volume first: MT5's <VOL> is the (usually empty) real volume.
  volume: ["tickvol", "tickvolume", "ticks", "volume", "vol"],
  spread: ["spread"],
};

/** Maps a header row to columns; undefined when it lacks a time or OHLC column. */
export function mapHeader(cells: readonly string[]): Columns | undefined {
  const names = cells.map(norm);
  const find = (list: readonly string[]) => {
    for (const n of list) {
      const i = names.indexOf(n);
      if (i >= 0) return i;
    }
    return -1;
  };
  const open = find(NAMES.open);
  const high = find(NAMES.high);
  const low = find(NAMES.low);
  const close = find(NAMES.close);
  if (open < 0 || high < 0 || low < 0 || close < 0) return undefined;
  const date = names.indexOf("date");
  const clock = names.indexOf("time");
  let time: number;
  let clockCol: number | undefined;
  if (date >= 0 && clock >= 0) {
    time = date;
    clockCol = clock;
  } else {
    time = find(TIME_NAMES);
    if (time < 0) return undefined;
  }
  const volume = find(NAMES.volume);
  const spread = find(NAMES.spread);
  return {
    time,
    clock: clockCol,
    open,
    high,
    low,
    close,
    volume: volume >= 0 ? volume : undefined,
    spread: spread >= 0 ? spread : undefined,
  };
}

/** Reads a headed table into the sink. Throws IMPORT_FORMAT when the header is not usable. */
export function readTable(text: string, sink: RowSink): void {
  let cols: Columns | undefined;
  let delim = ",";
  forEachLine(text, (line, no) => {
    if (line.trim() === "") return;
    if (!cols) {
      delim = guessDelimiter(line);
      cols = mapHeader(line.split(delim));
      if (!cols) {
        throw formatError(
          `Line ${no}: expected a header naming time, open, high, low and close columns, found "${line.slice(0, 80)}".`,
        );
      }
      return;
    }
    const c = line.split(delim);
    const text =
      cols.clock !== undefined ? `${c[cols.time] ?? ""} ${c[cols.clock] ?? ""}` : (c[cols.time] ?? "");
    const t = parseTime(text);
    if (!t) {
      sink.rows++;
      sink.error(no, `"${text.trim()}" is not a date and time`);
      return;
    }
    sink.add(
      no,
      sink.utc(t),
      num(c[cols.open]),
      num(c[cols.high]),
      num(c[cols.low]),
      num(c[cols.close]),
      cols.volume !== undefined ? numOrZero(c[cols.volume]) : 0,
      cols.spread !== undefined ? num(c[cols.spread]) : Number.NaN,
    );
  });
  if (!cols) throw formatError("The file is empty.");
}
