/**
 * The compiler proper: StrategySpec -> Program (ir.ts). Event handlers follow DESIGN D5:
 * handles in OnInit and released in OnDeinit; OnTick manages stops on every tick and evaluates
 * rules once per new bar of the strategy timeframe, on closed bars, in the spec's order of work
 * (exits, then close-on-opposite, then entries gated by the time filter and max positions).
 */
import type { Rule, StrategySpec } from "../../strategy/spec";
import type { Expr, FunctionDecl, GlobalDecl, InputGroup, Program, Stmt } from "../ir";
import { and, assign, bin, call, dbl, decl, expr, id, ifThen, int, method, not, or, ret } from "../ir";
import { quote } from "../printer";
import { breakEvenFunctions, breakEvenGlobals } from "./break-even-memory";
import { comparisonFunctions, signalFunction } from "./conditions";
import { Context, handleName, type Mode } from "./context";
import { afterExitRules, exitFunctions, hasPartials, timeExitStmts } from "./exits";
import { readerFunctions, readerGlobals } from "./indicator-readers";
import { createHandles, releaseHandles } from "./indicators";
import { countsEntries, nettingEntryGate, nettingFunctions } from "./netting";
import {
  countOrdersFunction,
  limitsFunction,
  pendingEntryStmts,
  pendingGlobals,
  placeOrderFunction,
  tradeTransactionFunction,
} from "./pending-orders";
import { needsRiskLots, sizingInputs } from "./sizing";
import { hasTimeFilter, timeFilterFunction } from "./timefilter";
import {
  closeFunction,
  countFunction,
  isOursFunction,
  manageFunction,
  normalizeVolumeFunction,
  openFunction,
  riskLotsFunction,
  valueFunction,
} from "./trading";
import { zonedHours } from "./zone-time";

export interface CompileOptions {
  readonly strategyId: string;
  readonly title: string;
  readonly mode: Mode;
  readonly copyright: string;
  readonly link: string;
}

/** A stable magic number per strategy (FNV-1a of the id), so two of our EAs never share one. */
export function magicNumber(strategyId: string): number {
  let h = 0x811c9dc5;
  for (const ch of strategyId) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return 100000 + (h % 900000);
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

// Comments and strings must not carry control characters into the source.
const clean = (text: string): string =>
  [...text]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code < 0x20 || code === 0x7f ? " " : ch;
    })
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();

interface Signals {
  readonly functions: FunctionDecl[];
  readonly entryLong?: string;
  readonly entryShort?: string;
  readonly exitLong?: string;
  readonly exitShort?: string;
}

function buildSignals(ctx: Context): Signals {
  const { spec } = ctx;
  const wantsLong = spec.direction !== "short";
  const wantsShort = spec.direction !== "long";
  const functions: FunctionDecl[] = [];
  const add = (
    rule: Rule | undefined,
    used: boolean,
    name: string,
    doc: string,
    prefix: string,
  ): string | undefined => {
    if (!rule || !used) return undefined;
    functions.push(signalFunction(ctx, name, rule, doc, prefix));
    return name;
  };
  // As in the engine (worker/engine/signals.ts), a side that the direction excludes has no entry
  // signal at all, so it neither opens nor closes anything through closeOnOpposite.
  return {
    functions,
    entryLong: add(spec.entry.long, wantsLong, "EntryLongSignal", "Long entry rule", "InpEntryLong"),
    entryShort: add(spec.entry.short, wantsShort, "EntryShortSignal", "Short entry rule", "InpEntryShort"),
    exitLong: add(spec.exit.long, wantsLong, "ExitLongSignal", "Long exit rule", "InpExitLong"),
    exitShort: add(spec.exit.short, wantsShort, "ExitShortSignal", "Short exit rule", "InpExitShort"),
  };
}

