/**
 * The v2 exits in the EA (worker/strategy/spec-exits.ts SEMANTICS; the engine's worker/engine/exits.ts):
 * a structural stop, an R target and a measured target when OpenPosition sends an order, time exits and trailing by a price in
 * ProcessNewBar, partial closes on every tick (ManagePartials, before ManagePositions). Prices are read
 * with the rules' operand reader (conditions.ts valueAt), so a level is the value the engine reads.
 */
import type { Exits, Operand } from "../../strategy/spec";
import { clockMinutes } from "../../strategy/spec";
import type { Expr, FunctionDecl, Stmt } from "../ir";
import { and, assign, bin, call, dbl, decl, expr, field, id, ifThen, int, method, not, or, ret } from "../ir";
import { valueAt } from "./conditions";
import type { Context } from "./context";
import { distance } from "./distances";
import { continueIf, pointsApart, SYMBOL, tradeFailed, zero } from "./snippets";
import { eachOurPosition } from "./trading";

const isBuy = bin("==", call("PositionGetInteger", id("POSITION_TYPE")), id("POSITION_TYPE_BUY"));
/** The freeze level holds the selected position (stop `sl`, target `tp`, exit price `px`). */
const frozen = (px: Expr): Expr => {
  const within = (price: string): Expr =>
    and(
      bin("!=", id(price), zero),
      bin("<=", call("MathAbs", pointsApart(px, id(price))), id("freezeLevel")),
    );
  return and(bin(">", id("freezeLevel"), int(0)), or(within("sl"), within("tp")));
};

/** A per-side price: `isLong ? long : short`, reading only the sides the spec gives. */
function sidePrice(
  ctx: Context,
  target: string,
  long: Operand | undefined,
  short: Operand | undefined,
): Stmt[] {
  const read = (op: Operand | undefined): Stmt[] => (op ? [assign(target, valueAt(ctx, op, 0))] : []);
  return [ifThen(id("isLong"), read(long), read(short))];
}

/**
 * OpenPosition (and PlacePendingOrder, `at` "order"), after slDistance and tpDistance: the structural stop
 * of the side (no order when its level is missing or not beyond the exit quote, or a pending order's
 * price), then the R target from the final stop distance.
 */
export function openExits(ctx: Context, at: "quote" | "order" = "quote"): Stmt[] {
  const ex = ctx.spec.exits;
  if (!ex) return [];
  const out: Stmt[] = [];
  const { long, short } = ex.stop ?? {};
  if (long || short) {
    const has = (op: Operand | undefined) => id(op ? "true" : "false");
    out.push(
      { kind: "comment", text: "Structural stop: a price read on the last closed bar." },
      ifThen(or(and(id("isLong"), has(long)), and(not(id("isLong")), has(short))), [
        assign("g_warm", id("false")),
        decl("double", "stopLevel", zero),
        ...sidePrice(ctx, "stopLevel", long, short),
        ifThen(or(not(id("g_dataOk")), id("g_warm")), [ret()]),
        decl("double", "structural", bin("-", id("stopLevel"), id("price"))),
        ifThen(id("isLong"), [assign("structural", bin("-", id("price"), id("stopLevel")))]),
        ...(at === "quote"
          ? [
              {
                kind: "comment" as const,
                text: "A level not beyond the exit quote (a buy's bid, a sell's ask): no order.",
              },
              ifThen(
                id("isLong"),
                [
                  ifThen(not(bin("<", id("stopLevel"), call("SymbolInfoDouble", SYMBOL, id("SYMBOL_BID")))), [
                    ret(),
                  ]),
                ],
                [
                  ifThen(not(bin(">", id("stopLevel"), call("SymbolInfoDouble", SYMBOL, id("SYMBOL_ASK")))), [
                    ret(),
                  ]),
                ],
              ),
            ]
          : [
              { kind: "comment" as const, text: "A level not beyond the order's price: no order." },
              ifThen(not(bin(">", id("structural"), zero)), [ret()]),
            ]),
        assign("slDistance", id("structural")),
      ]),
    );
  }
  if (ex.targetR !== undefined) {
    const r = ctx.sharedInput(
      "Stops and targets",
      "double",
      "InpTargetR",
      dbl(ex.targetR),
      "Take profit (x stop distance)",
    );
    out.push(assign("tpDistance", bin("*", r, id("slDistance"))));
  }
  if (ex.targetDistance) {
    const multiple = ctx.input(
      "Stops and targets",
      "double",
      "InpTargetMultiple",
      dbl(ex.targetDistance.multiple),
      "Take profit (x the measured distance)",
    );
    out.push(
      { kind: "comment", text: "Target at a measured distance, read on the last closed bar (frozen now)." },
      assign("g_warm", id("false")),
      decl("double", "measured", valueAt(ctx, ex.targetDistance.of, 0)),
      ifThen(or(not(id("g_dataOk")), id("g_warm")), [ret()]),
      { kind: "comment", text: "No range (or none yet): no order, as the engine." },
      ifThen(not(bin(">", id("measured"), zero)), [ret()]),
      assign("tpDistance", bin("*", multiple, id("measured"))),
    );
  }
  return out;
}

