/**
 * The part of the MQL5 language and standard library the checker knows (DESIGN D5).
 *
 * This is deliberately not all of MQL5: it is the vocabulary the generator may use plus the
 * everyday functions a hand-edited expert advisor is likely to call. Anything outside it is
 * reported as unknown, which is the point: generated code must stay inside what we have
 * verified. Argument counts follow the MQL5 reference (docs.mql5.com); note that the MQL5
 * iMACD takes 6 arguments and iStochastic 7 (the MQL4 versions, which return a value instead of
 * a handle, take 8 and 10).
 */

import { PERIODS } from "../../market/types";
export interface Arity {
  readonly min: number;
  readonly max: number;
}

export interface FunctionInfo extends Arity {
  /** Creates an indicator handle: its use requires OnInit (handles belong there, D5). */
  readonly createsHandle?: boolean;
}

const exactly = (n: number): Arity => ({ min: n, max: n });
const range = (min: number, max: number): Arity => ({ min, max });
// Print-like functions accept up to 64 arguments in MQL5.
const variadic = (min: number): Arity => ({ min, max: 64 });

const handle = (n: number): FunctionInfo => ({ ...exactly(n), createsHandle: true });

export const FUNCTIONS: ReadonlyMap<string, FunctionInfo> = new Map<string, FunctionInfo>([
  // Technical indicators (handle-returning MQL5 forms).
  ["iMA", handle(6)], // symbol, period, ma_period, ma_shift, ma_method, applied_price
  ["iRSI", handle(4)], // symbol, period, ma_period, applied_price
  ["iMACD", handle(6)], // symbol, period, fast_ema, slow_ema, signal, applied_price
  ["iBands", handle(6)], // symbol, period, bands_period, bands_shift, deviation, applied_price
  ["iATR", handle(3)], // symbol, period, ma_period
  ["iStochastic", handle(7)], // symbol, period, Kperiod, Dperiod, slowing, ma_method, price_field
  ["iCCI", handle(4)], // symbol, period, ma_period, applied_price
  ["iADX", handle(3)], // symbol, period, adx_period
  ["iMomentum", handle(4)], // symbol, period, mom_period, applied_price
  // Issue 14: the rest of MetaTrader's built-ins (MQL5 reference argument counts).
  ["iAC", handle(2)], // symbol, period
  ["iAD", handle(3)], // symbol, period, applied_volume
  ["iADXWilder", handle(3)], // symbol, period, adx_period
  ["iAlligator", handle(10)], // symbol, period, jaw/teeth/lips period and shift, ma_method, applied_price
  ["iAMA", handle(7)], // symbol, period, ama_period, fast, slow, ama_shift, applied_price
  ["iAO", handle(2)],
  ["iBearsPower", handle(3)],
  ["iBullsPower", handle(3)],
  ["iBWMFI", handle(3)], // symbol, period, applied_volume
  ["iChaikin", handle(6)], // symbol, period, fast, slow, ma_method, applied_volume
  ["iDEMA", handle(5)], // symbol, period, ma_period, ma_shift, applied_price
  ["iDeMarker", handle(3)],
  ["iEnvelopes", handle(7)], // symbol, period, ma_period, ma_shift, ma_method, applied_price, deviation
  ["iForce", handle(5)], // symbol, period, ma_period, ma_method, applied_volume
  ["iFractals", handle(2)],
  ["iFrAMA", handle(5)], // symbol, period, ma_period, ma_shift, applied_price
  ["iGator", handle(10)],
  ["iIchimoku", handle(5)], // symbol, period, tenkan_sen, kijun_sen, senkou_span_b
  ["iMFI", handle(4)], // symbol, period, ma_period, applied_volume
  ["iOsMA", handle(6)],
  ["iOBV", handle(3)],
  ["iSAR", handle(4)], // symbol, period, step, maximum
  ["iRVI", handle(3)],
  ["iStdDev", handle(6)], // symbol, period, ma_period, ma_shift, ma_method, applied_price
  ["iTEMA", handle(5)],
  ["iTriX", handle(4)], // symbol, period, ma_period, applied_price
  ["iWPR", handle(3)],
  ["iVIDyA", handle(6)], // symbol, period, cmo_period, ema_period, ma_shift, applied_price
  ["iVolumes", handle(3)],
  ["iHighest", exactly(5)], // symbol, timeframe, type, count, start
  ["iLowest", exactly(5)],
  ["IndicatorRelease", exactly(1)],
  ["BarsCalculated", exactly(1)],
  // Every CopyBuffer overload (by position, by start time, by time range) takes 5 arguments.
  ["CopyBuffer", exactly(5)],
  ["CopyClose", exactly(5)],
  ["CopyOpen", exactly(5)],
  ["CopyHigh", exactly(5)],
  ["CopyLow", exactly(5)],
  ["CopyTime", exactly(5)],
  ["CopyRates", exactly(5)],
  // Timeseries.
  ["iTime", exactly(3)],
  ["iOpen", exactly(3)],
  ["iHigh", exactly(3)],
  ["iLow", exactly(3)],
  ["iClose", exactly(3)],
  ["iBars", exactly(2)],
  // iBarShift(symbol, timeframe, time, exact=false)
  ["iBarShift", range(3, 4)],
  ["PeriodSeconds", range(0, 1)],
  ["Bars", range(2, 4)],
  ["SeriesInfoInteger", range(3, 4)],
  // Arrays.
  ["ArraySetAsSeries", exactly(2)],
  ["ArrayResize", range(2, 3)],
  ["ArraySize", exactly(1)],
  ["ArrayInitialize", exactly(2)],
  ["ZeroMemory", exactly(1)],
  // Symbol and account.
  ["SymbolInfoDouble", range(2, 3)],
  ["SymbolInfoInteger", range(2, 3)],
  ["SymbolInfoString", range(2, 3)],
  ["SymbolInfoTick", exactly(2)],
  ["AccountInfoDouble", exactly(1)],
  ["AccountInfoInteger", exactly(1)],
  ["AccountInfoString", exactly(1)],
  ["Symbol", exactly(0)],
  ["Period", exactly(0)],
  ["Digits", exactly(0)],
  ["Point", exactly(0)],
  // Positions.
  ["PositionsTotal", exactly(0)],
  ["PositionGetTicket", exactly(1)],
  ["PositionGetSymbol", exactly(1)],
  ["PositionSelect", exactly(1)],
  ["PositionSelectByTicket", exactly(1)],
  ["PositionGetInteger", range(1, 2)],
  ["PositionGetDouble", range(1, 2)],
  ["PositionGetString", range(1, 2)],
  // Deal history (a netting EA counts its position's entries).
  ["HistorySelectByPosition", exactly(1)],
  ["HistoryDealsTotal", exactly(0)],
  ["HistoryDealGetTicket", exactly(1)],
  ["HistoryDealGetInteger", range(2, 3)],
  // Pending orders and the day's deals (issue 14: pending entries, trades per day).
  ["HistorySelect", exactly(2)],
  ["HistoryDealGetString", range(2, 3)],
  ["HistoryDealGetDouble", range(2, 3)],
  ["OrdersTotal", exactly(0)],
  ["OrderGetTicket", exactly(1)],
  ["OrderSelect", exactly(1)],
  ["OrderGetInteger", range(1, 2)],
  ["OrderGetDouble", range(1, 2)],
  ["OrderGetString", range(1, 2)],
  // Maths.
  ["NormalizeDouble", exactly(2)],
  ["MathAbs", exactly(1)],
  ["MathMax", exactly(2)],
  ["MathMin", exactly(2)],
  ["MathFloor", exactly(1)],
  ["MathCeil", exactly(1)],
  ["MathRound", exactly(1)],
  ["MathPow", exactly(2)],
  ["MathSqrt", exactly(1)],
  ["MathIsValidNumber", exactly(1)],
  // Time.
  ["TimeGMT", range(0, 1)],
  ["TimeCurrent", range(0, 1)],
  ["TimeTradeServer", range(0, 1)],
  ["TimeLocal", range(0, 1)],
  ["TimeToStruct", exactly(2)],
  ["StructToTime", exactly(1)],
  // Strings and output.
  ["Print", variadic(1)],
  ["PrintFormat", variadic(1)],
  ["Alert", variadic(1)],
  ["Comment", variadic(1)],
  ["StringFormat", variadic(1)],
  ["DoubleToString", range(1, 2)],
  ["IntegerToString", range(1, 3)],
  ["TimeToString", range(1, 2)],
  ["EnumToString", exactly(1)],
  // Terminal and errors.
  ["GetLastError", exactly(0)],
  ["ResetLastError", exactly(0)],
  ["IsStopped", exactly(0)],
  ["TerminalInfoInteger", exactly(1)],
  ["MQLInfoInteger", exactly(1)],
]);

