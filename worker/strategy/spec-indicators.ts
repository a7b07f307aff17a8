/**
 * The indicators a spec may declare (DESIGN D4), kept apart from the rest of the spec so that adding a kind
 * touches this file, the engine's series, the generator and the outline only. Pure (DESIGN D9).
 *
 * Every MetaTrader 5 built-in (the terminal's iXxx functions, with their parameters and MetaTrader's
 * defaults) plus five the terminal lacks, computed inside the EA: Heiken Ashi, Supertrend, Donchian channel,
 * Keltner channel and Hull MA. Volume-based kinds use tick volume.
 *
 * HIGHER TIMEFRAME (`timeframe`, optional): the indicator is computed on bars of that period, aggregated
 * from the strategy's bars by the alignment rule of worker/market/periods.ts, and read as the EA's
 * CopyBuffer on a handle of that timeframe reads it at the first tick of a new strategy bar: shift 0 is
 * the last CLOSED higher-timeframe bar at that tick, shift 1 the one before, and so on (shifts count
 * higher-timeframe bars). Precisely, for the strategy bar c that just closed, the next strategy bar
 * opens at t = time[c + 1] (time[c] + the strategy period for the last bar); the bar of the higher
 * period that contains t is the forming one and shift 0 is the bar before it. So an H4 filter on H1 sees
 * the 08:00 H4 bar from the 12:00 H1 open on, and a daily filter sees Friday's bar on Monday's first
 * bar even though Friday's last H1 bar closed before midnight. The period must be longer than the
 * strategy's and a whole multiple of it (W1 and MN1 accept any intraday strategy period).
 *
 * LOWER TIMEFRAME (issue 15: "the M15 SMA(5)" on an H1 chart): a period that divides the strategy's is read
 * by the same rule, so shift 0 is the last CLOSED lower bar when the next strategy bar opens, which is the
 * last lower bar inside the strategy bar that just closed (the M15 bar of 10:45 for the 10:00 H1 bar), and
 * shift 1 the lower bar before it; the EA's CopyBuffer on an M15 handle at index 1 reads exactly that at
 * the first tick of the 11:00 bar. The indicator is computed on bars of that period aggregated from the
 * data (worker/engine/backtest.ts), so the backtest needs data of that period or finer (M1 always is).
 * "The value at the chart bar's close" is this closed bar, never a bar still forming, so the backtest and
 * the EA agree on every tick model.
 */
import { z } from "zod";
import { canAggregate } from "../market/periods";
import { PERIODS, type Period } from "../market/types";

export const APPLIED_PRICES = ["CLOSE", "OPEN", "HIGH", "LOW", "MEDIAN", "TYPICAL", "WEIGHTED"] as const;
export const AppliedPriceSchema = z
  .enum(APPLIED_PRICES)
  .describe("MT5 ENUM_APPLIED_PRICE: MEDIAN=(H+L)/2, TYPICAL=(H+L+C)/3, WEIGHTED=(H+L+2C)/4");
export type AppliedPrice = z.infer<typeof AppliedPriceSchema>;

export const MA_METHODS = ["SMA", "EMA", "SMMA", "LWMA"] as const;
export const MaMethodSchema = z.enum(MA_METHODS).describe("MT5 ENUM_MA_METHOD without MODE_");
export type MaMethod = z.infer<typeof MaMethodSchema>;

const MAX_PERIOD = 5000;
const barCount = (what: string) =>
  z
    .number()
    .int(`${what} must be a whole number of bars`)
    .min(1, `${what} must be at least 1`)
    .max(MAX_PERIOD, `${what} must be at most ${MAX_PERIOD}`);
/** A plot shift (Alligator, Gator): bars forward, 0 allowed. */
const barShift = (what: string) =>
  z
    .number()
    .int(`${what} must be a whole number of bars`)
    .min(0, `${what} must be at least 0`)
    .max(500, `${what} must be at most 500`);

export const IdSchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{0,31}$/,
    "indicator id must start with a letter and use only letters, digits and _ (max 32)",
  );

const IndicatorTimeframeSchema = z
  .enum(PERIODS)
  .optional()
  .describe(
    "compute on this timeframe: higher (a multiple of the strategy's) or lower (dividing it, e.g. M15 on H1); shift 0 = its last closed bar",
  );

/** Fields every declaration has. */
const base = { id: IdSchema, timeframe: IndicatorTimeframeSchema };
const price = { appliedPrice: AppliedPriceSchema.default("CLOSE") };
const periodOf = (d: number) => barCount("period").default(d);

