/**
 * StrategySpec v2 exits (issue 14), kept apart from the rest of the spec: structural stops, per-side
 * stops, targets in R, partial closes, trailing by an indicator or any price expression, time exits.
 * The engine's side is worker/engine/exits.ts, the EA's worker/mql5/generate/exits.ts, the outline's
 * worker/strategy/outline-exits.ts. Pure (DESIGN D9).
 *
 * SEMANTICS (the engine and the EA do the same):
 *   - stop.long / stop.short: the stop loss of a new position is this price, read on the last closed bar
 *     when the order is sent ("the previous candle's low minus 2 pips", "the 10-bar low", "the SAR"). It
 *     replaces `stopLoss` for that side. A level that is missing (warm-up) or not beyond the exit quote
 *     (at or above a buy's bid, at or below a sell's ask: the broker would refuse the stop) sends no order. The stop distance (R) is the
 *     entry price minus the level (buys) or the level minus the entry price (sells).
 *     With a pendingEntry the level is measured from the pending order's price instead (spec-orders.ts).
 *   - targetR: the take profit at targetR x the stop distance from the entry (2 = "2R"); instead of
 *     `takeProfit`; it needs a stop.
 *   - targetDistance (a target at a measured distance: "take profit as far as the signal candle is tall",
 *     "1.5 x last week's range"): the take profit of a new position is `multiple` x the value of `of` read
 *     on the last closed bar when the order is sent (frozen then: later bars do not move it), placed from
 *     the fill as a distance is. `of` is a difference of prices (high - low of a bar, the highest minus the
 *     lowest of N bars). A value that is missing (warm-up) or not above zero (a bar with no range) sends
 *     no order. Instead of `takeProfit` and `targetR`; market entries only.
 *   - breakEvenAtTarget ("break-even once half way to the target"): on every tick the EA sees, a position
 *     with a take profit whose profit (bid - open for a buy, open - ask for a sell) has reached
 *     breakEvenAtTarget x |take profit - open price| (as the position stands) has its stop moved to the open
 *     price, never loosening it, once, as the v1 break-even (worked out with it, the trailing stop and steps as
 *     one modification, right after the v1 break-even). A position without a take profit has none. Not with
 *     the v1 `breakEven`.
 *   - partial: on every tick the EA sees, once a position is `atR` x R in profit (bid - open for a buy,
 *     open - ask for a sell; R = the distance from the open price to the stop as it stands), `percent` of its
 *     volume is closed at market, rounded down to 0.01 lot (no close when that is 0 or leaves nothing),
 *     once per position; with breakEven the stop then moves to the open price (never loosening it).
 *   - scaleOut (scale-out targets at distances, "first TP at 40 pips, second at 70, let the rest run"): on
 *     every tick the EA sees, a position that has had k scale-out closes (k < the number of targets) and whose
 *     profit (bid - open for a buy, open - ask for a sell) has reached target k's distance closes target k's
 *     `percent` of its volume as it stands, rounded down to 0.01 lot, at market: at most one target per
 *     position and tick, in the order given (the distances rise). A close that rounds to nothing or would
 *     leave nothing is not made, and the later targets wait behind it. The closes done are counted from the
 *     position's deals (its "out" deals), so nothing is remembered besides the account's history. Not with
 *     `partial` (the closes of one would count as the other's).
 *   - trail.long / trail.short: on each new bar, after the exit rules, the stop moves to this price read on
 *     the bar that just closed ("the SAR", "EMA(20) minus 5 pips", "close minus 2 x ATR(14)") when that is
 *     better than the stop it has (higher for a buy) and beyond the quote (below a buy's bid, above a
 *     sell's ask); a missing value leaves it alone.
 *   - steps (staircase trailing, "move the stop by X pips each time price advances Y pips"): on every
 *     tick the EA sees, once a position's profit (bid - open for a buy, open - ask for a sell) has reached
 *     k x `every` (k >= 1, the largest such k), its stop moves to open - every + k x move for a buy (open +
 *     every - k x move for a sell), on the price grid, when that is better than the stop it has (or it has
 *     none). move <= every (both in `unit`, pips or points), so the level stays at least `every` behind
 *     the quote. With every = move the first step puts the stop at the entry and each
 *     further step locks `move` more. Measured from the open price alone, it keeps no memory of earlier
 *     steps (a netting position's open price is its average). With a v1 trailingStop or breakEven the
 *     three are worked out together and the best stop is sent as one modification.
 *   - afterBars: a position is closed at the open of the afterBars-th bar after the bar it was opened in.
 *   - closeAt: on a new bar opening at or after `time` (server time) on one of `weekdays` (every day when
 *     none), every position is closed, and no entry is opened on such a bar ("flat before the weekend":
 *     Friday 21:00).
 *   Order of work on a new bar: time exits, exit rules, close-on-opposite, indicator trailing, entries.
 *   On every EA tick: partial closes, then break-even, trailing stop and steps (one modification).
 *   Time exits and partial closes are sent at once (the execution delay applies to the rules' orders). A
 *   structural stop is measured from the quote when the order is sent and placed from the fill, as the
 *   distances are.
 */
