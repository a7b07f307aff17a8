/**
 * The v2 price constructs (worker/strategy/spec-price.ts) in the EA, computed from the strategy
 * timeframe's own bars exactly as the engine computes them (worker/engine/price-constructs.ts): the
 * same comparisons and the same arithmetic in the same order, so both see the same doubles. A construct
 * without a value (too few bars, no previous day, an empty window) raises g_warm, which makes its
 * condition false, as the engine's NaN does. Bar times are read on the time filter's clock (UTC: the
 * server time minus the broker's offset).
 */
import type { BasicOperand, CandlePattern, Offset } from "../../strategy/spec";
import type { Expr, FunctionDecl, Stmt } from "../ir";
import { and, assign, bin, call, dbl, decl, id, ifThen, int, not, or, ret } from "../ir";
import type { Context } from "./context";
import { TIMEFRAME } from "./indicators";

type Construct = Extract<
  BasicOperand,
  { type: "extreme" | "previousPeriod" | "timeWindow" | "candle" | "swing" }
>;

const SYMBOL = id("_Symbol");
const series = (fn: string, index: Expr): Expr => call(fn, SYMBOL, TIMEFRAME, index);
const bars = (): Expr => call("iBars", SYMBOL, TIMEFRAME);
const raiseWarm = (): Stmt[] => [assign("g_warm", id("true")), ret(dbl(0))];
const cast = (type: "long", operand: Expr): Expr => ({ kind: "cast", type, operand });

/**
 * Open time of the bar at a series index on the time filter's clock: broker server time, which is what
 * iTime returns in MT5 and what the engine's bars carry (docs: server time), so no offset is applied.
 */
function serverBarTime(index: Expr): Expr {
  return cast("long", series("iTime", index));
}

function extremeFunction(high: boolean): FunctionDecl {
  const fn = high ? "iHigh" : "iLow";
  const pick = high ? "MathMax" : "MathMin";
  return {
    returnType: "double",
    name: high ? "HighestHigh" : "LowestLow",
    params: [
      { type: "int", name: "count" },
      { type: "int", name: "start" },
    ],
    doc: `${high ? "Highest high" : "Lowest low"} of count bars from series index start back`,
    body: [
      ifThen(bin(">", bin("+", id("start"), id("count")), bars()), raiseWarm()),
      decl("double", "v", series(fn, id("start"))),
      {
        kind: "forUp",
        variable: "k",
        from: int(1),
        to: id("count"),
        body: [assign("v", call(pick, id("v"), series(fn, bin("+", id("start"), id("k")))))],
      },
      ret(id("v")),
    ],
  };
}

/** Day number, or week number with weeks from Sunday (the engine's clock.ts weekNumber). */
function periodKeyFunction(): FunctionDecl {
  const day = bin("/", id("t"), int(86400));
  return {
    returnType: "long",
    name: "PeriodKey",
    params: [
      { type: "long", name: "t" },
      { type: "bool", name: "week" },
    ],
    doc: "Calendar day of a UTC time, or its week (weeks start on Sunday)",
    body: [
      decl("long", "d", day),
      ifThen(id("week"), [ret(bin("/", bin("+", id("d"), int(4)), int(7)))]),
      ret(id("d")),
    ],
  };
}

