// CTrade (Standard Library, Trade\Trade.mqh): the methods the generator calls. Market orders go to the
// tester's broker (broker.hpp); every refusal sets the retcode the EA logs.
#pragma once

const uint TRADE_RETCODE_NO_CHANGES = 10025;

class CTrade {
 public:
  void SetExpertMagicNumber(ulong magic) { magic_ = static_cast<long long>(magic); }
  void SetDeviationInPoints(ulong) {}
  bool SetTypeFillingBySymbol(const string&) { return true; }
  bool Buy(double volume, const string& = "", double = 0.0, double sl = 0.0, double tp = 0.0,
           const string& comment = "") {
    return done(mql5rt::marketDeal(POSITION_TYPE_BUY, volume, sl, tp, magic_, comment));
  }
  bool Sell(double volume, const string& = "", double = 0.0, double sl = 0.0, double tp = 0.0,
            const string& comment = "") {
    return done(mql5rt::marketDeal(POSITION_TYPE_SELL, volume, sl, tp, magic_, comment));
  }
  bool PositionClose(ulong ticket, ulong = 0) {
    auto& t = mql5rt::T();
    for (int k = 0; k < static_cast<int>(t.positions.size()); k++) {
      if (t.positions[k].ticket != ticket) continue;
      if (frozen(t.positions[k])) return done(TRADE_RETCODE_FROZEN);
      mql5rt::closeAt(k, t.positions[k].type == POSITION_TYPE_BUY ? t.bid : t.ask, mql5rt::R_SIGNAL);
      mql5rt::markToMarket();
      return done(TRADE_RETCODE_DONE);
    }
    return done(TRADE_RETCODE_POSITION_CLOSED);
  }
  bool PositionModify(ulong ticket, double sl, double tp) {
    auto& t = mql5rt::T();
    for (auto& p : t.positions) {
      if (p.ticket != ticket) continue;
      if (p.sl == sl && p.tp == tp) return done(TRADE_RETCODE_NO_CHANGES);
      if (frozen(p)) return done(TRADE_RETCODE_FROZEN);
      if (!mql5rt::stopsValid(p.type, sl, tp)) return done(TRADE_RETCODE_INVALID_STOPS);
      p.sl = sl;
      p.tp = tp;
      return done(TRADE_RETCODE_DONE);
    }
    return done(TRADE_RETCODE_POSITION_CLOSED);
  }
  uint ResultRetcode() const { return retcode_; }
  string ResultRetcodeDescription() const {
    switch (retcode_) {
      case TRADE_RETCODE_DONE: return "done";
      case TRADE_RETCODE_INVALID_VOLUME: return "invalid volume";
      case TRADE_RETCODE_INVALID_STOPS: return "invalid stops";
      case TRADE_RETCODE_NO_MONEY: return "no money";
      case TRADE_RETCODE_NO_CHANGES: return "no changes";
      case TRADE_RETCODE_FROZEN: return "frozen";
      case TRADE_RETCODE_POSITION_CLOSED: return "position closed";
    }
    return "invalid request";
  }

 private:
  // MQL5 reference: no change of a position's SL/TP (nor a close) while the price is within the
  // freeze level of either.
  static bool frozen(const mql5rt::Position& p) {
    const auto& t = mql5rt::T();
    const double level = t.symbol.freezeLevel * t.symbol.point;
    if (level <= 0) return false;
    const double px = p.type == POSITION_TYPE_BUY ? t.bid : t.ask;
    return (p.sl != 0 && std::fabs(px - p.sl) < level) || (p.tp != 0 && std::fabs(px - p.tp) < level);
  }
  bool done(uint code) {
    retcode_ = code;
    mql5rt::T().requests++;
    if (code != TRADE_RETCODE_DONE) mql5rt::T().refused++;
    return code == TRADE_RETCODE_DONE;
  }
  long long magic_ = 0;
  uint retcode_ = 0;
};
