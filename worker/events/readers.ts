/**
 * A few zod-free readers: each takes an unknown value and answers a fresh, typed copy of it or BAD. The live
 * events (./shapes.ts) are declared once with them, so the browser can read events without shipping zod and the
 * worker's zod schema (./index.ts) runs the very same declaration. Only what the events need is here.
 */

export const BAD: unique symbol = Symbol("bad");
export type Bad = typeof BAD;
export type Reader<T> = (v: unknown) => T | Bad;
/** A field that may be absent (undefined); present, it must read. */
export interface Optional<T> {
  readonly optional: Reader<T>;
}
export type Fields = { readonly [key: string]: Reader<unknown> | Optional<unknown> };

type Flat<T> = { [K in keyof T]: T[K] } & {};
type ReadOf<R> = R extends Reader<infer T> ? T : R extends Optional<infer T> ? T : never;
/** The object type a field declaration reads to: optional fields become `key?:`. */
export type Read<F extends Fields> = Flat<
  { -readonly [K in keyof F as F[K] extends Optional<unknown> ? never : K]: ReadOf<F[K]> } & {
    -readonly [K in keyof F as F[K] extends Optional<unknown> ? K : never]?: ReadOf<F[K]>;
  }
>;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const string: Reader<string> = (v) => (typeof v === "string" ? v : BAD);
export const boolean: Reader<boolean> = (v) => (typeof v === "boolean" ? v : BAD);
/** Ids travel as numeric strings, like every id on the wire. */
export const id: Reader<string> = (v) => (typeof v === "string" && /^\d+$/.test(v) ? v : BAD);

export function number(opts: { int?: boolean; min?: number; max?: number } = {}): Reader<number> {
  const { int = false, min = -Infinity, max = Infinity } = opts;
  return (v) =>
    typeof v === "number" && Number.isFinite(v) && (!int || Number.isInteger(v)) && v >= min && v <= max
      ? v
      : BAD;
}

export function oneOf<const V extends readonly string[]>(...values: V): Reader<V[number]> {
  return (v) => values.find((x) => x === v) ?? BAD;
}

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (v) => (v === null ? null : read(v));
}

export function optional<T>(read: Reader<T>): Optional<T> {
  return { optional: read };
}

export function array<T>(read: Reader<T>): Reader<T[]> {
  return (v) => {
    if (!Array.isArray(v)) return BAD;
    const out: T[] = [];
    for (const item of v) {
      const r = read(item);
      if (r === BAD) return BAD;
      out.push(r);
    }
    return out;
  };
}

/** Reads the declared fields of an object (others are dropped, as zod's objects drop them). */
export function readFields<F extends Fields>(fields: F, v: unknown): Read<F> | Bad {
  if (!isObject(v)) return BAD;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const value = v[key];
    if ("optional" in field) {
      if (value === undefined) continue;
      const r = field.optional(value);
      if (r === BAD) return BAD;
      out[key] = r;
    } else {
      const r = field(value);
      if (r === BAD) return BAD;
      out[key] = r;
    }
  }
  // Every declared field was read above with its own reader, so `out` is exactly Read<F>; TypeScript cannot
  // follow a loop over keys, hence the one cast of this module.
  return out as Read<F>;
}

export function object<F extends Fields>(fields: F): Reader<Read<F>> {
  return (v) => readFields(fields, v);
}