function periodValueFunction(): FunctionDecl {
  const at = (fn: string) => series(fn, id("i"));
  return {
    returnType: "double",
    name: "PreviousPeriodValue",
    params: [
      { type: "bool", name: "week" },
      { type: "int", name: "field" },
      { type: "int", name: "back" },
      { type: "int", name: "start" },
    ],
    doc: "Open (0), high (1), low (2) or close (3) of the back-th day (week) before the one of the bar's close",
    body: [
      decl(
        "long",
        "current",
        call(
          "PeriodKey",
          bin("+", serverBarTime(id("start")), cast("long", call("PeriodSeconds", TIMEFRAME))),
          id("week"),
        ),
      ),
      decl("long", "key", id("current")),
      decl("int", "found", int(0)),
      decl("double", "o", dbl(0)),
      decl("double", "h", dbl(0)),
      decl("double", "l", dbl(0)),
      decl("double", "c", dbl(0)),
      decl("int", "total", bars()),
      {
        kind: "forUp",
        variable: "i",
        from: id("start"),
        to: id("total"),
        body: [
          decl("long", "k", call("PeriodKey", serverBarTime(id("i")), id("week"))),
          ifThen(bin("==", id("k"), id("current")), [{ kind: "continue" }]),
          ifThen(
            bin("!=", id("k"), id("key")),
            [
              ifThen(bin("==", id("found"), id("back")), [{ kind: "break" }]),
              assign("found", bin("+", id("found"), int(1))),
              assign("key", id("k")),
              assign("h", at("iHigh")),
              assign("l", at("iLow")),
              assign("c", at("iClose")),
            ],
            [
              assign("h", call("MathMax", id("h"), at("iHigh"))),
              assign("l", call("MathMin", id("l"), at("iLow"))),
            ],
          ),
          assign("o", at("iOpen")),
        ],
      },
      ifThen(bin("<", id("found"), id("back")), raiseWarm()),
      ifThen(bin("==", id("field"), int(0)), [ret(id("o"))]),
      ifThen(bin("==", id("field"), int(1)), [ret(id("h"))]),
      ifThen(bin("==", id("field"), int(2)), [ret(id("l"))]),
      ret(id("c")),
    ],
  };
}

/**
 * The day (week) of the bar's close so far (spec-price.ts, previousPeriod back 0): its bars from the bar at
 * series index start back while they belong to it; none (the bar is the last of its day): no value.
 */
function currentPeriodFunction(): FunctionDecl {
  const at = (fn: string) => series(fn, id("i"));
  return {
    returnType: "double",
    name: "CurrentPeriodValue",
    params: [
      { type: "bool", name: "week" },
      { type: "int", name: "field" },
      { type: "int", name: "start" },
    ],
    doc: "Open (0), high (1), low (2) or close (3) so far of the day (week) of the bar's close",
    body: [
      decl(
        "long",
        "current",
        call(
          "PeriodKey",
          bin("+", serverBarTime(id("start")), cast("long", call("PeriodSeconds", TIMEFRAME))),
          id("week"),
        ),
      ),
      decl("bool", "any", id("false")),
      decl("double", "o", dbl(0)),
      decl("double", "h", dbl(0)),
      decl("double", "l", dbl(0)),
      decl("int", "total", bars()),
      {
        kind: "forUp",
        variable: "i",
        from: id("start"),
        to: id("total"),
        body: [
          ifThen(bin("!=", call("PeriodKey", serverBarTime(id("i")), id("week")), id("current")), [
            { kind: "break" },
          ]),
          ifThen(
            id("any"),
            [
              assign("h", call("MathMax", id("h"), at("iHigh"))),
              assign("l", call("MathMin", id("l"), at("iLow"))),
            ],
            [assign("h", at("iHigh")), assign("l", at("iLow")), assign("any", id("true"))],
          ),
          assign("o", at("iOpen")),
        ],
      },
      ifThen(not(id("any")), raiseWarm()),
      ifThen(bin("==", id("field"), int(0)), [ret(id("o"))]),
      ifThen(bin("==", id("field"), int(1)), [ret(id("h"))]),
      ifThen(bin("==", id("field"), int(2)), [ret(id("l"))]),
      ret(series("iClose", id("start"))),
    ],
  };
}

