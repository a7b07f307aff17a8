/**
 * Pending entries and entry limits in the expert advisor (worker/strategy/spec-orders.ts, the engine's
 * pending-orders.ts and pending-limits.ts): on an entry signal the EA sends a buy/sell stop or limit at
 * its side's price (read on the bar that just closed) with CTrade's BuyStop ... SellLimit, an expiry
 * (ORDER_TIME_SPECIFIED) or none (GTC), and a bracket's fill deletes the other order in
 * OnTradeTransaction (before any later tick, even when OnTick runs on bar opens only). The broker
 * refuses a price on the wrong side of the quote or inside its stops level (10015), as the engine does.
 */
import type { Operand } from "../../strategy/spec";
import type { Expr, FunctionDecl, GlobalDecl, Stmt } from "../ir";
import { and, assign, bin, call, dbl, decl, expr, id, ifThen, int, method, not, or, ret, str } from "../ir";
import { valueAt } from "./conditions";
import type { Context } from "./context";
import { distance } from "./distances";
import { openExits } from "./exits";
import { countsEntries } from "./netting";
import { lotsExpr } from "./sizing";
import { SYMBOL, tradeFailed, zero } from "./snippets";

const TRANS_ORDER: Expr = { kind: "field", object: "trans", field: "order" };
const cast = (type: "long", operand: Expr): Expr => ({ kind: "cast", type, operand });

export function pendingGlobals(ctx: Context): GlobalDecl[] {
  if (!ctx.spec.pendingEntry) return [];
  return [
    { type: "ulong", name: "g_buyOrder", init: int(0), comment: "ticket of the last buy order sent" },
    { type: "ulong", name: "g_sellOrder", init: int(0), comment: "ticket of the last sell order sent" },
  ];
}

/** CountOrders(): this EA's pending orders on this symbol. */
export function countOrdersFunction(): FunctionDecl {
  return {
    returnType: "int",
    name: "CountOrders",
    params: [],
    doc: "Pending orders of this EA on this symbol",
    body: [
      decl("int", "count", int(0)),
      {
        kind: "forDown",
        variable: "i",
        from: bin("-", call("OrdersTotal"), int(1)),
        body: [
          ifThen(bin("==", call("OrderGetTicket", id("i")), int(0)), [{ kind: "continue" }]),
          ifThen(
            and(
              bin("==", call("OrderGetString", id("ORDER_SYMBOL")), SYMBOL),
              bin("==", call("OrderGetInteger", id("ORDER_MAGIC")), id("InpMagicNumber")),
            ),
            [{ kind: "assign", target: "count", op: "+=", value: int(1) }],
          ),
        ],
      },
      ret(id("count")),
    ],
  };
}

/**
 * PlacePendingOrder(isLong, price, expiration): the spec's stop and target from the order's price, the
 * volume (risk from that price), then BuyStop/SellStop (or the limits); its ticket is kept for the bracket.
 */
