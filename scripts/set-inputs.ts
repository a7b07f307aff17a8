/**
 * `--set NAME=VALUE` (repeatable) and `--set-file FILE.set` for the backtest CLI (issue 17): the spec run
 * with other values of its EA inputs (worker/optimise/inputs.ts names them). A .set file saved by MT5's
 * tester or written by `npm run optimise` holds every EA input: the ones that are not spec numbers (magic
 * number, slippage, timeframe, day switches) are left as the spec has them; a name the EA does not have
 * is an error. --set wins over the file. Values out of a field's range are errors (applyInputs).
 */
import { z } from "zod";
import { compile } from "../worker/mql5/generate/program";
import { applyInputs, formatInputIssues, type InputValues } from "../worker/optimise/apply";
import { listInputs } from "../worker/optimise/inputs";
import { parseSetFile, setNumber } from "../worker/optimise/set-file";
import type { StrategySpec } from "../worker/strategy/spec";

const SetOptionSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*=[^=]+$/, "--set takes NAME=VALUE, e.g. --set Inp_fast_Period=12")
  .transform((s, ctx) => {
    const [name, text] = s.split("=");
    const value = setNumber(text.trim());
    if (value === null) {
      ctx.addIssue({ code: "custom", message: `--set ${s}: the value must be a number` });
      return z.NEVER;
    }
    return { name, value };
  });

/** The EA's input names for `spec` (what a .set file of its EA may hold). */
function eaInputNames(spec: StrategySpec): Set<string> {
  const program = compile(spec, { strategyId: "cli", title: "cli", mode: "full", copyright: "", link: "" });
  return new Set(program.inputGroups.flatMap((g) => g.inputs.map((i) => i.name)));
}

/** The values a .set file gives the spec's numeric inputs. */
export function setFileValues(spec: StrategySpec, text: string, file: string): InputValues {
  const parsed = parseSetFile(text);
  if ("error" in parsed) throw new Error(`${file}: ${parsed.error}`);
  const known = eaInputNames(spec);
  const numeric = new Set(listInputs(spec).map((i) => i.name));
  const out: Record<string, number> = {};
  for (const e of parsed.entries) {
    if (!known.has(e.name))
      throw new Error(`${file} line ${e.line}: ${e.name} is not an input of this strategy's EA`);
    if (!numeric.has(e.name)) continue;
    const value = setNumber(e.value);
    if (value === null) throw new Error(`${file} line ${e.line}: ${e.name}=${e.value} is not a number`);
    out[e.name] = value;
  }
  return out;
}

/** The spec with the .set file's values, then the --set values, applied; throws with the reasons. */
export function withSetInputs(
  spec: StrategySpec,
  sets: readonly (string | boolean)[],
  setFile: string | undefined,
  readText: (file: string) => string,
): StrategySpec {
  if (sets.length === 0 && setFile === undefined) return spec;
  const values: Record<string, number> = setFile
    ? { ...setFileValues(spec, readText(setFile), setFile) }
    : {};
  for (const s of sets) {
    const r = SetOptionSchema.safeParse(s);
    if (!r.success) throw new Error(r.error.issues[0]?.message ?? "--set NAME=VALUE");
    values[r.data.name] = r.data.value;
  }
  const applied = applyInputs(spec, values);
  if (!applied.ok) throw new Error(formatInputIssues(applied.issues));
  return applied.spec;
}