/** Classes of the standard library: method name to arity. */
export const CLASSES: ReadonlyMap<string, ReadonlyMap<string, Arity>> = new Map([
  [
    "CTrade",
    new Map<string, Arity>([
      // Buy/Sell(volume, symbol=NULL, price=0.0, sl=0.0, tp=0.0, comment="")
      ["Buy", range(1, 6)],
      ["Sell", range(1, 6)],
      // PositionClose(ticket | symbol, deviation=ULONG_MAX)
      ["PositionClose", range(1, 2)],
      // PositionClosePartial(ticket | symbol, volume, deviation=ULONG_MAX)
      ["PositionClosePartial", range(2, 3)],
      // PositionModify(ticket | symbol, sl, tp)
      ["PositionModify", exactly(3)],
      ["PositionOpen", range(6, 7)],
      // BuyStop/SellStop/BuyLimit/SellLimit(volume, price, symbol=NULL, sl=0.0, tp=0.0,
      // type_time=ORDER_TIME_GTC, expiration=0, comment="")
      ["BuyStop", range(2, 8)],
      ["SellStop", range(2, 8)],
      ["BuyLimit", range(2, 8)],
      ["SellLimit", range(2, 8)],
      ["OrderDelete", exactly(1)],
      ["OrderModify", range(6, 7)],
      ["SetExpertMagicNumber", exactly(1)],
      ["SetDeviationInPoints", exactly(1)],
      ["SetTypeFilling", exactly(1)],
      ["SetTypeFillingBySymbol", exactly(1)],
      ["SetAsyncMode", exactly(1)],
      ["SetMarginMode", exactly(0)],
      ["LogLevel", exactly(1)],
      ["ResultRetcode", exactly(0)],
      ["ResultRetcodeDescription", exactly(0)],
      ["ResultOrder", exactly(0)],
      ["ResultDeal", exactly(0)],
      ["ResultPrice", exactly(0)],
      ["ResultVolume", exactly(0)],
    ]),
  ],
]);