export function placeOrderFunction(ctx: Context, comment: string): FunctionDecl {
  const spec = ctx.spec;
  const pe = spec.pendingEntry;
  if (!pe) throw new Error("placeOrderFunction needs a pending entry");
  const price = id("price");
  const sl = spec.stopLoss ? distance(ctx, spec.stopLoss, "InpStopLoss", "Stop loss")(price) : zero;
  const tp = spec.takeProfit ? distance(ctx, spec.takeProfit, "InpTakeProfit", "Take profit")(price) : zero;
  const place = (target: "sl" | "tp", dist: string): Stmt => {
    const below = assign(target, bin("-", price, id(dist)));
    const above = assign(target, bin("+", price, id(dist)));
    return ifThen(bin(">", id(dist), zero), [
      ifThen(id("isLong"), [target === "sl" ? below : above], [target === "sl" ? above : below]),
      assign(target, call("NormalizeDouble", id(target), id("_Digits"))),
    ]);
  };
  const kind = pe.order === "stop" ? "Stop" : "Limit";
  const typeTime = pe.expiry ? id("ORDER_TIME_SPECIFIED") : id("ORDER_TIME_GTC");
  const send = (side: "Buy" | "Sell"): Stmt[] => [
    ifThen(
      not(
        method(
          "trade",
          `${side}${kind}`,
          id("lots"),
          price,
          SYMBOL,
          id("sl"),
          id("tp"),
          typeTime,
          id("expiration"),
          str(comment),
        ),
      ),
      [tradeFailed(`${side}${kind}`), ret()],
    ),
    assign(side === "Buy" ? "g_buyOrder" : "g_sellOrder", method("trade", "ResultOrder")),
  ];
  return {
    returnType: "void",
    name: "PlacePendingOrder",
    params: [
      { type: "bool", name: "isLong" },
      { type: "double", name: "price" },
      { type: "datetime", name: "expiration" },
    ],
    doc: `Pending ${pe.order} order at a price, with the spec's stop, target and volume`,
    body: [
      assign("price", call("NormalizeDouble", price, id("_Digits"))),
      assign("g_dataOk", id("true")),
      decl("double", "slDistance", sl),
      decl("double", "tpDistance", tp),
      ifThen(not(id("g_dataOk")), [ret()]),
      ...openExits(ctx, "order"),
      decl("double", "sl", zero),
      decl("double", "tp", zero),
      place("sl", "slDistance"),
      place("tp", "tpDistance"),
      decl("double", "lots", lotsExpr(spec.sizing, "slDistance")),
      ifThen(bin("<=", id("lots"), zero), [ret()]),
      ifThen(id("isLong"), send("Buy"), send("Sell")),
    ],
  };
}

/** The expiration of an order sent now (datetime), or 0 (none): spec-orders.ts `expiry`. */
function expiration(ctx: Context): Stmt[] {
  const e = ctx.spec.pendingEntry?.expiry;
  if (!e) return [decl("datetime", "expiration", int(0))];
  if (e.type === "bars") {
    const bars = ctx.input("Trading", "int", "InpExpiryBars", int(e.bars), "Pending order expiry, bars");
    return [
      {
        kind: "comment",
        text: "The placing bar's open + bars x the timeframe (clock time, as the engine counts it).",
      },
      decl(
        "datetime",
        "expiration",
        bin("+", id("barTime"), bin("*", bars, call("PeriodSeconds", id("InpTimeframe")))),
      ),
    ];
  }
  const minutes = Number(e.at.slice(0, 2)) * 60 + Number(e.at.slice(3, 5));
  const at = ctx.input(
    "Trading",
    "int",
    "InpExpiryMinute",
    int(minutes),
    `Pending order expiry, minute of the day (${e.at} server time)`,
  );
  return [
    { kind: "comment", text: "The next occurrence of the expiry time of day after now (server time)." },
    decl("datetime", "now", call("TimeCurrent")),
    decl(
      "datetime",
      "expiration",
      bin("+", bin("-", id("now"), bin("%", id("now"), int(86400))), bin("*", at, int(60))),
    ),
    ifThen(bin("<=", id("expiration"), id("now")), [
      { kind: "assign", target: "expiration", op: "+=", value: int(86400) },
    ]),
  ];
}

/**
 * ProcessNewBar's entry part for pending entries: nothing while an order waits; the time filter, the
 * limits and max positions as for market entries; then each signalled side places its order (both: a
 * bracket). A side whose price is in its warm-up places nothing.
 */
