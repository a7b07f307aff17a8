/**
 * Issue 14's indicators in the EA: the handle of every other MetaTrader built-in (MQL5 reference
 * argument order), how each line is read (buffer, index offset of a shifted plot, warm-up), any
 * indicator on a higher timeframe, and the five the EA computes itself (Heiken Ashi, Supertrend,
 * Donchian, Keltner, Hull). The engine's definitions are in worker/indicators and
 * worker/engine/indicator-series.ts; spec-indicators.ts defines the higher-timeframe reading.
 */
import { hullPeriods } from "../../indicators/hull";
import type { AppliedPrice, Indicator, MaMethod } from "../../strategy/spec";
import type { Expr, FunctionDecl, GlobalDecl, Param, Stmt } from "../ir";
import { and, assign, bin, call, dbl, decl, id, ifThen, int, ret } from "../ir";
import { type Context, handleName, indicatorInput } from "./context";

const SYMBOL = id("_Symbol");
export const BUFFER_FN = "BufferValue";
const HA_FN = "HeikenAshiValue";
const CHANNEL_FN = "ChannelValue";
const HULL_FN = "HullValue";

const appliedPrice = (p: AppliedPrice): Expr => id(`PRICE_${p}`);
const maMethod = (m: MaMethod): Expr => id(`MODE_${m}`);
const TICK = id("VOLUME_TICK");

/** The kinds the EA computes itself (no MetaTrader handle of their own). */
export const COMPUTED_KINDS = new Set(["HEIKEN_ASHI", "SUPERTREND", "DONCHIAN", "KELTNER", "HULL"]);
/** The kinds that existed before issue 14 (read by IndicatorValue on the chart's timeframe). */
export const V1_KINDS = new Set([
  "SMA",
  "EMA",
  "SMMA",
  "LWMA",
  "RSI",
  "MACD",
  "BOLLINGER",
  "ATR",
  "STOCHASTIC",
  "CCI",
  "ADX",
  "MOMENTUM",
]);

/** The timeframe the indicator is computed on: its own input when it has a higher one. */
export function indicatorTimeframe(ind: Indicator, chart: string): Expr {
  return ind.timeframe !== undefined && ind.timeframe !== chart
    ? id(indicatorInput(ind.id, "Timeframe"))
    : id("InpTimeframe");
}

/** Does this indicator read through BufferValue (a new kind, or any kind on a higher timeframe)? */
export function readsThroughBuffer(ind: Indicator, chart: string): boolean {
  return !V1_KINDS.has(ind.kind) || (ind.timeframe !== undefined && ind.timeframe !== chart);
}

/** Second handles: Keltner's ATR, Hull's half-period LWMA. */
export const secondHandle = (indicatorId: string): string => `${handleName(indicatorId)}_2`;
export function hasSecondHandle(ind: Indicator): boolean {
  return ind.kind === "KELTNER" || ind.kind === "HULL";
}