function windowFunction(): FunctionDecl {
  const x = id("x");
  return {
    returnType: "double",
    name: "TimeWindowExtreme",
    params: [
      { type: "int", name: "toMinute" },
      { type: "int", name: "lengthMinutes" },
      { type: "bool", name: "high" },
      { type: "int", name: "start" },
    ],
    doc: "High (low) of the bars opened in the latest time window ended by the bar's close",
    body: [
      decl(
        "long",
        "close",
        bin("+", serverBarTime(id("start")), cast("long", call("PeriodSeconds", TIMEFRAME))),
      ),
      decl(
        "long",
        "end",
        bin("+", bin("-", id("close"), bin("%", id("close"), int(86400))), bin("*", id("toMinute"), int(60))),
      ),
      ifThen(bin(">", id("end"), id("close")), [assign("end", bin("-", id("end"), int(86400)))]),
      decl("long", "begin", bin("-", id("end"), bin("*", id("lengthMinutes"), int(60)))),
      decl("bool", "any", id("false")),
      decl("double", "v", dbl(0)),
      decl("int", "total", bars()),
      {
        kind: "forUp",
        variable: "i",
        from: id("start"),
        to: id("total"),
        body: [
          decl("long", "t", serverBarTime(id("i"))),
          ifThen(bin("<", id("t"), id("begin")), [{ kind: "break" }]),
          ifThen(bin(">=", id("t"), id("end")), [{ kind: "continue" }]),
          decl("double", "x", {
            kind: "cond",
            test: id("high"),
            ifTrue: series("iHigh", id("i")),
            ifFalse: series("iLow", id("i")),
          }),
          ifThen(
            or(not(id("any")), {
              kind: "cond",
              test: id("high"),
              ifTrue: bin(">", x, id("v")),
              ifFalse: bin("<", x, id("v")),
            }),
            [assign("v", x), assign("any", id("true"))],
          ),
        ],
      },
      ifThen(not(id("any")), raiseWarm()),
      ret(id("v")),
    ],
  };
}

/**
 * The latest swing low (high) confirmed by the bar at series index start (spec-price.ts; the engine's
 * swing in price-constructs.ts): from the newest candidate, start + strength, back to the oldest that has
 * strength earlier bars, the first bar strictly beyond its strength later bars and at least level with its
 * strength earlier ones.
 */
function swingFunction(): FunctionDecl {
  const pick = (i: Expr): Expr => ({
    kind: "cond",
    test: id("high"),
    ifTrue: series("iHigh", i),
    ifFalse: series("iLow", i),
  });
  const x = id("x");
  const later = id("later");
  const earlier = id("earlier");
  return {
    returnType: "double",
    name: "SwingLevel",
    params: [
      { type: "bool", name: "high" },
      { type: "int", name: "strength" },
      { type: "int", name: "start" },
    ],
    doc: "Low (high) of the latest swing point confirmed by the bar at series index start",
    body: [
      decl("int", "total", bars()),
      {
        kind: "forUp",
        variable: "i",
        from: bin("+", id("start"), id("strength")),
        to: bin("-", id("total"), id("strength")),
        body: [
          decl("double", "x", pick(id("i"))),
          decl("bool", "hit", id("true")),
          {
            kind: "forUp",
            variable: "k",
            from: int(1),
            to: bin("+", id("strength"), int(1)),
            body: [
              decl("double", "later", pick(bin("-", id("i"), id("k")))),
              decl("double", "earlier", pick(bin("+", id("i"), id("k")))),
              // Strictly beyond the later bars; a tie with an earlier bar still counts (Fractals.mq5).
              ifThen(
                not({
                  kind: "cond",
                  test: id("high"),
                  ifTrue: and(bin(">", x, later), bin(">=", x, earlier)),
                  ifFalse: and(bin("<", x, later), bin("<=", x, earlier)),
                }),
                [assign("hit", id("false")), { kind: "break" }],
              ),
            ],
          },
          ifThen(id("hit"), [ret(x)]),
        ],
      },
      ...raiseWarm(),
    ],
  };
}

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const FIELD = { OPEN: 0, HIGH: 1, LOW: 2, CLOSE: 3 } as const;

