/**
 * A small zip reader for price files shipped zipped (QuantConnect Lean: one zip per day holding
 * `20140501_eurusd_minute_quote.csv`, one zip per symbol holding `eurusd.csv` for hour and daily data).
 * Only what such files use: stored (0) and deflate (8) entries, read through the central directory,
 * inflated with the runtime's DecompressionStream("deflate-raw") and checked against their CRC-32.
 * ZIP64, encrypted entries and other methods are refused with a message; no dependency is needed.
 */
import { MarketError } from "../errors";
import { formatError } from "./common";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  compressedSize: number;
  /** Size once inflated, as the central directory declares it. */
  size: number;
  crc32: number;
  /** Offset of the entry's local header. */
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** A zip starts with a local file header ("PK\3\4"), or is an empty archive ("PK\5\6"). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

function damaged(why: string) {
  return formatError(`The zip file is damaged or not a zip (${why}).`);
}

/** Every entry of the central directory (directories included: their names end in "/"). */
export function listZip(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65,535: search backwards for its signature.
  let end = -1;
  for (let i = bytes.length - 22; i >= 0 && i >= bytes.length - 22 - 0xffff; i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged("no end of central directory");
  const count = view.getUint16(end + 10, true);
  const dirSize = view.getUint32(end + 12, true);
  const dirStart = view.getUint32(end + 16, true);
  if (count === 0xffff || dirStart === 0xffffffff) {
    throw formatError("ZIP64 archives are not supported: unzip the file and import the CSV.");
  }
  if (dirStart + dirSize > end) throw damaged("central directory out of bounds");
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = dirStart;
  for (let k = 0; k < count; k++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) throw damaged("bad central directory entry");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc32 = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    const offset = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLen));
    if (flags & 1) throw formatError(`"${name}" in the zip is encrypted: unzip it first.`);
    if (compressedSize === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) {
      throw formatError("ZIP64 archives are not supported: unzip the file and import the CSV.");
    }
    entries.push({ name, method, compressedSize, size, crc32, offset });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * The one file a price zip holds (directories and macOS `__MACOSX/` resource entries skipped).
 * Several files are refused: each is imported on its own, so its rows keep their line numbers.
 */
export function singleFile(entries: readonly ZipEntry[]): ZipEntry {
  const files = entries.filter((e) => !e.name.endsWith("/") && !e.name.startsWith("__MACOSX/"));
  if (files.length === 1) return files[0];
  if (files.length === 0) throw formatError("The zip file holds no file.");
  const shown = files
    .slice(0, 5)
    .map((e) => e.name)
    .join(", ");
  throw formatError(
    `The zip file holds ${files.length} files (${shown}${files.length > 5 ? ", ..." : ""}): import one file per call.`,
  );
}

let table: Uint32Array | undefined;

/** CRC-32 (IEEE, as zip and gzip use it). */
export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Inflates raw deflate data, refusing to produce more than `limit` bytes. */
async function inflateRaw(data: Uint8Array, limit: number): Promise<Uint8Array> {
  const source = new ReadableStream<ArrayBuffer | ArrayBufferView>({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
  const reader = source.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const out = new Uint8Array(limit);
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > limit) {
      await reader.cancel();
      throw damaged("an entry inflates to more than its declared size");
    }
    out.set(value, at);
    at += value.length;
  }
  return out.subarray(0, at);
}

/**
 * The bytes of one entry, checked against its declared size and CRC-32. Callers bound `entry.size`
 * first (the output buffer is that big, and inflating stops there).
 */
export async function readEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.offset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw damaged("bad local header");
  // The local header's name and extra lengths may differ from the central directory's.
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw damaged("entry runs past the end of the file");
  const data = bytes.subarray(start, end);
  let out: Uint8Array;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = await inflateRaw(data, entry.size);
    } catch (e) {
      if (e instanceof MarketError) throw e;
      throw damaged(`"${entry.name}" does not inflate`);
    }
  } else {
    throw formatError(
      `"${entry.name}" in the zip uses compression method ${entry.method}; only stored and deflate are supported.`,
    );
  }
  if (out.length !== entry.size || crc32(out) !== entry.crc32) {
    throw damaged(`"${entry.name}" fails its size or CRC-32 check`);
  }
  return out;
}