/** The handle-creating calls of issue 14's kinds (first, second); undefined for v1 kinds. */
export function createCalls(ctx: Context, ind: Indicator): [Expr | undefined, Expr | undefined] {
  const tf = indicatorTimeframe(ind, ctx.spec.timeframe);
  const label = (what: string): string => `${ind.id}: ${ind.kind} ${what}`;
  const intIn = (name: string, value: number, what = "period"): Expr =>
    ctx.input("Indicators", "int", indicatorInput(ind.id, name), int(value), label(what));
  const dblIn = (name: string, value: number, what: string): Expr =>
    ctx.input("Indicators", "double", indicatorInput(ind.id, name), dbl(value), label(what));
  const c = (fn: string, ...args: Expr[]): Expr => call(fn, SYMBOL, tf, ...args);
  switch (ind.kind) {
    case "AC":
      return [c("iAC"), undefined];
    case "AO":
      return [c("iAO"), undefined];
    case "AD":
      return [c("iAD", TICK), undefined];
    case "OBV":
      return [c("iOBV", TICK), undefined];
    case "VOLUMES":
      return [c("iVolumes", TICK), undefined];
    case "BWMFI":
      return [c("iBWMFI", TICK), undefined];
    case "FRACTALS":
      return [c("iFractals"), undefined];
    case "ADX_WILDER":
      return [c("iADXWilder", intIn("Period", ind.period)), undefined];
    case "ALLIGATOR":
    case "GATOR":
      return [
        c(
          ind.kind === "ALLIGATOR" ? "iAlligator" : "iGator",
          intIn("JawPeriod", ind.jawPeriod, "jaw period"),
          intIn("JawShift", ind.jawShift, "jaw shift"),
          intIn("TeethPeriod", ind.teethPeriod, "teeth period"),
          intIn("TeethShift", ind.teethShift, "teeth shift"),
          intIn("LipsPeriod", ind.lipsPeriod, "lips period"),
          intIn("LipsShift", ind.lipsShift, "lips shift"),
          maMethod(ind.maMethod),
          appliedPrice(ind.appliedPrice),
        ),
        undefined,
      ];
    case "AMA":
      return [
        c(
          "iAMA",
          intIn("Period", ind.period),
          intIn("Fast", ind.fast, "fast period"),
          intIn("Slow", ind.slow, "slow period"),
          int(0),
          appliedPrice(ind.appliedPrice),
        ),
        undefined,
      ];
    case "BEARS":
      return [c("iBearsPower", intIn("Period", ind.period)), undefined];
    case "BULLS":
      return [c("iBullsPower", intIn("Period", ind.period)), undefined];
    case "CHAIKIN":
      return [
        c(
          "iChaikin",
          intIn("Fast", ind.fast, "fast period"),
          intIn("Slow", ind.slow, "slow period"),
          maMethod(ind.maMethod),
          TICK,
        ),
        undefined,
      ];
    case "DEMA":
      return [c("iDEMA", intIn("Period", ind.period), int(0), appliedPrice(ind.appliedPrice)), undefined];
    case "TEMA":
      return [c("iTEMA", intIn("Period", ind.period), int(0), appliedPrice(ind.appliedPrice)), undefined];
    case "TRIX":
      return [c("iTriX", intIn("Period", ind.period), appliedPrice(ind.appliedPrice)), undefined];
    case "FRAMA":
      return [c("iFrAMA", intIn("Period", ind.period), int(0), appliedPrice(ind.appliedPrice)), undefined];
    case "DEMARKER":
      return [c("iDeMarker", intIn("Period", ind.period)), undefined];
    case "MFI":
      return [c("iMFI", intIn("Period", ind.period), TICK), undefined];
    case "RVI":
      return [c("iRVI", intIn("Period", ind.period)), undefined];
    case "WPR":
      return [c("iWPR", intIn("Period", ind.period)), undefined];
    case "ENVELOPES":
      return [
        c(
          "iEnvelopes",
          intIn("Period", ind.period),
          int(0),
          maMethod(ind.maMethod),
          appliedPrice(ind.appliedPrice),
          dblIn("Deviation", ind.deviation, "deviation %"),
        ),
        undefined,
      ];
    case "FORCE":
      return [c("iForce", intIn("Period", ind.period), maMethod(ind.maMethod), TICK), undefined];
    case "ICHIMOKU":
      return [
        c(
          "iIchimoku",
          intIn("Tenkan", ind.tenkan, "Tenkan-sen"),
          intIn("Kijun", ind.kijun, "Kijun-sen"),
          intIn("Senkou", ind.senkou, "Senkou Span B"),
        ),
        undefined,
      ];
    case "OSMA":
      return [
        c(
          "iOsMA",
          intIn("Fast", ind.fast, "fast EMA period"),
          intIn("Slow", ind.slow, "slow EMA period"),
          intIn("Signal", ind.signal, "signal period"),
          appliedPrice(ind.appliedPrice),
        ),
        undefined,
      ];
    case "SAR":
      return [
        c("iSAR", dblIn("Step", ind.step, "step"), dblIn("Maximum", ind.maximum, "maximum")),
        undefined,
      ];
    case "STDDEV":
      return [
        c(
          "iStdDev",
          intIn("Period", ind.period),
          int(0),
          maMethod(ind.maMethod),
          appliedPrice(ind.appliedPrice),
        ),
        undefined,
      ];
    case "VIDYA":
      return [
        c(
          "iVIDyA",
          intIn("Cmo", ind.cmoPeriod, "CMO period"),
          intIn("Ema", ind.emaPeriod, "EMA period"),
          int(0),
          appliedPrice(ind.appliedPrice),
        ),
        undefined,
      ];
    case "SUPERTREND":
      // The ATR the EA's Supertrend is built on; the bands are computed in SupertrendValue.
      intIn("Period", ind.period, "ATR period");
      dblIn("Multiplier", ind.multiplier, "ATR multiplier");
      return [c("iATR", id(indicatorInput(ind.id, "Period"))), undefined];
    case "KELTNER": {
      const ma = c(
        "iMA",
        intIn("Period", ind.period),
        int(0),
        maMethod(ind.maMethod),
        appliedPrice(ind.appliedPrice),
      );
      dblIn("Multiplier", ind.multiplier, "ATR multiplier");
      return [ma, c("iATR", intIn("AtrPeriod", ind.atrPeriod, "ATR period"))];
    }
    case "HULL": {
      const [half] = hullPeriods(ind.period);
      return [
        c("iMA", intIn("Period", ind.period), int(0), id("MODE_LWMA"), appliedPrice(ind.appliedPrice)),
        c("iMA", int(half), int(0), id("MODE_LWMA"), appliedPrice(ind.appliedPrice)),
      ];
    }
    case "HEIKEN_ASHI":
    case "DONCHIAN":
      if (ind.kind === "DONCHIAN") intIn("Period", ind.period);
      return [undefined, undefined];
    default:
      return [undefined, undefined];
  }
}

