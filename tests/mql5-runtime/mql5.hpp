// A small MQL5 runtime for tests: the part of the MQL5 API that worker/mql5 generates, written from
// MetaQuotes' public MQL5 reference (types, ArraySetAsSeries, CopyBuffer, CTrade, PositionGet*,
// SymbolInfo*, AccountInfo*, TimeToStruct) and its indicator descriptions. The tester that feeds it
// ticks is tester.hpp; source.ts turns a generated .mq5 into C++ that includes this file.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using std::string;
using datetime = long long;
using ulong = unsigned long;  // 64 bits, as glibc's sys/types.h already declares it
using uint = unsigned int;
using uchar = unsigned char;
using ushort = unsigned short;
using color = unsigned int;

// ---------------------------------------------------------------- constants (MQL5 reference values)
const int INVALID_HANDLE = -1;
const int INIT_SUCCEEDED = 0;
const int INIT_FAILED = 1;
const double EMPTY_VALUE = 1.7976931348623157e308;
const int WRONG_VALUE = -1;

enum ENUM_TIMEFRAMES {
  PERIOD_CURRENT = 0,
  PERIOD_M1 = 1, PERIOD_M2 = 2, PERIOD_M3 = 3, PERIOD_M4 = 4, PERIOD_M5 = 5, PERIOD_M6 = 6,
  PERIOD_M10 = 10, PERIOD_M12 = 12, PERIOD_M15 = 15, PERIOD_M20 = 20, PERIOD_M30 = 30,
  PERIOD_H1 = 0x4001, PERIOD_H2 = 0x4002, PERIOD_H3 = 0x4003, PERIOD_H4 = 0x4004, PERIOD_H6 = 0x4006,
  PERIOD_H8 = 0x4008, PERIOD_H12 = 0x400c, PERIOD_D1 = 0x4018, PERIOD_W1 = 0x8001, PERIOD_MN1 = 0xc001,
};
enum ENUM_MA_METHOD { MODE_SMA, MODE_EMA, MODE_SMMA, MODE_LWMA };
enum ENUM_APPLIED_PRICE {
  PRICE_CLOSE = 1, PRICE_OPEN, PRICE_HIGH, PRICE_LOW, PRICE_MEDIAN, PRICE_TYPICAL, PRICE_WEIGHTED,
};
enum ENUM_STO_PRICE { STO_LOWHIGH, STO_CLOSECLOSE };
enum ENUM_APPLIED_VOLUME { VOLUME_TICK, VOLUME_REAL };
enum ENUM_SERIESMODE { MODE_OPEN, MODE_LOW, MODE_HIGH, MODE_CLOSE, MODE_VOLUME };
// Buffer numbers of the multi-line indicators.
const int MAIN_LINE = 0, SIGNAL_LINE = 1, BASE_LINE = 0, UPPER_BAND = 1, LOWER_BAND = 2;
const int PLUSDI_LINE = 1, MINUSDI_LINE = 2;
const int UPPER_LINE = 0, LOWER_LINE = 1, GATORJAW_LINE = 0, GATORTEETH_LINE = 1, GATORLIPS_LINE = 2;
const int UPPER_HISTOGRAM = 0, LOWER_HISTOGRAM = 2, TENKANSEN_LINE = 0, KIJUNSEN_LINE = 1;
const int SENKOUSPANA_LINE = 2, SENKOUSPANB_LINE = 3, CHIKOUSPAN_LINE = 4;