export function pendingEntryStmts(
  ctx: Context,
  entryLong: Expr | undefined,
  entryShort: Expr | undefined,
  gates: { readonly timeFilter: boolean; readonly limits: boolean },
): Stmt[] {
  const pe = ctx.spec.pendingEntry;
  if (!pe) return [];
  const signals = [entryLong, entryShort].filter((e): e is Expr => e !== undefined);
  if (signals.length === 0) return [];
  const stmts: Stmt[] = [
    { kind: "comment", text: "Pending entries: nothing new while one of our orders waits." },
    ifThen(not(or(...signals)), [ret()]),
    ifThen(bin(">", call("CountOrders"), int(0)), [ret()]),
  ];
  if (gates.timeFilter) stmts.push(ifThen(not(call("EntryTimeAllowed")), [ret()]));
  if (gates.limits) stmts.push(ifThen(not(call("EntryLimitsAllowed")), [ret()]));
  stmts.push(
    ifThen(bin(">=", call("CountPositions"), id("InpMaxPositions")), [ret()]),
    ...expiration(ctx),
    assign("g_buyOrder", int(0)),
    assign("g_sellOrder", int(0)),
  );
  const netting = countsEntries(ctx) && ctx.spec.direction === "both";
  const side = (signal: Expr | undefined, op: Operand | undefined, isLong: boolean): void => {
    if (!signal || !op) return;
    const local = isLong ? "longPrice" : "shortPrice";
    const test = netting ? and(signal, not(call("HoldsOpposite", id(isLong ? "true" : "false")))) : signal;
    stmts.push(
      ifThen(test, [
        assign("g_warm", id("false")),
        assign("g_dataOk", id("true")),
        decl("double", local, valueAt(ctx, op, 0)),
        ifThen(and(not(id("g_warm")), id("g_dataOk")), [
          expr(call("PlacePendingOrder", id(isLong ? "true" : "false"), id(local), id("expiration"))),
        ]),
      ]),
    );
  };
  side(entryLong, pe.long, true);
  side(entryShort, pe.short, false);
  return stmts;
}

/** OnTradeTransaction: a bracket's fill deletes the other order at once (oco). */
export function tradeTransactionFunction(ctx: Context): FunctionDecl | undefined {
  const pe = ctx.spec.pendingEntry;
  if (!pe?.oco) return undefined;
  const remove = (ticket: string): Stmt =>
    ifThen(and(bin("!=", id(ticket), int(0)), not(method("trade", "OrderDelete", id(ticket)))), [
      tradeFailed("OrderDelete"),
    ]);
  return {
    returnType: "void",
    name: "OnTradeTransaction",
    params: [
      { type: "MqlTradeTransaction", name: "trans", isConst: true, byRef: true },
      { type: "MqlTradeRequest", name: "request", isConst: true, byRef: true },
      { type: "MqlTradeResult", name: "result", isConst: true, byRef: true },
    ],
    doc: "Bracket: when one of our pending orders fills, delete the other",
    body: [
      ifThen(bin("!=", { kind: "field", object: "trans", field: "type" }, id("TRADE_TRANSACTION_DEAL_ADD")), [
        ret(),
      ]),
      ifThen(bin("==", cast("long", TRANS_ORDER), int(0)), [ret()]),
      ifThen(bin("==", TRANS_ORDER, id("g_buyOrder")), [remove("g_sellOrder")]),
      ifThen(bin("==", TRANS_ORDER, id("g_sellOrder")), [remove("g_buyOrder")]),
      ifThen(or(bin("==", TRANS_ORDER, id("g_buyOrder")), bin("==", TRANS_ORDER, id("g_sellOrder"))), [
        assign("g_buyOrder", int(0)),
        assign("g_sellOrder", int(0)),
      ]),
    ],
  };
}

/**
 * EntryLimitsAllowed(): limits.maxTradesPerDay (today's "in" deals of this EA), limits.maxSpread and
 * limits.minMinutesBetween (the latest "in" deal of this EA).
 */
