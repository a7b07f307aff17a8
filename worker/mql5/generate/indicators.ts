/**
 * Indicator handles: creation in OnInit (with the MQL5 reference's argument order), release in
 * OnDeinit, and which buffer each line of the spec's vocabulary lives in.
 */
import { type AppliedPrice, type Indicator, sourceOf } from "../../strategy/spec";
import { bin, call, dbl, type Expr, id, ifThen, int, ret, type Stmt, str } from "../ir";
import { type Context, handleName, indicatorInput } from "./context";
import {
  createCalls,
  hasSecondHandle,
  indicatorTimeframe,
  newLineValue,
  readsThroughBuffer,
  secondHandle,
  V1_KINDS,
} from "./indicator-readers";

export const TIMEFRAME = id("InpTimeframe");
const SYMBOL = id("_Symbol");

const appliedPrice = (p: AppliedPrice): Expr => id(`PRICE_${p}`);

const MA_METHOD: Readonly<Record<"SMA" | "EMA" | "SMMA" | "LWMA", string>> = {
  SMA: "MODE_SMA",
  EMA: "MODE_EMA",
  SMMA: "MODE_SMMA",
  LWMA: "MODE_LWMA",
};

/** Buffer numbers per line (MQL5 reference: MAIN_LINE 0, SIGNAL_LINE 1, BASE_LINE 0, UPPER_BAND 1,
 * LOWER_BAND 2, PLUSDI_LINE 1, MINUSDI_LINE 2). MACD "histogram" has no buffer: it is main - signal. */
export function lineBuffer(ind: Indicator, line: string): Expr {
  switch (ind.kind) {
    case "MACD":
    case "STOCHASTIC":
      return id(line === "signal" ? "SIGNAL_LINE" : "MAIN_LINE");
    case "BOLLINGER":
      return id(line === "upper" ? "UPPER_BAND" : line === "lower" ? "LOWER_BAND" : "BASE_LINE");
    case "ADX":
      return id(line === "plusDi" ? "PLUSDI_LINE" : line === "minusDi" ? "MINUSDI_LINE" : "MAIN_LINE");
    default:
      return int(0);
  }
}

const plus = (a: Expr, k: number): Expr => (k === 0 ? a : bin(k > 0 ? "+" : "-", a, int(Math.abs(k))));

/**
 * MetaTrader's PLOT_DRAW_BEGIN of a smoothable indicator's first plot (spec-smoothing.ts, drawBegin):
 * where iMA on its handle starts. The first real value for every kind but Momentum, which draws one
 * bar before its first value.
 */
function drawBeginBars(src: Indicator, all: readonly Indicator[]): Expr {
  if (src.kind === "MOMENTUM") return plus(id(indicatorInput(src.id, "Period")), -1);
  if (src.kind === "VOLUMES") return int(0);
  return warmUpBars(src, src.kind === "ADX" ? "adx" : "main", all);
}

/**
 * The series position (0 = the oldest bar) of a line's first real value: MetaTrader's buffers hold 0
 * or values of incomplete history before it, the engine NaN (worker/indicators, each kernel's
 * "Warm-up"). Written with the period inputs, so a trader's change of a period moves it too. An
 * average of another indicator (`all` resolves its source) starts at the source's draw begin.
 */
export function warmUpBars(ind: Indicator, line: string, all: readonly Indicator[] = []): Expr {
  const p = (name: string): Expr => id(indicatorInput(ind.id, name));
  switch (ind.kind) {
    case "SMA":
    case "EMA":
    case "SMMA":
    case "LWMA": {
      const src = sourceOf(ind, all);
      const own = plus(p("Period"), -1);
      return src ? bin("+", drawBeginBars(src, all), own) : own;
    }
    case "CCI":
      return plus(p("Period"), -1);
    case "RSI":
    case "BOLLINGER":
    case "ATR":
    case "MOMENTUM":
      return p("Period");
    case "MACD":
      // The slow period is the longer one (the spec requires fast < slow).
      return line === "signal" ? plus(bin("+", p("Slow"), p("Signal")), -2) : plus(p("Slow"), -1);
    case "STOCHASTIC": {
      const main = bin("+", p("K"), p("Slowing"));
      return line === "signal" ? plus(bin("+", main, p("D")), -3) : plus(main, -2);
    }
    case "ADX":
      return line === "plusDi" || line === "minusDi" ? p("Period") : bin("*", int(2), p("Period"));
    default:
      throw new Error(`${ind.kind} reads through BufferValue (indicator-readers.ts)`);
  }
}

/**
 * The value of `line` at CopyBuffer index `index` (spec shift + 1, plus any extra bars back): v1 kinds on
 * the chart's timeframe through IndicatorValue, everything else through indicator-readers.ts.
 */
export function lineValue(ctx: Context, ind: Indicator, line: string, index: number): Expr {
  if (!readsThroughBuffer(ind, ctx.spec.timeframe))
    return call(
      "IndicatorValue",
      id(handleName(ind.id)),
      lineBuffer(ind, line),
      int(index),
      warmUpBars(ind, line, ctx.spec.indicators),
    );
  const v1 = V1_KINDS.has(ind.kind)
    ? { buffer: lineBuffer(ind, line), first: warmUpBars(ind, line, ctx.spec.indicators) }
    : undefined;
  return newLineValue(ctx, ind, line, index, v1);
}