/** An average of another declared indicator's line (spec-smoothing.ts), as iMA on that indicator's handle. */
export const MaSourceSchema = z
  .object({
    ref: IdSchema.describe("id of the indicator to average (declared in `indicators`, same timeframe)"),
    line: z.string().optional().describe("its line; only the first (MetaTrader averages buffer 0)"),
  })
  .describe("average this indicator's values instead of a price: 'EMA(5) of RSI(2)'");
export type MaSource = z.infer<typeof MaSourceSchema>;

const MovingAverageSchema = z.object({
  ...base,
  kind: z.enum(["SMA", "EMA", "SMMA", "LWMA"]),
  period: barCount("period"),
  ...price,
  source: MaSourceSchema.optional(),
});
const RsiSchema = z.object({ ...base, kind: z.literal("RSI"), period: barCount("period"), ...price });
const MacdSchema = z.object({
  ...base,
  kind: z.literal("MACD"),
  fast: barCount("fast"),
  slow: barCount("slow"),
  signal: barCount("signal"),
  ...price,
});
const BollingerSchema = z.object({
  ...base,
  kind: z.literal("BOLLINGER"),
  period: barCount("period"),
  deviation: z.number().positive().max(10),
  ...price,
});
const AtrSchema = z.object({ ...base, kind: z.literal("ATR"), period: barCount("period") });
/** MT5 iStochastic with MODE_SMA and STO_LOWHIGH (the terminal's defaults). */
const StochasticSchema = z.object({
  ...base,
  kind: z.literal("STOCHASTIC"),
  kPeriod: barCount("kPeriod"),
  dPeriod: barCount("dPeriod"),
  slowing: barCount("slowing"),
});
/** CCI of any applied price, as MT5's iCCI; the typical price when none is given (iCCI's usual input). */
const CciSchema = z.object({
  ...base,
  kind: z.literal("CCI"),
  period: barCount("period"),
  appliedPrice: AppliedPriceSchema.default("TYPICAL"),
});
const AdxSchema = z.object({ ...base, kind: z.literal("ADX"), period: barCount("period") });
const MomentumSchema = z.object({
  ...base,
  kind: z.literal("MOMENTUM"),
  period: barCount("period"),
  ...price,
});