const p = (ind: Indicator, name: string): Expr => id(indicatorInput(ind.id, name));
const plus = (a: Expr, k: number): Expr => (k === 0 ? a : bin(k > 0 ? "+" : "-", a, int(Math.abs(k))));
const max = (...xs: Expr[]): Expr => xs.reduce((a, b) => call("MathMax", a, b));

/** BufferValue(handle, timeframe, buffer, index, first). */
const buf = (
  ctx: Context,
  ind: Indicator,
  buffer: number | string,
  index: Expr,
  first: Expr,
  handle = handleName(ind.id),
): Expr =>
  call(
    BUFFER_FN,
    id(handle),
    indicatorTimeframe(ind, ctx.spec.timeframe),
    typeof buffer === "number" ? int(buffer) : id(buffer),
    index,
    first,
  );

/**
 * The value of `line` at CopyBuffer index `index` (spec shift + 1) for issue 14's kinds; `v1` reads a v1
 * kind's line on its higher timeframe (buffer and warm-up as the chart's).
 */
export function newLineValue(
  ctx: Context,
  ind: Indicator,
  line: string,
  index: number,
  v1: { buffer: Expr; first: Expr } | undefined,
): Expr {
  const at = int(index);
  const tf = indicatorTimeframe(ind, ctx.spec.timeframe);
  if (v1) return call(BUFFER_FN, id(handleName(ind.id)), tf, v1.buffer, at, v1.first);
  const b = (buffer: number | string, first: Expr, offset = 0) =>
    buf(ctx, ind, buffer, int(index + offset), first);
  switch (ind.kind) {
    case "AC":
      return b(0, int(37));
    case "AO":
      return b(0, int(33));
    case "AD":
    case "OBV":
    case "VOLUMES":
      return b(0, int(0));
    case "BWMFI":
      // MT5's buffer is in points; the spec's line in price.
      return bin("*", b(0, int(0)), id("_Point"));
    case "FRACTALS":
      // A fractal two bars back is confirmed by the bar that just closed; EMPTY_VALUE: none.
      return b(line === "lower" ? "LOWER_LINE" : "UPPER_LINE", int(2), 2);
    case "ADX_WILDER":
      return line === "adx"
        ? b("MAIN_LINE", bin("*", int(2), p(ind, "Period")))
        : b(line === "plusDi" ? "PLUSDI_LINE" : "MINUSDI_LINE", plus(p(ind, "Period"), 1));
    case "ALLIGATOR": {
      const [name, buffer] =
        line === "teeth"
          ? ["Teeth", "GATORTEETH_LINE"]
          : line === "lips"
            ? ["Lips", "GATORLIPS_LINE"]
            : ["Jaw", "GATORJAW_LINE"];
      // A shifted plot: CopyBuffer's index counts the bars it is drawn at.
      return b(buffer, plus(bin("+", p(ind, `${name}Period`), p(ind, `${name}Shift`)), -1));
    }
    case "GATOR": {
      const first =
        line === "lower"
          ? max(
              bin("+", bin("+", p(ind, "TeethShift"), p(ind, "LipsPeriod")), p(ind, "LipsShift")),
              plus(bin("+", p(ind, "TeethPeriod"), p(ind, "TeethShift")), -1),
              plus(bin("+", p(ind, "LipsPeriod"), p(ind, "LipsShift")), -1),
            )
          : max(
              bin("+", bin("+", p(ind, "JawShift"), p(ind, "TeethPeriod")), p(ind, "TeethShift")),
              plus(bin("+", p(ind, "JawPeriod"), p(ind, "JawShift")), -1),
              plus(bin("+", p(ind, "TeethPeriod"), p(ind, "TeethShift")), -1),
            );
      return b(line === "lower" ? "LOWER_HISTOGRAM" : "UPPER_HISTOGRAM", first);
    }
    case "AMA":
      return b(0, p(ind, "Period"));
    case "BEARS":
    case "BULLS":
    case "DEMARKER":
    case "MFI":
      return b(0, p(ind, "Period"));
    case "CHAIKIN":
      return b(0, plus(max(p(ind, "Fast"), p(ind, "Slow")), -1));
    case "DEMA":
      return b(0, plus(bin("*", int(2), p(ind, "Period")), -2));
    case "TEMA":
      return b(0, plus(bin("*", int(3), p(ind, "Period")), -3));
    case "TRIX":
      return b(0, max(int(1), plus(bin("*", int(3), p(ind, "Period")), -3)));
    case "FRAMA":
      return b(0, plus(bin("*", int(2), p(ind, "Period")), -1));
    case "RVI":
      return line === "signal"
        ? b("SIGNAL_LINE", plus(p(ind, "Period"), 5))
        : b("MAIN_LINE", plus(p(ind, "Period"), 2));
    case "WPR":
    case "STDDEV":
      return b(0, plus(p(ind, "Period"), -1));
    case "ENVELOPES":
      return b(line === "lower" ? "LOWER_LINE" : "UPPER_LINE", plus(p(ind, "Period"), -1));
    case "FORCE":
      return b(0, p(ind, "Period"));
    case "ICHIMOKU": {
      const kijun = p(ind, "Kijun");
      switch (line) {
        case "tenkan":
          return b("TENKANSEN_LINE", plus(p(ind, "Tenkan"), -1));
        case "kijun":
          return b("KIJUNSEN_LINE", plus(kijun, -1));
        case "chikou":
          return call("iClose", SYMBOL, tf, at);
        default: {
          // The spans are drawn `kijun` bars ahead: the bar's own value is at index - kijun.
          const first =
            line === "spanA" ? plus(max(p(ind, "Tenkan"), kijun), -1) : plus(p(ind, "Senkou"), -1);
          return buf(
            ctx,
            ind,
            line === "spanA" ? "SENKOUSPANA_LINE" : "SENKOUSPANB_LINE",
            bin("-", at, kijun),
            bin("+", first, kijun),
          );
        }
      }
    }
    case "OSMA":
      return b(0, plus(bin("+", max(p(ind, "Fast"), p(ind, "Slow")), p(ind, "Signal")), -2));
    case "SAR":
      return b(0, int(1));
    case "VIDYA":
      return b(0, plus(bin("+", p(ind, "Ema"), p(ind, "Cmo")), -1));
    case "HEIKEN_ASHI":
      return call(HA_FN, tf, int(["close", "open", "high", "low"].indexOf(line)), at);
    case "DONCHIAN": {
      const hi = call(CHANNEL_FN, tf, id("MODE_HIGH"), p(ind, "Period"), at);
      const lo = call(CHANNEL_FN, tf, id("MODE_LOW"), p(ind, "Period"), at);
      return line === "upper" ? hi : line === "lower" ? lo : bin("/", bin("+", hi, lo), dbl(2));
    }
    case "KELTNER": {
      const first = max(plus(p(ind, "Period"), -1), p(ind, "AtrPeriod"));
      const mid = b(0, first);
      if (line === "middle") return mid;
      const band = bin("*", p(ind, "Multiplier"), buf(ctx, ind, 0, at, first, secondHandle(ind.id)));
      return bin(line === "upper" ? "+" : "-", mid, band);
    }
    case "HULL": {
      const [, root] = hullPeriods(ind.period);
      return call(
        HULL_FN,
        id(secondHandle(ind.id)),
        id(handleName(ind.id)),
        tf,
        int(root),
        at,
        plus(p(ind, "Period"), root - 2),
      );
    }
    case "SUPERTREND":
      return call(supertrendFn(ind.id), int(line === "direction" ? 1 : 0), at);
    default:
      throw new Error(`no reader for ${ind.kind}`);
  }
}