function onTick(manages: boolean, partials = false): FunctionDecl {
  const body: Stmt[] = [
    { kind: "comment", text: "Rules run once per new bar, at its first tick, on closed bars." },
    decl("datetime", "barTime", call("iTime", id("_Symbol"), id("InpTimeframe"), int(0))),
    ifThen(and(bin("!=", id("barTime"), int(0)), bin("!=", id("barTime"), id("g_lastBarTime"))), [
      expr(call("ProcessNewBar", id("barTime"))),
    ]),
  ];
  // After the bar's orders, as the engine does, so a new position is managed from its first tick.
  if (partials) body.push(expr(call("ManagePartials")));
  if (manages)
    body.push({ kind: "comment", text: "Stops move on every tick." }, expr(call("ManagePositions")));
  return { returnType: "void", name: "OnTick", params: [], body, doc: "Expert tick function" };
}

/**
 * The work of one new bar, in the spec's order: exit rules and close-on-opposite, then at most one
 * entry, gated by the time filter and max positions. Long and short entry signals on the same bar
 * contradict each other: neither is taken, and neither closes the other side.
 */
function processNewBar(ctx: Context, signals: Signals, timeFilter: boolean, limits: boolean): FunctionDecl {
  const { spec } = ctx;
  const body: Stmt[] = [assign("g_dataOk", id("true"))];
  // The function as built so far: each path below ends with it.
  const done = (): FunctionDecl => ({
    returnType: "void",
    name: "ProcessNewBar",
    params: [{ type: "datetime", name: "barTime" }],
    body,
    doc: DOC,
  });
  const local = (name: string | undefined, variable: string): Expr | undefined => {
    if (!name) return undefined;
    body.push(decl("bool", variable, call(name)));
    return id(variable);
  };
  const entryLong = local(signals.entryLong, "entryLong");
  const entryShort = local(signals.entryShort, "entryShort");
  const exitLong = local(signals.exitLong, "exitLong");
  const exitShort = local(signals.exitShort, "exitShort");
  body.push(
    { kind: "comment", text: "Indicator data not ready yet: try again on the next tick of this bar." },
    ifThen(not(id("g_dataOk")), [ret()]),
    assign("g_lastBarTime", id("barTime")),
    ...timeExitStmts(ctx),
  );
  // Close one side on its exit rule, or (closeOnOpposite) on the other side's entry signal alone.
  const closeSide = (
    exit: Expr | undefined,
    opposite: Expr | undefined,
    same: Expr | undefined,
    type: string,
  ): void => {
    const parts: Expr[] = [];
    if (exit) parts.push(exit);
    if (spec.closeOnOpposite && opposite) parts.push(same ? and(opposite, not(same)) : opposite);
    if (parts.length > 0) body.push(ifThen(or(...parts), [expr(call("ClosePositions", id(type)))]));
  };
  closeSide(exitLong, entryShort, entryLong, "POSITION_TYPE_BUY");
  closeSide(exitShort, entryLong, entryShort, "POSITION_TYPE_SELL");
  body.push(...afterExitRules(ctx));
  if (spec.pendingEntry) {
    // Pending entries (pending-orders.ts): both signals place a bracket instead of cancelling out.
    body.push(...pendingEntryStmts(ctx, entryLong, entryShort, { timeFilter, limits }));
    return done();
  }

  let direction: Expr;
  if (entryLong && entryShort) {
    body.push(
      { kind: "comment", text: "No entry signal, or both at once: nothing to open." },
      ifThen(bin("==", entryLong, entryShort), [ret()]),
    );
    direction = entryLong;
  } else {
    const only = entryLong ?? entryShort;
    if (!only) return done();
    body.push(ifThen(not(only), [ret()]));
    direction = id(entryLong ? "true" : "false");
  }
  if (timeFilter) body.push(ifThen(not(call("EntryTimeAllowed")), [ret()]));
  if (limits) body.push(ifThen(not(call("EntryLimitsAllowed")), [ret()]));
  body.push(
    ...nettingEntryGate(ctx, direction),
    ifThen(bin(">=", call("CountPositions"), id("InpMaxPositions")), [ret()]),
    expr(call("OpenPosition", direction)),
  );
  return done();
}