/** ProcessNewBar, before the exit rules: `bool flatWindow = TimeExits(barTime);` when the spec has time exits. */
export function timeExitStmts(ctx: Context): Stmt[] {
  const ex = ctx.spec.exits;
  if (!ex || (ex.afterBars === undefined && !ex.closeAt)) return [];
  return [decl("bool", "flatWindow", call("TimeExits", id("barTime")))];
}

/** ProcessNewBar, after the exit rules: trailing by a price, then no entry in the closeAt window. */
export function afterExitRules(ctx: Context): Stmt[] {
  const ex = ctx.spec.exits;
  const out: Stmt[] = [];
  if (ex?.trail?.long || ex?.trail?.short) out.push(expr(call("TrailStops")));
  if (ex && (ex.afterBars !== undefined || ex.closeAt)) out.push(ifThen(id("flatWindow"), [ret()]));
  return out;
}

/** The functions the exits need (none without them). */
export function exitFunctions(ctx: Context): FunctionDecl[] {
  const ex = ctx.spec.exits;
  if (!ex) return [];
  const fns: FunctionDecl[] = [];
  if (ex.afterBars !== undefined || ex.closeAt) fns.push(timeExitsFunction(ctx, ex));
  if (ex.trail?.long || ex.trail?.short) fns.push(trailFunction(ctx, ex));
  if (ex.partial) fns.push(partialFunction(ctx, ex.partial), partialDoneFunction());
  else if (ex.scaleOut) fns.push(scaleOutFunction(ctx, ex.scaleOut), scaleOutsDoneFunction());
  return fns;
}

export function hasPartials(ctx: Context): boolean {
  return ctx.spec.exits?.partial !== undefined || ctx.spec.exits?.scaleOut !== undefined;
}

/**
 * Scale-out targets (spec-exits.ts scaleOut) as ManagePartials: each position's next target (counted from its
 * out deals) when its profit has reached that distance, its share of the volume as it stands closed at market.
 */
