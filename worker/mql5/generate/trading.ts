/**
 * The trading helpers of the expert advisor: reading indicator values, finding our positions
 * (same symbol and magic number), closing, opening with stops, volume sizing and the per-tick
 * trailing stop and break-even. Fill rules follow worker/strategy/spec.ts: market orders, SL/TP
 * placed from the fill price (the quote we send: ask for buys, bid for sells).
 */

import type { Sizing } from "../../strategy/spec";
import {
  and,
  assign,
  bin,
  call,
  dbl,
  decl,
  type Expr,
  expr,
  type FunctionDecl,
  id,
  ifThen,
  index,
  int,
  method,
  not,
  or,
  ret,
  type Stmt,
  str,
} from "../ir";
import { VALUE_FN } from "./conditions";
import type { Context } from "./context";
import { distance } from "./distances";
import { openExits } from "./exits";
import { lotsExpr, riskAmount } from "./sizing";
import { continueIf, pointsApart, SYMBOL, tradeFailed, zero } from "./snippets";

const symbolDouble = (prop: string): Expr => call("SymbolInfoDouble", SYMBOL, id(prop));
const symbolLevel = (prop: string): Expr => call("SymbolInfoInteger", SYMBOL, id(prop));

export function valueFunction(): FunctionDecl {
  return {
    returnType: "double",
    name: VALUE_FN,
    params: [
      { type: "int", name: "handle" },
      { type: "int", name: "buffer" },
      { type: "int", name: "index" },
      { type: "int", name: "first" },
    ],
    doc: "One closed-bar value of an indicator buffer; flags missing data",
    body: [
      {
        kind: "comment",
        text: "Inside the indicator's warm-up (before series position `first`): no value yet.",
      },
      ifThen(
        bin(
          "<",
          bin("-", bin("-", call("Bars", SYMBOL, id("InpTimeframe")), int(1)), id("index")),
          id("first"),
        ),
        [assign("g_warm", id("true")), ret(zero)],
      ),
      { kind: "decl", type: "double", name: "values", array: true },
      ifThen(
        bin("!=", call("CopyBuffer", id("handle"), id("buffer"), id("index"), int(1), id("values")), int(1)),
        [
          // Not calculated yet (e.g. right after start): the caller retries on the next tick.
          assign("g_dataOk", id("false")),
          ret(zero),
        ],
      ),
      ret(index("values", 0)),
    ],
  };
}

export function isOursFunction(): FunctionDecl {
  return {
    returnType: "bool",
    name: "IsOurPosition",
    params: [],
    doc: "Is the selected position this EA's (symbol and magic number)?",
    body: [
      ret(
        and(
          bin("==", call("PositionGetString", id("POSITION_SYMBOL")), SYMBOL),
          bin("==", call("PositionGetInteger", id("POSITION_MAGIC")), id("InpMagicNumber")),
        ),
      ),
    ],
  };
}

/** for(int i = PositionsTotal() - 1; i >= 0; i--) over our positions, selecting each one. */
export const eachOurPosition = (body: Stmt[]): Stmt => ({
  kind: "forDown",
  variable: "i",
  from: bin("-", call("PositionsTotal"), int(1)),
  body: [
    decl("ulong", "ticket", call("PositionGetTicket", id("i"))),
    continueIf(bin("==", id("ticket"), int(0))),
    continueIf(not(call("IsOurPosition"))),
    ...body,
  ],
});

/** `entries`: count each position's entries (PositionEntries, generate/netting.ts), not positions. */
export function countFunction(entries = false): FunctionDecl {
  return {
    returnType: "int",
    name: "CountPositions",
    params: [],
    doc: entries ? "Entries held by this EA on this symbol" : "Open positions of this EA on this symbol",
    body: [
      decl("int", "count", int(0)),
      eachOurPosition([
        { kind: "assign", target: "count", op: "+=", value: entries ? call("PositionEntries") : int(1) },
      ]),
      ret(id("count")),
    ],
  };
}

export function closeFunction(): FunctionDecl {
  return {
    returnType: "void",
    name: "ClosePositions",
    params: [{ type: "long", name: "positionType" }],
    doc: "Close this EA's positions of one type (POSITION_TYPE_BUY/SELL)",
    body: [
      eachOurPosition([
        continueIf(bin("!=", call("PositionGetInteger", id("POSITION_TYPE")), id("positionType"))),
        ifThen(not(method("trade", "PositionClose", id("ticket"))), [tradeFailed("PositionClose")]),
      ]),
    ],
  };
}