enum ENUM_SYMBOL_INFO_DOUBLE {
  SYMBOL_BID, SYMBOL_ASK, SYMBOL_POINT, SYMBOL_TRADE_TICK_VALUE, SYMBOL_TRADE_TICK_SIZE,
  SYMBOL_VOLUME_MIN, SYMBOL_VOLUME_MAX, SYMBOL_VOLUME_STEP, SYMBOL_TRADE_CONTRACT_SIZE,
};
enum ENUM_SYMBOL_INFO_INTEGER {
  SYMBOL_DIGITS, SYMBOL_SPREAD, SYMBOL_TRADE_STOPS_LEVEL, SYMBOL_TRADE_FREEZE_LEVEL,
};
enum ENUM_ACCOUNT_INFO_DOUBLE {
  ACCOUNT_BALANCE, ACCOUNT_EQUITY, ACCOUNT_MARGIN, ACCOUNT_MARGIN_FREE, ACCOUNT_MARGIN_LEVEL,
};
enum ENUM_ACCOUNT_INFO_INTEGER { ACCOUNT_LEVERAGE, ACCOUNT_MARGIN_MODE };
enum ENUM_ACCOUNT_MARGIN_MODE {
  ACCOUNT_MARGIN_MODE_RETAIL_NETTING = 0, ACCOUNT_MARGIN_MODE_EXCHANGE = 1,
  ACCOUNT_MARGIN_MODE_RETAIL_HEDGING = 2,
};
enum ENUM_MQL_INFO_INTEGER { MQL_TESTER, MQL_OPTIMIZATION, MQL_VISUAL_MODE };
enum ENUM_POSITION_TYPE { POSITION_TYPE_BUY, POSITION_TYPE_SELL };
enum ENUM_POSITION_PROPERTY_INTEGER { POSITION_TICKET, POSITION_TIME, POSITION_TYPE, POSITION_MAGIC, POSITION_IDENTIFIER };
// Deal history (HistorySelectByPosition): a netting EA counts the entries of its position.
enum ENUM_DEAL_PROPERTY_INTEGER { DEAL_ENTRY, DEAL_TYPE, DEAL_POSITION_ID, DEAL_TIME_MSC, DEAL_TIME, DEAL_MAGIC };
enum ENUM_DEAL_PROPERTY_STRING { DEAL_SYMBOL, DEAL_COMMENT };
// Pending orders (issue 14): the order book the EA reads, and the trade transactions of their fills.
enum ENUM_ORDER_TYPE {
  ORDER_TYPE_BUY, ORDER_TYPE_SELL, ORDER_TYPE_BUY_LIMIT, ORDER_TYPE_SELL_LIMIT, ORDER_TYPE_BUY_STOP,
  ORDER_TYPE_SELL_STOP,
};
enum ENUM_ORDER_TYPE_TIME { ORDER_TIME_GTC, ORDER_TIME_DAY, ORDER_TIME_SPECIFIED, ORDER_TIME_SPECIFIED_DAY };
enum ENUM_ORDER_PROPERTY_INTEGER { ORDER_TICKET, ORDER_TYPE, ORDER_MAGIC, ORDER_TIME_SETUP, ORDER_TIME_EXPIRATION };
enum ENUM_ORDER_PROPERTY_DOUBLE { ORDER_VOLUME_CURRENT, ORDER_PRICE_OPEN, ORDER_SL, ORDER_TP };
enum ENUM_ORDER_PROPERTY_STRING { ORDER_SYMBOL, ORDER_COMMENT };
enum ENUM_TRADE_TRANSACTION_TYPE {
  TRADE_TRANSACTION_ORDER_ADD, TRADE_TRANSACTION_ORDER_UPDATE, TRADE_TRANSACTION_ORDER_DELETE,
  TRADE_TRANSACTION_DEAL_ADD, TRADE_TRANSACTION_DEAL_UPDATE, TRADE_TRANSACTION_DEAL_DELETE,
  TRADE_TRANSACTION_HISTORY_ADD, TRADE_TRANSACTION_HISTORY_UPDATE, TRADE_TRANSACTION_HISTORY_DELETE,
  TRADE_TRANSACTION_POSITION, TRADE_TRANSACTION_REQUEST,
};
struct MqlTradeTransaction {
  ulong deal, order;
  string symbol;
  ENUM_TRADE_TRANSACTION_TYPE type;
  ENUM_ORDER_TYPE order_type;
  double price, volume;
  ulong position;
};
struct MqlTradeRequest {
  ulong order;
  double price, volume;
};
struct MqlTradeResult {
  unsigned int retcode;
  ulong deal, order;
};
enum ENUM_DEAL_ENTRY { DEAL_ENTRY_IN = 0, DEAL_ENTRY_OUT = 1, DEAL_ENTRY_INOUT = 2, DEAL_ENTRY_OUT_BY = 3 };
enum ENUM_POSITION_PROPERTY_DOUBLE {
  POSITION_VOLUME, POSITION_PRICE_OPEN, POSITION_SL, POSITION_TP, POSITION_PRICE_CURRENT, POSITION_PROFIT,
};
enum ENUM_POSITION_PROPERTY_STRING { POSITION_SYMBOL, POSITION_COMMENT };
// Trade server return codes used here (MQL5 reference, "Trade Server Return Codes").
const uint TRADE_RETCODE_DONE = 10009, TRADE_RETCODE_INVALID = 10013, TRADE_RETCODE_INVALID_VOLUME = 10014,
           TRADE_RETCODE_INVALID_PRICE = 10015, TRADE_RETCODE_INVALID_STOPS = 10016,
           TRADE_RETCODE_NO_MONEY = 10019, TRADE_RETCODE_INVALID_EXPIRATION = 10022,
           TRADE_RETCODE_FROZEN = 10029, TRADE_RETCODE_POSITION_CLOSED = 10036;

struct MqlDateTime {
  int year, mon, day, hour, min, sec, day_of_week, day_of_year;
};

