/**
 * Applies input values (by EA input name) to a spec, validated by the spec's own zod schemas: a value
 * outside its field's range (a period of 0, an hour of 25, a fractional period) is an issue naming the
 * input, never clamped; the changed spec is then parsed whole, so rules between fields (MACD fast below
 * slow, Gator's line order) hold too. Pure (DESIGN D9).
 */
import { z } from "zod";
import { type StrategySpec, StrategySpecSchema } from "../strategy/spec";
import { CLOCK_RANGE, listInputs, type OptimisableInput, type SpecPath, withClockPart } from "./inputs";

export interface InputIssue {
  /** The input the issue is about; "" when the whole spec is (a rule between fields). */
  readonly name: string;
  readonly message: string;
}

export type ApplyResult =
  | { readonly ok: true; readonly spec: StrategySpec }
  | { readonly ok: false; readonly issues: readonly InputIssue[] };

/** Input values as the CLI and the API take them: a known name, a finite number. */
export const InputValuesSchema = z.record(
  z.string().min(1),
  z.number({ error: "an input value must be a number" }).finite("an input value must be a finite number"),
);
export type InputValues = z.infer<typeof InputValuesSchema>;

/** The schema of the field at `path`, following the spec document (a union picks the option `doc` is). */
function fieldSchema(path: SpecPath, doc: unknown): z.ZodType | undefined {
  let schema: z.ZodType = StrategySpecSchema;
  let node: unknown = doc;
  for (const key of path) {
    schema = unwrap(schema, node);
    if (schema instanceof z.ZodObject && typeof key === "string") {
      const shape: Record<string, z.ZodType> = schema.shape;
      const next = shape[key];
      if (!next) return undefined;
      schema = next;
    } else if (schema instanceof z.ZodArray && typeof key === "number") {
      schema = schema.element as z.ZodType;
    } else return undefined;
    node =
      isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined;
  }
  return unwrap(schema, node);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Optional and default wrappers removed; a union resolved to the option that accepts `node`. */
function unwrap(schema: z.ZodType, node: unknown): z.ZodType {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodUnion) {
      const options = s.options as readonly z.ZodType[];
      const match = options.find((o) => o.safeParse(node).success);
      if (!match) return s;
      s = match;
    } else return s;
  }
}

/** The "HH:MM" clock at `path` of `doc` (listInputs found one there). */
function clockAt(doc: unknown, path: SpecPath): string {
  let node: unknown = doc;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === "number") node = node[key];
    else if (isRecord(node) && typeof key === "string") node = node[key];
    else node = undefined;
  }
  if (typeof node !== "string") throw new Error(`no clock at ${path.join(".")}`);
  return node;
}

/** A copy of `doc` with `value` at `path` (the path exists: listInputs found it there). */
export function setAt(doc: unknown, path: SpecPath, value: number | string): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (Array.isArray(doc) && typeof key === "number") {
    const copy = [...doc];
    copy[key] = setAt(doc[key], rest, value);
    return copy;
  }
  if (isRecord(doc) && typeof key === "string") return { ...doc, [key]: setAt(doc[key], rest, value) };
  throw new Error(`no field at ${path.join(".")}`);
}

/** Checks one value against its input's own field (range, whole number); null when it fits. */
export function checkInputValue(spec: StrategySpec, input: OptimisableInput, value: number): string | null {
  if (!Number.isFinite(value)) return `${input.name}: ${value} is not a finite number`;
  if (input.type === "int" && !Number.isInteger(value))
    return `${input.name}: ${value} is not a whole number (an int input)`;
  if (input.clock) {
    const [lo, hi] = CLOCK_RANGE[input.clock];
    return value < lo || value > hi ? `${input.name}: ${value} is outside ${lo}..${hi}` : null;
  }
  const field = fieldSchema(input.path, spec);
  const r = field?.safeParse(value);
  if (r && !r.success) return `${input.name}: ${r.error.issues[0]?.message ?? "out of range"} (got ${value})`;
  return null;
}

/** An index of the spec's inputs by name. */
export function inputsByName(spec: StrategySpec): Map<string, OptimisableInput> {
  return new Map(listInputs(spec).map((i) => [i.name, i]));
}

/**
 * The spec with `values` applied. Unknown names, values outside their field's range and a changed spec
 * that breaks a rule between fields are issues; nothing is clamped or dropped.
 */
export function applyInputs(
  spec: StrategySpec,
  values: InputValues,
  inputs: ReadonlyMap<string, OptimisableInput> = inputsByName(spec),
): ApplyResult {
  const issues: InputIssue[] = [];
  let doc: unknown = spec;
  for (const [name, value] of Object.entries(values)) {
    const input = inputs.get(name);
    if (!input) {
      issues.push({
        name,
        message: `${name} is not an input of this strategy (its inputs: ${[...inputs.keys()].join(", ") || "none"})`,
      });
      continue;
    }
    const problem = checkInputValue(spec, input, value);
    if (problem) issues.push({ name, message: problem });
    else if (input.clock)
      doc = setAt(doc, input.path, withClockPart(clockAt(doc, input.path), input.clock, value));
    else doc = setAt(doc, input.path, value);
  }
  if (issues.length > 0) return { ok: false, issues };
  const parsed = StrategySpecSchema.safeParse(doc);
  if (parsed.success) return { ok: true, spec: parsed.data };
  const byPath = new Map([...inputs.values()].map((i) => [i.path.join("."), i.name]));
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => {
      const name = byPath.get(i.path.map(String).join(".")) ?? "";
      return { name, message: name ? `${name}: ${i.message}` : i.message };
    }),
  };
}

/** One line for a failed apply. */
export function formatInputIssues(issues: readonly InputIssue[]): string {
  return issues.map((i) => i.message).join("; ");
}