export function normalizeVolumeFunction(): FunctionDecl {
  const v = (prop: string, name: string): Stmt => decl("double", name, symbolDouble(prop));
  return {
    returnType: "double",
    name: "NormalizeVolume",
    params: [{ type: "double", name: "lots" }],
    doc: "Round down to the volume step, clamp to the symbol's min and max",
    body: [
      v("SYMBOL_VOLUME_STEP", "step"),
      v("SYMBOL_VOLUME_MIN", "minLot"),
      v("SYMBOL_VOLUME_MAX", "maxLot"),
      ifThen(bin("<=", id("step"), zero), [assign("step", dbl(0.01))]),
      {
        kind: "comment",
        text: "Down, never up (the spec's rule); the epsilon (as the engine's) keeps 0.3 from becoming 0.29.",
      },
      decl(
        "double",
        "rounded",
        bin("*", call("MathFloor", bin("+", bin("/", id("lots"), id("step")), dbl(1e-9))), id("step")),
      ),
      ifThen(bin("<", id("rounded"), id("minLot")), [assign("rounded", id("minLot"))]),
      ifThen(bin(">", id("rounded"), id("maxLot")), [assign("rounded", id("maxLot"))]),
      { kind: "comment", text: "As many decimals as the step has (0.01: 2, 0.001: 3, 1: 0)." },
      decl("int", "volumeDigits", int(0)),
      decl("double", "unit", id("step")),
      {
        kind: "forDown",
        variable: "k",
        from: int(7),
        body: [
          continueIf(
            bin("<=", call("MathAbs", bin("-", id("unit"), call("MathRound", id("unit")))), dbl(1e-9)),
          ),
          assign("unit", bin("*", id("unit"), dbl(10))),
          assign("volumeDigits", bin("+", id("volumeDigits"), int(1))),
        ],
      },
      ret(call("NormalizeDouble", id("rounded"), id("volumeDigits"))),
    ],
  };
}

export function riskLotsFunction(sizing: Sizing): FunctionDecl {
  return {
    returnType: "double",
    name: "RiskLots",
    params: [{ type: "double", name: "stopDistance" }],
    doc: "Lots that lose the risked amount at the stop",
    body: [
      decl("double", "tickValue", symbolDouble("SYMBOL_TRADE_TICK_VALUE")),
      decl("double", "tickSize", symbolDouble("SYMBOL_TRADE_TICK_SIZE")),
      ifThen(
        or(
          bin("<=", id("stopDistance"), zero),
          bin("<=", id("tickValue"), zero),
          bin("<=", id("tickSize"), zero),
        ),
        [ret(zero)],
      ),
      { kind: "comment", text: "Deposit-currency loss of one lot over the stop distance." },
      decl("double", "lossPerLot", bin("*", bin("/", id("stopDistance"), id("tickSize")), id("tickValue"))),
      decl("double", "risk", riskAmount(sizing)),
      ret(call("NormalizeVolume", bin("/", id("risk"), id("lossPerLot")))),
    ],
  };
}

/** Side-dependent placement from the fill price: a stop below a long's price and above a
 * short's; a target the other way round. A zero distance means none. */
const place = (target: "sl" | "tp", dist: string): Stmt => {
  const below = assign(target, bin("-", id("price"), id(dist)));
  const above = assign(target, bin("+", id("price"), id(dist)));
  return ifThen(bin(">", id(dist), zero), [
    ifThen(id("isLong"), [target === "sl" ? below : above], [target === "sl" ? above : below]),
    assign(target, call("NormalizeDouble", id(target), id("_Digits"))),
  ]);
};

/**
 * MQL5 reference, "Requirements and Limitations in Making Trades": a buy's stop and target are measured
 * from the bid, a sell's from the ask, and must be at least SYMBOL_TRADE_STOPS_LEVEL points away, or the
 * broker refuses the order. A level closer than that is moved out to the stop level (and the journal
 * says so): the trade keeps a stop instead of being refused. The engine moves them the same way
 * (worker/engine/stops-level.ts placeOutside).
 */
