/**
 * Long synchronous work cut into pieces (issue 11): generators that `yield` between pieces of about a
 * millisecond or two, so the BacktestRunner can let waiting requests run between them (driveWithPauses)
 * while tests, the CLI and the bench run the same code in one go (runToEnd). The result never depends on
 * the pieces: it is the one the same work gives in one call.
 */

/** Rows formatted or serialised between two pauses: a few thousand microseconds of work at most. */
export const PIECE_ROWS = 256;

export type Pieces<T> = Generator<void, T, void>;

/** The work in one go. */
export function runToEnd<T>(work: Pieces<T>): T {
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
  }
}

/** The work with `pause` awaited between its pieces. */
export async function driveWithPauses<T>(work: Pieces<T>, pause: () => Promise<void>): Promise<T> {
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
    await pause();
  }
}

/** `rows(items)`, formatted PIECE_ROWS at a time; `rows` gets each piece and the index of its first item. */
export function* mapInPieces<T, R>(
  items: readonly T[],
  rows: (piece: readonly T[], first: number) => readonly R[],
  piece = PIECE_ROWS,
): Pieces<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += piece) {
    if (i > 0) yield;
    for (const row of rows(items.slice(i, i + piece), i)) out.push(row);
  }
  return out;
}

/** JSON.stringify(items), PIECE_ROWS items at a time: the same text. */
export function* stringifyArrayInPieces(items: readonly unknown[], piece = PIECE_ROWS): Pieces<string> {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += piece) {
    if (i > 0) yield;
    parts.push(JSON.stringify(items.slice(i, i + piece)).slice(1, -1));
  }
  return `[${parts.join(",")}]`;
}

/**
 * JSON.stringify(value) of a section: an array in pieces, a plain object key by key with its array
 * values in pieces (the same text: keys in order, undefined values left out as JSON.stringify does).
 */
export function* stringifyInPieces(value: unknown, piece = PIECE_ROWS): Pieces<string> {
  if (Array.isArray(value)) return yield* stringifyArrayInPieces(value, piece);
  if (value === null || typeof value !== "object" || typeof Reflect.get(value, "toJSON") === "function")
    return JSON.stringify(value);
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || typeof v === "function" || typeof v === "symbol") continue;
    const text = Array.isArray(v) ? yield* stringifyArrayInPieces(v, piece) : JSON.stringify(v);
    parts.push(`${JSON.stringify(key)}:${text}`);
    yield;
  }
  return `{${parts.join(",")}}`;
}