// ---------------------------------------------------------------- dynamic arrays
// MQL5 dynamic array: storage is oldest-first; ArraySetAsSeries only reverses the indexing.
template <typename T>
struct MqlArray {
  std::vector<T> data;
  bool series = false;
  T& operator[](int i) { return series ? data[data.size() - 1 - i] : data[i]; }
  const T& operator[](int i) const { return series ? data[data.size() - 1 - i] : data[i]; }
  int size() const { return static_cast<int>(data.size()); }
};
template <typename T>
bool ArraySetAsSeries(MqlArray<T>& a, bool flag) {
  a.series = flag;
  return true;
}
template <typename T>
int ArraySize(const MqlArray<T>& a) {
  return a.size();
}
template <typename T>
int ArrayResize(MqlArray<T>& a, int n, int = 0) {
  a.data.resize(n);
  return n;
}

// ---------------------------------------------------------------- math
inline double MathFloor(double x) { return std::floor(x); }
inline double MathCeil(double x) { return std::ceil(x); }
inline double MathRound(double x) { return std::round(x); }
inline double MathAbs(double x) { return std::fabs(x); }
inline double MathSqrt(double x) { return std::sqrt(x); }
inline double MathPow(double a, double b) { return std::pow(a, b); }
inline double MathMax(double a, double b) { return a > b ? a : b; }
inline double MathMin(double a, double b) { return a < b ? a : b; }
// Rounds to `digits` decimals, as the engine rounds a price to the symbol's grid (round half away
// from zero of x * 10^digits).
inline double NormalizeDouble(double x, int digits) {
  const double scale = std::pow(10.0, digits);
  return std::round(x * scale) / scale;
}

// ---------------------------------------------------------------- printing
namespace mql5rt {
FILE*& journal();
template <typename T>
auto printable(const T& v) {
  if constexpr (std::is_same_v<T, string>) return v.c_str();
  else return v;
}
}  // namespace mql5rt
template <typename... A>
void PrintFormat(const char* fmt, const A&... args) {
  std::fprintf(mql5rt::journal(), fmt, mql5rt::printable(args)...);
  std::fputc('\n', mql5rt::journal());
}
inline string DoubleToString(double x, int digits = 8) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}
inline string IntegerToString(long long x) { return std::to_string(x); }
inline void Print(const string& s) { std::fprintf(mql5rt::journal(), "%s\n", s.c_str()); }
inline int GetLastError() { return 0; }
inline void ResetLastError() {}

// ---------------------------------------------------------------- bars of the chart timeframe
namespace mql5rt {
struct Series {
  std::vector<long long> time;  // seconds
  std::vector<double> open, high, low, close;
  std::vector<double> volume;  // tick volume: the data's, summed over the bars a bar is built from
  int size() const { return static_cast<int>(time.size()); }
};

struct Symbol {
  string name = "EURUSD";
  int digits = 5;
  double point = 0.00001;
  double contract = 100000;
  double volumeMin = 0.01, volumeMax = 100, volumeStep = 0.01;
  int stopsLevel = 0, freezeLevel = 0;
};

struct Position {
  ulong ticket;
  int type;  // POSITION_TYPE_BUY / SELL
  double volume, priceOpen, sl, tp, margin, floating;
  long long time;  // seconds
  long long timeMs;
  long long magic;
  string comment;
};

enum Reason { R_SIGNAL, R_SL, R_TP, R_END, R_STOPOUT };

// One deal as MT5's history keeps it: type is the deal's side (POSITION_TYPE_BUY / SELL), entry a
// DEAL_ENTRY_* value, positionId the identifier of the position it opened, changed or closed.
struct Deal {
  ulong ticket;
  long long timeMs;
  int type;
  int entry;
  double volume, price, profit;
  ulong positionId;
  long long magic;
};

// A pending order in the book: `type` an ORDER_TYPE_* (stop or limit), expiration in seconds (0: none).
struct Order {
  ulong ticket;
  int type;
  double volume, price, sl, tp;
  long long expiration;
  long long magic;
  string comment;
};

struct Trade {
  long long entryMs, exitMs;
  int type;
  double volume, entry, exit, profit;
  Reason reason;
};

// The terminal's state as the EA sees it; the tester (tester.hpp) writes it.
struct Terminal {
  Symbol symbol;
  int timeframeSeconds = 3600;
  int accountMode = ACCOUNT_MARGIN_MODE_RETAIL_HEDGING;
  long leverage = 100;
  double stopOutFraction = 0.5;
  // Deposit-currency value of one quote-currency unit: 1 (quote = deposit) or 1 / bid (base = deposit).
  bool profitThroughBid = false;
  // Deposit-currency value of one base-currency unit: bid (quote = deposit) or 1 (base = deposit).
  bool marginThroughBid = true;
  Series bars;  // the strategy timeframe, the forming bar last
  // Counts the chart series' changes (one per tick): higher-timeframe series and indicator buffers
  // recalculate only when it moved, however often the EA reads them on one tick.
  unsigned long long barsVersion = 1;
  long long nowMs = 0;
  double bid = 0, ask = 0;
  double balance = 10000, equity = 10000, usedMargin = 0;
  std::vector<Position> positions;
  std::vector<Trade> trades;
  std::vector<Deal> deals;
  // The deals HistorySelectByPosition selected (indices into deals).
  std::vector<int> history;
  int selected = -1;
  std::vector<Order> orders;
  int selectedOrder = -1;
  ulong nextDeal = 1;
  ulong nextTicket = 2;
  long long requests = 0, refused = 0;
  // PositionModify requests the broker carried out (the parity test counts them against the engine's).
  long long modifications = 0;
};
Terminal& T();
// The chart's series and timeframe (its ENUM_TIMEFRAMES value), set by the tester's main before OnInit;
// constant-initialized, so the EA's inline series reads load them without a guard or a call.
inline const Series* chart = nullptr;
inline int chartTf = -1;
}  // namespace mql5rt

