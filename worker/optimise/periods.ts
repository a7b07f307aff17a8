/**
 * The forward period of an optimisation, as MT5's tester offers it: none, the last 1/2, 1/3 or 1/4 of the
 * dates, or from a date on. The back period is optimised; each run is also tested on the forward period
 * with a fresh deposit (MT5 runs it as a separate test), and its figures are shown beside the back's.
 * A split by fraction falls on a UTC midnight, so both periods are whole days the backtest CLI can name.
 * Pure.
 */
import { z } from "zod";

const DAY = 86_400_000;

export type Forward =
  | { readonly kind: "none" }
  | { readonly kind: "fraction"; readonly denominator: 2 | 3 | 4 }
  | { readonly kind: "date"; readonly at: number };

/** none | 1/2 | 1/3 | 1/4 | YYYY-MM-DD (the forward period's first day). */
export const ForwardSchema = z
  .string()
  .regex(
    /^(none|1\/[234]|\d{4}-\d{2}-\d{2})$/,
    "the forward period is none, 1/2, 1/3, 1/4 or a date YYYY-MM-DD",
  )
  .transform((s, ctx): Forward => {
    if (s === "none") return { kind: "none" };
    if (s.startsWith("1/")) return { kind: "fraction", denominator: Number(s.slice(2)) as 2 | 3 | 4 };
    const at = Date.parse(`${s}T00:00:00Z`);
    if (Number.isNaN(at)) {
      ctx.addIssue({ code: "custom", message: `${s} is not a date` });
      return z.NEVER;
    }
    return { kind: "date", at };
  });

export interface Periods {
  /** The optimised period [from, to), epoch ms. */
  readonly back: { readonly from: number; readonly to: number };
  /** The forward period [from, to), or null. */
  readonly forward: { readonly from: number; readonly to: number } | null;
}

/** Splits [from, to) by `forward`; an error when a period would be empty. */
export function splitPeriods(
  from: number,
  to: number,
  forward: Forward,
): { ok: true; periods: Periods } | { ok: false; error: string } {
  if (forward.kind === "none") return { ok: true, periods: { back: { from, to }, forward: null } };
  const split =
    forward.kind === "date" ? forward.at : Math.round((to - (to - from) / forward.denominator) / DAY) * DAY;
  if (!(split > from && split < to))
    return {
      ok: false,
      error: `the forward period must start inside the test dates (${new Date(from).toISOString().slice(0, 10)} to ${new Date(to - 1).toISOString().slice(0, 10)})`,
    };
  return { ok: true, periods: { back: { from, to: split }, forward: { from: split, to } } };
}

/** A period as the backtest CLI's inclusive --from/--to days. */
export function cliDates(p: { from: number; to: number }): { from: string; to: string } {
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: day(p.from), to: day(p.to - DAY) };
}
