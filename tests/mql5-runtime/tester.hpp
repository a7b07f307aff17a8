// The strategy tester: reads a run's settings and bars, models ticks, calls the EA's handlers and writes
// its trades in the backtest CLI's trades.csv format (scripts/backtest.ts tradesCsv). Included by mql5.hpp;
// the EA's OnInit, OnTick and OnDeinit are declared there and defined by the translated .mq5.
//
//   ea <settings file> <bars.csv> <trades.csv>
// settings: "key value" lines (see readSettings); bars.csv: time_ms,open,high,low,close,spread,volume
// rows in time order, at the data's resolution.
//
// Models (MQL5 reference, "Testing Trading Strategies": open prices only, 1 minute OHLC, every tick):
//   open:  each bar is four ticks, its open then low/high (a bullish bar's low first, a bearish bar's
//          high first, a doji the opposite of the bar before) and close at 1/4, 2/4, 3/4 of the bar;
//          the EA's OnTick runs on the open only, the other ticks trigger stops and targets
//          (the engine's reading, worker/engine/open-prices.ts);
//   ohlc:  the same four ticks of every 1-minute bar, OnTick on each of them;
//   ticks: the ticks of a file (setting "ticks"), OnTick on each: the harness writes the engine's
//          generated every-tick stream (worker/engine/ticks.ts), so both model the same ticks.
// The ask is the bid plus the bar's spread in points, on the price grid.
#pragma once

namespace mql5rt {
struct Settings {
  std::vector<std::pair<string, string>> kv;
  string get(const string& k, const string& d) const {
    for (const auto& [key, value] : kv)
      if (key == k) return value;
    return d;
  }
  double num(const string& k, double d) const {
    const string v = get(k, "");
    return v.empty() ? d : std::strtod(v.c_str(), nullptr);
  }
};

inline Settings readSettings(const char* file) {
  Settings s;
  FILE* f = std::fopen(file, "r");
  if (!f) {
    std::fprintf(stderr, "tester: cannot read %s\n", file);
    std::exit(2);
  }
  char line[1024];
  while (std::fgets(line, sizeof line, f)) {
    string l(line);
    while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.pop_back();
    const auto sp = l.find(' ');
    if (sp != string::npos) s.kv.emplace_back(l.substr(0, sp), l.substr(sp + 1));
  }
  std::fclose(f);
  return s;
}

struct Bar {
  long long time;
  double open, high, low, close, spread, volume;
};

inline std::vector<Bar> readBars(const char* file) {
  std::vector<Bar> bars;
  FILE* f = std::fopen(file, "r");
  if (!f) {
    std::fprintf(stderr, "tester: cannot read %s\n", file);
    std::exit(2);
  }
  char line[512];
  while (std::fgets(line, sizeof line, f)) {
    Bar b{};
    char* p = line;
    b.time = std::strtoll(p, &p, 10);
    b.open = std::strtod(p + 1, &p);
    b.high = std::strtod(p + 1, &p);
    b.low = std::strtod(p + 1, &p);
    b.close = std::strtod(p + 1, &p);
    b.spread = std::strtod(p + 1, &p);
    b.volume = *p == ',' ? std::strtod(p + 1, &p) : 0;
    bars.push_back(b);
  }
  std::fclose(f);
  return bars;
}

// The chart series gets a tick: a new bar at its bucket's start, or the forming bar's high/low/close.
inline void seriesTick(long long timeMs, double price, double volume = 0) {
  auto& s = T().bars;
  T().barsVersion++;
  lowerTick(timeMs, price, volume);
  const long long tf = static_cast<long long>(T().timeframeSeconds);
  const long long start = (timeMs / 1000) / tf * tf;
  if (s.size() == 0 || s.time.back() != start) {
    s.time.push_back(start);
    s.open.push_back(price);
    s.high.push_back(price);
    s.low.push_back(price);
    s.close.push_back(price);
    s.volume.push_back(volume);
    return;
  }
  s.volume.back() += volume;
  s.high.back() = std::max(s.high.back(), price);
  s.low.back() = std::min(s.low.back(), price);
  s.close.back() = price;
}

inline string iso(long long ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char out[40];
  std::snprintf(out, sizeof out, "%04d-%02d-%02dT%02d:%02d:%02d.%03lldZ", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms % 1000);
  return out;
}

inline void writeTrades(const char* file) {
  static const char* reasons[] = {"signal", "sl", "tp", "end", "stopout"};
  FILE* f = std::fopen(file, "w");
  std::fprintf(f, "entry_time,exit_time,direction,entry_price,exit_price,exit_reason,profit,volume\n");
  for (const auto& tr : T().trades)
    std::fprintf(f, "%s,%s,%s,%.*f,%.*f,%s,%.2f,%.2f\n", iso(tr.entryMs).c_str(), iso(tr.exitMs).c_str(),
                 tr.type == POSITION_TYPE_BUY ? "long" : "short", T().symbol.digits, tr.entry,
                 T().symbol.digits, tr.exit, reasons[tr.reason], tr.profit, tr.volume);
  std::fclose(f);
}

// The deals (MT5's Deals list without the balance deal): time,type,entry,volume,price.
inline void writeDeals(const string& file) {
  static const char* entries[] = {"in", "out", "inout", "out_by"};
  FILE* f = std::fopen(file.c_str(), "w");
  std::fprintf(f, "time,type,entry,volume,price\n");
  for (const auto& d : T().deals)
    std::fprintf(f, "%s,%s,%s,%.2f,%.*f\n", iso(d.timeMs).c_str(), d.type == POSITION_TYPE_BUY ? "buy" : "sell",
                 entries[d.entry], d.volume, T().symbol.digits, d.price);
  std::fclose(f);
}
}  // namespace mql5rt

