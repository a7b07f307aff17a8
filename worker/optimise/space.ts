/**
 * The search space of an optimisation: inputs with START, STEP and STOP (MT5's tester ranges), checked
 * against the spec before any run: a name the strategy lacks, a step that is not positive, a stop below
 * the start, a fractional step on a whole-number input, or an end of the range outside the field's
 * allowed values is an error, never clamped. Combinations are numbered 0..size-1 (the first input varies
 * slowest), so a slice of numbers is a share of a grid that a worker can run on its own. Pure.
 */
import { z } from "zod";
import type { StrategySpec } from "../strategy/spec";
import { checkInputValue, type InputValues, inputsByName } from "./apply";
import type { OptimisableInput } from "./inputs";

export const ParamRangeSchema = z
  .object({
    name: z.string().min(1),
    start: z.number().finite(),
    step: z.number().finite().positive("the step must be above 0"),
    stop: z.number().finite(),
  })
  .refine((r) => r.stop >= r.start, { message: "the stop must not be below the start", path: ["stop"] });
export type ParamRange = z.infer<typeof ParamRangeSchema>;

/** NAME=START:STEP:STOP as the CLI takes it. */
export function parseParam(text: string): { ok: true; range: ParamRange } | { ok: false; error: string } {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=([^:]+):([^:]+):([^:]+)$/.exec(text.trim());
  if (!m)
    return {
      ok: false,
      error: `--param ${text}: expected NAME=START:STEP:STOP (e.g. Inp_fast_Period=5:1:50)`,
    };
  const r = ParamRangeSchema.safeParse({
    name: m[1],
    start: Number(m[2]),
    step: Number(m[3]),
    stop: Number(m[4]),
  });
  if (!r.success) {
    const issue = r.error.issues[0];
    const what =
      issue?.path[0] === "stop" || issue?.path[0] === "step" ? "" : `${String(issue?.path[0] ?? "")}: `;
    return { ok: false, error: `--param ${text}: ${what}${issue?.message ?? "invalid"}` };
  }
  return { ok: true, range: r.data };
}

export interface Dimension {
  readonly input: OptimisableInput;
  readonly values: readonly number[];
}

export interface SearchSpace {
  readonly dimensions: readonly Dimension[];
  /** Number of combinations (the product of the dimensions' sizes). */
  readonly size: number;
}

/** The values of a range; decimals of START and STEP are kept exact (0.1 + 0.2 is written 0.3). */
export function rangeValues(r: ParamRange): number[] {
  const decimals = Math.max(decimalsOf(r.start), decimalsOf(r.step));
  const count = Math.floor((r.stop - r.start) / r.step + 1e-9) + 1;
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(Number((r.start + i * r.step).toFixed(Math.min(decimals, 12))));
  return out;
}

function decimalsOf(x: number): number {
  const s = String(x);
  if (s.includes("e-")) return Number(s.split("e-")[1]);
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** Largest space built at all: a grid beyond it would not finish, and its numbering would lose precision. */
export const MAX_SPACE = 1e12;

/** The space of `ranges` on `spec`, or the first problem found. */
export function buildSpace(
  spec: StrategySpec,
  ranges: readonly ParamRange[],
): { ok: true; space: SearchSpace } | { ok: false; error: string } {
  if (ranges.length === 0) return { ok: false, error: "give at least one input to optimise (--param)" };
  const inputs = inputsByName(spec);
  const dimensions: Dimension[] = [];
  const seen = new Set<string>();
  let size = 1;
  for (const r of ranges) {
    const input = inputs.get(r.name);
    if (!input)
      return {
        ok: false,
        error: `${r.name} is not an input of this strategy (its inputs: ${[...inputs.keys()].join(", ") || "none"})`,
      };
    if (seen.has(r.name)) return { ok: false, error: `${r.name} is given twice` };
    seen.add(r.name);
    if (input.type === "int" && !(Number.isInteger(r.start) && Number.isInteger(r.step)))
      return { ok: false, error: `${r.name} takes whole numbers: its start and step must be whole` };
    const values = rangeValues(r);
    for (const end of [values[0], values[values.length - 1]]) {
      const problem = checkInputValue(spec, input, end);
      if (problem) return { ok: false, error: problem };
    }
    dimensions.push({ input, values });
    size *= values.length;
    if (size > MAX_SPACE) return { ok: false, error: `the space has more than ${MAX_SPACE} combinations` };
  }
  return { ok: true, space: { dimensions, size } };
}

/** Combination number `n` as one index per dimension (the last dimension varies fastest). */
export function indicesOf(space: SearchSpace, n: number): number[] {
  const out = new Array<number>(space.dimensions.length);
  let rest = n;
  for (let d = space.dimensions.length - 1; d >= 0; d--) {
    const k = space.dimensions[d].values.length;
    out[d] = rest % k;
    rest = Math.floor(rest / k);
  }
  return out;
}

/** The number of a combination given by its indices. */
export function numberOf(space: SearchSpace, indices: readonly number[]): number {
  let n = 0;
  for (let d = 0; d < space.dimensions.length; d++) n = n * space.dimensions[d].values.length + indices[d];
  return n;
}

/** The input values of a combination. */
export function valuesOf(space: SearchSpace, indices: readonly number[]): InputValues {
  const out: Record<string, number> = {};
  space.dimensions.forEach((d, i) => {
    out[d.input.name] = d.values[indices[i]];
  });
  return out;
}