/** The construct's value at a series index (1 = the bar that just closed). */
export function constructAt(ctx: Context, op: Construct, index: number): Expr {
  switch (op.type) {
    case "extreme": {
      const high = op.side === "highest";
      const name = ctx.helper(high ? "HighestHigh" : "LowestLow", () => extremeFunction(high));
      return call(name, int(op.bars), int(index));
    }
    case "previousPeriod": {
      ctx.helper("PeriodKey", periodKeyFunction);
      if (op.back === 0) {
        const today = ctx.helper("CurrentPeriodValue", currentPeriodFunction);
        return call(today, id(op.period === "week" ? "true" : "false"), int(FIELD[op.field]), int(index));
      }
      const name = ctx.helper("PreviousPeriodValue", periodValueFunction);
      return call(
        name,
        id(op.period === "week" ? "true" : "false"),
        int(FIELD[op.field]),
        int(op.back),
        int(index),
      );
    }
    case "timeWindow": {
      const name = ctx.helper("TimeWindowExtreme", windowFunction);
      const to = minutes(op.to);
      const length = (((to - minutes(op.from)) % 1440) + 1440) % 1440 || 1440;
      return call(name, int(to), int(length), id(op.side === "high" ? "true" : "false"), int(index));
    }
    case "swing": {
      const name = ctx.helper("SwingLevel", swingFunction);
      return call(name, id(op.side === "high" ? "true" : "false"), int(op.strength), int(index));
    }
    case "candle": {
      const [o, h, l, c] = ["iOpen", "iHigh", "iLow", "iClose"].map((fn) => series(fn, int(index)));
      switch (op.measure) {
        case "body":
          return call("MathAbs", bin("-", c, o));
        case "range":
          return bin("-", h, l);
        case "upperWick":
          return bin("-", h, call("MathMax", o, c));
        case "lowerWick":
          return bin("-", call("MathMin", o, c), l);
      }
    }
  }
}

/** a + k x b + offset in the engine's order: ((a + k x b) + a x percent) + fixed. */
export function expressionValue(a: Expr, k: number, b: Expr | undefined, offset: Offset | undefined): Expr {
  let v = a;
  if (b) v = bin("+", v, bin("*", dbl(k), b));
  if (offset?.unit === "percent") v = bin("+", v, bin("*", a, dbl(offset.value / 100)));
  else if (offset)
    v = bin("+", v, bin("*", dbl(offset.value), id(offset.unit === "pips" ? "g_pip" : "_Point")));
  return v;
}

/** The pattern's test on the bar at series index `index` (its previous bar is index + 1). */
export function patternExpr(pattern: CandlePattern, index: number): Expr {
  const bar = (i: number) => ["iOpen", "iHigh", "iLow", "iClose"].map((fn) => series(fn, int(i)));
  const [o, h, l, c] = bar(index);
  const [o1, h1, l1, c1] = bar(index + 1);
  const hasPrevious = bin(">", bars(), int(index + 1));
  const pin = (wick: Expr) =>
    and(bin(">", h, l), bin(">=", bin("*", dbl(3), wick), bin("*", dbl(2), bin("-", h, l))));
  switch (pattern) {
    case "bullish":
      return bin(">", c, o);
    case "bearish":
      return bin("<", c, o);
    case "insideBar":
      return and(hasPrevious, bin("<", h, h1), bin(">", l, l1));
    case "bullishEngulfing":
      return and(hasPrevious, bin("<", c1, o1), bin(">", c, o), bin("<=", o, c1), bin(">=", c, o1));
    case "bearishEngulfing":
      return and(hasPrevious, bin(">", c1, o1), bin("<", c, o), bin(">=", o, c1), bin("<=", c, o1));
    case "bullishPinBar":
      return pin(bin("-", call("MathMin", o, c), l));
    case "bearishPinBar":
      return pin(bin("-", h, call("MathMax", o, c)));
    case "outsideBar":
      return and(hasPrevious, bin(">", h, h1), bin("<", l, l1));
    case "doji":
      return and(
        bin(">", h, l),
        bin("<=", bin("*", dbl(10), call("MathAbs", bin("-", c, o))), bin("-", h, l)),
      );
  }
}