#define _Symbol (mql5rt::T().symbol.name)
#define _Digits (mql5rt::T().symbol.digits)
#define _Point (mql5rt::T().symbol.point)

// The API the EA calls; defined in the runtime's own translation unit (runtime.cpp), compiled once
// per test run, so that each EA compiles in well under a second. The bar reads are inline instead:
// generated EAs read bars in loops (Heiken Ashi walks 128 bars per value, previous-period values
// search back by time), millions of reads a run, and a call into runtime.o for each was most of such
// an EA's time. The chart's timeframe is one comparison; PERIOD_CURRENT and higher timeframes call.
int TimeframeSeconds(ENUM_TIMEFRAMES tf);
inline int PeriodSeconds(ENUM_TIMEFRAMES tf) { return TimeframeSeconds(tf); }
namespace mql5rt {
// Any timeframe's series (runtime.cpp): a higher one is kept up to date with the chart's.
const Series& seriesOf(ENUM_TIMEFRAMES tf);
}  // namespace mql5rt
inline const mql5rt::Series& SeriesOf(ENUM_TIMEFRAMES tf) {
  return static_cast<int>(tf) == mql5rt::chartTf ? *mql5rt::chart : mql5rt::seriesOf(tf);
}
// Series access by shift (0 = forming bar); 0 when the bar does not exist, as the reference says.
inline datetime iTime(const string&, ENUM_TIMEFRAMES tf, int shift) {
  const auto& s = SeriesOf(tf);
  const int i = s.size() - 1 - shift;
  return i >= 0 && shift >= 0 ? s.time[i] : 0;
}
#define MQL5RT_SERIES_PRICE(NAME, FIELD)                          \
  inline double NAME(const string&, ENUM_TIMEFRAMES tf, int shift) { \
    const auto& s = SeriesOf(tf);                                 \
    const int i = s.size() - 1 - shift;                           \
    return i >= 0 && shift >= 0 ? s.FIELD[i] : 0.0;               \
  }
MQL5RT_SERIES_PRICE(iOpen, open)
MQL5RT_SERIES_PRICE(iHigh, high)
MQL5RT_SERIES_PRICE(iLow, low)
MQL5RT_SERIES_PRICE(iClose, close)
#undef MQL5RT_SERIES_PRICE
inline int iBars(const string&, ENUM_TIMEFRAMES tf) { return SeriesOf(tf).size(); }
inline int Bars(const string& s, ENUM_TIMEFRAMES tf) { return iBars(s, tf); }
int iBarShift(const string& symbol, ENUM_TIMEFRAMES tf, datetime time, bool exact = false);
datetime TimeCurrent();
datetime TimeGMT();
datetime TimeTradeServer();
bool TimeToStruct(datetime t, MqlDateTime& out);
long MQLInfoInteger(ENUM_MQL_INFO_INTEGER p);
double SymbolInfoDouble(const string& symbol, ENUM_SYMBOL_INFO_DOUBLE p);
long SymbolInfoInteger(const string& symbol, ENUM_SYMBOL_INFO_INTEGER p);
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE p);
long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER p);
int PositionsTotal();
ulong PositionGetTicket(int i);
bool PositionSelectByTicket(ulong ticket);
bool PositionSelect(const string& symbol);
const mql5rt::Position* SelectedPosition();
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER p);
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE p);
string PositionGetString(ENUM_POSITION_PROPERTY_STRING p);
bool HistorySelectByPosition(long positionId);
int HistoryDealsTotal();
ulong HistoryDealGetTicket(int index);
long HistoryDealGetInteger(ulong ticket, ENUM_DEAL_PROPERTY_INTEGER p);
bool HistorySelect(datetime from, datetime to);
string HistoryDealGetString(ulong ticket, ENUM_DEAL_PROPERTY_STRING p);
int OrdersTotal();
ulong OrderGetTicket(int i);
long OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER p);
double OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE p);
string OrderGetString(ENUM_ORDER_PROPERTY_STRING p);
int iMA(const string& symbol, ENUM_TIMEFRAMES tf, int period, int shift, ENUM_MA_METHOD method,
        ENUM_APPLIED_PRICE price);
