import { z } from "zod";
import { findSymbol, SYMBOLS } from "../../worker/market";
import { type NewBacktest, newBacktestSchema } from "../../worker/services";
import {
  CURRENCY_OPTIONS,
  CUSTOM_DELAY,
  DELAY_OPTIONS,
  DESCRIPTION_MAX,
  MAX_CUSTOM_DELAY_MS,
  MODEL_OPTIONS,
  PERIOD_OPTIONS,
} from "./backtest-form";

/**
 * The Create New Backtest form's schema (spec 2 s5): the form's own messages next to each field, then the
 * backtest service's schema for the typed request, so the page and the JSON API accept the same requests.
 * Server-only (zod stays out of the browser bundle).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && isoRoundTrip(s);
/** Rejects days a calendar lacks (2025-02-30), which Date.parse would roll into March. */
const isoRoundTrip = (s: string) => new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const NUMBER = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;

const oneOf = (values: readonly string[], message: string) =>
  z
    .string()
    .trim()
    .refine((s) => values.includes(s), message);

export function backtestFormSchema(today: string) {
  const date = (which: "start" | "end") =>
    z
      .string()
      .trim()
      .refine((s) => s !== "", `Enter the ${which} date.`)
      .refine((s) => s === "" || isDay(s), "Use a date like 2025-01-31.")
      .refine((s) => !isDay(s) || s <= today, `The ${which} date cannot be after today.`);
  return z
    .object({
      symbol: z
        .string()
        .trim()
        .refine((s) => findSymbol(s) !== undefined, "Choose a symbol from the list."),
      period: oneOf(PERIOD_OPTIONS, "Choose a period from the list."),
      dateStart: date("start"),
      dateEnd: date("end"),
      executionMode: oneOf(
        DELAY_OPTIONS.map((d) => String(d.value)),
        "Choose a delay from the list.",
      ),
      customDelay: z.string().trim().default(""),
      model: oneOf(
        MODEL_OPTIONS.map((m) => String(m.value)),
        "Choose a modelling from the list.",
      ),
      depositAmount: z
        .string()
        .trim()
        .superRefine((s, ctx) => {
          const message =
            s === ""
              ? "Enter the deposit."
              : s.startsWith("-") && NUMBER.test(s.slice(1))
                ? "The deposit cannot be negative."
                : NUMBER.test(s)
                  ? null
                  : "The deposit must be a number.";
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      depositCurrency: oneOf(CURRENCY_OPTIONS, "Choose a deposit currency from the list."),
      description: z
        .string()
        .trim()
        .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters.`)
        .default(""),
    })
    .superRefine((v, ctx) => {
      if (isDay(v.dateStart) && isDay(v.dateEnd) && v.dateStart > v.dateEnd)
        ctx.addIssue({
          code: "custom",
          path: ["dateStart"],
          message: "The start date must not be after the end date.",
        });
      // The custom delay is read only when it is the chosen delay; otherwise whatever it holds is ignored.
      if (v.executionMode !== String(CUSTOM_DELAY)) return;
      if (v.customDelay === "")
        ctx.addIssue({
          code: "custom",
          path: ["customDelay"],
          message: "Enter the custom delay in milliseconds.",
        });
      else if (!WHOLE.test(v.customDelay) || Number(v.customDelay) > MAX_CUSTOM_DELAY_MS)
        ctx.addIssue({
          code: "custom",
          path: ["customDelay"],
          message: `The custom delay must be a whole number of milliseconds from 0 to ${MAX_CUSTOM_DELAY_MS}.`,
        });
    });
}

export type BacktestFormResult =
  | { ok: true; input: NewBacktest }
  | { ok: false; errors: Record<string, string> };

/** Validates the posted form; on success answers the service's typed request. */
export function parseBacktestForm(values: Record<string, string>, today: string): BacktestFormResult {
  const form = backtestFormSchema(today).safeParse(values);
  if (!form.success) {
    const errors: Record<string, string> = {};
    for (const issue of form.error.issues) {
      const key = issue.path.map(String).join(".") || "form";
      if (!errors[key]) errors[key] = issue.message;
    }
    return { ok: false, errors };
  }
  const v = form.data;
  const custom = v.executionMode === String(CUSTOM_DELAY);
  const request = newBacktestSchema.safeParse({
    description: v.description,
    symbol: v.symbol,
    period: v.period,
    dateStart: v.dateStart,
    dateEnd: v.dateEnd,
    executionMode: Number(v.executionMode),
    customDelay: custom ? Number(v.customDelay) : undefined,
    model: Number(v.model),
    depositAmount: Number(v.depositAmount),
    depositCurrency: v.depositCurrency,
  });
  if (!request.success) {
    const issue = request.error.issues[0];
    return { ok: false, errors: { [issue?.path.map(String).join(".") || "form"]: issue?.message ?? "" } };
  }
  return { ok: true, input: request.data };
}

/** The symbol select's options: the whole market catalogue with its descriptions (spec 2 s3). */
export function symbolOptions(): { name: string; description: string }[] {
  return SYMBOLS.map((s) => ({ name: s.name, description: s.description }));
}
