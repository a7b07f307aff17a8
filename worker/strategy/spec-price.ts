/**
 * StrategySpec v2 price constructs (issue 14), kept apart from the rest of the spec so that a construct
 * touches this file, the engine's price-constructs module, the generator's and the outline. Pure (DESIGN D9).
 *
 * SEMANTICS (the engine and the EA compute them the same way):
 *   - Every construct is read at a closed bar j (shift counts closed bars back, as for prices).
 *   - extreme: the highest high (or lowest low) of the `bars` bars ending at bar j (bar j included).
 *   - previousPeriod: the open/high/low/close of a completed calendar day or week BEFORE the one holding the
 *     close time of bar j (its open time + the timeframe), built from the strategy's bars: `back` 1 = the
 *     latest such day (or week) that has bars, 2 = the one before. Days and weeks are UTC days (the clock of
 *     the time filter); weeks start on Sunday 00:00, as MetaTrader's W1 bars.
 *     `back` 0 is the day (week) holding that close time SO FAR (issue 15, "today's range is at least 45
 *     pips"): its bars up to bar j, all closed; open = its first bar's open, close = bar j's close. When bar j
 *     is the last of a day no bar of the new day has closed yet: no value (a D1 chart never has one).
 *   - timeWindow: the high (or low) of the bars that OPENED inside [from, to) on the latest day whose window
 *     has ended by the close time of bar j (a window with to <= from starts the day before and ends on the
 *     day named). A window with no bars (a holiday, the weekend) has no value: no condition on it holds.
 *   - swing: the low (or high) of the latest swing point confirmed by bar j, as MetaTrader's Fractals
 *     (iFractals) marks them: bar i is a swing low when L[i] < L[i+1..i+n] (strictly lower than the n bars
 *     after it) and L[i] <= L[i-n..i-1] (a tie with an earlier bar still counts), n = `strength` (2, the
 *     fractal's); a swing high the mirror with H and > / >=. Bar i is confirmed once bar i + n has closed,
 *     so at bar j the candidates are i <= j - n, and i >= n (n earlier bars exist). The latest such i is
 *     taken however far back; none yet: no value.
 *   - candle: body |close - open|, range high - low, upper wick high - max(open, close), lower wick
 *     min(open, close) - low, of bar j.
 *   - expression: a + k x b + offset; the offset is in pips, points, or percent of a ("5 pips above the
 *     high", "EMA(20) + 1.5 x ATR(14)", "the low minus 2 pips"). k may be negative (a - k x b).
 *   - candlePattern (a condition), on bar j and the bar before it (j - 1), with O/H/L/C of bar j:
 *       bullish: C > O; bearish: C < O.
 *       insideBar: H < H[j-1] and L > L[j-1] (strictly inside the previous bar's range).
 *       bullishEngulfing: the previous bar bearish (C[j-1] < O[j-1]), this one bullish, O <= C[j-1] and
 *         C >= O[j-1] (this body covers the previous body); bearishEngulfing the mirror.
 *       bullishPinBar: H > L and the body and upper wick lie in the top third of the range:
 *         3 x (min(O, C) - L) >= 2 x (H - L) (a lower wick of at least two thirds of the range);
 *         bearishPinBar the mirror: 3 x (H - max(O, C)) >= 2 x (H - L).
 *       outsideBar: H > H[j-1] and L < L[j-1] (strictly beyond the previous bar's range on both ends).
 *       doji: H > L and 10 x |C - O| <= H - L (a body of at most a tenth of the range).
 */
import { z } from "zod";

export const ShiftSchema = z
  .number()
  .int()
  .min(0)
  .max(1000)
  .default(0)
  .describe("closed bars back: 0 = the bar that just closed");

const OHLC = z.enum(["OPEN", "HIGH", "LOW", "CLOSE"]);
const Clock = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "a time of day is HH:MM, 00:00 to 23:59")
  .describe("time of day HH:MM (UTC, the time filter's clock)");

export const ExtremeOperandSchema = z.object({
  type: z.literal("extreme"),
  side: z.enum(["highest", "lowest"]).describe("highest high or lowest low"),
  bars: z.number().int().min(1).max(1000).describe("how many bars, ending at `shift`"),
  shift: ShiftSchema,
});
export const PreviousPeriodOperandSchema = z.object({
  type: z.literal("previousPeriod"),
  period: z.enum(["day", "week"]),
  field: OHLC,
  back: z
    .number()
    .int()
    .min(0)
    .max(10)
    .default(1)
    .describe(
      "1 = the previous day/week, 2 = the one before; 0 = the current day/week so far (today's high, low, open)",
    ),
  shift: ShiftSchema,
});

/** back 0 reads the current period's closed bars: a chart of that period or longer never has any. */
export function currentPeriodIssue(
  op: { readonly period: "day" | "week"; readonly back: number },
  timeframe: string,
): string | null {
  if (op.back !== 0) return null;
  const tooLong = op.period === "day" ? timeframe === "D1" || timeframe === "W1" : timeframe === "W1";
  return tooLong
    ? `the current ${op.period} so far needs a timeframe shorter than a ${op.period} (its closed bars)`
    : null;
}
export const TimeWindowOperandSchema = z.object({
  type: z.literal("timeWindow"),
  from: Clock,
  to: Clock,
  side: z.enum(["high", "low"]),
  shift: ShiftSchema,
});
export const SwingOperandSchema = z.object({
  type: z.literal("swing"),
  side: z.enum(["low", "high"]).describe("swing low (a down fractal) or swing high (an up fractal)"),
  strength: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(2)
    .describe("bars on each side the swing bar must beat: 2 = Bill Williams' fractal (MT5 iFractals)"),
  shift: ShiftSchema,
});
export const CANDLE_MEASURES = ["body", "range", "upperWick", "lowerWick"] as const;
export const CandleOperandSchema = z.object({
  type: z.literal("candle"),
  measure: z.enum(CANDLE_MEASURES),
  shift: ShiftSchema,
});
export const OffsetSchema = z.object({
  value: z.number().describe("signed: +5 pips above, -2 pips below"),
  unit: z.enum(["pips", "points", "percent"]),
});
export type Offset = z.infer<typeof OffsetSchema>;

export const CANDLE_PATTERNS = [
  "bullish",
  "bearish",
  "insideBar",
  "bullishEngulfing",
  "bearishEngulfing",
  "bullishPinBar",
  "bearishPinBar",
  "outsideBar",
  "doji",
] as const;
export type CandlePattern = (typeof CANDLE_PATTERNS)[number];
export const CandlePatternConditionSchema = z.object({
  type: z.literal("candlePattern"),
  pattern: z.enum(CANDLE_PATTERNS),
  shift: ShiftSchema,
});