// iMA on another indicator's handle (MQL5: applied_price may be a handle): it averages that handle's
// first buffer from the handle's PLOT_DRAW_BEGIN on.
int iMA(const string& symbol, ENUM_TIMEFRAMES tf, int period, int shift, ENUM_MA_METHOD method, int handle);
int iRSI(const string& symbol, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_PRICE price);
int iMACD(const string& symbol, ENUM_TIMEFRAMES tf, int fast, int slow, int signal, ENUM_APPLIED_PRICE price);
int iBands(const string& symbol, ENUM_TIMEFRAMES tf, int period, int shift, double deviation,
           ENUM_APPLIED_PRICE price);
int iATR(const string& symbol, ENUM_TIMEFRAMES tf, int period);
int iStochastic(const string& symbol, ENUM_TIMEFRAMES tf, int k, int d, int slowing, ENUM_MA_METHOD method,
                ENUM_STO_PRICE price);
int iCCI(const string& symbol, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_PRICE price);
int iADX(const string& symbol, ENUM_TIMEFRAMES tf, int period);
int iMomentum(const string& symbol, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_PRICE price);
int iAC(const string& symbol, ENUM_TIMEFRAMES tf);
int iAO(const string& symbol, ENUM_TIMEFRAMES tf);
int iAD(const string& symbol, ENUM_TIMEFRAMES tf, ENUM_APPLIED_VOLUME v);
int iOBV(const string& symbol, ENUM_TIMEFRAMES tf, ENUM_APPLIED_VOLUME v);
int iVolumes(const string& symbol, ENUM_TIMEFRAMES tf, ENUM_APPLIED_VOLUME v);
int iBWMFI(const string& symbol, ENUM_TIMEFRAMES tf, ENUM_APPLIED_VOLUME v);
int iFractals(const string& symbol, ENUM_TIMEFRAMES tf);
int iADXWilder(const string& symbol, ENUM_TIMEFRAMES tf, int period);
int iAlligator(const string& symbol, ENUM_TIMEFRAMES tf, int jp, int js, int tp, int ts, int lp, int ls,
               ENUM_MA_METHOD m, ENUM_APPLIED_PRICE price);
int iGator(const string& symbol, ENUM_TIMEFRAMES tf, int jp, int js, int tp, int ts, int lp, int ls,
           ENUM_MA_METHOD m, ENUM_APPLIED_PRICE price);
int iAMA(const string& symbol, ENUM_TIMEFRAMES tf, int period, int fast, int slow, int shift, ENUM_APPLIED_PRICE price);
int iBearsPower(const string& symbol, ENUM_TIMEFRAMES tf, int period);
int iBullsPower(const string& symbol, ENUM_TIMEFRAMES tf, int period);
int iChaikin(const string& symbol, ENUM_TIMEFRAMES tf, int fast, int slow, ENUM_MA_METHOD m, ENUM_APPLIED_VOLUME v);
int iDEMA(const string& symbol, ENUM_TIMEFRAMES tf, int period, int shift, ENUM_APPLIED_PRICE price);
int iTEMA(const string& symbol, ENUM_TIMEFRAMES tf, int period, int shift, ENUM_APPLIED_PRICE price);
int iTriX(const string& symbol, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_PRICE price);
int iFrAMA(const string& symbol, ENUM_TIMEFRAMES tf, int period, int shift, ENUM_APPLIED_PRICE price);
int iDeMarker(const string& symbol, ENUM_TIMEFRAMES tf, int period);
int iMFI(const string& symbol, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_VOLUME v);
int iRVI(const string& symbol, ENUM_TIMEFRAMES tf, int period);
int iWPR(const string& symbol, ENUM_TIMEFRAMES tf, int period);
int iEnvelopes(const string& symbol, ENUM_TIMEFRAMES tf, int period, int shift, ENUM_MA_METHOD m,
               ENUM_APPLIED_PRICE price, double deviation);
int iForce(const string& symbol, ENUM_TIMEFRAMES tf, int period, ENUM_MA_METHOD m, ENUM_APPLIED_VOLUME v);
int iIchimoku(const string& symbol, ENUM_TIMEFRAMES tf, int tenkan, int kijun, int senkou);
int iOsMA(const string& symbol, ENUM_TIMEFRAMES tf, int fast, int slow, int signal, ENUM_APPLIED_PRICE price);
int iSAR(const string& symbol, ENUM_TIMEFRAMES tf, double step, double maximum);
int iStdDev(const string& symbol, ENUM_TIMEFRAMES tf, int period, int shift, ENUM_MA_METHOD m, ENUM_APPLIED_PRICE price);
int iVIDyA(const string& symbol, ENUM_TIMEFRAMES tf, int cmo, int ema, int shift, ENUM_APPLIED_PRICE price);
int iHighest(const string& symbol, ENUM_TIMEFRAMES tf, int type, int count, int start);
int iLowest(const string& symbol, ENUM_TIMEFRAMES tf, int type, int count, int start);
bool IndicatorRelease(int handle);
int BarsCalculated(int handle);
int CopyBuffer(int handle, int buffer, int start, int count, MqlArray<double>& out);

