/**
 * The Optimise form's reading (issue 17): the posted strings become an optimisation request, or a message per
 * field. The test's settings go through the backtest request's one validation (the same messages as the
 * Backtest form); the ranges through the search space's own checks (worker/optimise/space.ts), so a range the
 * optimiser would refuse is refused here with the same words, under its input's row. Server-only (zod and the
 * spec schemas stay out of the browser bundle).
 */
import {
  buildSpace,
  CRITERIA,
  type Criterion,
  ForwardSchema,
  listInputs,
  type ParamRange,
  readBacktestRequest,
  SEARCHES,
  type Search,
  splitPeriods,
} from "../../worker/services";
import type { StrategySpec } from "../../worker/strategy";
import { defaultFormValues } from "./backtest-form";
import {
  countText,
  defaultRange,
  type FormInput,
  type OptimiseFormValues,
  postedRanges,
  rangeFields,
} from "./optimise-form";

/** The spec's optimisable inputs as the form lists them. */
export function formInputs(spec: StrategySpec | null | undefined): FormInput[] {
  if (!spec) return [];
  return listInputs(spec).map((i) => ({ name: i.name, type: i.type, value: i.value }));
}

/** The form's first values: the Backtest form's defaults, a grid on the balance, no forward period. */
export function defaultOptimiseValues(nowMs: number, inputs: readonly FormInput[]): OptimiseFormValues {
  const d = defaultFormValues(nowMs);
  return {
    symbol: d.symbol,
    period: d.period,
    dateStart: d.dateStart,
    dateEnd: d.dateEnd,
    // Open prices: an optimisation runs the strategy hundreds of times (MT5 suggests the same).
    model: "3",
    depositAmount: d.depositAmount,
    search: "grid",
    criterion: "balance",
    forward: "none",
    forwardDate: "",
    wfIn: "90",
    wfOut: "30",
    wfAnchored: "",
    ranges: Object.fromEntries(inputs.map((i) => [i.name, defaultRange(i)])),
  };
}

/** The posted values the form shows again. */
export function postedOptimiseValues(
  values: Readonly<Record<string, string>>,
  inputs: readonly FormInput[],
  fallback: OptimiseFormValues,
): OptimiseFormValues {
  const pick = (k: keyof Omit<OptimiseFormValues, "ranges">) => values[k] ?? fallback[k];
  return {
    symbol: pick("symbol"),
    period: pick("period"),
    dateStart: pick("dateStart"),
    dateEnd: pick("dateEnd"),
    model: pick("model"),
    depositAmount: pick("depositAmount"),
    search: pick("search"),
    criterion: pick("criterion"),
    forward: pick("forward"),
    forwardDate: pick("forwardDate"),
    wfIn: pick("wfIn"),
    wfOut: pick("wfOut"),
    // An unticked box is absent from a post: absent means not anchored, whatever the default.
    wfAnchored: values.wfAnchored === "on" ? "on" : "",
    ranges: postedRanges(values, inputs),
  };
}

export interface OptimiseFormRequest {
  symbol: string;
  period: string;
  dateStart: string;
  dateEnd: string;
  model: number;
  depositAmount: number;
  ranges: ParamRange[];
  search: Search;
  criterion: Criterion;
  /** none | 1/2 | 1/3 | 1/4 | YYYY-MM-DD (worker/optimise/periods.ts ForwardSchema). */
  forward: string;
  /** Combinations of the space (a grid runs them all). */
  combinations: number;
}

export type OptimiseFormResult =
  | { ok: true; request: OptimiseFormRequest }
  | { ok: false; errors: Record<string, string> };

const DAY = 86_400_000;

function isOneOf<T extends string>(list: readonly T[], v: string | undefined): v is T {
  return v !== undefined && (list as readonly string[]).includes(v);
}

/** The number a range field holds, or its message. */
function rangeNumber(text: string | undefined, part: string): number | string {
  const t = (text ?? "").trim();
  if (t === "") return `Enter the ${part}.`;
  const n = Number(t);
  return Number.isFinite(n) ? n : `The ${part} must be a number.`;
}

/**
 * Reads the posted form against the strategy's spec; `limit` is the plan's most runs per optimisation (null:
 * unlimited). Every problem found is reported under its field; nothing is clamped.
 */
