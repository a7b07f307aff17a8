/**
 * StrategySpec v2 pending entries and entry limits (issue 14), apart from the rest of the spec so that
 * they touch this file, the engine's pending-orders module, the generator's and the outline. Pure (DESIGN D9).
 *
 * SEMANTICS (the engine and the EA work the same way, MetaTrader 5's pending orders):
 *   - With `pendingEntry`, an entry rule that holds on the bar that just closed does not buy or sell at the
 *     market: it places a pending order of `order` type at the price of its side's operand (read on that
 *     bar, as a condition reads it; rounded to the symbol's price grid). A side whose price has no value
 *     (indicator warm-up) places nothing.
 *       stop:  buy stop above the ask, sell stop below the bid (a breakout);
 *       limit: buy limit below the ask, sell limit above the bid (a pullback).
 *     A price on the wrong side of the quote, or closer to it than the broker's stops level (whole
 *     points; the backtest's stops level, 0 by default), is refused, as MT5 refuses it (10015/10016).
 *   - Long and short rules holding on the same bar place both orders (a bracket); market entries still
 *     cancel each other. Nothing is placed while one of the strategy's pending orders is still waiting,
 *     nor when the entries held reach maxOpenPositions, nor outside the time filter or the limits below.
 *     On a netting account a side against the held position is not placed.
 *   - Triggering, on every modelled tick, before stops and targets: a buy stop when ask >= price, a buy
 *     limit when ask <= price, a sell stop when bid <= price, a sell limit when bid >= price. The order
 *     fills at its own price, unless the bar's first tick already gapped past it: then at that tick's
 *     quote (worse for a stop, better for a limit), as the stop loss and take profit fill (broker.ts).
 *   - Stop loss and take profit of a pending order are placed from its price when it is sent (ATR
 *     distances read the bar that just closed); risk sizing measures the risk from that price too.
 *     A structural stop (exits.stop, "5 pips below the entry candle's low") is read on the bar that just
 *     closed when the order is sent; the order is not sent when that level is not beyond the order's price
 *     (at or above a buy's, at or below a sell's); the stop distance (R, and exits.targetR's target) is the
 *     order's price minus the level (a sell: the level minus the price).
 *   - `oco` (a bracket): when one of the pair fills, the other is deleted at once (the EA deletes it in
 *     OnTradeTransaction, before any later tick).
 *   - `expiry`: bars: the order is deleted at the first tick at or after the placing bar's open time
 *     + bars x the timeframe (clock time: a weekend's closed hours count); timeOfDay HH:MM: at the first
 *     tick at or after the next HH:MM server time after it was placed. Without expiry it waits until it
 *     fills (or the test ends).
 *   - limits.maxTradesPerDay: no entry (market or pending order placed) once that many positions were
 *     opened on the current server day (fills of pending orders count on the day they fill).
 *   - limits.maxSpread: no entry (market or pending order placed) while the spread is wider.
 *   - limits.minMinutesBetween (issue 15, "at least 60 minutes between two orders"): no entry (market or
 *     pending order placed) while the strategy's latest position was opened less than that many minutes
 *     ago (its "in" deal's time; a pending order's fill counts when it fills). Exactly that many minutes
 *     later is allowed. Closing a position does not restart the wait.
 *   - sizing equityTiers (issue 15, "4 lots while equity is below 100000, otherwise 5"): when an order is
 *     sent, the lots of the first tier whose `below` is above the account figure (equity, or balance), else
 *     `lots`; tiers ascend by `below`. The lots are used as given (fixed lots, no rounding to a risk).
 */
import { z } from "zod";

const Clock = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "a time of day is HH:MM, 00:00 to 23:59")
  .describe("time of day HH:MM, broker server time");

export const ExpirySchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("bars"),
    bars: z.number().int().min(1).max(1000).describe("deleted this many bars after the bar it was placed on"),
  }),
  z.object({ type: z.literal("timeOfDay"), at: Clock.describe("deleted at this server time") }),
]);
export type Expiry = z.infer<typeof ExpirySchema>;

export const PENDING_ORDER_TYPES = ["stop", "limit"] as const;
export type PendingOrderType = (typeof PENDING_ORDER_TYPES)[number];

/**
 * The pending entry, built over the spec's operand schema (spec.ts passes it in, so this file does not
 * import spec.ts).
 */
export function pendingEntrySchema<T extends z.ZodTypeAny>(operand: T) {
  return z.object({
    order: z
      .enum(PENDING_ORDER_TYPES)
      .describe(
        "stop: buy above / sell below the market (breakout); limit: buy below / sell above (pullback)",
      ),
    long: operand.optional().describe("the buy order's price, e.g. the Asian range high + 2 pips"),
    short: operand.optional().describe("the sell order's price, e.g. the Asian range low - 2 pips"),
    oco: z.boolean().default(true).describe("bracket: the fill of one order deletes the other"),
    expiry: ExpirySchema.optional().describe("when an unfilled order is deleted; default never"),
  });
}

export const MaxSpreadSchema = z.object({
  value: z.number().positive(),
  unit: z.enum(["pips", "points"]),
});
export type MaxSpread = z.infer<typeof MaxSpreadSchema>;

export const LimitsSchema = z.object({
  maxTradesPerDay: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe("no new entry once this many positions were opened today (server day)"),
  maxSpread: MaxSpreadSchema.optional().describe("no new entry while the spread is wider"),
  minMinutesBetween: z
    .number()
    .int()
    .min(1)
    .max(10_080)
    .optional()
    .describe(
      "no new entry until this many minutes after the latest position was opened (e.g. 60: at least an hour between orders)",
    ),
});
export type Limits = z.infer<typeof LimitsSchema>;

const Lots = z.number().min(0.01).max(100);

/** Lots by the size of the account (issue 15): "0.5 lots until the account reaches 20k, then 1 lot". */
export const EquityTiersSizingSchema = z.object({
  type: z.literal("equityTiers"),
  tiers: z
    .array(
      z.object({
        below: z
          .number()
          .positive()
          .max(1_000_000_000)
          .describe("this tier applies while the figure is below"),
        lots: Lots,
      }),
    )
    .min(1)
    .max(10)
    .describe(
      "ascending by `below`: the first tier whose `below` is above the account figure gives the lots",
    ),
  lots: Lots.describe("lots once the figure has reached the last tier's `below`"),
  of: z.enum(["equity", "balance"]).optional().describe("the account figure compared; default equity"),
});
export type EquityTiersSizing = z.infer<typeof EquityTiersSizingSchema>;

/** Lots of equity tiers for an account figure (the engine and the outline read them the same way). */
export function tierLots(sizing: EquityTiersSizing, figure: number): number {
  for (const t of sizing.tiers) if (figure < t.below) return t.lots;
  return sizing.lots;
}

/** Tiers must ascend strictly, or a later tier could never apply. */
export function tiersIssue(sizing: EquityTiersSizing): string | null {
  for (let i = 1; i < sizing.tiers.length; i++)
    if (!(sizing.tiers[i].below > sizing.tiers[i - 1].below))
      return "equity tiers must ascend: each tier's `below` above the one before";
  return null;
}