export function limitsFunction(ctx: Context): FunctionDecl | undefined {
  const limits = ctx.spec.limits;
  if (
    !limits ||
    (limits.maxTradesPerDay === undefined && !limits.maxSpread && limits.minMinutesBetween === undefined)
  )
    return undefined;
  const body: Stmt[] = [];
  const max = limits.maxSpread;
  if (max) {
    const input = ctx.input(
      "Trading",
      "double",
      "InpMaxSpread",
      dbl(max.value),
      `Maximum spread to enter, ${max.unit}`,
    );
    const maxPoints =
      max.unit === "pips" ? call("MathRound", bin("/", bin("*", input, id("g_pip")), id("_Point"))) : input;
    body.push(
      { kind: "comment", text: "The spread in whole points, as the engine compares it." },
      decl(
        "double",
        "spreadPoints",
        call(
          "MathRound",
          bin(
            "/",
            bin(
              "-",
              call("SymbolInfoDouble", SYMBOL, id("SYMBOL_ASK")),
              call("SymbolInfoDouble", SYMBOL, id("SYMBOL_BID")),
            ),
            id("_Point"),
          ),
        ),
      ),
      ifThen(bin(">", id("spreadPoints"), maxPoints), [ret(id("false"))]),
    );
  }
  if (limits.maxTradesPerDay !== undefined) {
    const input = ctx.input(
      "Trading",
      "int",
      "InpMaxTradesPerDay",
      int(limits.maxTradesPerDay),
      "Maximum trades per day",
    );
    const deal = (prop: string): Expr => call("HistoryDealGetInteger", id("deal"), id(prop));
    body.push(
      { kind: "comment", text: "Positions opened today (server day): this EA's entry deals in the history." },
      decl("datetime", "now", call("TimeCurrent")),
      ifThen(not(call("HistorySelect", bin("-", id("now"), bin("%", id("now"), int(86400))), id("now"))), [
        ret(id("false")),
      ]),
      decl("int", "today", int(0)),
      {
        kind: "forDown",
        variable: "k",
        from: bin("-", call("HistoryDealsTotal"), int(1)),
        body: [
          decl("ulong", "deal", call("HistoryDealGetTicket", id("k"))),
          ifThen(bin("==", id("deal"), int(0)), [{ kind: "continue" }]),
          ifThen(
            or(
              bin("!=", call("HistoryDealGetString", id("deal"), id("DEAL_SYMBOL")), SYMBOL),
              bin("!=", deal("DEAL_MAGIC"), id("InpMagicNumber")),
            ),
            [{ kind: "continue" }],
          ),
          ifThen(
            or(
              bin("==", deal("DEAL_ENTRY"), id("DEAL_ENTRY_IN")),
              bin("==", deal("DEAL_ENTRY"), id("DEAL_ENTRY_INOUT")),
            ),
            [{ kind: "assign", target: "today", op: "+=", value: int(1) }],
          ),
        ],
      },
      ifThen(bin(">=", id("today"), input), [ret(id("false"))]),
    );
  }
  if (limits.minMinutesBetween !== undefined) {
    const input = ctx.input(
      "Trading",
      "int",
      "InpMinMinutesBetween",
      int(limits.minMinutesBetween),
      "Minimum minutes between two entries",
    );
    const deal = (prop: string): Expr => call("HistoryDealGetInteger", id("deal"), id(prop));
    body.push(
      {
        kind: "comment",
        text: "No entry within the wait after this EA's latest entry deal (whole seconds, as the engine compares).",
      },
      decl("datetime", "waitFrom", bin("-", call("TimeCurrent"), bin("*", input, int(60)))),
      ifThen(not(call("HistorySelect", id("waitFrom"), call("TimeCurrent"))), [ret(id("false"))]),
      {
        kind: "forDown",
        variable: "k",
        from: bin("-", call("HistoryDealsTotal"), int(1)),
        body: [
          decl("ulong", "deal", call("HistoryDealGetTicket", id("k"))),
          ifThen(bin("==", id("deal"), int(0)), [{ kind: "continue" }]),
          ifThen(
            or(
              bin("!=", call("HistoryDealGetString", id("deal"), id("DEAL_SYMBOL")), SYMBOL),
              bin("!=", deal("DEAL_MAGIC"), id("InpMagicNumber")),
            ),
            [{ kind: "continue" }],
          ),
          ifThen(
            and(
              or(
                bin("==", deal("DEAL_ENTRY"), id("DEAL_ENTRY_IN")),
                bin("==", deal("DEAL_ENTRY"), id("DEAL_ENTRY_INOUT")),
              ),
              bin(">", deal("DEAL_TIME"), cast("long", id("waitFrom"))),
            ),
            [ret(id("false"))],
          ),
        ],
      },
    );
  }
  body.push(ret(id("true")));
  return {
    returnType: "bool",
    name: "EntryLimitsAllowed",
    params: [],
    doc: "Entry limits: trades per day, maximum spread, minimum wait between entries",
    body,
  };
}