// ---- issue 14: the rest of MetaTrader's built-ins (defaults are the terminal's) ----
const NoParamSchema = z.object({
  ...base,
  kind: z.enum(["AC", "AO", "AD", "OBV", "VOLUMES", "BWMFI", "FRACTALS", "HEIKEN_ASHI"]),
});
const AdxWilderSchema = z.object({ ...base, kind: z.literal("ADX_WILDER"), period: periodOf(14) });
const AlligatorSchema = z.object({
  ...base,
  kind: z.enum(["ALLIGATOR", "GATOR"]),
  jawPeriod: barCount("jawPeriod").default(13),
  jawShift: barShift("jawShift").default(8),
  teethPeriod: barCount("teethPeriod").default(8),
  teethShift: barShift("teethShift").default(5),
  lipsPeriod: barCount("lipsPeriod").default(5),
  lipsShift: barShift("lipsShift").default(3),
  maMethod: MaMethodSchema.default("SMMA"),
  appliedPrice: AppliedPriceSchema.default("MEDIAN"),
});
const AmaSchema = z.object({
  ...base,
  kind: z.literal("AMA"),
  period: periodOf(9),
  fast: barCount("fast").default(2),
  slow: barCount("slow").default(30),
  ...price,
});
/** Bears Power (low - EMA) and Bulls Power (high - EMA), EMA of the close. */
const PowerSchema = z.object({ ...base, kind: z.enum(["BEARS", "BULLS"]), period: periodOf(13) });
const ChaikinSchema = z.object({
  ...base,
  kind: z.literal("CHAIKIN"),
  fast: barCount("fast").default(3),
  slow: barCount("slow").default(10),
  maMethod: MaMethodSchema.default("EMA"),
});
/** One period and an applied price: DEMA, TEMA, TRIX, FrAMA, Hull MA. */
const PeriodPriceSchema = z.object({
  ...base,
  kind: z.enum(["DEMA", "TEMA", "TRIX", "FRAMA", "HULL"]),
  period: periodOf(14),
  ...price,
});
/** One period on the bars themselves: DeMarker, MFI, RVI, Williams' %R, Donchian. */
const PeriodOnlySchema = z.object({
  ...base,
  kind: z.enum(["DEMARKER", "MFI", "RVI", "WPR", "DONCHIAN"]),
  period: periodOf(14),
});
const EnvelopesSchema = z.object({
  ...base,
  kind: z.literal("ENVELOPES"),
  period: periodOf(14),
  maMethod: MaMethodSchema.default("SMA"),
  deviation: z.number().positive().max(100).default(0.1).describe("percent of the average"),
  ...price,
});
const ForceSchema = z.object({
  ...base,
  kind: z.literal("FORCE"),
  period: periodOf(13),
  maMethod: MaMethodSchema.default("SMA"),
});
const IchimokuSchema = z.object({
  ...base,
  kind: z.literal("ICHIMOKU"),
  tenkan: barCount("tenkan").default(9),
  kijun: barCount("kijun").default(26),
  senkou: barCount("senkou").default(52),
});
const OsmaSchema = z.object({
  ...base,
  kind: z.literal("OSMA"),
  fast: barCount("fast").default(12),
  slow: barCount("slow").default(26),
  signal: barCount("signal").default(9),
  ...price,
});
const SarSchema = z.object({
  ...base,
  kind: z.literal("SAR"),
  step: z.number().positive().max(1).default(0.02),
  maximum: z.number().positive().max(1).default(0.2),
});
const StdDevSchema = z.object({
  ...base,
  kind: z.literal("STDDEV"),
  period: periodOf(20),
  maMethod: MaMethodSchema.default("SMA"),
  ...price,
});
const VidyaSchema = z.object({
  ...base,
  kind: z.literal("VIDYA"),
  cmoPeriod: barCount("cmoPeriod").default(9),
  emaPeriod: barCount("emaPeriod").default(12),
  ...price,
});
/** Supertrend on MT5's ATR (iATR) of `period`: the median price -/+ multiplier x ATR, ratcheted. */
const SupertrendSchema = z.object({
  ...base,
  kind: z.literal("SUPERTREND"),
  period: periodOf(10),
  multiplier: z.number().positive().max(20).default(3),
});
/** Keltner channel: a moving average of the price +/- multiplier x MT5's ATR(atrPeriod). */
const KeltnerSchema = z.object({
  ...base,
  kind: z.literal("KELTNER"),
  period: periodOf(20),
  atrPeriod: barCount("atrPeriod").default(10),
  multiplier: z.number().positive().max(20).default(2),
  maMethod: MaMethodSchema.default("EMA"),
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
  NoParamSchema,
  AdxWilderSchema,
  AlligatorSchema,
  AmaSchema,
  PowerSchema,
  ChaikinSchema,
  PeriodPriceSchema,
  PeriodOnlySchema,
  EnvelopesSchema,
  ForceSchema,
  IchimokuSchema,
  OsmaSchema,
  SarSchema,
  StdDevSchema,
  VidyaSchema,
  SupertrendSchema,
  KeltnerSchema,
]);
export type Indicator = z.infer<typeof IndicatorSchema>;
export type IndicatorKind = Indicator["kind"];
export type IndicatorOf<K extends IndicatorKind> = Extract<Indicator, { kind: K }>;

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
  AC: ["main"],
  AO: ["main"],
  AD: ["main"],
  OBV: ["main"],
  VOLUMES: ["main"],
  BWMFI: ["main"],
  // The high/low of a fractal confirmed on this bar (it lies two bars back); none: no value.
  FRACTALS: ["upper", "lower"],
  HEIKEN_ASHI: ["close", "open", "high", "low"],
  ADX_WILDER: ["adx", "plusDi", "minusDi"],
  ALLIGATOR: ["jaw", "teeth", "lips"],
  GATOR: ["upper", "lower"],
  AMA: ["main"],
  BEARS: ["main"],
  BULLS: ["main"],
  CHAIKIN: ["main"],
  DEMA: ["main"],
  TEMA: ["main"],
  TRIX: ["main"],
  FRAMA: ["main"],
  HULL: ["main"],
  DEMARKER: ["main"],
  MFI: ["main"],
  RVI: ["main", "signal"],
  WPR: ["main"],
  DONCHIAN: ["upper", "lower", "middle"],
  ENVELOPES: ["upper", "lower"],
  FORCE: ["main"],
  // Senkou spans as computed on the bar (MetaTrader draws them `kijun` bars ahead: the cloud under
  // today's bar is spanA/spanB at shift kijun); chikou is the close (drawn `kijun` bars back).
  ICHIMOKU: ["tenkan", "kijun", "spanA", "spanB", "chikou"],
  OSMA: ["main"],
  SAR: ["main"],
  STDDEV: ["main"],
  VIDYA: ["main"],
  // direction: +1 in an up trend (the line under the price), -1 in a down trend.
  SUPERTREND: ["main", "direction"],
  KELTNER: ["middle", "upper", "lower"],
};
export const INDICATOR_KINDS = Object.keys(INDICATOR_LINES) as readonly IndicatorKind[];