#include "trade.hpp"

// The EA's handlers, defined by the translated .mq5; the tester calls them.
int OnInit();
void OnTick();
void OnDeinit(const int reason);
// Optional: an EA without it links (weak), and the broker calls it only when the EA defines it.
void OnTradeTransaction(const MqlTradeTransaction& trans, const MqlTradeRequest& request,
                        const MqlTradeResult& result) __attribute__((weak));

#ifdef MQL5RT_IMPLEMENTATION
namespace mql5rt {
FILE*& journal() {
  static FILE* f = stderr;
  return f;
}
Terminal& T() {
  static Terminal t;
  return t;
}
}  // namespace mql5rt

int TimeframeSeconds(ENUM_TIMEFRAMES tf) {
  const int v = static_cast<int>(tf);
  if (v == 0) return mql5rt::T().timeframeSeconds;
  if ((v & 0xc000) == 0x4000) return (v & 0xff) * 3600;
  if (v == PERIOD_W1) return 7 * 86400;
  if (v < 0x4000) return v * 60;
  return 0;  // MN1: not modelled
}

// A higher timeframe's bars, built from the chart's by the engine's alignment rule (worker/market/periods.ts:
// buckets of the period from 00:00 UTC; W1 from Monday 00:00 UTC): open of the first, highest high, lowest
// low, close of the last, summed volume. The forming chart bar makes the forming higher bar. MN1 is not
// modelled. Kept up to date incrementally: the last higher bar is rebuilt from its first chart bar.
namespace mql5rt {
struct Higher {
  int seconds;
  Series s;
  int firstOfLast = 0;  // chart index where the last higher bar starts
  unsigned long long version = 0;  // the chart's barsVersion it was last brought up to
};
inline long long bucketOf(long long t, int seconds) {
  if (seconds == 7 * 86400) {
    const long long monday = 4 * 86400;
    return (t - monday) / seconds * seconds + monday - ((t - monday) % seconds < 0 ? seconds : 0);
  }
  return t / seconds * seconds;
}
inline std::vector<Higher>& highers() {
  static std::vector<Higher> h;
  return h;
}
const Series& higherSeries(int secs) {
  if (secs < T().timeframeSeconds || secs % T().timeframeSeconds != 0) {
    std::fprintf(stderr, "runtime: timeframe of %d s is not a multiple of the chart's\n", secs);
    std::exit(3);
  }
  Higher* h = nullptr;
  for (auto& x : highers())
    if (x.seconds == secs) h = &x;
  if (!h) {
    highers().push_back({secs, {}, 0});
    h = &highers().back();
  }
  if (h->version == T().barsVersion) return h->s;
  h->version = T().barsVersion;
  const Series& c = T().bars;
  Series& s = h->s;
  int from = h->firstOfLast;
  if (s.size() > 0) {
    s.time.pop_back(), s.open.pop_back(), s.high.pop_back(), s.low.pop_back(), s.close.pop_back();
    s.volume.pop_back();
  }
  for (int i = from; i < c.size(); i++) {
    const long long b = bucketOf(c.time[i], secs);
    if (s.size() == 0 || s.time.back() != b) {
      s.time.push_back(b), s.open.push_back(c.open[i]), s.high.push_back(c.high[i]), s.low.push_back(c.low[i]);
      s.close.push_back(c.close[i]), s.volume.push_back(c.volume[i]);
      h->firstOfLast = i;
    } else {
      s.high.back() = std::max(s.high.back(), c.high[i]);
      s.low.back() = std::min(s.low.back(), c.low[i]);
      s.close.back() = c.close[i];
      s.volume.back() += c.volume[i];
    }
  }
  return s;
}
// A LOWER timeframe's bars (spec-indicators.ts, LOWER TIMEFRAME), as the terminal keeps them: built from
// every tick (seriesTick), so they need tick times inside the lower bars (M1 data; the harness runs such
// specs on it only). The tester registers each one the settings name before the history's first tick.
struct Lower {
  int seconds;
  Series s;
};
inline std::vector<Lower>& lowers() {
  static std::vector<Lower> l;
  return l;
}
inline void lowerTick(long long timeMs, double price, double volume) {
  for (auto& l : lowers()) {
    auto& s = l.s;
    const long long start = (timeMs / 1000) / l.seconds * l.seconds;
    if (s.size() == 0 || s.time.back() != start) {
      s.time.push_back(start), s.open.push_back(price), s.high.push_back(price), s.low.push_back(price);
      s.close.push_back(price), s.volume.push_back(volume);
      continue;
    }
    s.volume.back() += volume;
    s.high.back() = std::max(s.high.back(), price);
    s.low.back() = std::min(s.low.back(), price);
    s.close.back() = price;
  }
}
const Series& seriesOf(ENUM_TIMEFRAMES tf) {
  const int secs = TimeframeSeconds(tf);
  if (secs == T().timeframeSeconds) return T().bars;
  if (secs > T().timeframeSeconds) return higherSeries(secs);
  for (auto& l : lowers())
    if (l.seconds == secs) return l.s;
  std::fprintf(stderr, "runtime: the lower timeframe of %d s is not kept (settings lowerSeconds)\n", secs);
  std::exit(3);
}
}  // namespace mql5rt
// The shift of the bar holding `time` (the last one opening at or before it); -1 when none (or none exact).
int iBarShift(const string&, ENUM_TIMEFRAMES tf, datetime time, bool exact) {
  const auto& s = SeriesOf(tf);
  const auto it = std::upper_bound(s.time.begin(), s.time.end(), time);
  if (it == s.time.begin()) return -1;
  const int i = static_cast<int>(it - s.time.begin()) - 1;
  if (exact && s.time[i] != time) return -1;
  return s.size() - 1 - i;
}

