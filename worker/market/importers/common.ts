/**
 * What every importer shares: options, the result shape, row validation with line numbers,
 * time zones, and detection of the file's resolution.
 *
 * Row rules (a refused row is reported with its 1-based line number and kept out of the bars):
 * every price a finite number above 0; high >= low; high >= open and close; low <= open and close;
 * each time strictly after the previous accepted row's (times that go backwards or repeat are refused).
 * Prices are bid (ask files are shifted down by the spread, see `priceSide`).
 */
import { BarsBuilder } from "../bars";
import { MarketError } from "../errors";
import { isAligned, isFixed, periodMs } from "../periods";
import { type Bars, PERIODS, type Period, type SymbolInfo } from "../types";
import type { ParsedTime } from "./time";
import { type ZoneFn, zoneOf } from "./timezone";

export const IMPORT_FORMATS = ["mt5", "histdata", "dukascopy", "lean", "generic"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportOptions {
  /** The catalogue symbol the file is for: its point turns bid/ask into a spread in points. */
  symbol: SymbolInfo;
  /** Skip detection. */
  format?: ImportFormat;
  /** Zone of the file's wall-clock times (see timezone.ts). Default UTC; HistData default EST (UTC-5). */
  timezone?: string;
  /** Force the resolution instead of detecting it from the bar times. */
  resolution?: Period;
  /** File name, for formats that keep the date in it (Lean minute files: 20140501_quote.csv). */
  fileName?: string;
  /** "ask" when the file holds ask prices (e.g. some Dukascopy exports): bars are shifted down by the spread. */
  priceSide?: "bid" | "ask";
  /** Stop listing bad rows after this many (they are still counted). Default 1000. */
  maxErrors?: number;
}

export interface ImportIssue {
  /** 1-based line number in the file; 0 for problems of the file as a whole. */
  line: number;
  message: string;
}

export interface ImportResult {
  format: ImportFormat;
  /** The accepted bars, oldest first. Do not store them when `errors` is not empty. */
  bars: Bars;
  resolution: Period;
  errors: ImportIssue[];
  /** Total bad rows (errors is capped at maxErrors). */
  errorCount: number;
  /** Data rows read (accepted + refused), header and blank lines excluded. */
  rows: number;
}

const iso = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString().replace(".000Z", "Z") : String(t));

/** Collects rows, checks them and builds the result. Each importer drives one. */
export class RowSink {
  readonly builder = new BarsBuilder(4096);
  readonly errors: ImportIssue[] = [];
  /** Line of each accepted bar, to point at the culprit of file-level problems. */
  readonly lines: number[] = [];
  errorCount = 0;
  rows = 0;
  private readonly zone: ZoneFn;
  private readonly maxErrors: number;
  private readonly askShift: boolean;
  private lastTime = Number.NEGATIVE_INFINITY;
  private lastLine = 0;

  constructor(
    readonly format: ImportFormat,
    readonly options: ImportOptions,
    defaultZone?: string,
  ) {
    this.zone = zoneOf(options.timezone ?? defaultZone);
    this.maxErrors = options.maxErrors ?? 1000;
    this.askShift = options.priceSide === "ask";
  }

  error(line: number, message: string): void {
    this.errorCount++;
    if (this.errors.length < this.maxErrors) this.errors.push({ line, message });
  }

  /** Turns a parsed cell into UTC ms: a written offset wins over the file's zone. */
  utc(t: ParsedTime): number {
    return t.offset !== undefined ? t.wall - t.offset : this.zone(t.wall);
  }