function scaleOutFunction(ctx: Context, targets: NonNullable<Exits["scaleOut"]>): FunctionDecl {
  const inputs = targets.map((t, i) => ({
    at: distance(
      ctx,
      { unit: t.unit, value: t.distance },
      `InpScaleOut${i + 1}At`,
      `Scale-out target ${i + 1} at`,
    )(zero),
    pct: ctx.input(
      "Stops and targets",
      "double",
      `InpScaleOut${i + 1}Percent`,
      dbl(t.percent),
      `Scale-out target ${i + 1}, % of the volume`,
    ),
  }));
  // need/pct of target `done`: an if-chain over the targets, nearest first.
  const pick: Stmt[] = inputs.map((t, i) =>
    ifThen(bin("==", id("done"), int(i)), [assign("need", t.at), assign("pct", t.pct)]),
  );
  return {
    returnType: "void",
    name: "ManagePartials",
    params: [],
    doc: "Close each position's next scale-out share once its profit reaches that target, one per tick",
    body: [
      ...quoteReads(),
      eachOurPosition([
        ...positionReads(),
        decl("int", "done", call("ScaleOutsDone")),
        continueIf(bin(">=", id("done"), int(targets.length))),
        decl("double", "need", zero),
        decl("double", "pct", zero),
        ...pick,
        decl("double", "profit", bin("-", id("openPrice"), id("ask"))),
        ifThen(id("isLong"), [assign("profit", bin("-", id("bid"), id("openPrice")))]),
        continueIf(not(bin(">=", id("profit"), id("need")))),
        { kind: "comment", text: "Rounded down to 0.01 lot; no close when that is nothing or all of it." },
        decl(
          "double",
          "lots",
          call(
            "NormalizeDouble",
            bin(
              "*",
              call(
                "MathFloor",
                bin(
                  "+",
                  bin("/", bin("/", bin("*", id("volume"), id("pct")), dbl(100)), dbl(0.01)),
                  dbl(1e-9),
                ),
              ),
              dbl(0.01),
            ),
            int(2),
          ),
        ),
        continueIf(
          or(bin("<", id("lots"), dbl(0.01)), bin("<", bin("-", id("volume"), id("lots")), dbl(0.01 - 1e-9))),
        ),
        decl("double", "px", id("ask")),
        ifThen(id("isLong"), [assign("px", id("bid"))]),
        continueIf(frozen(id("px"))),
        ifThen(not(method("trade", "PositionClosePartial", id("ticket"), id("lots"))), [
          tradeFailed("PositionClosePartial"),
        ]),
      ]),
    ],
  };
}

/** How many scale-out closes the selected position has had (its "out" deals). */
function scaleOutsDoneFunction(): FunctionDecl {
  return {
    returnType: "int",
    name: "ScaleOutsDone",
    params: [],
    doc: "The selected position's out deals so far: the scale-out targets it has closed",
    body: [
      ifThen(not(call("HistorySelectByPosition", call("PositionGetInteger", id("POSITION_IDENTIFIER")))), [
        ret(int(0)),
      ]),
      decl("int", "outs", int(0)),
      {
        kind: "forDown",
        variable: "k",
        from: bin("-", call("HistoryDealsTotal"), int(1)),
        body: [
          ifThen(
            bin(
              "==",
              call("HistoryDealGetInteger", call("HistoryDealGetTicket", id("k")), id("DEAL_ENTRY")),
              id("DEAL_ENTRY_OUT"),
            ),
            [assign("outs", bin("+", id("outs"), int(1)))],
          ),
        ],
      },
      ret(id("outs")),
    ],
  };
}

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

function timeExitsFunction(ctx: Context, ex: Exits): FunctionDecl {
  const body: Stmt[] = [decl("bool", "flat", id("false"))];
  if (ex.closeAt) {
    const minutes = clockMinutes(ex.closeAt.time);
    const hour = ctx.input(
      "Stops and targets",
      "int",
      "InpCloseHour",
      int(Math.floor(minutes / 60)),
      "Close all from hour (server time)",
    );
    const minute = ctx.input(
      "Stops and targets",
      "int",
      "InpCloseMinute",
      int(minutes % 60),
      "Close all from minute",
    );
    body.push(
      { kind: "decl", type: "MqlDateTime", name: "t" },
      expr(call("TimeToStruct", id("barTime"), id("t"))),
      {
        kind: "comment",
        text: "A bar opening at or after the time closes everything (day_of_week: 0 = Sunday).",
      },
      assign(
        "flat",
        bin(
          ">=",
          bin("+", bin("*", field("t", "hour"), int(60)), field("t", "min")),
          bin("+", bin("*", hour, int(60)), minute),
        ),
      ),
    );
    const days = ex.closeAt.weekdays;
    if (days) {
      const dow = field("t", "day_of_week");
      const tests = days.map((d) => bin("==", dow, int(d % 7)));
      body.push(
        { kind: "comment", text: `Only on ${days.map((d) => WEEKDAY_NAMES[d - 1]).join(", ")}.` },
        ifThen(not(or(...tests)), [assign("flat", id("false"))]),
      );
    }
  }
  const after =
    ex.afterBars !== undefined
      ? ctx.input("Stops and targets", "int", "InpExitAfterBars", int(ex.afterBars), "Close after bars held")
      : undefined;
  const opened = call("PositionGetInteger", id("POSITION_TIME"));
  const openedAt: Expr = ctx.mode === "full" ? { kind: "cast", type: "datetime", operand: opened } : opened;
  const due: Expr = after
    ? or(id("flat"), bin(">=", call("iBarShift", SYMBOL, id("InpTimeframe"), openedAt), after))
    : id("flat");
  body.push(
    eachOurPosition([
      continueIf(not(due)),
      ifThen(not(method("trade", "PositionClose", id("ticket"))), [tradeFailed("PositionClose")]),
    ]),
    ret(id("flat")),
  );
  return {
    returnType: "bool",
    name: "TimeExits",
    params: [{ type: "datetime", name: "barTime" }],
    doc: "Time exits on a new bar; true in the close-all window (no entry then)",
    body,
  };
}