function respectStopsLevel(): Stmt[] {
  const level = id("stopsLevel");
  const pts = (n: Expr): Expr => bin("*", n, id("_Point"));
  const move = (target: "sl" | "tp", from: string, sign: "+" | "-", tooClose: Expr): Stmt =>
    ifThen(and(bin(">", id(target), zero), tooClose), [
      assign(target, call("NormalizeDouble", bin(sign, id(from), pts(level)), id("_Digits"))),
      expr(
        call(
          "PrintFormat",
          str(
            `${target === "sl" ? "Stop loss" : "Take profit"} moved to the broker's stop level (%d points): %s`,
          ),
          { kind: "cast", type: "int", operand: level },
          call("DoubleToString", id(target), id("_Digits")),
        ),
      ),
    ]);
  return [
    decl("long", "stopsLevel", symbolLevel("SYMBOL_TRADE_STOPS_LEVEL")),
    ifThen(bin(">", level, int(0)), [
      decl("double", "bid", symbolDouble("SYMBOL_BID")),
      decl("double", "ask", symbolDouble("SYMBOL_ASK")),
      ifThen(
        id("isLong"),
        [
          move("sl", "bid", "-", bin("<", pointsApart(id("bid"), id("sl")), level)),
          move("tp", "bid", "+", bin("<", pointsApart(id("tp"), id("bid")), level)),
        ],
        [
          move("sl", "ask", "+", bin("<", pointsApart(id("sl"), id("ask")), level)),
          move("tp", "ask", "-", bin("<", pointsApart(id("ask"), id("tp")), level)),
        ],
      ),
    ]),
  ];
}

export function openFunction(ctx: Context, comment: string): FunctionDecl {
  const spec = ctx.spec;
  const price = id("price");
  const sl = spec.stopLoss ? distance(ctx, spec.stopLoss, "InpStopLoss", "Stop loss")(price) : zero;
  const tp = spec.takeProfit ? distance(ctx, spec.takeProfit, "InpTakeProfit", "Take profit")(price) : zero;
  const lots = lotsExpr(spec.sizing, "slDistance");
  const send = (side: "Buy" | "Sell"): Stmt[] => [
    ifThen(not(method("trade", side, id("lots"), SYMBOL, price, id("sl"), id("tp"), str(comment))), [
      tradeFailed(`${side}`),
    ]),
  ];
  return {
    returnType: "void",
    name: "OpenPosition",
    params: [{ type: "bool", name: "isLong" }],
    doc: "Market order with the spec's stop, target and volume",
    body: [
      decl("double", "price", symbolDouble("SYMBOL_BID")),
      ifThen(id("isLong"), [assign("price", symbolDouble("SYMBOL_ASK"))]),
      assign("g_dataOk", id("true")),
      decl("double", "slDistance", sl),
      decl("double", "tpDistance", tp),
      ifThen(not(id("g_dataOk")), [ret()]),
      ...openExits(ctx),
      decl("double", "sl", zero),
      decl("double", "tp", zero),
      place("sl", "slDistance"),
      place("tp", "tpDistance"),
      ...respectStopsLevel(),
      decl("double", "lots", lots),
      ifThen(bin("<=", id("lots"), zero), [ret()]),
      ifThen(id("isLong"), send("Buy"), send("Sell")),
    ],
  };
}

/**
 * Trailing stop and break-even, on every tick, as the engine's manage() and Broker.trail/breakEven
 * do: break-even first (once `trigger` in profit, stop to entry +/- offset, never loosening, once per
 * position: break-even-memory.ts);
 * then trailing (once `start` in profit, default 0, the stop follows the exit side of the quote at
 * `distance`, moving only forward and by at least `step`). Profit is measured on the exit side
 * (bid for longs, ask for shorts); percent distances are of the current bid, ATR distances use the
 * last closed bar.
 */
/**
 * What the broker allows before a stop is modified (MQL5 reference, "Requirements and Limitations in
 * Making Trades"): nothing changes while the exit price is within SYMBOL_TRADE_FREEZE_LEVEL points of the
 * stop or target (the broker would answer "frozen"); a new stop closer than SYMBOL_TRADE_STOPS_LEVEL
 * points to the exit price waits for room; and a move smaller than one tick is not sent. Without a
 * request that would be refused, the journal is not flooded on every tick. The engine models both levels
 * (worker/engine/freeze.ts, stops-level.ts).
 */