/** Which #include brings a class in: using CTrade without it is a compile error in MetaEditor. */
export const CLASS_INCLUDES: ReadonlyMap<string, string> = new Map([["CTrade", "<Trade\\Trade.mqh>"]]);

/** Structures: field names. */
export const STRUCTS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["MqlDateTime", new Set(["year", "mon", "day", "hour", "min", "sec", "day_of_week", "day_of_year"])],
  ["MqlTick", new Set(["time", "bid", "ask", "last", "volume", "time_msc", "flags", "volume_real"])],
  ["MqlRates", new Set(["time", "open", "high", "low", "close", "tick_volume", "spread", "real_volume"])],
  [
    "MqlTradeTransaction",
    new Set([
      "deal",
      "order",
      "symbol",
      "type",
      "order_type",
      "order_state",
      "deal_type",
      "time_type",
      "time_expiration",
      "price",
      "price_trigger",
      "price_sl",
      "price_tp",
      "volume",
      "position",
      "position_by",
    ]),
  ],
  ["MqlTradeRequest", new Set(["action", "magic", "order", "symbol", "volume", "price", "sl", "tp", "type"])],
  ["MqlTradeResult", new Set(["retcode", "deal", "order", "volume", "price", "bid", "ask", "comment"])],
]);

export const PRIMITIVE_TYPES: ReadonlySet<string> = new Set([
  "void",
  "bool",
  "char",
  "uchar",
  "short",
  "ushort",
  "int",
  "uint",
  "long",
  "ulong",
  "float",
  "double",
  "string",
  "datetime",
  "color",
]);