export function parseOptimiseForm(
  values: Readonly<Record<string, string>>,
  spec: StrategySpec,
  today: string,
  limit: number | null,
): OptimiseFormResult {
  const errors: Record<string, string> = {};
  const test = readBacktestRequest(
    {
      symbol: values.symbol,
      period: values.period,
      dateStart: values.dateStart,
      dateEnd: values.dateEnd,
      model: values.model,
      depositAmount: values.depositAmount,
      executionMode: "0",
      depositCurrency: "USD",
    },
    today,
  );
  if (!test.ok) for (const [k, m] of Object.entries(test.errors)) if (m) errors[k] = m;

  const search = values.search;
  if (!isOneOf(SEARCHES, search)) errors.search = "Choose a search from the list.";
  const criterion = values.criterion;
  if (!isOneOf(CRITERIA, criterion)) errors.criterion = "Choose a criterion from the list.";

  let forward = values.forward ?? "none";
  if (forward === "date") {
    forward = (values.forwardDate ?? "").trim();
    if (forward === "") errors.forwardDate = "Enter the day the forward period starts.";
  }
  const parsedForward = ForwardSchema.safeParse(forward);
  if (!errors.forwardDate && !parsedForward.success) {
    if (values.forward === "date") errors.forwardDate = "Use a date like 2025-01-31.";
    else errors.forward = "Choose a forward period from the list.";
  }
  if (test.ok && parsedForward.success) {
    const from = Date.parse(`${test.value.dateStart}T00:00:00Z`);
    const to = Date.parse(`${test.value.dateEnd}T00:00:00Z`) + DAY;
    const split = splitPeriods(from, to, parsedForward.data);
    if (!split.ok) errors[values.forward === "date" ? "forwardDate" : "forward"] = `Make ${split.error}.`;
  }

  const inputs = formInputs(spec);
  const ranges: ParamRange[] = [];
  for (const input of inputs) {
    const f = rangeFields(input.name);
    if (values[f.checked] === undefined) continue;
    const parts = {
      start: rangeNumber(values[f.start], "start"),
      step: rangeNumber(values[f.step], "step"),
      stop: rangeNumber(values[f.stop], "stop"),
    };
    let bad = false;
    for (const [part, v] of Object.entries(parts))
      if (typeof v === "string") {
        errors[`${part}.${input.name}`] = v;
        bad = true;
      }
    const { start, step, stop } = parts;
    if (bad || typeof start !== "number" || typeof step !== "number" || typeof stop !== "number") continue;
    if (step <= 0) errors[f.step] = "The step must be above 0.";
    else if (stop < start) errors[f.stop] = "The stop must not be below the start.";
    else ranges.push({ name: input.name, start, step, stop });
  }
  const rowErrors = inputs.some((i) => ["start", "step", "stop"].some((p) => errors[`${p}.${i.name}`]));
  if (ranges.length === 0 && !rowErrors) errors.inputs = "Tick at least one input to optimise.";

  let combinations = 0;
  if (ranges.length > 0 && !rowErrors) {
    const space = buildSpace(spec, ranges);
    if (!space.ok) {
      // The space's messages start with the input they are about.
      const about = ranges.find((r) => space.error.startsWith(r.name));
      errors[about ? about.name : "inputs"] = space.error;
    } else {
      combinations = space.space.size;
      if (search === "grid" && limit !== null && combinations > limit)
        errors.inputs = `${countText(combinations)} combinations: your plan runs up to ${countText(limit)} per optimisation. Narrow the ranges or choose the genetic search.`;
    }
  }

  if (
    Object.keys(errors).length > 0 ||
    !test.ok ||
    !isOneOf(SEARCHES, search) ||
    !isOneOf(CRITERIA, criterion)
  )
    return { ok: false, errors };
  return {
    ok: true,
    request: {
      symbol: test.value.symbol,
      period: test.value.period,
      dateStart: test.value.dateStart,
      dateEnd: test.value.dateEnd,
      model: test.value.model,
      depositAmount: test.value.depositAmount,
      ranges,
      search,
      criterion,
      forward,
      combinations,
    },
  };
}
