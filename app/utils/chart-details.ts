/**
 * Checks the backtest details the candle chart needs before any candle is asked for (spec 2 s5): both ids,
 * then symbol, period, start and end. Pure: the results loader calls it with what storage returned, and the
 * texts are the spec's, shown in place of the chart.
 */
import { z } from "zod";
import { toEpochSeconds } from "./chart-markers";

export const DETAILS_MESSAGES = {
  missingIds: "Missing strategy ID or backtest ID",
  incomplete: "Incomplete backtest parameters",
  invalid: "Invalid backtest details format",
} as const;

const date = z.union([z.number(), z.string()]);

const orderSchema = z.object({
  date,
  type: z.string(),
  orderId: z.number(),
  price: z.number(),
});

const detailsSchema = z.object({
  symbol: z.string(),
  period: z.string(),
  dateStart: date,
  dateEnd: date,
  // A backtest without trades may store no orders at all: that is an empty list, not a broken record.
  orders: z.array(orderSchema).default([]),
});

export type ChartDetails = z.infer<typeof detailsSchema>;

export type ChartDetailsCheck = { ok: true; details: ChartDetails } | { ok: false; error: string };

const REQUIRED = ["symbol", "period", "dateStart", "dateEnd"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function missing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * 'Missing strategy ID or backtest ID' without either id; 'Incomplete backtest parameters' when symbol,
 * period, start or end is absent or empty; 'Invalid backtest details format' when the record is not an
 * object, a field has the wrong type, a date cannot be read, or the orders are malformed.
 */
export function checkChartDetails(
  strategyId: string | number | null | undefined,
  backtestId: string | number | null | undefined,
  raw: unknown,
): ChartDetailsCheck {
  if (missing(strategyId) || missing(backtestId)) return { ok: false, error: DETAILS_MESSAGES.missingIds };
  if (!isRecord(raw)) return { ok: false, error: DETAILS_MESSAGES.invalid };
  if (REQUIRED.some((key) => missing(raw[key]))) return { ok: false, error: DETAILS_MESSAGES.incomplete };
  const parsed = detailsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: DETAILS_MESSAGES.invalid };
  const details = parsed.data;
  if (toEpochSeconds(details.dateStart) === null || toEpochSeconds(details.dateEnd) === null) {
    return { ok: false, error: DETAILS_MESSAGES.invalid };
  }
  return { ok: true, details };
}