  /** Validates and appends one row. `spread` NaN means "none in the file": the catalogue default is used. */
  add(
    line: number,
    time: number,
    o: number,
    h: number,
    l: number,
    c: number,
    volume = 0,
    spread = Number.NaN,
  ) {
    this.rows++;
    if (!Number.isFinite(time)) return this.error(line, "time is missing or not a date");
    if (!(Number.isFinite(o) && Number.isFinite(h) && Number.isFinite(l) && Number.isFinite(c))) {
      return this.error(line, "a price is not a finite number");
    }
    if (o <= 0 || h <= 0 || l <= 0 || c <= 0) return this.error(line, "a price is zero or negative");
    if (h < l) return this.error(line, `high ${h} is below low ${l}`);
    if (h < o || h < c) return this.error(line, `high ${h} is below the open or close`);
    if (l > o || l > c) return this.error(line, `low ${l} is above the open or close`);
    if (!Number.isFinite(volume) || volume < 0)
      return this.error(line, "volume is not a number of 0 or more");
    if (time <= this.lastTime) {
      const how = time === this.lastTime ? "repeats" : "goes backwards from";
      return this.error(
        line,
        `time ${iso(time)} ${how} the previous row's ${iso(this.lastTime)} (line ${this.lastLine})`,
      );
    }
    let s = Number.isFinite(spread) ? spread : this.options.symbol.spread;
    if (s < 0) s = 0;
    if (this.askShift) {
      // Integer points, then one division: the result is the exact decimal, not 1.0522700000000001.
      const scale = 10 ** this.options.symbol.digits;
      const r = (x: number) => (Math.round(x * scale) - s) / scale;
      o = r(o);
      h = r(h);
      l = r(l);
      c = r(c);
    }
    this.lastTime = time;
    this.lastLine = line;
    this.lines.push(line);
    this.builder.push(time, o, h, l, c, volume, s);
  }

  finish(): ImportResult {
    const bars = this.builder.finish();
    const res = resolveResolution(bars, this.options.resolution, this.lines);
    const errors = [...this.errors];
    let errorCount = this.errorCount;
    if (res.error) {
      errors.push(res.error);
      errorCount++;
    }
    if (bars.length === 0 && errorCount === 0) {
      errors.push({ line: 0, message: "The file has no data rows." });
      errorCount++;
    }
    return { format: this.format, bars, resolution: res.period, errors, errorCount, rows: this.rows };
  }
}

/**
 * The file's resolution: the period whose length equals the smallest gap between bars (M1 for a
 * minute file even with missing minutes), W1/MN1 for weekly/monthly files; every bar must then be
 * aligned to it (periods.ts). With no exact match, the coarsest period that every time is aligned to
 * and that is no longer than the smallest gap. A lone bar is M1.
 */
export function detectResolution(time: Float64Array): { period: Period; misaligned?: number } {
  const { gap } = smallestGap(time);
  // A single bar shows no spacing: call it M1 (callers pass options.resolution to say otherwise).
  if (!Number.isFinite(gap)) return { period: "M1" };
  const candidate = periodOfGap(gap);
  if (candidate) {
    for (let i = 0; i < time.length; i++)
      if (!isAligned(time[i], candidate)) return { period: candidate, misaligned: i };
    return { period: candidate };
  }
  let best: Period | undefined;
  for (const p of PERIODS) {
    if (!isFixed(p) || periodMs(p) > gap) continue;
    let ok = true;
    for (let i = 0; i < time.length && ok; i++) ok = isAligned(time[i], p);
    if (ok) best = p;
  }
  if (best) return { period: best };
  return { period: "M1", misaligned: time.findIndex((t) => !isAligned(t, "M1")) };
}

const DAY = 86_400_000;

/** The smallest time between consecutive bars, and the index of the later bar of that pair. */
function smallestGap(time: Float64Array): { gap: number; at: number } {
  let gap = Number.POSITIVE_INFINITY;
  let at = -1;
  for (let i = 1; i < time.length; i++) {
    if (time[i] - time[i - 1] < gap) {
      gap = time[i] - time[i - 1];
      at = i;
    }
  }
  return { gap, at };
}

/** The period whose consecutive bars are exactly `gap` apart: M1 ... D1, W1, and MN1 for 28 to 31 days. */
function periodOfGap(gap: number): Period | undefined {
  if (gap >= 28 * DAY && gap <= 31 * DAY) return "MN1";
  if (gap === 7 * DAY) return "W1";
  return PERIODS.find((p) => isFixed(p) && periodMs(p) === gap);
}

