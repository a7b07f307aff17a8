/**
 * HistData.com "Generic ASCII" M1 files: no header, `20120201 000000;1.306600;1.306600;1.306560;1.306560;0`
 * (DateTime;Open;High;Low;Close;Volume). HistData writes Eastern Standard Time WITHOUT daylight
 * saving all year, i.e. fixed UTC-5; that is the default zone here (an explicit timezone wins).
 */
import { forEachLine, type ImportOptions, type ImportResult, num, numOrZero, RowSink } from "./common";
import { parseTime } from "./time";

export function importHistdata(text: string, options: ImportOptions): ImportResult {
  const sink = new RowSink("histdata", options, "EST");
  forEachLine(text, (line, no) => {
    if (line.trim() === "") return;
    const c = line.split(";");
    const t = parseTime(c[0] ?? "");
    if (!t || c.length < 5) {
      sink.rows++;
      sink.error(
        no,
        t ? "expected 6 fields separated by ';'" : `"${(c[0] ?? "").trim()}" is not a date and time`,
      );
      return;
    }
    sink.add(no, sink.utc(t), num(c[1]), num(c[2]), num(c[3]), num(c[4]), numOrZero(c[5]));
  });
  return sink.finish();
}

export function looksLikeHistdata(first: string): boolean {
  return /^\s*\d{8} \d{6};[\d.]+;[\d.]+;[\d.]+;[\d.]+/.test(first);
}
