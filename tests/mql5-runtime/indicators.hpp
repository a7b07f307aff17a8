// Indicator handles. Each is computed as MetaTrader's indicator of that name (MQL5 reference,
// "Technical Indicators", and the formulas MetaQuotes publishes for them), recalculating from the last
// calculated bar on every read, as OnCalculate's prev_calculated does: the forming bar's value changes
// with every tick and is final when the bar closes. Warm-up bars hold what MetaTrader's buffers hold
// there (0, or values computed from incomplete history), not an "empty" marker the EA could test.
#pragma once

namespace mql5rt {
enum Kind { K_MA, K_RSI, K_MACD, K_BANDS, K_ATR, K_STOCH, K_CCI, K_ADX, K_MOMENTUM };

struct Indicator {
  Kind kind;
  int p1 = 0, p2 = 0, p3 = 0;  // periods (MA/RSI/ATR/CCI/ADX/Momentum: p1; MACD fast/slow/signal; Stochastic K/D/slowing)
  int method = MODE_SMA;
  int price = PRICE_CLOSE;
  double deviation = 2;
  int calculated = 0;
  std::vector<std::vector<double>> buf;  // visible buffers first, then working ones
};

inline std::vector<Indicator>& handles() {
  static std::vector<Indicator> h;
  return h;
}

inline double applied(const Series& s, int price, int i) {
  switch (price) {
    case PRICE_OPEN: return s.open[i];
    case PRICE_HIGH: return s.high[i];
    case PRICE_LOW: return s.low[i];
    case PRICE_MEDIAN: return (s.high[i] + s.low[i]) / 2;
    case PRICE_TYPICAL: return (s.high[i] + s.low[i] + s.close[i]) / 3;
    case PRICE_WEIGHTED: return (s.high[i] + s.low[i] + 2 * s.close[i]) / 4;
    default: return s.close[i];
  }
}

inline double trueRange(const Series& s, int i) {
  if (i == 0) return s.high[0] - s.low[0];
  const double pc = s.close[i - 1];
  return std::max(s.high[i], pc) - std::min(s.low[i], pc);
}

// Moving average of `period` values of src at i (iMA's four methods); `out` holds the earlier values.
template <typename Src>
double movingAverage(int method, int period, int i, const Src& src, const std::vector<double>& out) {
  if (method == MODE_EMA) {
    if (i == 0) return src(0);
    const double k = 2.0 / (period + 1);
    return src(i) * k + out[i - 1] * (1 - k);
  }
  if (i < period - 1) return 0.0;
  if (method == MODE_LWMA) {
    double sum = 0;
    for (int j = 0; j < period; j++) sum += src(i - period + 1 + j) * (j + 1);
    return sum / (period * (period + 1) / 2.0);
  }
  if (i == period - 1) {
    double sum = 0;
    for (int j = 0; j < period; j++) sum += src(j);
    return sum / period;
  }
  if (method == MODE_SMMA) return (out[i - 1] * (period - 1) + src(i)) / period;
  return out[i - 1] + (src(i) - src(i - period)) / period;  // SMA, sliding
}

inline void computeBar(Indicator& ind, const Series& s, int i) {
  auto& b = ind.buf;
  auto price = [&](int j) { return applied(s, ind.price, j); };
  switch (ind.kind) {
    case K_MA:
      b[0][i] = movingAverage(ind.method, ind.p1, i, price, b[0]);
      break;
    case K_RSI: {  // buffers: rsi, average gain, average loss (Wilder smoothing)
      const int n = ind.p1;
      if (i < n) {
        b[0][i] = b[1][i] = b[2][i] = 0.0;
        break;
      }
      if (i == n) {
        double pos = 0, neg = 0;
        for (int j = 1; j <= n; j++) {
          const double d = price(j) - price(j - 1);
          pos += d > 0 ? d : 0;
          neg += d < 0 ? -d : 0;
        }
        b[1][i] = pos / n;
        b[2][i] = neg / n;
      } else {
        const double d = price(i) - price(i - 1);
        b[1][i] = (b[1][i - 1] * (n - 1) + (d > 0 ? d : 0)) / n;
        b[2][i] = (b[2][i - 1] * (n - 1) + (d < 0 ? -d : 0)) / n;
      }
      b[0][i] = b[2][i] != 0 ? 100.0 - 100.0 / (1 + b[1][i] / b[2][i]) : (b[1][i] != 0 ? 100.0 : 50.0);
      break;
    }
    case K_MACD: {  // buffers: main, signal, fast EMA, slow EMA; the signal is an SMA of main
      b[2][i] = movingAverage(MODE_EMA, ind.p1, i, price, b[2]);
      b[3][i] = movingAverage(MODE_EMA, ind.p2, i, price, b[3]);
      b[0][i] = b[2][i] - b[3][i];
      b[1][i] = movingAverage(MODE_SMA, ind.p3, i, [&](int j) { return b[0][j]; }, b[1]);
      break;
    }
    case K_BANDS: {  // buffers: middle, upper, lower; population deviation over the same period
      const int n = ind.p1;
      if (i < n - 1) {
        b[0][i] = b[1][i] = b[2][i] = 0.0;
        break;
      }
      double sum = 0;
      for (int j = 0; j < n; j++) sum += price(i - j);
      const double mean = sum / n;
      double sd = 0;
      if (i >= n) {
        double sq = 0;
        for (int j = 0; j < n; j++) sq += (price(i - j) - mean) * (price(i - j) - mean);
        sd = std::sqrt(sq / n);
      }
      b[0][i] = mean;
      b[1][i] = mean + ind.deviation * sd;
      b[2][i] = mean - ind.deviation * sd;
      break;
    }
    case K_ATR: {  // buffers: atr, true range; a simple average of the true range, sliding
      const int n = ind.p1;
      b[1][i] = trueRange(s, i);
      if (i < n) b[0][i] = 0.0;
      else if (i == n) {
        double sum = 0;
        for (int j = 1; j <= n; j++) sum += b[1][j];
        b[0][i] = sum / n;
      } else b[0][i] = b[0][i - 1] + (b[1][i] - b[1][i - n]) / n;
      break;
    }
    case K_STOCH: {  // buffers: main, signal, lowest low, highest high (STO_LOWHIGH, MODE_SMA)
      const int k = ind.p1, d = ind.p2, slowing = ind.p3;
      if (i >= k - 1) {
        double lo = s.low[i], hi = s.high[i];
        for (int j = i - k + 1; j < i; j++) lo = std::min(lo, s.low[j]), hi = std::max(hi, s.high[j]);
        b[2][i] = lo;
        b[3][i] = hi;
      } else b[2][i] = b[3][i] = 0.0;
      if (i < k + slowing - 2) b[0][i] = 0.0;
      else {
        double sumLow = 0, sumHigh = 0;
        for (int j = i - slowing + 1; j <= i; j++) sumLow += s.close[j] - b[2][j], sumHigh += b[3][j] - b[2][j];
        b[0][i] = sumHigh == 0 ? 100.0 : sumLow / sumHigh * 100;
      }
      if (i < d - 1) b[1][i] = 0.0;
      else {
        double sum = 0;
        for (int j = 0; j < d; j++) sum += b[0][i - j];
        b[1][i] = sum / d;
      }
      break;
    }
    case K_CCI: {
      const int n = ind.p1;
      if (i < n - 1) {
        b[0][i] = 0.0;
        break;
      }
      double sum = 0;
      for (int j = 0; j < n; j++) sum += price(i - j);
      const double sp = sum / n;
      double dev = 0;
      for (int j = 0; j < n; j++) dev += std::fabs(price(i - j) - sp);
      const double dd = dev * (0.015 / n);
      b[0][i] = dd != 0 ? (price(i) - sp) / dd : 0.0;
      break;
    }
    case K_ADX: {  // buffers: adx, +DI, -DI (MetaQuotes' ADX: EMAs of +DM/TR, -DM/TR and DX, from bar 1)
      if (i == 0) {
        b[0][0] = b[1][0] = b[2][0] = 0.0;
        break;
      }
      const double k = 2.0 / (ind.p1 + 1);
      double up = s.high[i] - s.high[i - 1], down = s.low[i - 1] - s.low[i];
      if (up < 0) up = 0;
      if (down < 0) down = 0;
      if (up > down) down = 0;
      else if (up < down) up = 0;
      else up = down = 0;
      const double pc = s.close[i - 1];
      const double tr = std::max(std::max(std::fabs(s.high[i] - s.low[i]), std::fabs(s.high[i] - pc)),
                                 std::fabs(s.low[i] - pc));
      const double pd = tr != 0 ? 100 * up / tr : 0, nd = tr != 0 ? 100 * down / tr : 0;
      b[1][i] = pd * k + b[1][i - 1] * (1 - k);
      b[2][i] = nd * k + b[2][i - 1] * (1 - k);
      const double sumDi = b[1][i] + b[2][i];
      const double dx = sumDi != 0 ? 100 * std::fabs((b[1][i] - b[2][i]) / sumDi) : 0;
      b[0][i] = dx * k + b[0][i - 1] * (1 - k);
      break;
    }
    case K_MOMENTUM:
      b[0][i] = i < ind.p1 ? 0.0 : price(i) * 100 / price(i - ind.p1);
      break;
  }
}

inline void calculate(Indicator& ind) {
  const Series& s = T().bars;
  const int n = s.size();
  for (auto& v : ind.buf) v.resize(n, 0.0);
  for (int i = ind.calculated > 0 ? ind.calculated - 1 : 0; i < n; i++) computeBar(ind, s, i);
  ind.calculated = n;
}

inline int create(Indicator ind, int buffers, ENUM_TIMEFRAMES tf) {
  SeriesOf(tf);
  ind.buf.assign(buffers, {});
  handles().push_back(std::move(ind));
  return static_cast<int>(handles().size()) - 1;
}
}  // namespace mql5rt

