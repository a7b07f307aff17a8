// Indicator handles. Each is computed as MetaTrader's indicator of that name (MQL5 reference,
// "Technical Indicators", and the formulas MetaQuotes publishes for them), recalculating from the last
// calculated bar on every read, as OnCalculate's prev_calculated does: the forming bar's value changes
// with every tick and is final when the bar closes. Warm-up bars hold what MetaTrader's buffers hold
// there (0, or values computed from incomplete history), not an "empty" marker the EA could test.
#pragma once

namespace mql5rt {
enum Kind {
  K_MA, K_RSI, K_MACD, K_BANDS, K_ATR, K_STOCH, K_CCI, K_ADX, K_MOMENTUM,
  // Issue 14: MetaQuotes' Indicators/Examples/*.mq5 definitions (2020 terminal).
  K_AC, K_AO, K_AD, K_OBV, K_VOLUMES, K_BWMFI, K_FRACTALS, K_ADXW, K_ALLIGATOR, K_GATOR, K_AMA, K_BEARS,
  K_BULLS, K_CHAIKIN, K_DEMA, K_TEMA, K_TRIX, K_FRAMA, K_DEMARKER, K_MFI, K_RVI, K_WPR, K_ENVELOPES, K_FORCE,
  K_ICHIMOKU, K_OSMA, K_SAR, K_STDDEV, K_VIDYA,
};

struct Indicator {
  Kind kind;
  int p1 = 0, p2 = 0, p3 = 0;  // periods (MA/RSI/ATR/CCI/ADX/Momentum: p1; MACD fast/slow/signal; Stochastic K/D/slowing)
  int method = MODE_SMA;
  int price = PRICE_CLOSE;
  double deviation = 2;
  int p4 = 0, p5 = 0, p6 = 0;     // Alligator/Gator: lips period and the three shifts (see iAlligator)
  double step = 0, maximum = 0;  // Parabolic SAR
  ENUM_TIMEFRAMES tf = PERIOD_CURRENT;
  int calculated = 0;
  unsigned long long version = 0;  // the chart's barsVersion at the last calculate()
  std::vector<std::vector<double>> buf;  // visible buffers first, then working ones
  // PLOT_SHIFT per buffer: CopyBuffer's index k reads the value drawn at bar k, computed at k + shift.
  std::vector<int> plotShift;
  // iMA on a handle: the handle it averages (-1: a price) and that handle's PLOT_DRAW_BEGIN.
  int source = -1, begin = 0;
  // Parabolic SAR processes closed bars only, once each (ParabolicSAR.mq5's loop stops before the last).
  int sarDone = 0, sarLastRev = 0;
  bool sarLong = false;
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

inline double highestOf(const std::vector<double>& a, int range, int i) {
  double r = a[i];
  for (int j = i; j > i - range && j >= 0; j--) r = std::max(r, a[j]);
  return r;
}
inline double lowestOf(const std::vector<double>& a, int range, int i) {
  double r = a[i];
  for (int j = i; j > i - range && j >= 0; j--) r = std::min(r, a[j]);
  return r;
}

// MetaQuotes' Moving Average on another indicator's data (OnCalculate's `begin`): nothing before
// begin; the EMA starts with the source's value at begin, the others have their first value (the SMMA
// seeded with the SMA) at begin + period - 1.
inline double averageFrom(int method, int period, int begin, int i, const std::vector<double>& in,
                          const std::vector<double>& out) {
  if (i < begin) return 0.0;
  if (method == MODE_EMA) {
    if (i == begin) return in[begin];
    const double k = 2.0 / (period + 1);
    return in[i] * k + out[i - 1] * (1 - k);
  }
  const int first = begin + period - 1;
  if (i < first) return 0.0;
  if (method == MODE_LWMA) {
    double sum = 0;
    for (int j = 0; j < period; j++) sum += in[i - period + 1 + j] * (j + 1);
    return sum / (period * (period + 1) / 2.0);
  }
  if (i == first) {
    double sum = 0;
    for (int j = begin; j <= first; j++) sum += in[j];
    return sum / period;
  }
  if (method == MODE_SMMA) return (out[i - 1] * (period - 1) + in[i]) / period;
  return out[i - 1] + (in[i] - in[i - period]) / period;
}

inline void computeBar(Indicator& ind, const Series& s, int i) {
  auto& b = ind.buf;
  auto price = [&](int j) { return applied(s, ind.price, j); };
  switch (ind.kind) {
    case K_MA:
      if (ind.source >= 0)
        b[0][i] = averageFrom(ind.method, ind.p1, ind.begin, i, handles()[ind.source].buf[0], b[0]);
      else b[0][i] = movingAverage(ind.method, ind.p1, i, price, b[0]);
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
    case K_AO:
    case K_AC: {  // buffers: value, ao, fast SMA, slow SMA of the median price
      auto median = [&](int j) { return (s.high[j] + s.low[j]) / 2; };
      b[2][i] = movingAverage(MODE_SMA, 5, i, median, b[2]);
      b[3][i] = movingAverage(MODE_SMA, 34, i, median, b[3]);
      b[1][i] = i >= 33 ? b[2][i] - b[3][i] : 0.0;
      if (ind.kind == K_AO) b[0][i] = b[1][i];
      else if (i < 37) b[0][i] = 0.0;
      else {
        double sum = 0;
        for (int j = 0; j < 5; j++) sum += b[1][i - j];
        b[0][i] = b[1][i] - sum / 5;
      }
      break;
    }
    case K_AD: {
      const double hi = s.high[i], lo = s.low[i], cl = s.close[i];
      double sum = hi == lo ? 0.0 : (((cl - lo) - (hi - cl)) / (hi - lo)) * s.volume[i];
      b[0][i] = sum + (i > 0 ? b[0][i - 1] : 0.0);
      break;
    }
    case K_OBV:
      if (i == 0) b[0][0] = s.volume[0];
      else
        b[0][i] = s.close[i] < s.close[i - 1]   ? b[0][i - 1] - s.volume[i]
                  : s.close[i] > s.close[i - 1] ? b[0][i - 1] + s.volume[i]
                                                : b[0][i - 1];
      break;
    case K_VOLUMES:
      b[0][i] = s.volume[i];
      break;
    case K_BWMFI:  // in points, as MT5
      if (s.volume[i] == 0) b[0][i] = i > 0 ? b[0][i - 1] : 0.0;
      else b[0][i] = (s.high[i] - s.low[i]) / T().symbol.point / s.volume[i];
      break;
    case K_FRACTALS: {  // the fractal at j = i - 3 is known once bars j+1, j+2 have closed
      b[0][i] = b[1][i] = EMPTY_VALUE;
      const int j = i - 3;
      if (j >= 2) {
        const auto& h = s.high;
        const auto& l = s.low;
        b[0][j] = h[j] > h[j + 1] && h[j] > h[j + 2] && h[j] >= h[j - 1] && h[j] >= h[j - 2] ? h[j] : EMPTY_VALUE;
        b[1][j] = l[j] < l[j + 1] && l[j] < l[j + 2] && l[j] <= l[j - 1] && l[j] <= l[j - 2] ? l[j] : EMPTY_VALUE;
      }
      break;
    }
    case K_ADXW: {  // buffers: adx, +DI, -DI, ATR, +DM sum, -DM sum (Wilder's SmoothedMA from index period)
      const int n = ind.p1;
      if (i == 0) {
        for (auto& v : b) v[0] = 0.0;
        break;
      }
      double up = s.high[i] - s.high[i - 1], down = s.low[i - 1] - s.low[i];
      if (up < 0) up = 0;
      if (down < 0) down = 0;
      if (up == down) up = down = 0;
      else if (up < down) up = 0;
      else down = 0;
      const double pc = s.close[i - 1];
      const double tr = std::max(std::max(std::fabs(s.high[i] - s.low[i]), std::fabs(s.high[i] - pc)),
                                 std::fabs(s.low[i] - pc));
      if (i < n) b[3][i] = b[4][i] = b[5][i] = b[1][i] = b[2][i] = 0.0;
      else {
        b[3][i] = (b[3][i - 1] * (n - 1) + tr) / n;
        b[4][i] = (b[4][i - 1] * (n - 1) + up) / n;
        b[5][i] = (b[5][i - 1] * (n - 1) + down) / n;
        b[1][i] = b[3][i] != 0 ? 100.0 * b[4][i] / b[3][i] : 0.0;
        b[2][i] = b[3][i] != 0 ? 100.0 * b[5][i] / b[3][i] : 0.0;
      }
      const double sum = b[1][i] + b[2][i];
      const double dx = sum != 0 ? 100.0 * std::fabs((b[1][i] - b[2][i]) / sum) : 0.0;
      b[0][i] = i < n ? 0.0 : (b[0][i - 1] * (n - 1) + dx) / n;
      break;
    }
    case K_ALLIGATOR:
    case K_GATOR: {  // raw MAs in 0..2 (Alligator) or 4..6 (Gator); shifts p4..p6 = jaw, teeth, lips
      const int base = ind.kind == K_ALLIGATOR ? 0 : 4;
      b[base][i] = movingAverage(ind.method, ind.p1, i, price, b[base]);
      b[base + 1][i] = movingAverage(ind.method, ind.p2, i, price, b[base + 1]);
      b[base + 2][i] = movingAverage(ind.method, ind.p3, i, price, b[base + 2]);
      if (ind.kind == K_GATOR) {
        const int js = ind.p4, ts = ind.p5, ls = ind.p6;
        const int upperShift = js - ts, lowerShift = ts - ls;
        b[0][i] = i >= upperShift + ts + ind.p2 ? std::fabs(b[4][i - upperShift] - b[5][i]) : 0.0;
        b[2][i] = i >= lowerShift + ls + ind.p3 ? -std::fabs(b[5][i - lowerShift] - b[6][i]) : 0.0;
      }
      break;
    }
    case K_AMA: {
      const int n = ind.p1;
      if (i < n - 1) b[0][i] = 0.0;
      else if (i == n - 1) b[0][i] = price(i);
      else {
        const double fastSc = 2.0 / (ind.p2 + 1.0), slowSc = 2.0 / (ind.p3 + 1.0);
        const double signal = std::fabs(price(i) - price(i - n));
        double noise = 0;
        for (int d = 0; d < n; d++) noise += std::fabs(price(i - d) - price(i - d - 1));
        const double er = noise != 0 ? signal / noise : 0.0;
        const double ssc = er * (fastSc - slowSc) + slowSc;
        b[0][i] = std::pow(ssc, 2) * (price(i) - b[0][i - 1]) + b[0][i - 1];
      }
      break;
    }
    case K_BEARS:
    case K_BULLS: {  // buffers: value, EMA of the close
      b[1][i] = movingAverage(MODE_EMA, ind.p1, i, [&](int j) { return s.close[j]; }, b[1]);
      b[0][i] = i < ind.p1 ? 0.0 : (ind.kind == K_BEARS ? s.low[i] : s.high[i]) - b[1][i];
      break;
    }
    case K_CHAIKIN: {  // buffers: cho, A/D, fast MA, slow MA
      const double hi = s.high[i], lo = s.low[i], cl = s.close[i];
      const double sum = (cl - lo) - (hi - cl);
      b[1][i] = (sum != 0.0 && hi != lo ? sum / (hi - lo) * s.volume[i] : 0.0) + (i > 0 ? b[1][i - 1] : 0.0);
      auto adAt = [&](int j) { return b[1][j]; };
      b[2][i] = movingAverage(ind.method, ind.p1, i, adAt, b[2]);
      b[3][i] = movingAverage(ind.method, ind.p2, i, adAt, b[3]);
      b[0][i] = b[2][i] - b[3][i];
      break;
    }
    case K_DEMA:
    case K_TEMA:
    case K_TRIX: {  // buffers: value, EMA, EMA of EMA (from p-1), EMA of that (from 2p-2)
      const int n = ind.p1;
      const double k = 2.0 / (n + 1);
      b[1][i] = movingAverage(MODE_EMA, n, i, price, b[1]);
      auto onBuffer = [&](int out, int in, int begin) {
        if (i < begin) b[out][i] = 0.0;
        else if (i == begin) b[out][i] = b[in][i];
        else b[out][i] = b[in][i] * k + b[out][i - 1] * (1 - k);
      };
      onBuffer(2, 1, n - 1);
      onBuffer(3, 2, 2 * n - 2);
      if (ind.kind == K_DEMA) b[0][i] = i < 2 * n - 2 ? 0.0 : 2 * b[1][i] - b[2][i];
      else if (ind.kind == K_TEMA) b[0][i] = i < 3 * n - 3 ? 0.0 : 3 * b[1][i] - 3 * b[2][i] + b[3][i];
      else b[0][i] = i < std::max(1, 3 * n - 3) ? 0.0 : (b[3][i - 1] != 0 ? (b[3][i] - b[3][i - 1]) / b[3][i - 1] : 0.0);
      break;
    }
    case K_FRAMA: {
      const int n = ind.p1;
      if (i < 2 * n - 1) {
        b[0][i] = price(i);
        break;
      }
      auto range = [&](int from, int to) {
        double hi = s.high[from], lo = s.low[from];
        for (int j = from + 1; j <= to; j++) hi = std::max(hi, s.high[j]), lo = std::min(lo, s.low[j]);
        return hi - lo;
      };
      const double n1 = range(i - n + 1, i) / n, n2 = range(i - 2 * n + 1, i - n) / n;
      const double n3 = range(i - 2 * n + 1, i) / (2 * n);
      const double d = (std::log(n1 + n2) - std::log(n3)) / std::log(2.0);
      const double alpha = std::exp(-4.6 * (d - 1.0));
      b[0][i] = alpha * price(i) + (1 - alpha) * b[0][i - 1];
      break;
    }
    case K_DEMARKER: {
      const int n = ind.p1;
      if (i < n) {
        b[0][i] = 0.0;
        break;
      }
      double mx = 0, mn = 0;
      for (int j = i - n + 1; j <= i; j++) {
        if (j == 0) continue;
        mx += s.high[j] > s.high[j - 1] ? s.high[j] - s.high[j - 1] : 0.0;
        mn += s.low[j - 1] > s.low[j] ? s.low[j - 1] - s.low[j] : 0.0;
      }
      mx /= n, mn /= n;
      b[0][i] = mx + mn != 0 ? mx / (mx + mn) : 0.0;
      break;
    }
    case K_MFI: {
      const int n = ind.p1;
      if (i < n) {
        b[0][i] = 0.0;
        break;
      }
      auto tp = [&](int j) { return (s.high[j] + s.low[j] + s.close[j]) / 3.0; };
      double pos = 0, neg = 0;
      for (int j = i - n + 1; j <= i; j++) {
        if (tp(j) > tp(j - 1)) pos += s.volume[j] * tp(j);
        if (tp(j) < tp(j - 1)) neg += s.volume[j] * tp(j);
      }
      b[0][i] = neg != 0 ? 100.0 - 100.0 / (1 + pos / neg) : 100.0;
      break;
    }
    case K_RVI: {
      const int n = ind.p1;
      if (i < n + 2) b[0][i] = 0.0;
      else {
        auto co = [&](int j) { return s.close[j] - s.open[j]; };
        auto hl = [&](int j) { return s.high[j] - s.low[j]; };
        double up = 0, down = 0;
        for (int j = i; j > i - n; j--) {
          up += co(j) + 2 * co(j - 1) + 2 * co(j - 2) + co(j - 3);
          down += hl(j) + 2 * hl(j - 1) + 2 * hl(j - 2) + hl(j - 3);
        }
        b[0][i] = down != 0 ? up / down : up;
      }
      b[1][i] = i < n + 5 ? 0.0 : (b[0][i] + 2 * b[0][i - 1] + 2 * b[0][i - 2] + b[0][i - 3]) / 6;
      break;
    }
    case K_WPR: {
      const int n = ind.p1;
      if (i < n - 1) {
        b[0][i] = 0.0;
        break;
      }
      const double hi = highestOf(s.high, n, i), lo = lowestOf(s.low, n, i);
      b[0][i] = hi != lo ? -(hi - s.close[i]) * 100 / (hi - lo) : (i > 0 ? b[0][i - 1] : 0.0);
      break;
    }
    case K_ENVELOPES:  // buffers: upper, lower, MA
      b[2][i] = movingAverage(ind.method, ind.p1, i, price, b[2]);
      b[0][i] = b[2][i] * (1 + ind.deviation / 100);
      b[1][i] = b[2][i] * (1 - ind.deviation / 100);
      break;
    case K_FORCE:  // buffers: force, MA of the close
      b[1][i] = movingAverage(ind.method, ind.p1, i, [&](int j) { return s.close[j]; }, b[1]);
      b[0][i] = i < ind.p1 ? 0.0 : s.volume[i] * (b[1][i] - b[1][i - 1]);
      break;
    case K_ICHIMOKU: {  // tenkan, kijun, span A, span B (drawn kijun bars ahead), chikou
      b[4][i] = s.close[i];
      b[0][i] = (highestOf(s.high, ind.p1, i) + lowestOf(s.low, ind.p1, i)) / 2;
      b[1][i] = (highestOf(s.high, ind.p2, i) + lowestOf(s.low, ind.p2, i)) / 2;
      b[2][i] = (b[0][i] + b[1][i]) / 2;
      b[3][i] = (highestOf(s.high, ind.p3, i) + lowestOf(s.low, ind.p3, i)) / 2;
      break;
    }
    case K_OSMA: {  // osma, macd, signal, fast EMA, slow EMA
      b[3][i] = movingAverage(MODE_EMA, ind.p1, i, price, b[3]);
      b[4][i] = movingAverage(MODE_EMA, ind.p2, i, price, b[4]);
      b[1][i] = b[3][i] - b[4][i];
      b[2][i] = movingAverage(MODE_SMA, ind.p3, i, [&](int j) { return b[1][j]; }, b[2]);
      b[0][i] = b[1][i] - b[2][i];
      break;
    }
    case K_STDDEV: {  // sd, MA (EMA seeded with the SMA, as StdDev.mq5)
      const int n = ind.p1;
      if (i < n - 1) {
        b[0][i] = b[1][i] = 0.0;
        break;
      }
      if (ind.method == MODE_EMA && i >= n) {
        const double k = 2.0 / (n + 1);
        b[1][i] = price(i) * k + b[1][i - 1] * (1 - k);
      } else if (ind.method == MODE_EMA) {
        double sum = 0;
        for (int j = 0; j < n; j++) sum += price(i - j);
        b[1][i] = sum / n;
      } else b[1][i] = movingAverage(ind.method, n, i, price, b[1]);
      double dev = 0;
      for (int j = 0; j < n; j++) dev += std::pow(price(i - j) - b[1][i], 2.0);
      b[0][i] = std::sqrt(dev / n);
      break;
    }
    case K_VIDYA: {
      const int cmo = ind.p1, start = ind.p2 + ind.p1 - 1;
      if (i < start) {
        b[0][i] = price(i);
        break;
      }
      const double f = 2.0 / (1.0 + ind.p2);
      double up = 0, down = 0;
      for (int j = 0; j < cmo; j++) {
        const double d = price(i - j) - price(i - j - 1);
        if (d > 0) up += d;
        else down -= d;
      }
      const double c = std::fabs(up + down != 0 ? (up - down) / (up + down) : 0.0);
      b[0][i] = price(i) * f * c + b[0][i - 1] * (1 - f * c);
      break;
    }
    case K_SAR:
      break;  // computeSar
  }
}

inline void computeSar(Indicator& ind, const Series& s);

inline void calculate(Indicator& ind) {
  // Up to date since the chart's last tick: the EA reads a buffer many times per tick.
  if (ind.version == T().barsVersion) return;
  ind.version = T().barsVersion;
  // An average of a handle reads that handle's values up to the same bar.
  if (ind.source >= 0) calculate(handles()[ind.source]);
  const Series& s = SeriesOf(ind.tf);
  const int n = s.size();
  for (auto& v : ind.buf) v.resize(n, ind.kind == K_FRACTALS ? EMPTY_VALUE : 0.0);
  if (ind.kind == K_SAR) computeSar(ind, s);
  else
    for (int i = ind.calculated > 0 ? ind.calculated - 1 : 0; i < n; i++) computeBar(ind, s, i);
  ind.calculated = n;
}


// ParabolicSAR.mq5: buffers sar, ep, af; the first pass starts short.
inline void computeSar(Indicator& ind, const Series& s) {
  const int n = s.size();
  if (n < 3) return;
  auto& sar = ind.buf[0];
  auto& ep = ind.buf[1];
  auto& af = ind.buf[2];
  const auto& high = s.high;
  const auto& low = s.low;
  auto getHigh = [&](int cur, int start) { double r = high[start]; for (int i = start + 1; i <= cur; i++) r = std::max(r, high[i]); return r; };
  auto getLow = [&](int cur, int start) { double r = low[start]; for (int i = start + 1; i <= cur; i++) r = std::min(r, low[i]); return r; };
  int pos = ind.sarDone;
  if (pos < 1) {
    pos = 1;
    af[0] = af[1] = ind.step;
    sar[0] = high[0];
    ind.sarLastRev = 0;
    ind.sarLong = false;
    sar[1] = getHigh(1, 0);
    ep[0] = ep[1] = low[1];
  }
  for (int i = pos; i < n - 1; i++) {
    if (ind.sarLong) {
      if (sar[i] > low[i]) {
        ind.sarLong = false, sar[i] = getHigh(i, ind.sarLastRev), ep[i] = low[i], ind.sarLastRev = i, af[i] = ind.step;
      }
    } else if (sar[i] < high[i]) {
      ind.sarLong = true, sar[i] = getLow(i, ind.sarLastRev), ep[i] = high[i], ind.sarLastRev = i, af[i] = ind.step;
    }
    if (ind.sarLong) {
      if (high[i] > ep[i - 1] && i != ind.sarLastRev) {
        ep[i] = high[i], af[i] = af[i - 1] + ind.step;
        if (af[i] > ind.maximum) af[i] = ind.maximum;
      } else if (i != ind.sarLastRev) af[i] = af[i - 1], ep[i] = ep[i - 1];
      sar[i + 1] = sar[i] + af[i] * (ep[i] - sar[i]);
      if (sar[i + 1] > low[i] || sar[i + 1] > low[i - 1]) sar[i + 1] = std::min(low[i], low[i - 1]);
    } else {
      if (low[i] < ep[i - 1] && i != ind.sarLastRev) {
        ep[i] = low[i], af[i] = af[i - 1] + ind.step;
        if (af[i] > ind.maximum) af[i] = ind.maximum;
      } else if (i != ind.sarLastRev) af[i] = af[i - 1], ep[i] = ep[i - 1];
      sar[i + 1] = sar[i] + af[i] * (ep[i] - sar[i]);
      if (sar[i + 1] < high[i] || sar[i + 1] < high[i - 1]) sar[i + 1] = std::max(high[i], high[i - 1]);
    }
    ind.sarDone = i + 1;
  }
}

inline int create(Indicator ind, int buffers, ENUM_TIMEFRAMES tf) {
  SeriesOf(tf);
  ind.tf = tf;
  ind.buf.assign(buffers, {});
  ind.plotShift.resize(buffers, 0);
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
namespace mql5rt {
// PLOT_DRAW_BEGIN of a handle's first plot, as MetaQuotes' sources set it (RSI.mq5, ATR.mq5, CCI.mq5,
// Momentum.mq5, Stochastic.mq5, ADX.mq5, Volumes.mq5, Custom Moving Average.mq5).
inline int drawBeginOf(const Indicator& ind) {
  switch (ind.kind) {
    case K_MA: return (ind.source >= 0 ? ind.begin : 0) + ind.p1 - 1;
    case K_RSI:
    case K_ATR: return ind.p1;
    case K_CCI:
    case K_MOMENTUM: return ind.p1 - 1;
    case K_STOCH: return ind.p1 + ind.p3 - 2;
    case K_ADX: return 2 * ind.p1;
    default: return 0;
  }
}
}  // namespace mql5rt
int iMA(const string&, ENUM_TIMEFRAMES tf, int period, int /*shift*/, ENUM_MA_METHOD method, int handle) {
  auto& hs = mql5rt::handles();
  if (handle < 0 || handle >= static_cast<int>(hs.size())) return INVALID_HANDLE;
  mql5rt::Indicator i{mql5rt::K_MA, period};
  i.method = method;
  i.source = handle;
  i.begin = mql5rt::drawBeginOf(hs[handle]);
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
  const int shift = ind.plotShift[buffer];
  const int from = n - start - count - shift;  // raw index of the oldest element
  if (from < 0 || from + count > n) return -1;
  out.data.assign(b.begin() + from, b.begin() + from + count);
  return count;
}

int iHighest(const string&, ENUM_TIMEFRAMES tf, int type, int count, int start) {
  const auto& s = SeriesOf(tf);
  const auto& a = type == MODE_LOW ? s.low : s.high;
  int best = -1;
  for (int k = start; k < start + count && k < s.size(); k++) {
    const int i = s.size() - 1 - k;
    if (best < 0 || a[i] > a[s.size() - 1 - best]) best = k;
  }
  return best;
}
int iLowest(const string&, ENUM_TIMEFRAMES tf, int type, int count, int start) {
  const auto& s = SeriesOf(tf);
  const auto& a = type == MODE_HIGH ? s.high : s.low;
  int best = -1;
  for (int k = start; k < start + count && k < s.size(); k++) {
    const int i = s.size() - 1 - k;
    if (best < 0 || a[i] < a[s.size() - 1 - best]) best = k;
  }
  return best;
}

namespace mql5rt {
inline int make(Kind k, int buffers, ENUM_TIMEFRAMES tf, int p1 = 0, int p2 = 0, int p3 = 0, int price = PRICE_CLOSE,
                int method = MODE_SMA) {
  Indicator i{k, p1, p2, p3};
  i.price = price;
  i.method = method;
  return create(i, buffers, tf);
}
}  // namespace mql5rt
int iAC(const string&, ENUM_TIMEFRAMES tf) { return mql5rt::make(mql5rt::K_AC, 4, tf); }
int iAO(const string&, ENUM_TIMEFRAMES tf) { return mql5rt::make(mql5rt::K_AO, 4, tf); }
int iAD(const string&, ENUM_TIMEFRAMES tf, ENUM_APPLIED_VOLUME) { return mql5rt::make(mql5rt::K_AD, 1, tf); }
int iOBV(const string&, ENUM_TIMEFRAMES tf, ENUM_APPLIED_VOLUME) { return mql5rt::make(mql5rt::K_OBV, 1, tf); }
int iVolumes(const string&, ENUM_TIMEFRAMES tf, ENUM_APPLIED_VOLUME) { return mql5rt::make(mql5rt::K_VOLUMES, 2, tf); }
int iBWMFI(const string&, ENUM_TIMEFRAMES tf, ENUM_APPLIED_VOLUME) { return mql5rt::make(mql5rt::K_BWMFI, 2, tf); }
int iFractals(const string&, ENUM_TIMEFRAMES tf) { return mql5rt::make(mql5rt::K_FRACTALS, 2, tf); }
int iADXWilder(const string&, ENUM_TIMEFRAMES tf, int period) { return mql5rt::make(mql5rt::K_ADXW, 6, tf, period); }
namespace mql5rt {
inline int alligatorLike(Kind k, ENUM_TIMEFRAMES tf, int jp, int js, int tp, int ts, int lp, int ls, int m, int price) {
  Indicator i{k, jp, tp, lp};
  i.method = m, i.price = price, i.p4 = js, i.p5 = ts, i.p6 = ls;
  const int h = create(i, k == K_ALLIGATOR ? 3 : 7, tf);
  auto& shifts = handles()[h].plotShift;
  if (k == K_ALLIGATOR) shifts[0] = js, shifts[1] = ts, shifts[2] = ls;
  else shifts[0] = ts, shifts[2] = ls;
  return h;
}
}  // namespace mql5rt
int iAlligator(const string&, ENUM_TIMEFRAMES tf, int jp, int js, int tp, int ts, int lp, int ls, ENUM_MA_METHOD m,
               ENUM_APPLIED_PRICE price) {
  return mql5rt::alligatorLike(mql5rt::K_ALLIGATOR, tf, jp, js, tp, ts, lp, ls, m, price);
}
int iGator(const string&, ENUM_TIMEFRAMES tf, int jp, int js, int tp, int ts, int lp, int ls, ENUM_MA_METHOD m,
           ENUM_APPLIED_PRICE price) {
  return mql5rt::alligatorLike(mql5rt::K_GATOR, tf, jp, js, tp, ts, lp, ls, m, price);
}
int iAMA(const string&, ENUM_TIMEFRAMES tf, int period, int fast, int slow, int, ENUM_APPLIED_PRICE price) {
  return mql5rt::make(mql5rt::K_AMA, 1, tf, period, fast, slow, price);
}
int iBearsPower(const string&, ENUM_TIMEFRAMES tf, int period) { return mql5rt::make(mql5rt::K_BEARS, 2, tf, period); }
int iBullsPower(const string&, ENUM_TIMEFRAMES tf, int period) { return mql5rt::make(mql5rt::K_BULLS, 2, tf, period); }
int iChaikin(const string&, ENUM_TIMEFRAMES tf, int fast, int slow, ENUM_MA_METHOD m, ENUM_APPLIED_VOLUME) {
  return mql5rt::make(mql5rt::K_CHAIKIN, 4, tf, fast, slow, 0, PRICE_CLOSE, m);
}
int iDEMA(const string&, ENUM_TIMEFRAMES tf, int period, int, ENUM_APPLIED_PRICE price) {
  return mql5rt::make(mql5rt::K_DEMA, 4, tf, period, 0, 0, price);
}
int iTEMA(const string&, ENUM_TIMEFRAMES tf, int period, int, ENUM_APPLIED_PRICE price) {
  return mql5rt::make(mql5rt::K_TEMA, 4, tf, period, 0, 0, price);
}
int iTriX(const string&, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_PRICE price) {
  return mql5rt::make(mql5rt::K_TRIX, 4, tf, period, 0, 0, price);
}
int iFrAMA(const string&, ENUM_TIMEFRAMES tf, int period, int, ENUM_APPLIED_PRICE price) {
  return mql5rt::make(mql5rt::K_FRAMA, 1, tf, period, 0, 0, price);
}
int iDeMarker(const string&, ENUM_TIMEFRAMES tf, int period) { return mql5rt::make(mql5rt::K_DEMARKER, 1, tf, period); }
int iMFI(const string&, ENUM_TIMEFRAMES tf, int period, ENUM_APPLIED_VOLUME) {
  return mql5rt::make(mql5rt::K_MFI, 1, tf, period);
}
int iRVI(const string&, ENUM_TIMEFRAMES tf, int period) { return mql5rt::make(mql5rt::K_RVI, 2, tf, period); }
int iWPR(const string&, ENUM_TIMEFRAMES tf, int period) { return mql5rt::make(mql5rt::K_WPR, 1, tf, period); }
int iEnvelopes(const string&, ENUM_TIMEFRAMES tf, int period, int, ENUM_MA_METHOD m, ENUM_APPLIED_PRICE price,
               double deviation) {
  const int h = mql5rt::make(mql5rt::K_ENVELOPES, 3, tf, period, 0, 0, price, m);
  mql5rt::handles()[h].deviation = deviation;
  return h;
}
int iForce(const string&, ENUM_TIMEFRAMES tf, int period, ENUM_MA_METHOD m, ENUM_APPLIED_VOLUME) {
  return mql5rt::make(mql5rt::K_FORCE, 2, tf, period, 0, 0, PRICE_CLOSE, m);
}
int iIchimoku(const string&, ENUM_TIMEFRAMES tf, int tenkan, int kijun, int senkou) {
  const int h = mql5rt::make(mql5rt::K_ICHIMOKU, 5, tf, tenkan, kijun, senkou);
  auto& shifts = mql5rt::handles()[h].plotShift;
  shifts[2] = shifts[3] = kijun;
  shifts[4] = -kijun;
  return h;
}
int iOsMA(const string&, ENUM_TIMEFRAMES tf, int fast, int slow, int signal, ENUM_APPLIED_PRICE price) {
  return mql5rt::make(mql5rt::K_OSMA, 5, tf, fast, slow, signal, price);
}
int iSAR(const string&, ENUM_TIMEFRAMES tf, double step, double maximum) {
  const int h = mql5rt::make(mql5rt::K_SAR, 3, tf);
  mql5rt::handles()[h].step = step;
  mql5rt::handles()[h].maximum = maximum;
  return h;
}
int iStdDev(const string&, ENUM_TIMEFRAMES tf, int period, int, ENUM_MA_METHOD m, ENUM_APPLIED_PRICE price) {
  return mql5rt::make(mql5rt::K_STDDEV, 2, tf, period, 0, 0, price, m);
}
int iVIDyA(const string&, ENUM_TIMEFRAMES tf, int cmo, int ema, int, ENUM_APPLIED_PRICE price) {
  return mql5rt::make(mql5rt::K_VIDYA, 1, tf, cmo, ema, 0, price);
}