function brokerLimits(marksBreakEven: boolean): Stmt[] {
  const px = id("exitPrice");
  const within = (level: string, price: Expr): Expr =>
    and(bin("!=", price, zero), bin("<=", call("MathAbs", pointsApart(px, price)), id(level)));
  return [
    decl("double", "exitPrice", id("ask")),
    ifThen(bin("==", call("PositionGetInteger", id("POSITION_TYPE")), id("POSITION_TYPE_BUY")), [
      assign("exitPrice", id("bid")),
    ]),
    continueIf(
      and(
        bin(">", id("freezeLevel"), int(0)),
        or(within("freezeLevel", id("sl")), within("freezeLevel", id("tp"))),
      ),
    ),
    ifThen(bin("<", call("MathAbs", pointsApart(px, id("newSl"))), id("stopsLevel")), [
      // A refused move leaves the break-even to a later tick (the engine undoes breakEvenDone then).
      ...(marksBreakEven ? [ifThen(bin("!=", id("newSl"), id("sl")), [assign("beHit", id("false"))])] : []),
      assign("newSl", id("sl")),
    ]),
    ifThen(
      bin(
        "<",
        call("MathAbs", bin("-", id("newSl"), id("sl"))),
        bin("-", id("tick"), bin("*", id("_Point"), dbl(0.5))),
      ),
      [assign("newSl", id("sl"))],
    ),
  ];
}