const supertrendFn = (indicatorId: string): string => `Supertrend_${indicatorId}`;

const TF_PARAM: Param = { type: "ENUM_TIMEFRAMES", name: "tf" };
const warmIf = (test: Expr): Stmt => ifThen(test, [assign("g_warm", id("true")), ret(dbl(0))]);
const barsOf = (tf: Expr): Expr => call("Bars", SYMBOL, tf);
const price = (fn: string, tf: Expr, i: Expr): Expr => call(fn, SYMBOL, tf, i);

/** BufferValue: one closed-bar value of a buffer on any timeframe; warm-up and EMPTY_VALUE raise g_warm. */
export function bufferValueFunction(): FunctionDecl {
  return {
    returnType: "double",
    name: BUFFER_FN,
    params: [
      { type: "int", name: "handle" },
      TF_PARAM,
      { type: "int", name: "buffer" },
      { type: "int", name: "index" },
      { type: "int", name: "first" },
    ],
    doc: "One value of an indicator buffer on its timeframe; flags warm-up, no value and missing data",
    body: [
      warmIf(bin("<", bin("-", bin("-", barsOf(id("tf")), int(1)), id("index")), id("first"))),
      { kind: "decl", type: "double", name: "values", array: true },
      ifThen(
        bin("!=", call("CopyBuffer", id("handle"), id("buffer"), id("index"), int(1), id("values")), int(1)),
        [assign("g_dataOk", id("false")), ret(dbl(0))],
      ),
      { kind: "comment", text: "EMPTY_VALUE: nothing drawn there (e.g. no fractal)." },
      warmIf(bin("==", { kind: "index", array: "values", index: int(0) }, id("EMPTY_VALUE"))),
      ret({ kind: "index", array: "values", index: int(0) }),
    ],
  };
}