import { z } from "zod";

const Clock = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "a time of day is HH:MM, 00:00 to 23:59")
  .describe("time of day HH:MM, server time");

/** The exits block, over the spec's operand schema (passed in: spec.ts defines operands and imports this). */
export function exitsSchema<T extends z.ZodType>(operand: T) {
  const perSide = (what: string) =>
    z
      .object({
        long: operand.optional().describe(`${what} of a buy (below the price)`),
        short: operand.optional().describe(`${what} of a sell (above the price)`),
      })
      .describe(what);
  return z
    .object({
      stop: perSide(
        "stop-loss price read on the last closed bar when the order is sent (with pendingEntry: measured from the pending order's price)",
      ).optional(),
      targetR: z
        .number()
        .positive()
        .max(100)
        .optional()
        .describe("take profit at this multiple of the stop distance: 2 = 2R"),
      // Issue 15: "a target as far as the previous candle is tall", "TP = 1.5 x the 20-bar range".
      targetDistance: z
        .object({
          of: operand.describe(
            "the distance, read on the last closed bar when the order is sent: a difference of two prices, e.g. high - low of the signal bar (an expression a + k x b with k = -1), the highest minus the lowest of N bars, a higher timeframe's high - low",
          ),
          multiple: z.number().positive().max(100).default(1).describe("the target is this many times it"),
        })
        .optional()
        .describe(
          "take profit at a measured distance from the entry, frozen when the order is sent: 'a target equal to the previous candle's range'",
        ),
      // Issue 15: "move to break-even when price has covered half the distance to the target".
      breakEvenAtTarget: z
        .number()
        .gt(0)
        .lt(1)
        .optional()
        .describe(
          "move the stop to the entry price once the profit reaches this fraction of the distance from the entry to the take profit (0.5 = half way)",
        ),
      partial: z
        .object({
          percent: z.number().min(1).max(99).describe("share of the volume closed"),
          atR: z.number().positive().max(100).describe("profit, in multiples of the stop distance"),
          breakEven: z.boolean().default(true).describe("then move the stop to the entry price"),
        })
        .optional()
        .describe("close part of a position at a profit of atR x the stop distance"),
      scaleOut: z
        .array(
          z.object({
            unit: z.enum(["pips", "points"]),
            distance: z
              .number()
              .positive()
              .max(100_000)
              .describe("profit from the open price that closes this part"),
            percent: z
              .number()
              .min(1)
              .max(99)
              .describe("share of the position's volume as it stands, closed here"),
          }),
        )
        .min(1)
        .max(4)
        .refine(
          (ts) => ts.every((t, i) => i === 0 || (t.unit === ts[0].unit && t.distance > ts[i - 1].distance)),
          {
            message: "scale-out targets share one unit and are given nearest first",
          },
        )
        .optional()
        .describe(
          'scale-out targets: "close a third at 40 pips, half the rest at 70": each closes `percent` of the volume once the profit reaches `distance`, in order',
        ),
      trail: perSide(
        "stop moved to this price on each new bar (SAR, a moving average, ATR channel)",
      ).optional(),
      steps: z
        .object({
          unit: z.enum(["pips", "points"]),
          every: z.number().positive().max(100_000).describe("each time the profit grows by this much"),
          move: z.number().positive().max(100_000).describe("the stop moves this much forward"),
        })
        .refine((s) => s.move <= s.every, {
          message: "a step moves the stop at most as far as the price went (move <= every)",
          path: ["move"],
        })
        .optional()
        .describe("staircase trailing: the stop moves `move` forward each time the profit grows by `every`"),
      afterBars: z
        .number()
        .int()
        .min(1)
        .max(10000)
        .optional()
        .describe("close a position at the open of the Nth bar after its entry bar"),
      closeAt: z
        .object({
          time: Clock,
          weekdays: z
            .array(z.number().int().min(1).max(7))
            .min(1)
            .optional()
            .describe("1 = Monday ... 7 = Sunday; every day when absent"),
        })
        .optional()
        .describe("close every position on a bar opening at or after this time; no entry then"),
    })
    .describe("v2 exits: structural stops, R targets, partial closes, indicator trailing, time exits");
}

/** Minutes after midnight of an HH:MM time. */
export function clockMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}