/** The shortest time between the opens of two consecutive bars of `p` (February for MN1). */
function shortestSpacing(p: Period): number {
  return p === "MN1" ? 28 * DAY : periodMs(p);
}

/**
 * A forced resolution must agree with the bars' spacing, or the data would be mislabelled (an hourly
 * file stored as M1 would be served as minutes and backtested as minutes). Bars aligned to the forced
 * period (checked first) are at least one such bar apart, so a finer file cannot pass; what is left is
 * a coarser file: refused when its closest bars are exactly one coarser period apart (an H1 file
 * forced to M1: no two bars are a minute apart). Spacings that match no period (a sparse file, a lone
 * pair of bars a weekend apart) are left to the user's word.
 */
function spacingError(bars: Bars, forced: Period, lines: readonly number[]): ImportIssue | undefined {
  const { gap, at } = smallestGap(bars.time);
  if (at < 0) return undefined;
  const a = bars.time[at - 1];
  const b = bars.time[at];
  const pair = `${iso(a)} (line ${lines[at - 1]}) and ${iso(b)} (line ${lines[at]})`;
  const spacing = periodOfGap(gap);
  if (spacing && shortestSpacing(spacing) > shortestSpacing(forced)) {
    return {
      line: lines[at],
      message:
        `the forced resolution ${forced} does not fit the file: its closest bars, ${pair}, are one ` +
        `${spacing} apart, so they are ${spacing} bars and would be served as ${forced} if stored so ` +
        `(import without a forced resolution, or force ${spacing})`,
    };
  }
  return undefined;
}

function resolveResolution(
  bars: Bars,
  forced: Period | undefined,
  lines: readonly number[],
): { period: Period; error?: ImportIssue } {
  if (bars.length === 0) return { period: forced ?? "M1" };
  if (forced) {
    for (let i = 0; i < bars.length; i++) {
      if (!isAligned(bars.time[i], forced)) {
        return {
          period: forced,
          error: {
            line: lines[i],
            message: `time ${iso(bars.time[i])} is not the start of a ${forced} bar in UTC`,
          },
        };
      }
    }
    const error = spacingError(bars, forced, lines);
    return error ? { period: forced, error } : { period: forced };
  }
  const r = detectResolution(bars.time);
  if (r.misaligned === undefined) return { period: r.period };
  const t = bars.time[r.misaligned];
  return {
    period: r.period,
    error: {
      line: lines[r.misaligned],
      message:
        `bars look like ${r.period} but ${iso(t)} is not the start of a ${r.period} bar in UTC ` +
        "(bars are aligned in UTC: give the file's --timezone, or check the rows)",
    },
  };
}

/** Splits a text into lines without keeping the whole array of trimmed copies alive. */
export function forEachLine(text: string, fn: (line: string, lineNo: number) => void): void {
  let start = 0;
  let no = 1;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) start = 1; // BOM
  while (start <= n) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = n;
    let stop = end;
    if (stop > start && text.charCodeAt(stop - 1) === 13) stop--;
    if (stop > start || end < n) fn(text.slice(start, stop), no);
    no++;
    start = end + 1;
  }
}

/** Numbers in FX files: plain decimals; empty cells are NaN. */
export function num(cell: string | undefined): number {
  if (cell === undefined) return Number.NaN;
  // Number() ignores the same surrounding whitespace as trim(), so only a 0 can be a blank cell: trimming
  // every cell of a 12-year file was a tenth of `npm run backtest`.
  const v = Number(cell);
  return v === 0 && cell.trim() === "" ? Number.NaN : v;
}

/** Like num, but an empty or missing cell is 0 (optional volume columns). */
export function numOrZero(cell: string | undefined): number {
  const s = cell?.trim() ?? "";
  return s === "" ? 0 : Number(s);
}

export function guessDelimiter(line: string): string {
  let best = ",";
  let bestCount = 0;
  for (const d of ["\t", ",", ";", "|"]) {
    const c = line.split(d).length - 1;
    if (c > bestCount) {
      best = d;
      bestCount = c;
    }
  }
  return best;
}

export function formatError(message: string): MarketError {
  return new MarketError("IMPORT_FORMAT", message);
}