/**
 * HeikenAshiValue(tf, line, index): Heiken_Ashi.mq5's candles (line 0 close, 1 open, 2 high, 3 low) of the
 * bar at `index`, by its recursion over the 128 bars before it (from the series' first bar when it is
 * closer): an older start changes haOpen by less than 2^-128 of the price range, far inside the spec's
 * 1e-9 EQUALITY, so the value is the engine's full-history one.
 */
function heikenAshiFunction(): FunctionDecl {
  const tf = id("tf");
  const at = (k: Expr) => bin("+", id("index"), k);
  const mean4 = (i: Expr) =>
    bin(
      "/",
      bin(
        "+",
        bin("+", price("iOpen", tf, i), price("iHigh", tf, i)),
        bin("+", price("iLow", tf, i), price("iClose", tf, i)),
      ),
      dbl(4),
    );
  return {
    returnType: "double",
    name: HA_FN,
    params: [TF_PARAM, { type: "int", name: "line" }, { type: "int", name: "index" }],
    doc: "A Heiken Ashi candle value (0 close, 1 open, 2 high, 3 low), as Heiken_Ashi.mq5",
    body: [
      warmIf(bin("<", bin("-", bin("-", barsOf(tf), int(1)), id("index")), int(0))),
      decl("int", "depth", call("MathMin", int(128), bin("-", bin("-", barsOf(tf), int(1)), id("index")))),
      decl("double", "o", price("iOpen", tf, at(id("depth")))),
      decl("double", "c", price("iClose", tf, at(id("depth")))),
      {
        kind: "forDown",
        variable: "k",
        from: bin("-", id("depth"), int(1)),
        body: [
          decl("double", "next", bin("/", bin("+", id("o"), id("c")), dbl(2))),
          assign("c", mean4(at(id("k")))),
          assign("o", id("next")),
        ],
      },
      ifThen(bin("==", id("line"), int(0)), [ret(id("c"))]),
      ifThen(bin("==", id("line"), int(1)), [ret(id("o"))]),
      ifThen(bin("==", id("line"), int(2)), [
        ret(call("MathMax", price("iHigh", tf, id("index")), call("MathMax", id("o"), id("c")))),
      ]),
      ret(call("MathMin", price("iLow", tf, id("index")), call("MathMin", id("o"), id("c")))),
    ],
  };
}