export const ENUM_TYPES: ReadonlySet<string> = new Set([
  "ENUM_TIMEFRAMES",
  "ENUM_MA_METHOD",
  "ENUM_APPLIED_PRICE",
  "ENUM_STO_PRICE",
  "ENUM_POSITION_TYPE",
  "ENUM_ORDER_TYPE",
  "ENUM_ORDER_TYPE_FILLING",
  "ENUM_DAY_OF_WEEK",
  "ENUM_INIT_RETCODE",
]);

export const CONSTANTS: ReadonlySet<string> = new Set([
  "true",
  "false",
  "NULL",
  "EMPTY_VALUE",
  "WRONG_VALUE",
  "INVALID_HANDLE",
  "DBL_MAX",
  "DBL_MIN",
  "DBL_EPSILON",
  "INT_MAX",
  "INT_MIN",
  "LONG_MAX",
  "ULONG_MAX",
  "M_PI",
  // Predefined variables.
  "_Symbol",
  "_Period",
  "_Point",
  "_Digits",
  "_LastError",
  "_StopFlag",
  // Init results and deinit reasons.
  "INIT_SUCCEEDED",
  "INIT_FAILED",
  "INIT_PARAMETERS_INCORRECT",
  "INIT_AGENT_NOT_SUITABLE",
  "REASON_PROGRAM",
  "REASON_REMOVE",
  "REASON_RECOMPILE",
  "REASON_CHARTCHANGE",
  "REASON_CHARTCLOSE",
  "REASON_PARAMETERS",
  "REASON_ACCOUNT",
  // Timeframes.
  "PERIOD_CURRENT",
  ...PERIODS.map((p) => `PERIOD_${p}`),
  // Moving-average methods and applied prices.
  "MODE_SMA",
  "MODE_EMA",
  "MODE_SMMA",
  "MODE_LWMA",
  "PRICE_CLOSE",
  "PRICE_OPEN",
  "PRICE_HIGH",
  "PRICE_LOW",
  "PRICE_MEDIAN",
  "PRICE_TYPICAL",
  "PRICE_WEIGHTED",
  "STO_LOWHIGH",
  "STO_CLOSECLOSE",
  // Indicator buffer numbers.
  "MAIN_LINE",
  "SIGNAL_LINE",
  "BASE_LINE",
  "UPPER_BAND",
  "LOWER_BAND",
  "PLUSDI_LINE",
  "MINUSDI_LINE",
  "UPPER_LINE",
  "LOWER_LINE",
  "GATORJAW_LINE",
  "GATORTEETH_LINE",
  "GATORLIPS_LINE",
  "UPPER_HISTOGRAM",
  "LOWER_HISTOGRAM",
  "TENKANSEN_LINE",
  "KIJUNSEN_LINE",
  "SENKOUSPANA_LINE",
  "SENKOUSPANB_LINE",
  "CHIKOUSPAN_LINE",
  "VOLUME_TICK",
  "VOLUME_REAL",
  "MODE_HIGH",
  "MODE_LOW",
  // Symbol properties.
  "SYMBOL_BID",
  "SYMBOL_ASK",
  "SYMBOL_POINT",
  "SYMBOL_DIGITS",
  "SYMBOL_SPREAD",
  "SYMBOL_TRADE_TICK_VALUE",
  "SYMBOL_TRADE_TICK_SIZE",
  "SYMBOL_TRADE_CONTRACT_SIZE",
  "SYMBOL_VOLUME_MIN",
  "SYMBOL_VOLUME_MAX",
  "SYMBOL_VOLUME_STEP",
  "SYMBOL_TRADE_STOPS_LEVEL",
  "SYMBOL_TRADE_FREEZE_LEVEL",
  "SYMBOL_FILLING_MODE",
  // Account properties.
  "ACCOUNT_BALANCE",
  "ACCOUNT_EQUITY",
  "ACCOUNT_MARGIN_FREE",
  "ACCOUNT_CURRENCY",
  "ACCOUNT_LEVERAGE",
  "ACCOUNT_MARGIN_MODE",
  "ACCOUNT_MARGIN_MODE_RETAIL_NETTING",
  "ACCOUNT_MARGIN_MODE_RETAIL_HEDGING",
  "ACCOUNT_MARGIN_MODE_EXCHANGE",
  // Positions and orders.
  "POSITION_TICKET",
  "POSITION_MAGIC",
  "POSITION_SYMBOL",
  "POSITION_TYPE",
  "POSITION_VOLUME",
  "POSITION_PRICE_OPEN",
  "POSITION_PRICE_CURRENT",
  "POSITION_SL",
  "POSITION_TP",
  "POSITION_PROFIT",
  "POSITION_TIME",
  "POSITION_IDENTIFIER",
  "DEAL_ENTRY",
  "DEAL_ENTRY_IN",
  "DEAL_ENTRY_OUT",
  "DEAL_ENTRY_INOUT",
  "DEAL_ENTRY_OUT_BY",
  "POSITION_TYPE_BUY",
  "POSITION_TYPE_SELL",
  "ORDER_TYPE_BUY",
  "ORDER_TYPE_SELL",
  "ORDER_FILLING_FOK",
  "ORDER_FILLING_IOC",
  "ORDER_FILLING_RETURN",
  "TRADE_RETCODE_DONE",
  "TRADE_RETCODE_PLACED",
  // Pending orders and their trade transactions.
  "ORDER_TYPE_BUY_LIMIT",
  "ORDER_TYPE_SELL_LIMIT",
  "ORDER_TYPE_BUY_STOP",
  "ORDER_TYPE_SELL_STOP",
  "ORDER_TIME_GTC",
  "ORDER_TIME_DAY",
  "ORDER_TIME_SPECIFIED",
  "ORDER_TIME_SPECIFIED_DAY",
  "ORDER_SYMBOL",
  "ORDER_MAGIC",
  "ORDER_TYPE",
  "ORDER_TICKET",
  "ORDER_PRICE_OPEN",
  "ORDER_TIME_EXPIRATION",
  "TRADE_TRANSACTION_DEAL_ADD",
  "TRADE_TRANSACTION_ORDER_ADD",
  "TRADE_TRANSACTION_ORDER_DELETE",
  "DEAL_MAGIC",
  "DEAL_SYMBOL",
  "DEAL_TIME",
  // Weekdays (ENUM_DAY_OF_WEEK; MqlDateTime.day_of_week uses the same 0 = Sunday numbering).
  "SUNDAY",
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  // Terminal.
  "TERMINAL_TRADE_ALLOWED",
  "MQL_TRADE_ALLOWED",
  "MQL_TESTER",
  // Colours the generator might print with.
  "clrNONE",
  "clrRed",
  "clrBlue",
  "clrGreen",
]);

/** #property names an expert advisor may set. */
export const PROPERTIES: ReadonlySet<string> = new Set([
  "copyright",
  "link",
  "version",
  "description",
  "strict",
  "icon",
  "tester_file",
  "tester_indicator",
]);

/** Keywords that may never be used as identifiers. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  "if",
  "else",
  "for",
  "while",
  "do",
  "switch",
  "case",
  "default",
  "break",
  "continue",
  "return",
  "input",
  "sinput",
  "static",
  "const",
  "extern",
  "enum",
  "struct",
  "class",
  "new",
  "delete",
  "sizeof",
  "union",
  "template",
  "typename",
  "private",
  "protected",
  "public",
  "virtual",
  "this",
  "operator",
  "dynamic_cast",
]);