// ---------------------------------------------------------------- time
datetime TimeCurrent() { return mql5rt::T().nowMs / 1000; }
// In the strategy tester TimeGMT() and TimeTradeServer() equal the modelled server time.
datetime TimeGMT() { return TimeCurrent(); }
datetime TimeTradeServer() { return TimeCurrent(); }
bool TimeToStruct(datetime t, MqlDateTime& out) {
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  out = {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_wday, tm.tm_yday};
  return true;
}
long MQLInfoInteger(ENUM_MQL_INFO_INTEGER p) { return p == MQL_TESTER ? 1 : 0; }

// ---------------------------------------------------------------- symbol and account
double SymbolInfoDouble(const string&, ENUM_SYMBOL_INFO_DOUBLE p) {
  const auto& t = mql5rt::T();
  switch (p) {
    case SYMBOL_BID: return t.bid;
    case SYMBOL_ASK: return t.ask;
    case SYMBOL_POINT: return t.symbol.point;
    // Quote currency = deposit currency (the variants here): one tick of one lot is tickSize x contract.
    case SYMBOL_TRADE_TICK_VALUE: return t.symbol.point * t.symbol.contract;
    case SYMBOL_TRADE_TICK_SIZE: return t.symbol.point;
    case SYMBOL_VOLUME_MIN: return t.symbol.volumeMin;
    case SYMBOL_VOLUME_MAX: return t.symbol.volumeMax;
    case SYMBOL_VOLUME_STEP: return t.symbol.volumeStep;
    case SYMBOL_TRADE_CONTRACT_SIZE: return t.symbol.contract;
  }
  return 0;
}
long SymbolInfoInteger(const string&, ENUM_SYMBOL_INFO_INTEGER p) {
  const auto& t = mql5rt::T();
  switch (p) {
    case SYMBOL_DIGITS: return t.symbol.digits;
    case SYMBOL_SPREAD: return std::lround((t.ask - t.bid) / t.symbol.point);
    case SYMBOL_TRADE_STOPS_LEVEL: return t.symbol.stopsLevel;
    case SYMBOL_TRADE_FREEZE_LEVEL: return t.symbol.freezeLevel;
  }
  return 0;
}
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE p) {
  const auto& t = mql5rt::T();
  switch (p) {
    case ACCOUNT_BALANCE: return t.balance;
    case ACCOUNT_EQUITY: return t.equity;
    case ACCOUNT_MARGIN: return t.usedMargin;
    case ACCOUNT_MARGIN_FREE: return t.equity - t.usedMargin;
    case ACCOUNT_MARGIN_LEVEL: return t.usedMargin > 0 ? t.equity / t.usedMargin * 100 : 0;
  }
  return 0;
}
long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER p) {
  const auto& t = mql5rt::T();
  return p == ACCOUNT_LEVERAGE ? t.leverage : t.accountMode;
}