int main(int argc, char** argv) {
  using namespace mql5rt;
  if (argc < 4) {
    std::fprintf(stderr, "usage: ea SETTINGS BARS TRADES\n");
    return 2;
  }
  const Settings cfg = readSettings(argv[1]);
  auto& t = T();
  t.symbol.name = cfg.get("symbol", "EURUSD");
  t.symbol.digits = static_cast<int>(cfg.num("digits", 5));
  t.symbol.point = cfg.num("point", 1e-5);
  t.symbol.contract = cfg.num("contract", 100000);
  t.symbol.volumeMin = cfg.num("volumeMin", 0.01);
  t.symbol.volumeMax = cfg.num("volumeMax", 100);
  t.symbol.volumeStep = cfg.num("volumeStep", 0.01);
  t.symbol.stopsLevel = static_cast<int>(cfg.num("stopsLevel", 0));
  t.symbol.freezeLevel = static_cast<int>(cfg.num("freezeLevel", 0));
  t.balance = t.equity = cfg.num("deposit", 10000);
  t.leverage = static_cast<long>(cfg.num("leverage", 100));
  t.stopOutFraction = cfg.num("stopOut", 50) / 100;
  t.accountMode = cfg.get("account", "hedging") == "netting" ? ACCOUNT_MARGIN_MODE_RETAIL_NETTING
                                                             : ACCOUNT_MARGIN_MODE_RETAIL_HEDGING;
  t.profitThroughBid = cfg.num("profitThroughBid", 0) != 0;
  t.marginThroughBid = cfg.num("marginThroughBid", 1) != 0;
  t.timeframeSeconds = static_cast<int>(cfg.num("timeframeSeconds", 3600));
  // The chart's ENUM_TIMEFRAMES value (hours: 0x4000 | hours; W1; minutes: their count).
  const int tfs = t.timeframeSeconds;
  chartTf = tfs == 7 * 86400 ? PERIOD_W1 : tfs % 3600 == 0 ? 0x4000 | (tfs / 3600) : tfs / 60;
  chart = &t.bars;
  // The lower timeframes the EA reads (seconds, comma-separated), kept from the history's first tick on.
  {
    const string lower = cfg.get("lowerSeconds", "");
    for (const char* p = lower.c_str(); *p;) {
      char* end = nullptr;
      const long secs = std::strtol(p, &end, 10);
      if (end == p) break;
      if (secs > 0) lowers().push_back({static_cast<int>(secs), {}});
      p = *end == ',' ? end + 1 : end;
    }
  }
  const double spreadOverride = cfg.num("spread", -1);
  const double defaultSpread = cfg.num("defaultSpread", 10);
  const long long from = static_cast<long long>(cfg.num("from", 0));
  const long long to = static_cast<long long>(cfg.num("to", 9e15));
  const long long dataMs = static_cast<long long>(cfg.num("dataSeconds", 3600)) * 1000;
  const string model = cfg.get("model", "open");
  const string journalFile = cfg.get("journal", "");
  if (!journalFile.empty()) journal() = std::fopen(journalFile.c_str(), "w");

  const std::vector<Bar> bars = readBars(argv[2]);
  // History before the test start: the chart has it, no tick runs on it.
  size_t i = 0;
  for (; i < bars.size() && bars[i].time < from; i++) {
    const Bar& b = bars[i];
    seriesTick(b.time, b.open, b.volume);
    seriesTick(b.time, b.low);
    seriesTick(b.time, b.high);
    seriesTick(b.time, b.close);
  }
  t.nowMs = i < bars.size() ? bars[i].time : from;
  if (OnInit() != INIT_SUCCEEDED) {
    std::fprintf(journal(), "tester: OnInit failed, test stopped\n");
    writeTrades(argv[3]);
    std::printf("init-failed\n");
    return 0;
  }
  const bool eaEveryTick = model != "open";
  bool bullish = true;
  long long ticks = 0;
  // `volume`: the data bar's tick volume, given with its first tick.
  auto tick = [&](long long time, double bid, double spreadPrice, bool gap, bool ea, double volume = 0) {
    t.nowMs = time;
    t.bid = bid;
    t.ask = NormalizeDouble(bid + spreadPrice, t.symbol.digits);
    seriesTick(time, bid, volume);
    brokerTick(gap);
    ticks++;
    if (ea) OnTick();
  };
  const string ticksFile = cfg.get("ticks", "");
  if (!ticksFile.empty()) {
    // Every tick: the ticks the harness wrote (time_ms,bid,spread_points,first_of_bar).
    FILE* f = std::fopen(ticksFile.c_str(), "r");
    if (!f) {
      std::fprintf(stderr, "tester: cannot read %s\n", ticksFile.c_str());
      return 2;
    }
    char line[256];
    while (std::fgets(line, sizeof line, f)) {
      char* p = line;
      const long long time = std::strtoll(p, &p, 10);
      const double bid = std::strtod(p + 1, &p);
      const double pts = std::strtod(p + 1, &p);
      const bool first = std::strtol(p + 1, &p, 10) != 0;
      const double volume = *p == ',' ? std::strtod(p + 1, &p) : 0;
      tick(time, bid, pts * t.symbol.point, first, true, volume);
    }
    std::fclose(f);
    i = bars.size();
  }
  for (; i < bars.size() && bars[i].time < to; i++) {
    const Bar& b = bars[i];
    double pts = spreadOverride >= 0 ? spreadOverride : b.spread;
    if (!(pts > 0) && spreadOverride < 0) pts = defaultSpread;
    const double sp = pts * t.symbol.point;
    const long long q = dataMs / 4;
    const bool up = b.close > b.open ? true : b.close < b.open ? false : !bullish;
    bullish = up;
    tick(b.time, b.open, sp, true, true, b.volume);
    tick(b.time + q, up ? b.low : b.high, sp, false, eaEveryTick);
    tick(b.time + 2 * q, up ? b.high : b.low, sp, false, eaEveryTick);
    tick(b.time + 3 * q, b.close, sp, false, eaEveryTick);
  }
  closeAll(R_END);
  OnDeinit(0);
  writeTrades(argv[3]);
  writeDeals(string(argv[3]) + ".deals");
  std::printf("trades %zu balance %.2f ticks %lld requests %lld refused %lld modifications %lld\n",
              t.trades.size(), t.balance, ticks, t.requests, t.refused, t.modifications);
  if (journal() != stderr) std::fclose(journal());
  return 0;
}
