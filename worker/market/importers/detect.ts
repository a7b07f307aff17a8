/** Picks the importer for a file from its first lines. */
import { formatError, type ImportFormat } from "./common";
import { looksLikeDukascopy } from "./dukascopy";
import { looksLikeGeneric } from "./generic";
import { looksLikeHistdata } from "./histdata";
import { looksLikeLean } from "./lean";
import { looksLikeMt5 } from "./mt5";

function firstLines(text: string, n: number): string[] {
  const out: string[] = [];
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (out.length < n && start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, "");
    if (line.trim() !== "") out.push(line);
    start = end + 1;
  }
  return out;
}

/** The format of a file, from its first two non-blank lines. Throws IMPORT_FORMAT when none fits. */
export function detectFormat(text: string): ImportFormat {
  const [first = "", second] = firstLines(text, 2);
  if (first === "") throw formatError("The file is empty.");
  if (looksLikeMt5(first)) return "mt5";
  if (looksLikeHistdata(first)) return "histdata";
  if (looksLikeLean(first)) return "lean";
  if (looksLikeDukascopy(first, second)) return "dukascopy";
  if (looksLikeGeneric(first)) return "generic";
  throw formatError(
    `Cannot tell the file's format from its first line "${first.slice(0, 80)}". ` +
      "Expected an MT5 export, HistData ASCII, a Dukascopy CSV, Lean quote bars or a CSV with a " +
      "time,open,high,low,close header; or pass --format.",
  );
}