const DOC = "Signals of the bar that just closed: exits, then one entry";

function onInit(ctx: Context): FunctionDecl {
  const full = ctx.mode === "full";
  const digits35 = or(bin("==", id("_Digits"), int(3)), bin("==", id("_Digits"), int(5)));
  const pip = bin("*", dbl(10), id("_Point"));
  const setPip: Stmt[] = full
    ? [assign("g_pip", { kind: "cond", test: digits35, ifTrue: pip, ifFalse: id("_Point") })]
    : [assign("g_pip", id("_Point")), ifThen(digits35, [assign("g_pip", pip)])];
  const ulong = (e: Expr): Expr => (full ? { kind: "cast", type: "ulong", operand: e } : e);
  return {
    returnType: "int",
    name: "OnInit",
    params: [],
    doc: "Expert initialization function",
    body: [
      expr(method("trade", "SetExpertMagicNumber", ulong(id("InpMagicNumber")))),
      expr(method("trade", "SetDeviationInPoints", ulong(id("InpSlippagePoints")))),
      expr(method("trade", "SetTypeFillingBySymbol", id("_Symbol"))),
      { kind: "comment", text: "1 pip = 10 points on 3- and 5-digit quotes, 1 point otherwise." },
      ...setPip,
      ...(zonedHours(ctx)?.init ?? []),
      ...createHandles(ctx),
      ret(id("INIT_SUCCEEDED")),
    ],
  };
}

function tradingInputs(ctx: Context, opts: CompileOptions): void {
  const { spec } = ctx;
  ctx.input(
    "Trading",
    "ENUM_TIMEFRAMES",
    "InpTimeframe",
    id(`PERIOD_${spec.timeframe}`),
    "Strategy timeframe",
  );
  sizingInputs(ctx, spec.sizing);
  ctx.input("Trading", "int", "InpMaxPositions", int(spec.maxOpenPositions), "Maximum open positions");
  ctx.input("Trading", "long", "InpMagicNumber", int(magicNumber(opts.strategyId)), "Magic number");
  ctx.input("Trading", "int", "InpSlippagePoints", int(10), "Maximum slippage, points");
}

function header(spec: StrategySpec, opts: CompileOptions): string[] {
  const lines = [
    clean(opts.title),
    `Expert advisor generated from strategy ${clean(opts.strategyId)} (StrategySpec v${spec.specVersion}).`,
    "",
  ];
  if (spec.name && clean(spec.name) !== clean(opts.title))
    lines.splice(1, 0, `Strategy: ${clean(spec.name)}`);
  if (spec.description) lines.push(...wrap(clean(spec.description), 90), "");
  lines.push(
    "How it trades (the same rules as the backtests):",
    `- Rules are evaluated once per new ${spec.timeframe} bar, at its first tick, on closed bars`,
    spec.pendingEntry
      ? `  (series index 1 is the bar that just closed). Entries are pending ${spec.pendingEntry.order} orders.`
      : "  (series index 1 is the bar that just closed). Orders are market orders.",
    "- Each bar: exit rules and close-on-opposite first, then at most one entry (time filter,",
    "  max positions). Long and short entry signals on the same bar cancel each other.",
    "- Stops and targets are placed from the fill price; trailing and break-even run every tick.",
    "- Positions are this EA's when symbol and InpMagicNumber match.",
  );
  if (hasTimeFilter(spec.timeFilter)) {
    lines.push(
      "- Time filter hours are broker server time, read with TimeCurrent() (the hours in",
      "  MetaTrader's charts); backtest with your broker's time zone to match.",
    );
    if (spec.timeFilter?.hours?.zone !== undefined)
      lines.push(
        `- Entry hours are ${clean(spec.timeFilter.hours.zone)} time with its daylight saving: set`,
        "  InpServerZone to your broker's server time zone (GMT+2/+3 on most brokers).",
      );
  }
  return lines;
}