/** The longest look-back of a declaration in its own bars (history a backtest loads before `from`). */
export function indicatorLookback(ind: Indicator): number {
  switch (ind.kind) {
    case "MACD":
    case "OSMA":
      return ind.slow + ind.signal;
    case "STOCHASTIC":
      return ind.kPeriod + ind.dPeriod + ind.slowing;
    case "ALLIGATOR":
    case "GATOR":
      return Math.max(ind.jawPeriod + ind.jawShift, ind.teethPeriod + ind.teethShift) + 10;
    case "AMA":
      return ind.period + ind.slow;
    case "CHAIKIN":
      return ind.slow;
    case "ICHIMOKU":
      return ind.senkou + ind.kijun;
    case "SAR":
      return 50;
    case "VIDYA":
      return ind.cmoPeriod + ind.emaPeriod;
    case "KELTNER":
      return Math.max(ind.period, ind.atrPeriod);
    case "AC":
    case "AO":
      return 40;
    case "AD":
    case "OBV":
    case "VOLUMES":
    case "BWMFI":
    case "FRACTALS":
    case "HEIKEN_ASHI":
      return 5;
    default:
      return ind.period * (ind.kind === "TEMA" || ind.kind === "TRIX" ? 3 : 1);
  }
}

/**
 * Why a value cannot be read on timeframe `tf` of a strategy on `chart` (an indicator's or a price's
 * `timeframe`), or undefined when it can: the chart's own, longer and a whole multiple of it, or shorter and
 * dividing it.
 */
export function timeframeIssue(tf: Period, chart: Period): string | undefined {
  if (tf === chart) return undefined;
  // A lower timeframe divides the strategy's (LOWER TIMEFRAME): M15 on H1, H4 on D1; none under W1 or MN1.
  const lower = PERIODS.indexOf(tf) < PERIODS.indexOf(chart);
  if (lower ? !canAggregate(tf, chart) || !isIntraday(chart) : !canAggregate(chart, tf))
    return lower
      ? `timeframe ${tf} must divide the strategy's ${chart} (a whole number of ${tf} bars in each)`
      : `timeframe ${tf} must be longer than the strategy's ${chart} and a whole multiple of it`;
  return undefined;
}

/** A chart period of a day or less: its bars are a whole number of any lower period's (W1 and MN1 are not). */
function isIntraday(chart: Period): boolean {
  return PERIODS.indexOf(chart) <= PERIODS.indexOf("D1");
}

/**
 * What a declaration's own fields cannot say: its timeframe against the strategy's, and MetaTrader's own
 * parameter rules (an iGator whose lines are out of order fails to initialise; ExponentialMAOnBuffer
 * computes nothing for a period of 1). Each issue names the field it is about.
 */
export function indicatorIssues(ind: Indicator, chart: Period): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const tf = ind.timeframe;
  const issue = tf === undefined ? undefined : timeframeIssue(tf, chart);
  if (issue) out.push({ field: "timeframe", message: `${ind.id}: ${issue}` });
  switch (ind.kind) {
    case "GATOR":
      if (!(ind.jawPeriod > ind.teethPeriod && ind.teethPeriod > ind.lipsPeriod))
        out.push({ field: "jawPeriod", message: "Gator needs jaw period > teeth period > lips period" });
      if (!(ind.jawShift > ind.teethShift && ind.teethShift > ind.lipsShift))
        out.push({ field: "jawShift", message: "Gator needs jaw shift > teeth shift > lips shift" });
      if (
        !(ind.jawPeriod > ind.jawShift && ind.teethPeriod > ind.teethShift && ind.lipsPeriod > ind.lipsShift)
      )
        out.push({ field: "jawPeriod", message: "Gator needs each line's period above its shift" });
      break;
    case "DEMA":
    case "TEMA":
    case "TRIX":
      if (ind.period < 2) out.push({ field: "period", message: `${ind.kind} period must be at least 2` });
      break;
    case "CHAIKIN":
      if (ind.fast < 2 || ind.slow < 2)
        out.push({ field: "fast", message: "Chaikin periods must be at least 2" });
      break;
    case "OSMA":
      if (ind.fast >= ind.slow)
        out.push({ field: "fast", message: "OsMA fast period must be shorter than slow" });
      break;
    default:
      break;
  }
  return out;
}