// ---------------------------------------------------------------- positions
int PositionsTotal() { return static_cast<int>(mql5rt::T().positions.size()); }
ulong PositionGetTicket(int i) {
  auto& t = mql5rt::T();
  if (i < 0 || i >= PositionsTotal()) return 0;
  t.selected = i;
  return t.positions[i].ticket;
}
bool PositionSelectByTicket(ulong ticket) {
  auto& t = mql5rt::T();
  for (int i = 0; i < PositionsTotal(); i++)
    if (t.positions[i].ticket == ticket) return t.selected = i, true;
  return false;
}
bool PositionSelect(const string&) { return PositionsTotal() > 0 && PositionGetTicket(0) != 0; }
const mql5rt::Position* SelectedPosition() {
  auto& t = mql5rt::T();
  return t.selected >= 0 && t.selected < PositionsTotal() ? &t.positions[t.selected] : nullptr;
}
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER p) {
  const auto* pos = SelectedPosition();
  if (!pos) return 0;
  switch (p) {
    case POSITION_TICKET: return static_cast<long>(pos->ticket);
    case POSITION_TIME: return pos->time;
    case POSITION_TYPE: return pos->type;
    case POSITION_MAGIC: return pos->magic;
    // A position's ticket is its identifier here (no service re-openings); a reversal keeps both.
    case POSITION_IDENTIFIER: return static_cast<long>(pos->ticket);
  }
  return 0;
}
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE p) {
  const auto* pos = SelectedPosition();
  if (!pos) return 0;
  switch (p) {
    case POSITION_VOLUME: return pos->volume;
    case POSITION_PRICE_OPEN: return pos->priceOpen;
    case POSITION_SL: return pos->sl;
    case POSITION_TP: return pos->tp;
    case POSITION_PRICE_CURRENT: return pos->type == POSITION_TYPE_BUY ? mql5rt::T().bid : mql5rt::T().ask;
    case POSITION_PROFIT: return pos->floating;
  }
  return 0;
}
string PositionGetString(ENUM_POSITION_PROPERTY_STRING p) {
  const auto* pos = SelectedPosition();
  if (!pos) return "";
  return p == POSITION_SYMBOL ? mql5rt::T().symbol.name : pos->comment;
}

// ---------------------------------------------------------------- deal history
bool HistorySelectByPosition(long positionId) {
  auto& t = mql5rt::T();
  t.history.clear();
  for (int k = 0; k < static_cast<int>(t.deals.size()); k++)
    if (static_cast<long>(t.deals[k].positionId) == positionId) t.history.push_back(k);
  return true;
}
int HistoryDealsTotal() { return static_cast<int>(mql5rt::T().history.size()); }
ulong HistoryDealGetTicket(int index) {
  const auto& t = mql5rt::T();
  return index >= 0 && index < HistoryDealsTotal() ? t.deals[t.history[index]].ticket : 0;
}
long HistoryDealGetInteger(ulong ticket, ENUM_DEAL_PROPERTY_INTEGER p) {
  for (const auto& d : mql5rt::T().deals) {
    if (d.ticket != ticket) continue;
    switch (p) {
      case DEAL_ENTRY: return d.entry;
      case DEAL_TYPE: return d.type;
      case DEAL_POSITION_ID: return static_cast<long>(d.positionId);
      case DEAL_TIME_MSC: return d.timeMs;
      case DEAL_TIME: return d.timeMs / 1000;
      case DEAL_MAGIC: return d.magic;
    }
  }
  return 0;
}
// The deals with a time in [from, to] (seconds), as HistorySelect selects them.
bool HistorySelect(datetime from, datetime to) {
  auto& t = mql5rt::T();
  t.history.clear();
  for (int k = 0; k < static_cast<int>(t.deals.size()); k++) {
    const long long s = t.deals[k].timeMs / 1000;
    if (s >= from && s <= to) t.history.push_back(k);
  }
  return true;
}
string HistoryDealGetString(ulong ticket, ENUM_DEAL_PROPERTY_STRING p) {
  for (const auto& d : mql5rt::T().deals)
    if (d.ticket == ticket) return p == DEAL_SYMBOL ? mql5rt::T().symbol.name : "";
  return "";
}

// ---------------------------------------------------------------- pending orders
int OrdersTotal() { return static_cast<int>(mql5rt::T().orders.size()); }
ulong OrderGetTicket(int i) {
  auto& t = mql5rt::T();
  if (i < 0 || i >= OrdersTotal()) return 0;
  t.selectedOrder = i;
  return t.orders[i].ticket;
}
static const mql5rt::Order* SelectedOrder() {
  auto& t = mql5rt::T();
  return t.selectedOrder >= 0 && t.selectedOrder < OrdersTotal() ? &t.orders[t.selectedOrder] : nullptr;
}
long OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER p) {
  const auto* o = SelectedOrder();
  if (!o) return 0;
  switch (p) {
    case ORDER_TICKET: return static_cast<long>(o->ticket);
    case ORDER_TYPE: return o->type;
    case ORDER_MAGIC: return o->magic;
    case ORDER_TIME_SETUP: return 0;
    case ORDER_TIME_EXPIRATION: return o->expiration;
  }
  return 0;
}
double OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE p) {
  const auto* o = SelectedOrder();
  if (!o) return 0;
  switch (p) {
    case ORDER_VOLUME_CURRENT: return o->volume;
    case ORDER_PRICE_OPEN: return o->price;
    case ORDER_SL: return o->sl;
    case ORDER_TP: return o->tp;
  }
  return 0;
}
string OrderGetString(ENUM_ORDER_PROPERTY_STRING p) {
  const auto* o = SelectedOrder();
  if (!o) return "";
  return p == ORDER_SYMBOL ? mql5rt::T().symbol.name : o->comment;
}

#include "broker.hpp"
#include "indicators.hpp"
#include "trade-impl.hpp"
#include "tester.hpp"
#endif  // MQL5RT_IMPLEMENTATION