function trailFunction(ctx: Context, ex: Exits): FunctionDecl {
  const long = ex.trail?.long;
  const short = ex.trail?.short;
  const sideless: Stmt[] = [];
  if (!long) sideless.push(continueIf(id("isLong")));
  if (!short) sideless.push(continueIf(not(id("isLong"))));
  const level = id("level");
  return {
    returnType: "void",
    name: "TrailStops",
    params: [],
    doc: "Trailing by a price read on the bar that just closed: the stop only moves forward",
    body: [
      ...quoteReads(),
      decl("long", "stopsLevel", call("SymbolInfoInteger", SYMBOL, id("SYMBOL_TRADE_STOPS_LEVEL"))),
      eachOurPosition([
        decl("bool", "isLong", isBuy),
        ...sideless,
        assign("g_dataOk", id("true")),
        assign("g_warm", id("false")),
        decl("double", "level", zero),
        ...sidePrice(ctx, "level", long, short),
        { kind: "comment", text: "No value yet: leave the stop alone." },
        continueIf(or(not(id("g_dataOk")), id("g_warm"))),
        assign("level", call("NormalizeDouble", level, id("_Digits"))),
        decl("double", "sl", call("PositionGetDouble", id("POSITION_SL"))),
        decl("double", "tp", call("PositionGetDouble", id("POSITION_TP"))),
        decl("double", "px", id("ask")),
        ifThen(id("isLong"), [assign("px", id("bid"))]),
        ifThen(
          id("isLong"),
          [
            continueIf(
              not(and(bin("<", level, id("bid")), or(bin("==", id("sl"), zero), bin(">", level, id("sl"))))),
            ),
          ],
          [
            continueIf(
              not(and(bin(">", level, id("ask")), or(bin("==", id("sl"), zero), bin("<", level, id("sl"))))),
            ),
          ],
        ),
        {
          kind: "comment",
          text: "The broker's freeze level refuses it; within its stop level it waits for room.",
        },
        continueIf(frozen(id("px"))),
        continueIf(bin("<", call("MathAbs", pointsApart(id("px"), level)), id("stopsLevel"))),
        ifThen(not(method("trade", "PositionModify", id("ticket"), level, id("tp"))), [
          tradeFailed("PositionModify"),
        ]),
      ]),
    ],
  };
}