export function compile(spec: StrategySpec, opts: CompileOptions): Program {
  const ctx = new Context(spec, opts.mode);
  tradingInputs(ctx, opts);
  const init = onInit(ctx);
  const signals = buildSignals(ctx);
  const comment = clean(`StratForge ${opts.strategyId}`).slice(0, 31);
  const open = spec.pendingEntry ? placeOrderFunction(ctx, comment) : openFunction(ctx, comment);
  const limits = limitsFunction(ctx);
  const transactions = tradeTransactionFunction(ctx);
  const manage = manageFunction(ctx);
  const filter = hasTimeFilter(spec.timeFilter) ? timeFilterFunction(ctx, spec.timeFilter) : undefined;

  const globals: GlobalDecl[] = [
    { type: "CTrade", name: "trade" },
    ...spec.indicators.map((i) => ({
      type: "int" as const,
      name: handleName(i.id),
      init: id("INVALID_HANDLE"),
      comment: `${i.kind} ${i.id}`,
    })),
    ...readerGlobals(ctx),
    ...pendingGlobals(ctx),
    ...(manage ? breakEvenGlobals(ctx) : []),
    { type: "datetime", name: "g_lastBarTime", init: int(0), comment: "open time of the last bar acted on" },
    { type: "double", name: "g_pip", init: dbl(0), comment: "price size of one pip" },
    {
      type: "bool",
      name: "g_dataOk",
      init: id("true"),
      comment: "false when an indicator value could not be read",
    },
    {
      type: "bool",
      name: "g_warm",
      init: id("false"),
      comment: "true when a value read was inside its indicator's warm-up",
    },
  ];
  const deinit: FunctionDecl = {
    returnType: "void",
    name: "OnDeinit",
    params: [{ type: "int", name: "reason", isConst: true }],
    doc: "Expert deinitialization function",
    body: releaseHandles(ctx),
  };
  const functions: FunctionDecl[] = [
    init,
    deinit,
    onTick(manage !== undefined, hasPartials(ctx)),
    processNewBar(ctx, signals, filter !== undefined, limits !== undefined),
    ...(transactions ? [transactions] : []),
    ...signals.functions,
    ...ctx.helperFunctions(),
    ...(filter ? [filter] : []),
    ...(limits ? [limits] : []),
    ...(spec.pendingEntry ? [countOrdersFunction()] : []),
    ...(manage ? [manage, ...breakEvenFunctions(ctx)] : []),
    ...exitFunctions(ctx),
    open,
    ...(needsRiskLots(spec.sizing) ? [riskLotsFunction(spec.sizing)] : []),
    normalizeVolumeFunction(),
    closeFunction(),
    countFunction(countsEntries(ctx)),
    ...nettingFunctions(ctx),
    isOursFunction(),
    valueFunction(),
    ...readerFunctions(ctx),
    ...comparisonFunctions(),
  ];

  const groups = ctx.inputGroups();
  // The conservative build drops "input group" headings (a newer MQL5 feature) and prints one list.
  const inputGroups: InputGroup[] =
    opts.mode === "full" ? groups : [{ inputs: groups.flatMap((g) => g.inputs) }];
  const description = clean(spec.description ?? opts.title).slice(0, 500);
  return {
    header: header(spec, opts),
    properties: [
      { name: "copyright", value: quote(clean(opts.copyright)) },
      { name: "link", value: quote(clean(opts.link)) },
      { name: "version", value: quote("1.00") },
      { name: "description", value: quote(description) },
      ...(opts.mode === "full" ? [{ name: "strict" }] : []),
    ],
    includes: ["<Trade\\Trade.mqh>"],
    inputGroups,
    globals,
    functions,
  };
}
