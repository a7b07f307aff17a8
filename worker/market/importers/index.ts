/**
 * Importers for real price files. `importBars(text, options)` detects the format (or takes
 * options.format), parses every row, and returns the bars, their resolution and every bad row with
 * its line number. Callers store nothing when `errors` is not empty (store.ts enforces it).
 */
import { formatError, type ImportFormat, type ImportOptions, type ImportResult } from "./common";
import { detectFormat } from "./detect";
import { importDukascopy } from "./dukascopy";
import { importGeneric } from "./generic";
import { importHistdata } from "./histdata";
import { importLean } from "./lean";
import { importMt5 } from "./mt5";

export {
  IMPORT_FORMATS,
  type ImportFormat,
  type ImportIssue,
  type ImportOptions,
  type ImportResult,
} from "./common";
export { detectFormat } from "./detect";
export { parseTime } from "./time";
export { zoneOf } from "./timezone";
export { isZip, listZip, readEntry, singleFile, type ZipEntry } from "./zip";

const IMPORTERS: Readonly<Record<ImportFormat, (text: string, o: ImportOptions) => ImportResult>> = {
  mt5: importMt5,
  histdata: importHistdata,
  dukascopy: importDukascopy,
  lean: importLean,
  generic: importGeneric,
};

export function importBars(text: string, options: ImportOptions): ImportResult {
  const format = options.format ?? detectFormat(text);
  const run = IMPORTERS[format];
  if (!run) throw formatError(`Unknown format "${format}".`);
  return run(text, options);
}