function partialFunction(ctx: Context, part: NonNullable<Exits["partial"]>): FunctionDecl {
  const pct = ctx.input(
    "Stops and targets",
    "double",
    "InpPartialPercent",
    dbl(part.percent),
    "Partial close, % of the volume",
  );
  const atR = ctx.input(
    "Stops and targets",
    "double",
    "InpPartialAtR",
    dbl(part.atR),
    "Partial close at a profit of (x stop distance)",
  );
  const open = id("openPrice");
  const sl = id("sl");
  const longR = bin("-", open, sl);
  const shortR = bin("-", sl, open);
  const breakEven: Stmt[] = part.breakEven
    ? [
        { kind: "comment", text: "Then the stop to break-even (never loosening it)." },
        decl("double", "be", call("NormalizeDouble", open, id("_Digits"))),
        ifThen(
          and(
            call("PositionSelectByTicket", id("ticket")),
            or(and(id("isLong"), bin(">", id("be"), sl)), and(not(id("isLong")), bin("<", id("be"), sl))),
          ),
          [
            ifThen(not(method("trade", "PositionModify", id("ticket"), id("be"), id("tp"))), [
              tradeFailed("PositionModify"),
            ]),
          ],
        ),
      ]
    : [];
  return {
    returnType: "void",
    name: "ManagePartials",
    params: [],
    doc: "Close part of a position once it is InpPartialAtR x its stop distance in profit, once",
    body: [
      ...quoteReads(),
      eachOurPosition([
        ...positionReads(),
        { kind: "comment", text: "R: from the open price to the stop as it stands; none without a stop." },
        continueIf(bin("==", sl, zero)),
        ifThen(
          id("isLong"),
          [
            continueIf(
              not(and(bin(">=", bin("-", id("bid"), open), bin("*", atR, longR)), bin(">", longR, zero))),
            ),
          ],
          [
            continueIf(
              not(and(bin(">=", bin("-", open, id("ask")), bin("*", atR, shortR)), bin(">", shortR, zero))),
            ),
          ],
        ),
        continueIf(call("PartialDone")),
        { kind: "comment", text: "Rounded down to 0.01 lot; no close when that is nothing or all of it." },
        decl(
          "double",
          "lots",
          call(
            "NormalizeDouble",
            bin(
              "*",
              call(
                "MathFloor",
                bin("+", bin("/", bin("/", bin("*", id("volume"), pct), dbl(100)), dbl(0.01)), dbl(1e-9)),
              ),
              dbl(0.01),
            ),
            int(2),
          ),
        ),
        continueIf(
          or(bin("<", id("lots"), dbl(0.01)), bin("<", bin("-", id("volume"), id("lots")), dbl(0.01 - 1e-9))),
        ),
        decl("double", "px", id("ask")),
        ifThen(id("isLong"), [assign("px", id("bid"))]),
        continueIf(frozen(id("px"))),
        ifThen(not(method("trade", "PositionClosePartial", id("ticket"), id("lots"))), [
          tradeFailed("PositionClosePartial"),
          { kind: "continue" },
        ]),
        ...breakEven,
      ]),
    ],
  };
}

/** Has the selected position had its partial close (an "out" deal in its history)? */
function partialDoneFunction(): FunctionDecl {
  return {
    returnType: "bool",
    name: "PartialDone",
    params: [],
    doc: "The selected position was partly closed already (an out deal in its history)",
    body: [
      ifThen(not(call("HistorySelectByPosition", call("PositionGetInteger", id("POSITION_IDENTIFIER")))), [
        ret(id("false")),
      ]),
      {
        kind: "forDown",
        variable: "k",
        from: bin("-", call("HistoryDealsTotal"), int(1)),
        body: [
          ifThen(
            bin(
              "==",
              call("HistoryDealGetInteger", call("HistoryDealGetTicket", id("k")), id("DEAL_ENTRY")),
              id("DEAL_ENTRY_OUT"),
            ),
            [ret(id("true"))],
          ),
        ],
      },
      ret(id("false")),
    ],
  };
}

/** The quotes and freeze level every position manager reads first (bid, ask, freezeLevel). */
function quoteReads(): Stmt[] {
  return [
    decl("double", "bid", call("SymbolInfoDouble", SYMBOL, id("SYMBOL_BID"))),
    decl("double", "ask", call("SymbolInfoDouble", SYMBOL, id("SYMBOL_ASK"))),
    decl("long", "freezeLevel", call("SymbolInfoInteger", SYMBOL, id("SYMBOL_TRADE_FREEZE_LEVEL"))),
  ];
}

/** The selected position's side, open price, stop, target and volume (a partial close reads them all). */
function positionReads(): Stmt[] {
  return [
    decl("bool", "isLong", isBuy),
    decl("double", "openPrice", call("PositionGetDouble", id("POSITION_PRICE_OPEN"))),
    decl("double", "sl", call("PositionGetDouble", id("POSITION_SL"))),
    decl("double", "tp", call("PositionGetDouble", id("POSITION_TP"))),
    decl("double", "volume", call("PositionGetDouble", id("POSITION_VOLUME"))),
  ];
}