/** ChannelValue(tf, mode, period, index): the highest high (MODE_HIGH) or lowest low of `period` bars from `index`. */
function channelFunction(): FunctionDecl {
  const tf = id("tf");
  const isHigh = bin("==", id("mode"), id("MODE_HIGH"));
  return {
    returnType: "double",
    name: CHANNEL_FN,
    params: [
      TF_PARAM,
      { type: "int", name: "mode" },
      { type: "int", name: "period" },
      { type: "int", name: "index" },
    ],
    doc: "Donchian channel side: the highest high or lowest low of `period` bars ending at `index`",
    body: [
      warmIf(bin("<", bin("-", bin("-", barsOf(tf), int(1)), id("index")), bin("-", id("period"), int(1)))),
      ifThen(isHigh, [
        ret(price("iHigh", tf, call("iHighest", SYMBOL, tf, id("MODE_HIGH"), id("period"), id("index")))),
      ]),
      ret(price("iLow", tf, call("iLowest", SYMBOL, tf, id("MODE_LOW"), id("period"), id("index")))),
    ],
  };
}

/** HullValue: LWMA over `root` bars of 2 x LWMA(half) - LWMA(period), from two iMA handles. */
function hullFunction(): FunctionDecl {
  const tf = id("tf");
  const read = (h: string) => call(BUFFER_FN, id(h), tf, int(0), bin("+", id("index"), id("k")), int(0));
  return {
    returnType: "double",
    name: HULL_FN,
    params: [
      { type: "int", name: "half" },
      { type: "int", name: "full" },
      TF_PARAM,
      { type: "int", name: "root" },
      { type: "int", name: "index" },
      { type: "int", name: "first" },
    ],
    doc: "Hull moving average: LWMA(root) of 2 x LWMA(half) - LWMA(period)",
    body: [
      warmIf(bin("<", bin("-", bin("-", barsOf(tf), int(1)), id("index")), id("first"))),
      decl("double", "sum", dbl(0)),
      {
        kind: "forDown",
        variable: "k",
        from: bin("-", id("root"), int(1)),
        body: [
          {
            kind: "assign",
            target: "sum",
            op: "+=",
            value: bin(
              "*",
              bin("-", bin("*", dbl(2), read("half")), read("full")),
              bin("-", id("root"), id("k")),
            ),
          },
        ],
      },
      ret(bin("/", id("sum"), bin("/", bin("*", id("root"), bin("+", id("root"), int(1))), dbl(2)))),
    ],
  };
}

/**
 * Supertrend_<id>(line, index): the engine's recursion (worker/indicators/supertrend.ts) kept in global
 * arrays indexed by series position (0 = oldest), extended once per new closed bar from the iATR handle.
 */
