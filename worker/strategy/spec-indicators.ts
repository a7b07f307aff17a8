/**
 * The indicators a spec may declare (DESIGN D4), kept apart from the rest of the spec so that adding a kind
 * touches this file, the engine's series, the generator and the outline only. Pure (DESIGN D9).
 */
import { z } from "zod";

export const APPLIED_PRICES = ["CLOSE", "OPEN", "HIGH", "LOW", "MEDIAN", "TYPICAL", "WEIGHTED"] as const;
export const AppliedPriceSchema = z
  .enum(APPLIED_PRICES)
  .describe("MT5 ENUM_APPLIED_PRICE: MEDIAN=(H+L)/2, TYPICAL=(H+L+C)/3, WEIGHTED=(H+L+2C)/4");
export type AppliedPrice = z.infer<typeof AppliedPriceSchema>;

const MAX_PERIOD = 5000;
const barCount = (what: string) =>
  z
    .number()
    .int(`${what} must be a whole number of bars`)
    .min(1, `${what} must be at least 1`)
    .max(MAX_PERIOD, `${what} must be at most ${MAX_PERIOD}`);

export const IdSchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{0,31}$/,
    "indicator id must start with a letter and use only letters, digits and _ (max 32)",
  );

const price = { appliedPrice: AppliedPriceSchema.default("CLOSE") };

const MovingAverageSchema = z.object({
  id: IdSchema,
  kind: z.enum(["SMA", "EMA", "SMMA", "LWMA"]),
  period: barCount("period"),
  ...price,
});
const RsiSchema = z.object({ id: IdSchema, kind: z.literal("RSI"), period: barCount("period"), ...price });
const MacdSchema = z.object({
  id: IdSchema,
  kind: z.literal("MACD"),
  fast: barCount("fast"),
  slow: barCount("slow"),
  signal: barCount("signal"),
  ...price,
});
const BollingerSchema = z.object({
  id: IdSchema,
  kind: z.literal("BOLLINGER"),
  period: barCount("period"),
  deviation: z.number().positive().max(10),
  ...price,
});
const AtrSchema = z.object({ id: IdSchema, kind: z.literal("ATR"), period: barCount("period") });
/** MT5 iStochastic with MODE_SMA and STO_LOWHIGH (the terminal's defaults). */
const StochasticSchema = z.object({
  id: IdSchema,
  kind: z.literal("STOCHASTIC"),
  kPeriod: barCount("kPeriod"),
  dPeriod: barCount("dPeriod"),
  slowing: barCount("slowing"),
});
/** CCI of any applied price, as MT5's iCCI; the typical price when none is given (iCCI's usual input). */
const CciSchema = z.object({
  id: IdSchema,
  kind: z.literal("CCI"),
  period: barCount("period"),
  appliedPrice: AppliedPriceSchema.default("TYPICAL"),
});
const AdxSchema = z.object({ id: IdSchema, kind: z.literal("ADX"), period: barCount("period") });
const MomentumSchema = z.object({
  id: IdSchema,
  kind: z.literal("MOMENTUM"),
  period: barCount("period"),
  ...price,
});

export const IndicatorSchema = z.discriminatedUnion("kind", [
  MovingAverageSchema,
  RsiSchema,
  MacdSchema,
  BollingerSchema,
  AtrSchema,
  StochasticSchema,
  CciSchema,
  AdxSchema,
  MomentumSchema,
]);
export type Indicator = z.infer<typeof IndicatorSchema>;
export type IndicatorKind = Indicator["kind"];

/** The lines each kind exposes; the first is the default when an operand names none. */
export const INDICATOR_LINES: Readonly<Record<IndicatorKind, readonly string[]>> = {
  SMA: ["main"],
  EMA: ["main"],
  SMMA: ["main"],
  LWMA: ["main"],
  RSI: ["main"],
  MACD: ["main", "signal", "histogram"],
  BOLLINGER: ["middle", "upper", "lower"],
  ATR: ["main"],
  STOCHASTIC: ["main", "signal"],
  CCI: ["main"],
  ADX: ["adx", "plusDi", "minusDi"],
  MOMENTUM: ["main"],
};
export const INDICATOR_KINDS = Object.keys(INDICATOR_LINES) as readonly IndicatorKind[];