export function manageFunction(ctx: Context): FunctionDecl | undefined {
  const { trailingStop: ts, breakEven: be } = ctx.spec;
  const steps = ctx.spec.exits?.steps;
  const beAt = ctx.spec.exits?.breakEvenAtTarget;
  if (!ts && !be && !steps && beAt === undefined) return undefined;
  const marks = be !== undefined || beAt !== undefined;
  const open = id("openPrice");
  const bid = id("bid");
  const ask = id("ask");
  type Dist = Parameters<typeof distance>[1];
  const d = (dist: Dist, name: string, label: string): Expr => distance(ctx, dist, name, label)(bid);
  const optional = (dist: Dist | undefined, name: string, label: string): Expr =>
    dist ? d(dist, name, label) : zero;

  const locals: Stmt[] = [];
  if (be) {
    locals.push(
      decl("double", "beTrigger", d(be.trigger, "InpBreakEvenTrigger", "Break-even trigger")),
      decl("double", "beOffset", optional(be.offset, "InpBreakEvenOffset", "Break-even offset")),
    );
  }
  if (beAt !== undefined)
    ctx.input(
      "Stops and targets",
      "double",
      "InpBreakEvenAtTarget",
      dbl(beAt),
      "Break-even at this fraction of the way to the target",
    );
  if (ts) {
    locals.push(
      decl("double", "trailDistance", d(ts.distance, "InpTrailingDistance", "Trailing stop distance")),
      decl(
        "double",
        "trailStart",
        optional(ts.start, "InpTrailingStart", "Trailing starts after a profit of"),
      ),
      decl("double", "trailStep", optional(ts.step, "InpTrailingStep", "Trailing step")),
    );
  }

  if (steps) {
    const { unit, every, move } = steps;
    locals.push(
      decl(
        "double",
        "stepEvery",
        d({ unit, value: every }, "InpStepEvery", "Staircase: each profit step of"),
      ),
      decl("double", "stepMove", d({ unit, value: move }, "InpStepMove", "Staircase: stop moved by")),
    );
  }

  const side = (isLong: boolean): Stmt[] => {
    const profit = isLong ? bin("-", bid, open) : bin("-", open, ask);
    // "better" = further in the position's favour; a stop of 0.0 means none.
    const better = (a: Expr, b: Expr): Expr => (isLong ? bin(">", a, b) : bin("<", a, b));
    const stmts: Stmt[] = [];
    // Break-even fires once per position (beDone: break-even-memory.ts), with the offset of that tick;
    // reaching the trigger marks it even when the stop is already better (the engine's breakEvenDone).
    if (be) {
      const level = isLong ? bin("+", open, id("beOffset")) : bin("-", open, id("beOffset"));
      stmts.push(
        ifThen(and(not(id("beDone")), bin(">=", profit, id("beTrigger"))), [
          assign("beHit", id("true")),
          ifThen(or(bin("==", id("newSl"), zero), better(level, id("newSl"))), [assign("newSl", level)]),
        ]),
      );
    }
    if (beAt !== undefined) {
      // Break-even at a fraction of the way to the position's target (spec-exits.ts breakEvenAtTarget);
      // the same once-per-position mark as the v1 break-even, which may have fired on this tick.
      const fraction = id("InpBreakEvenAtTarget");
      stmts.push(
        ifThen(
          and(
            not(id("beDone")),
            not(id("beHit")),
            bin("!=", id("tp"), zero),
            bin(">=", profit, bin("*", fraction, call("MathAbs", bin("-", id("tp"), open)))),
          ),
          [
            assign("beHit", id("true")),
            ifThen(or(bin("==", id("newSl"), zero), better(open, id("newSl"))), [assign("newSl", open)]),
          ],
        ),
      );
    }
    if (ts) {
      // The new stop on the price grid first, then compared with the step: an unrounded gain of
      // 0.00049999999999994 is a 5-pip move on the grid (the engine's rule, broker.ts trail).
      const level = call(
        "NormalizeDouble",
        isLong ? bin("-", bid, id("trailDistance")) : bin("+", ask, id("trailDistance")),
        id("_Digits"),
      );
      const far = isLong
        ? bin(">=", id("level"), bin("+", id("newSl"), id("trailStep")))
        : bin("<=", id("level"), bin("-", id("newSl"), id("trailStep")));
      stmts.push(
        ifThen(bin(">=", profit, id("trailStart")), [
          decl("double", "level", level),
          ifThen(or(bin("==", id("newSl"), zero), and(better(id("level"), id("newSl")), far)), [
            assign("newSl", id("level")),
          ]),
        ]),
      );
    }
    if (steps) {
      // Staircase (spec-exits.ts steps), the engine's Broker.steps: whole steps of profit, then the
      // stop at open -/+ (every - k x move), on the grid, when better.
      const level = call(
        "NormalizeDouble",
        isLong
          ? bin("+", bin("-", open, id("stepEvery")), bin("*", id("stepCount"), id("stepMove")))
          : bin("-", bin("+", open, id("stepEvery")), bin("*", id("stepCount"), id("stepMove"))),
        id("_Digits"),
      );
      stmts.push(
        decl(
          "double",
          "stepCount",
          call("MathFloor", bin("+", bin("/", profit, id("stepEvery")), dbl(1e-9))),
        ),
        ifThen(bin(">=", id("stepCount"), dbl(1)), [
          decl("double", "stepLevel", level),
          ifThen(or(bin("==", id("newSl"), zero), better(id("stepLevel"), id("newSl"))), [
            assign("newSl", id("stepLevel")),
          ]),
        ]),
      );
    }
    return stmts;
  };

  return {
    returnType: "void",
    name: "ManagePositions",
    params: [],
    doc: "Trailing stop and break-even for this EA's positions",
    body: [
      decl("double", "bid", symbolDouble("SYMBOL_BID")),
      decl("double", "ask", symbolDouble("SYMBOL_ASK")),
      decl("double", "tick", symbolDouble("SYMBOL_TRADE_TICK_SIZE")),
      ifThen(bin("<=", id("tick"), zero), [assign("tick", id("_Point"))]),
      decl("long", "stopsLevel", symbolLevel("SYMBOL_TRADE_STOPS_LEVEL")),
      decl("long", "freezeLevel", symbolLevel("SYMBOL_TRADE_FREEZE_LEVEL")),
      eachOurPosition([
        assign("g_dataOk", id("true")),
        assign("g_warm", id("false")),
        ...locals,
        { kind: "comment", text: "An ATR distance without data, or in its warm-up: leave the stop alone." },
        continueIf(or(not(id("g_dataOk")), id("g_warm"))),
        decl("double", "openPrice", call("PositionGetDouble", id("POSITION_PRICE_OPEN"))),
        decl("double", "sl", call("PositionGetDouble", id("POSITION_SL"))),
        decl("double", "tp", call("PositionGetDouble", id("POSITION_TP"))),
        decl("double", "newSl", id("sl")),
        ...(marks
          ? [
              decl("bool", "beDone", call("BreakEvenDone", id("ticket"), id("openPrice"))),
              decl("bool", "beHit", id("false")),
            ]
          : []),
        ifThen(
          bin("==", call("PositionGetInteger", id("POSITION_TYPE")), id("POSITION_TYPE_BUY")),
          side(true),
          side(false),
        ),
        assign("newSl", call("NormalizeDouble", id("newSl"), id("_Digits"))),
        ...brokerLimits(marks),
        ifThen(bin("!=", id("newSl"), id("sl")), [
          ifThen(not(method("trade", "PositionModify", id("ticket"), id("newSl"), id("tp"))), [
            tradeFailed("PositionModify"),
            ...(marks ? [assign("beHit", id("false"))] : []),
          ]),
        ]),
        ...(marks
          ? [
              ifThen(id("beHit"), [
                { kind: "expr" as const, expr: call("MarkBreakEvenDone", id("ticket"), id("openPrice")) },
              ]),
            ]
          : []),
      ]),
    ],
  };
}