/** The iXxx(...) call that creates the handle; tunable periods become inputs. */
function createCall(ctx: Context, ind: Indicator): Expr | undefined {
  const TIMEFRAME = indicatorTimeframe(ind, ctx.spec.timeframe);
  const label = (what: string): string => `${ind.id}: ${ind.kind} ${what}`;
  const period = (name: string, value: number, what = "period"): Expr =>
    ctx.input("Indicators", "int", indicatorInput(ind.id, name), int(value), label(what));
  switch (ind.kind) {
    case "SMA":
    case "EMA":
    case "SMMA":
    case "LWMA": {
      // An average of another indicator: iMA's applied_price is that indicator's handle (created first).
      const src = sourceOf(ind, ctx.spec.indicators);
      return call(
        "iMA",
        SYMBOL,
        TIMEFRAME,
        period("Period", ind.period),
        int(0),
        id(MA_METHOD[ind.kind]),
        src ? id(handleName(src.id)) : appliedPrice(ind.appliedPrice),
      );
    }
    case "RSI":
      return call("iRSI", SYMBOL, TIMEFRAME, period("Period", ind.period), appliedPrice(ind.appliedPrice));
    case "MACD":
      return call(
        "iMACD",
        SYMBOL,
        TIMEFRAME,
        period("Fast", ind.fast, "fast EMA period"),
        period("Slow", ind.slow, "slow EMA period"),
        period("Signal", ind.signal, "signal period"),
        appliedPrice(ind.appliedPrice),
      );
    case "BOLLINGER":
      return call(
        "iBands",
        SYMBOL,
        TIMEFRAME,
        period("Period", ind.period),
        int(0),
        ctx.input(
          "Indicators",
          "double",
          indicatorInput(ind.id, "Deviation"),
          dbl(ind.deviation),
          label("deviation"),
        ),
        appliedPrice(ind.appliedPrice),
      );
    case "ATR":
      return call("iATR", SYMBOL, TIMEFRAME, period("Period", ind.period));
    case "STOCHASTIC":
      // The spec fixes MODE_SMA and STO_LOWHIGH (the terminal's defaults).
      return call(
        "iStochastic",
        SYMBOL,
        TIMEFRAME,
        period("K", ind.kPeriod, "%K period"),
        period("D", ind.dPeriod, "%D period"),
        period("Slowing", ind.slowing, "slowing"),
        id("MODE_SMA"),
        id("STO_LOWHIGH"),
      );
    case "CCI":
      return call("iCCI", SYMBOL, TIMEFRAME, period("Period", ind.period), appliedPrice(ind.appliedPrice));
    case "ADX":
      return call("iADX", SYMBOL, TIMEFRAME, period("Period", ind.period));
    case "MOMENTUM":
      return call(
        "iMomentum",
        SYMBOL,
        TIMEFRAME,
        period("Period", ind.period),
        appliedPrice(ind.appliedPrice),
      );
    default:
      return undefined;
  }
}

/** The declarations with every average's source before it (its handle must exist when iMA takes it). */
function sourcesFirst(all: readonly Indicator[]): Indicator[] {
  const out: Indicator[] = [];
  const visit = (ind: Indicator, depth: number) => {
    if (out.includes(ind)) return;
    const src = depth < all.length ? sourceOf(ind, all) : undefined;
    if (src) visit(src, depth + 1);
    out.push(ind);
  };
  for (const ind of all) visit(ind, 0);
  return out;
}

/** OnInit statements: create every handle and fail initialisation if one is invalid. */
export function createHandles(ctx: Context): Stmt[] {
  return sourcesFirst(ctx.spec.indicators).flatMap((ind): Stmt[] => {
    if (ind.timeframe !== undefined && ind.timeframe !== ctx.spec.timeframe)
      ctx.input(
        "Indicators",
        "ENUM_TIMEFRAMES",
        indicatorInput(ind.id, "Timeframe"),
        id(`PERIOD_${ind.timeframe}`),
        `${ind.id}: ${ind.kind} timeframe`,
      );
    const [first, second] = V1_KINDS.has(ind.kind)
      ? [createCall(ctx, ind), undefined]
      : createCalls(ctx, ind);
    return [
      ...(first ? created(ind, handleName(ind.id), first) : []),
      ...(second ? created(ind, secondHandle(ind.id), second) : []),
    ];
  });
}

function created(ind: Indicator, h: string, value: Expr): Stmt[] {
  return [
    { kind: "assign", target: h, op: "=", value },
    ifThen({ kind: "bin", op: "==", left: id(h), right: id("INVALID_HANDLE") }, [
      {
        kind: "expr",
        expr: call(
          "PrintFormat",
          str("Cannot create the %s indicator %s (error %d)"),
          str(ind.kind),
          str(ind.id),
          call("GetLastError"),
        ),
      },
      ret(id("INIT_FAILED")),
    ]),
  ];
}

/** OnDeinit statements: release what OnInit created. */
export function releaseHandles(ctx: Context): Stmt[] {
  return ctx.spec.indicators.flatMap((ind) =>
    [handleName(ind.id), ...(hasSecondHandle(ind) ? [secondHandle(ind.id)] : [])].map((h) =>
      ifThen({ kind: "bin", op: "!=", left: id(h), right: id("INVALID_HANDLE") }, [
        { kind: "expr", expr: call("IndicatorRelease", id(h)) },
      ]),
    ),
  );
}
