/**
 * QuantConnect Lean forex quote bars (bid and ask), no header, comma-separated:
 *   hour/daily : `YYYYMMDD HH:mm,bidO,bidH,bidL,bidC,bidSize,askO,askH,askL,askC,askSize`
 *   minute     : `msSinceMidnight,bidO,...,askSize` with the day in the file name (Lean's
 *                `20140501_eurusd_minute_quote.csv`, or 20140501_quote.csv),
 *                or `YYYYMMDD,msSinceMidnight,...` when days are concatenated with the date prefixed.
 * Times are UTC for forex. Bid prices are the bars; the spread is min(askO - bidO, askC - bidC) in
 * points (bars.ts spreadPoints). A row with the bid side empty is rebuilt from the ask minus the
 * catalogue spread; with the ask side empty the catalogue spread is used. Sizes are 0 in Lean's forex
 * data, so volume is their sum (0).
 */
import { spreadPoints } from "../bars";
import { forEachLine, formatError, type ImportOptions, type ImportResult, num, RowSink } from "./common";
import { parseTime } from "./time";

// Lean's names: the day zip `20140501_quote.zip` and the CSV inside it `20140501_eurusd_minute_quote.csv`.
const DAY_IN_NAME = /(\d{8})(?:_[a-z0-9]+)*(?:\.[a-z]+)*$/i;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The digit at `i`, or NaN. */
function digit(s: string, i: number): number {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
}

/**
 * `YYYYMMDD HH:mm` as wall-clock ms, NaN for anything else (an invalid date included). Every row of an hour
 * file has this time, so it is read digit by digit instead of through parseTime's regular expressions.
 */
export function leanHourTime(cell: string): number {
  if (cell.length !== 14 || cell.charCodeAt(8) !== 32 || cell.charCodeAt(11) !== 58) return Number.NaN;
  const y = digit(cell, 0) * 1000 + digit(cell, 1) * 100 + digit(cell, 2) * 10 + digit(cell, 3);
  const mo = digit(cell, 4) * 10 + digit(cell, 5);
  const d = digit(cell, 6) * 10 + digit(cell, 7);
  const h = digit(cell, 9) * 10 + digit(cell, 10);
  const mi = digit(cell, 12) * 10 + digit(cell, 13);
  if (!(mo >= 1 && mo <= 12 && h <= 23 && mi <= 59 && d >= 1)) return Number.NaN;
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > DAYS_IN_MONTH[mo - 1] + (leap ? 1 : 0)) return Number.NaN;
  return Date.UTC(y, mo - 1, d, h, mi);
}

export function importLean(text: string, options: ImportOptions): ImportResult {
  const sink = new RowSink("lean", options);
  const { point, spread: defSpread, digits } = options.symbol;
  const scale = 10 ** digits;
  const nameDay = options.fileName
    ? DAY_IN_NAME.exec(options.fileName.split(/[\\/]/).pop() ?? "")?.[1]
    : undefined;
  forEachLine(text, (line, no) => {
    if (line.trim() === "") return;
    const c = line.split(",");
    let t: number;
    let k: number; // index of bid open
    const hour = leanHourTime(c[0]);
    if (!Number.isNaN(hour)) {
      t = sink.utc({ wall: hour, offset: undefined });
      k = 1;
    } else if (c.length >= 12 && /^\d{8}$/.test(c[0].trim())) {
      const day = parseTime(c[0]);
      t = day ? sink.utc(day) + Number(c[1]) : Number.NaN;
      k = 2;
    } else if (/^\d{8} \d{2}:\d{2}$/.test(c[0].trim())) {
      const p = parseTime(c[0]);
      t = p ? sink.utc(p) : Number.NaN;
      k = 1;
    } else if (/^\d+$/.test(c[0].trim())) {
      if (!nameDay) {
        throw formatError(
          "Lean minute rows carry no date: name the file YYYYMMDD_quote.csv (as Lean does, e.g. " +
            "20140501_eurusd_minute_quote.csv or the day zip 20140501_quote.zip) or prefix each row with YYYYMMDD.",
        );
      }
      const day = parseTime(nameDay);
      t = day ? sink.utc(day) + Number(c[0]) : Number.NaN;
      k = 1;
    } else {
      sink.rows++;
      sink.error(no, `"${c[0].trim()}" is not a Lean time`);
      return;
    }
    let [o, h, l, cl] = [num(c[k]), num(c[k + 1]), num(c[k + 2]), num(c[k + 3])];
    const [ao, ah, al, ac] = [num(c[k + 5]), num(c[k + 6]), num(c[k + 7]), num(c[k + 8])];
    const volume = (num(c[k + 4]) || 0) + (num(c[k + 9]) || 0);
    const hasBid = !Number.isNaN(o) || !Number.isNaN(cl);
    const hasAsk = !Number.isNaN(ao) && !Number.isNaN(ac);
    let spread = Number.NaN;
    if (hasBid && hasAsk) spread = spreadPoints(o, ao, cl, ac, point);
    else if (!hasBid && hasAsk) {
      const down = (x: number) => (Math.round(x * scale) - defSpread) / scale;
      [o, h, l, cl] = [down(ao), down(ah), down(al), down(ac)];
      spread = defSpread;
    }
    sink.add(no, t, o, h, l, cl, volume, spread);
  });
  return sink.finish();
}

/** 11 or 12 comma-separated fields whose first is a Lean time. */
export function looksLikeLean(first: string): boolean {
  const c = first.split(",");
  if (c.length === 11 && /^\d{8} \d{2}:\d{2}$/.test(c[0])) return true;
  if (c.length === 12 && /^\d{8}$/.test(c[0]) && /^\d+$/.test(c[1])) return true;
  return c.length === 11 && /^\d+$/.test(c[0]) && Number(c[0]) < 86_400_000;
}