function supertrendFunction(ctx: Context, ind: Extract<Indicator, { kind: "SUPERTREND" }>): FunctionDecl {
  const tf = indicatorTimeframe(ind, ctx.spec.timeframe);
  const g = (name: string) => `g_${ind.id}_${name}`;
  const at = (name: string, i: Expr): Expr => ({ kind: "index", array: g(name), index: i });
  const set = (name: string, i: string, value: Expr): Stmt => ({
    kind: "assign",
    target: `${g(name)}[${i}]`,
    op: "=",
    value,
  });
  const period = p(ind, "Period");
  const mult = p(ind, "Multiplier");
  const series = (fn: string) => price(fn, tf, id("si"));
  const pos = id("pos");
  const prev = bin("-", pos, int(1));
  return {
    returnType: "double",
    name: supertrendFn(ind.id),
    params: [
      { type: "int", name: "line" },
      { type: "int", name: "index" },
    ],
    doc: `Supertrend ${ind.id}: line 0 the trailing band, 1 the direction (+1/-1)`,
    body: [
      decl("int", "bars", barsOf(tf)),
      decl("int", "last", bin("-", id("bars"), int(2))),
      ifThen(bin("<", id(g("count")), bin("+", id("last"), int(1))), [
        expr(call("ArrayResize", id(g("upper")), bin("+", id("last"), int(1)))),
        expr(call("ArrayResize", id(g("lower")), bin("+", id("last"), int(1)))),
        expr(call("ArrayResize", id(g("dir")), bin("+", id("last"), int(1)))),
        {
          kind: "forDown",
          variable: "k",
          from: bin("-", id("last"), id(g("count"))),
          body: [
            decl("int", "pos", bin("-", id("last"), id("k"))),
            decl("int", "si", bin("-", bin("-", id("bars"), int(1)), pos)),
            ifThen(bin("<", pos, period), [set("dir", "pos", dbl(0)), { kind: "continue" }]),
            decl("double", "a", call(BUFFER_FN, id(handleName(ind.id)), tf, int(0), id("si"), int(0))),
            decl("double", "mid", bin("/", bin("+", series("iHigh"), series("iLow")), dbl(2))),
            decl("double", "bu", bin("+", id("mid"), bin("*", mult, id("a")))),
            decl("double", "bl", bin("-", id("mid"), bin("*", mult, id("a")))),
            decl("double", "close", series("iClose")),
            ifThen(bin("==", pos, period), [
              set("upper", "pos", id("bu")),
              set("lower", "pos", id("bl")),
              set("dir", "pos", {
                kind: "cond",
                test: bin("<", id("close"), id("bl")),
                ifTrue: dbl(-1),
                ifFalse: dbl(1),
              }),
              { kind: "continue" },
            ]),
            decl("double", "prevClose", price("iClose", tf, bin("+", id("si"), int(1)))),
            decl("double", "pu", at("upper", prev)),
            decl("double", "pl", at("lower", prev)),
            set("upper", "pos", {
              kind: "cond",
              test: bin("<", id("prevClose"), id("pu")),
              ifTrue: call("MathMin", id("bu"), id("pu")),
              ifFalse: id("bu"),
            }),
            set("lower", "pos", {
              kind: "cond",
              test: bin(">", id("prevClose"), id("pl")),
              ifTrue: call("MathMax", id("bl"), id("pl")),
              ifFalse: id("bl"),
            }),
            set("dir", "pos", at("dir", prev)),
            ifThen(and(bin("<", at("dir", prev), dbl(0)), bin(">", id("close"), id("pu"))), [
              set("dir", "pos", dbl(1)),
            ]),
            ifThen(and(bin(">", at("dir", prev), dbl(0)), bin("<", id("close"), id("pl"))), [
              set("dir", "pos", dbl(-1)),
            ]),
          ],
        },
        assign(g("count"), bin("+", id("last"), int(1))),
      ]),
      decl("int", "at", bin("-", bin("-", id("bars"), int(1)), id("index"))),
      warmIf(bin("<", id("at"), period)),
      ifThen(bin("==", id("line"), int(1)), [ret(at("dir", id("at")))]),
      ret({
        kind: "cond",
        test: bin(">", at("dir", id("at")), dbl(0)),
        ifTrue: at("lower", id("at")),
        ifFalse: at("upper", id("at")),
      }),
    ],
  };
}

const expr = (e: Expr): Stmt => ({ kind: "expr", expr: e });

/** Globals of the EA-computed indicators (Supertrend's arrays) and the second handles. */
export function readerGlobals(ctx: Context): GlobalDecl[] {
  return ctx.spec.indicators.flatMap((ind): GlobalDecl[] => {
    const out: GlobalDecl[] = [];
    if (hasSecondHandle(ind))
      out.push({
        type: "int",
        name: secondHandle(ind.id),
        init: id("INVALID_HANDLE"),
        comment: `${ind.kind} ${ind.id} (second)`,
      });
    if (ind.kind === "SUPERTREND") {
      out.push({
        type: "double",
        name: `g_${ind.id}_upper`,
        array: true,
        comment: `Supertrend ${ind.id} bands`,
      });
      out.push({ type: "double", name: `g_${ind.id}_lower`, array: true });
      out.push({ type: "double", name: `g_${ind.id}_dir`, array: true });
      out.push({
        type: "int",
        name: `g_${ind.id}_count`,
        init: int(0),
        comment: "positions computed so far",
      });
    }
    return out;
  });
}

/** The helper functions the spec's indicators need. */
export function readerFunctions(ctx: Context): FunctionDecl[] {
  const chart = ctx.spec.timeframe;
  const inds = ctx.spec.indicators;
  const out: FunctionDecl[] = [];
  if (inds.some((i) => readsThroughBuffer(i, chart))) out.push(bufferValueFunction());
  if (inds.some((i) => i.kind === "HEIKEN_ASHI")) out.push(heikenAshiFunction());
  if (inds.some((i) => i.kind === "DONCHIAN")) out.push(channelFunction());
  if (inds.some((i) => i.kind === "HULL")) out.push(hullFunction());
  for (const i of inds) if (i.kind === "SUPERTREND") out.push(supertrendFunction(ctx, i));
  return out;
}