int iMA(const string&, ENUM_TIMEFRAMES tf, int period, int /*shift*/, ENUM_MA_METHOD method,
               ENUM_APPLIED_PRICE price) {
  mql5rt::Indicator i{mql5rt::K_MA, period};
  i.method = method;
  i.price = price;
  return mql5rt::create(i, 1, tf);
}
int iRSI(const string&, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_PRICE price) {
  mql5rt::Indicator i{mql5rt::K_RSI, period};
  i.price = price;
  return mql5rt::create(i, 3, tf);
}
int iMACD(const string&, ENUM_TIMEFRAMES tf, int fast, int slow, int signal, ENUM_APPLIED_PRICE price) {
  mql5rt::Indicator i{mql5rt::K_MACD, fast, slow, signal};
  i.price = price;
  return mql5rt::create(i, 4, tf);
}
int iBands(const string&, ENUM_TIMEFRAMES tf, int period, int /*shift*/, double deviation,
                  ENUM_APPLIED_PRICE price) {
  mql5rt::Indicator i{mql5rt::K_BANDS, period};
  i.deviation = deviation;
  i.price = price;
  return mql5rt::create(i, 3, tf);
}
int iATR(const string&, ENUM_TIMEFRAMES tf, int period) {
  return mql5rt::create({mql5rt::K_ATR, period}, 2, tf);
}
int iStochastic(const string&, ENUM_TIMEFRAMES tf, int k, int d, int slowing, ENUM_MA_METHOD,
                       ENUM_STO_PRICE) {
  return mql5rt::create({mql5rt::K_STOCH, k, d, slowing}, 4, tf);
}
int iCCI(const string&, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_PRICE price) {
  mql5rt::Indicator i{mql5rt::K_CCI, period};
  i.price = price;
  return mql5rt::create(i, 1, tf);
}
int iADX(const string&, ENUM_TIMEFRAMES tf, int period) {
  return mql5rt::create({mql5rt::K_ADX, period}, 3, tf);
}
int iMomentum(const string&, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_PRICE price) {
  mql5rt::Indicator i{mql5rt::K_MOMENTUM, period};
  i.price = price;
  return mql5rt::create(i, 1, tf);
}
bool IndicatorRelease(int) { return true; }
int BarsCalculated(int handle) {
  if (handle < 0 || handle >= static_cast<int>(mql5rt::handles().size())) return -1;
  mql5rt::calculate(mql5rt::handles()[handle]);
  return mql5rt::handles()[handle].calculated;
}

// Series positions: start 0 is the forming bar. The copied elements keep time order (oldest first)
// unless the array is set as series. -1 when the range is not there.
int CopyBuffer(int handle, int buffer, int start, int count, MqlArray<double>& out) {
  auto& hs = mql5rt::handles();
  if (handle < 0 || handle >= static_cast<int>(hs.size())) return -1;
  auto& ind = hs[handle];
  mql5rt::calculate(ind);
  const int n = ind.calculated;
  if (buffer < 0 || buffer >= static_cast<int>(ind.buf.size()) || start < 0 || count <= 0 || start + count > n)
    return -1;
  const auto& b = ind.buf[buffer];
  out.data.assign(b.begin() + (n - start - count), b.begin() + (n - start));
  return count;
}
