/**
 * The Optimise form's fields, defaults and combination count (issue 17). Pure and shared by the route's
 * loader, its component (the live count with JavaScript) and the action (the count without it), so what
 * the page counts is what the server runs. Inputs are posted under their EA input names:
 * `opt.NAME` (the checkbox), `start.NAME`, `step.NAME`, `stop.NAME`.
 */

/** An optimisable input as the form lists it (worker/optimise/inputs.ts OptimisableInput, made plain). */
export interface FormInput {
  readonly name: string;
  readonly type: "int" | "double";
  /** The spec's current value (the EA's default). */
  readonly value: number;
}

export interface RangeValues {
  checked: boolean;
  start: string;
  step: string;
  stop: string;
}

export interface OptimiseFormValues {
  symbol: string;
  period: string;
  dateStart: string;
  dateEnd: string;
  model: string;
  depositAmount: string;
  search: string;
  criterion: string;
  /** none | 1/2 | 1/3 | 1/4 | date */
  forward: string;
  /** The forward period's first day when `forward` is "date". */
  forwardDate: string;
  /** Walk-forward (issue 17): in-sample and out-of-sample days, and "on" when anchored. */
  wfIn: string;
  wfOut: string;
  wfAnchored: string;
  ranges: Record<string, RangeValues>;
}

export const SEARCH_OPTIONS: readonly { value: string; label: string }[] = [
  { value: "grid", label: "Complete (every combination)" },
  { value: "genetic", label: "Genetic (a share of them)" },
];

/** MT5's criteria and ours (worker/optimise/criteria.ts CRITERIA and CRITERION_LABELS, same order). */
export const CRITERION_OPTIONS: readonly { value: string; label: string }[] = [
  { value: "balance", label: "Balance max" },
  { value: "profit-factor", label: "Profit Factor max" },
  { value: "expected-payoff", label: "Expected Payoff max" },
  { value: "drawdown", label: "Drawdown min" },
  { value: "recovery-factor", label: "Recovery Factor max" },
  { value: "sharpe", label: "Sharpe Ratio max" },
  { value: "complex", label: "Complex Criterion max" },
];

export const FORWARD_OPTIONS: readonly { value: string; label: string }[] = [
  { value: "none", label: "None" },
  { value: "1/2", label: "1/2" },
  { value: "1/3", label: "1/3" },
  { value: "1/4", label: "1/4" },
  { value: "date", label: "Custom (from a date)" },
];

/** The field names of one input's row. */
export function rangeFields(name: string) {
  return { checked: `opt.${name}`, start: `start.${name}`, step: `step.${name}`, stop: `stop.${name}` };
}

/** A number as the form writes it: no float noise (0.1 + 0.2 shows as 0.3). */
export function formNumber(x: number): string {
  return String(Number(x.toPrecision(12)));
}

/** A row's defaults: unchecked, from the current value to twice it (whole steps of int inputs). */
export function defaultRange(input: FormInput): RangeValues {
  const v = input.value;
  const step = input.type === "int" ? Math.max(1, Math.round(Math.abs(v) / 10)) : Math.abs(v) / 10 || 0.1;
  return {
    checked: false,
    start: formNumber(v),
    step: formNumber(step),
    stop: formNumber(v === 0 ? 1 : v * 2),
  };
}

/** The form's values from the posted strings, each input row from its fields (or its default). */
export function postedRanges(
  values: Readonly<Record<string, string>>,
  inputs: readonly FormInput[],
): Record<string, RangeValues> {
  const out: Record<string, RangeValues> = {};
  for (const input of inputs) {
    const f = rangeFields(input.name);
    const d = defaultRange(input);
    out[input.name] = {
      checked: values[f.checked] !== undefined,
      start: values[f.start] ?? d.start,
      step: values[f.step] ?? d.step,
      stop: values[f.stop] ?? d.stop,
    };
  }
  return out;
}

/**
 * How many values a range gives: worker/optimise/space.ts rangeValues' count (its test checks they agree),
 * null when the range is not a range (not numbers, a step not above 0, a stop below the start).
 */
export function rangeCount(start: number, step: number, stop: number): number | null {
  if (![start, step, stop].every(Number.isFinite) || step <= 0 || stop < start) return null;
  return Math.floor((stop - start) / step + 1e-9) + 1;
}

/** The combinations of the checked rows (their counts multiplied); null when one row is not a range. */
export function combinationCount(ranges: Readonly<Record<string, RangeValues>>): number | null {
  let total = 1;
  let any = false;
  for (const r of Object.values(ranges)) {
    if (!r.checked) continue;
    any = true;
    const n = rangeCount(Number(r.start || "x"), Number(r.step || "x"), Number(r.stop || "x"));
    if (n === null) return null;
    total *= n;
  }
  return any ? total : 0;
}

/** "1,234" */
export function countText(n: number): string {
  return n.toLocaleString("en-US");
}
