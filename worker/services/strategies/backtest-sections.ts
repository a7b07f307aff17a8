/**
 * The result sections a finished backtest stores in R2 (DESIGN D6), declared once: finishBacktest writes
 * exactly these shapes (EngineOutput is typed from them, so the engine's rows must fit at compile time) and
 * the app's loaders, exports and share page parse what they read back with the same schemas.
 * Pure: zod only.
 */
import { z } from "zod";

const balancePoint = z.object({
  id: z.number(),
  /** A numeric string with 2 decimals (spec 2 s3); early results stored a number. */
  balance: z.union([z.string(), z.number()]),
});

/** Hours 0..23, weekdays 1..7, months 1..12: JSON keeps the numeric keys as strings, zod reads them back. */
const grouped = <T extends z.ZodType>(bucket: T) =>
  z.object({
    hourly: z.record(z.number(), bucket),
    weekdays: z.record(z.number(), bucket),
    months: z.record(z.number(), bucket),
  });

/**
 * Balance and equity over time with the drawdown (issue 16; engine/report/equity-curve.ts writes the columns).
 * Absent from results stored before it: the chart by trade number is drawn then.
 */
export const equityCurveSchema = z
  .object({
    time: z.array(z.number()),
    balance: z.array(z.number()),
    equityLow: z.array(z.number()),
    equityHigh: z.array(z.number()),
    drawdown: z.array(z.number()),
  })
  .refine(
    (c) => [c.balance, c.equityLow, c.equityHigh, c.drawdown].every((col) => col.length === c.time.length),
    "the equity curve's columns differ in length",
  );
export type EquityCurveData = z.infer<typeof equityCurveSchema>;

/** The graphs' data (spec 2 s2 Balance, Entries, Profit & Loss) and the equity curve. */
export const summarySchema = z.object({
  balanceData: z.array(balancePoint).readonly(),
  equityCurve: equityCurveSchema.optional(),
  entriesData: grouped(z.object({ entries: z.number() })),
  profitLossData: grouped(z.object({ profit: z.number(), loss: z.number() })),
});

/** The report's label -> formatted value (spec 2 s3), as the Results & Export tab and the exports show it. */
export const resultsSchema = z.record(z.string(), z.string());

/** Spec 2 s2 Orders, one row per order as MT5's report writes it. */
export const orderRowSchema = z.object({
  Order: z.number(),
  "Open Time": z.string(),
  Symbol: z.string(),
  Type: z.string(),
  Volume: z.string(),
  Price: z.string(),
  "S / L": z.string(),
  "T / P": z.string(),
  Time: z.string(),
  State: z.string(),
  Comment: z.string(),
});

/** Spec 2 s2 Deals; the balance deal has no order (""). */
export const dealRowSchema = z.object({
  Deal: z.number(),
  Time: z.string(),
  Symbol: z.string(),
  Type: z.string(),
  Direction: z.string(),
  Volume: z.string(),
  Price: z.string(),
  Order: z.union([z.number(), z.literal("")]),
  Commission: z.string(),
  Swap: z.string(),
  Profit: z.string(),
  Balance: z.string(),
  Comment: z.string(),
});

/** Issue 16 Trades: entry and exit paired, Seconds so that durations sort as numbers. */
export const tradeRowSchema = z.object({
  Trade: z.number(),
  "Open Time": z.string(),
  Direction: z.enum(["buy", "sell"]),
  Volume: z.string(),
  "Open Price": z.string(),
  "Close Time": z.string(),
  "Close Price": z.string(),
  Profit: z.string(),
  Duration: z.string(),
  Seconds: z.number(),
  MFE: z.string(),
  MAE: z.string(),
  Exit: z.string(),
});

/** Every section with rows or figures, by its storage name (the candle chart's `details` is checked apart). */
export const RESULT_SECTIONS = {
  summary: summarySchema,
  results: resultsSchema,
  orders: z.array(orderRowSchema).readonly(),
  deals: z.array(dealRowSchema).readonly(),
  trades: z.array(tradeRowSchema).readonly(),
} as const;

export type ResultSection = keyof typeof RESULT_SECTIONS;
export type ResultSections = { [K in ResultSection]: z.infer<(typeof RESULT_SECTIONS)[K]> };
export type BacktestSummary = ResultSections["summary"];
export type OrderRowData = z.infer<typeof orderRowSchema>;
export type DealRowData = z.infer<typeof dealRowSchema>;
export type TradeRowData = z.infer<typeof tradeRowSchema>;
