/**
 * Display formatting shared by every screen (spec 1 s3 and s9). Pure, and locale-pinned to en-US with an
 * explicit time zone (default UTC) so the server's HTML and the hydrated browser render the same text; a
 * screen that knows the user's zone passes it in.
 *
 * Decisions:
 * - Missing values (null, undefined, NaN, empty string) show '-' (spec 2 s2).
 * - Numbers use en-US thousands separators ("12,345"); negatives keep a leading minus ("-$1,234").
 * - Money is in major units (dollars, not cents), rounded to 0 decimals half away from zero (spec 1 s9).
 * - Currency codes match case-insensitively (Stripe sends "usd"); unknown codes show as given, before the
 *   amount with a space ("CHF 1,200").
 * - An unknown or invalid time zone falls back to UTC rather than throwing inside a render.
 */

export const MISSING = "-";

type DateInput = number | string | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "long" | "short" | "short-time", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  const cached = formatters.get(key);
  if (cached) return cached;
  const options: Intl.DateTimeFormatOptions =
    kind === "long"
      ? {
          year: "numeric",
          month: "long",
          day: "numeric",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        }
      : kind === "short-time"
        ? {
            year: "numeric",
            month: "short",
            day: "numeric",
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
          }
        : { year: "numeric", month: "short", day: "numeric" };
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
  } catch {
    f = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
  }
  formatters.set(key, f);
  return f;
}

/** 'January 5, 2024 at 14:03' (spec 1 s9, 24-hour). Built from parts so no engine's wording can creep in. */
export function formatDate(value: DateInput, timeZone = "UTC"): string {
  const d = toDate(value);
  if (!d) return MISSING;
  const parts: Record<string, string> = {};
  for (const p of formatter("long", timeZone).formatToParts(d)) parts[p.type] = p.value;
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute}`;
}

/** A short date with the 24-hour time, 'Jan 5, 2024 14:03': rows several of which can share a day. */
export function formatLocalDateTime(value: DateInput, timeZone = "UTC"): string {
  const d = toDate(value);
  if (!d) return MISSING;
  const parts: Record<string, string> = {};
  for (const p of formatter("short-time", timeZone).formatToParts(d)) parts[p.type] = p.value;
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The lists' 'Updated (local date)' column: a short date such as 'Jan 5, 2024'. */
export function formatLocalDate(value: DateInput, timeZone = "UTC"): string {
  const d = toDate(value);
  return d ? formatter("short", timeZone).format(d) : MISSING;
}

function missing(value: unknown): value is null | undefined {
  return value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));
}

/**
 * '$1,234', '-€50', 'CHF 1,200'; 0 decimals (spec 1 s9), and the symbols of spec 1 s3: the billing library's,
 * one formatter for the server and the browser.
 */
export { currencySymbol, formatMoney } from "../../worker/billing";

const metric = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/**
 * A report metric: up to 2 decimals with thousands separators ('1,234.57'), '-' when missing. Infinity
 * (a profit factor without losses) shows as '∞'. Strings from the API pass through unchanged.
 */
export function formatMetric(value: number | string | null | undefined): string {
  if (typeof value === "string") return value.trim() === "" ? MISSING : value;
  if (missing(value)) return MISSING;
  // Avoid '-0' for tiny negatives rounded away.
  const out = metric.format(value);
  return out === "-0" ? "0" : out;
}

const amount = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A money figure of a report (profit, average win or loss) in the deposit currency: always 2 decimals with
 * thousands separators ('-436.00', '40.50'), so a column of them lines up; '-' when missing.
 */
export function formatAmount(value: number | null | undefined): string {
  if (missing(value)) return MISSING;
  const out = amount.format(value);
  return out === "-0.00" ? "0.00" : out;
}

/** A value already in percent (12.5 means 12.5%) with the % suffix; '-' when missing (spec 2 s2). */
export function formatPercent(value: number | string | null | undefined): string {
  const out = formatMetric(value);
  return out === MISSING ? MISSING : `${out}%`;
}

export type ProcessingStatus = "completed" | "error" | "processing";

/** Spec 1 s3: 100 completed, 200 error, any other value processing. */
export function processingStatus(code: number): ProcessingStatus {
  if (code === 100) return "completed";
  if (code === 200) return "error";
  return "processing";
}

const LABELS: Record<ProcessingStatus, string> = {
  processing: "Processing",
  error: "Error",
  completed: "Completed",
};

/** Backtest column texts (spec 2 s2); no backtest shows '-'. */
export function statusLabel(status: ProcessingStatus | null | undefined): string {
  return status ? LABELS[status] : MISSING;
}

/** The label straight from a status code, '-' when there is no backtest. */
export function statusLabelForCode(code: number | null | undefined): string {
  return code === null || code === undefined ? MISSING : statusLabel(processingStatus(code));
}
