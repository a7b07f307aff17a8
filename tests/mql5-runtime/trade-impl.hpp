// CTrade's methods (trade.hpp), in the runtime's translation unit.
#pragma once

namespace mql5rt {
// MQL5 reference ("Requirements and Limitations in Making Trades"): no change of a position's SL/TP (nor
// a close) unless the exit price is more than SYMBOL_TRADE_FREEZE_LEVEL points from both (whole points).
inline bool frozen(const Position& p) {
  const auto& t = T();
  const int level = t.symbol.freezeLevel;
  if (level <= 0) return false;
  const double px = p.type == POSITION_TYPE_BUY ? t.bid : t.ask;
  const auto within = [&](double price) {
    return price != 0 && std::fabs(std::round((px - price) / t.symbol.point)) <= level;
  };
  return within(p.sl) || within(p.tp);
}
}  // namespace mql5rt

bool CTrade::Buy(double volume, const string&, double, double sl, double tp, const string& comment) {
  return done(mql5rt::marketDeal(POSITION_TYPE_BUY, volume, sl, tp, magic_, comment, 0));
}

bool CTrade::Sell(double volume, const string&, double, double sl, double tp, const string& comment) {
  return done(mql5rt::marketDeal(POSITION_TYPE_SELL, volume, sl, tp, magic_, comment, 0));
}

bool CTrade::PositionClose(ulong ticket, ulong) {
  auto& t = mql5rt::T();
  for (int k = 0; k < static_cast<int>(t.positions.size()); k++) {
    if (t.positions[k].ticket != ticket) continue;
    if (mql5rt::frozen(t.positions[k])) return done(TRADE_RETCODE_FROZEN);
    mql5rt::closeAt(k, t.positions[k].type == POSITION_TYPE_BUY ? t.bid : t.ask, mql5rt::R_SIGNAL);
    mql5rt::markToMarket();
    return done(TRADE_RETCODE_DONE);
  }
  return done(TRADE_RETCODE_POSITION_CLOSED);
}

// Closes `volume` of a position at market (hedging and netting alike): one "out" deal and trade of that
// volume; the rest keeps its ticket, stop and target. A volume off the step, or all of it, is refused.
bool CTrade::PositionClosePartial(ulong ticket, double volume, ulong) {
  auto& t = mql5rt::T();
  for (int k = 0; k < static_cast<int>(t.positions.size()); k++) {
    mql5rt::Position& p = t.positions[k];
    if (p.ticket != ticket) continue;
    const double steps = volume / t.symbol.volumeStep;
    if (volume < t.symbol.volumeMin || volume >= p.volume || std::fabs(steps - std::round(steps)) > 1e-7)
      return done(TRADE_RETCODE_INVALID_VOLUME);
    if (mql5rt::frozen(p)) return done(TRADE_RETCODE_FROZEN);
    mql5rt::Position part = p;
    part.volume = volume;
    part.margin = p.margin * volume / p.volume;
    p.volume = mql5rt::lots8(p.volume - volume);
    p.margin -= part.margin;
    t.positions.push_back(part);
    mql5rt::closeAt(static_cast<int>(t.positions.size()) - 1,
                    part.type == POSITION_TYPE_BUY ? t.bid : t.ask, mql5rt::R_SIGNAL);
    mql5rt::markToMarket();
    return done(TRADE_RETCODE_DONE);
  }
  return done(TRADE_RETCODE_POSITION_CLOSED);
}

bool CTrade::PositionModify(ulong ticket, double sl, double tp) {
  auto& t = mql5rt::T();
  for (auto& p : t.positions) {
    if (p.ticket != ticket) continue;
    if (p.sl == sl && p.tp == tp) return done(TRADE_RETCODE_NO_CHANGES);
    if (mql5rt::frozen(p)) return done(TRADE_RETCODE_FROZEN);
    if (!mql5rt::stopsValid(p.type, sl, tp)) return done(TRADE_RETCODE_INVALID_STOPS);
    p.sl = sl;
    p.tp = tp;
    t.modifications++;
    return done(TRADE_RETCODE_DONE);
  }
  return done(TRADE_RETCODE_POSITION_CLOSED);
}

// MQL5 reference, "Requirements and Limitations in Making Trades": a buy order's price is measured from
// the ask, a sell order's from the bid; a stop above the market for a buy (below for a sell), a limit the
// other side; at least SYMBOL_TRADE_STOPS_LEVEL whole points away, or the request is refused (10015).
bool CTrade::pending(int type, double volume, double price, double sl, double tp, ENUM_ORDER_TYPE_TIME typeTime,
                     datetime expiration, const string& comment) {
  auto& t = mql5rt::T();
  const auto& s = t.symbol;
  const double steps = volume / s.volumeStep;
  if (volume < s.volumeMin || volume > s.volumeMax || std::fabs(steps - std::round(steps)) > 1e-7)
    return done(TRADE_RETCODE_INVALID_VOLUME);
  const bool buy = type == ORDER_TYPE_BUY_STOP || type == ORDER_TYPE_BUY_LIMIT;
  const bool above = type == ORDER_TYPE_BUY_STOP || type == ORDER_TYPE_SELL_LIMIT;
  const double market = buy ? t.ask : t.bid;
  const double points = std::round((above ? price - market : market - price) / s.point);
  if (!(above ? price > market : price < market) || points < s.stopsLevel)
    return done(TRADE_RETCODE_INVALID_PRICE);
  if (typeTime == ORDER_TIME_SPECIFIED && expiration <= TimeCurrent()) return done(TRADE_RETCODE_INVALID_EXPIRATION);
  order_ = t.nextTicket++;
  t.orders.push_back({order_, type, volume, price, sl, tp, typeTime == ORDER_TIME_SPECIFIED ? expiration : 0,
                      magic_, comment});
  return done(TRADE_RETCODE_DONE);
}

bool CTrade::BuyStop(double v, double p, const string&, double sl, double tp, ENUM_ORDER_TYPE_TIME tt, datetime e,
                     const string& c) {
  return pending(ORDER_TYPE_BUY_STOP, v, p, sl, tp, tt, e, c);
}
bool CTrade::SellStop(double v, double p, const string&, double sl, double tp, ENUM_ORDER_TYPE_TIME tt, datetime e,
                      const string& c) {
  return pending(ORDER_TYPE_SELL_STOP, v, p, sl, tp, tt, e, c);
}
bool CTrade::BuyLimit(double v, double p, const string&, double sl, double tp, ENUM_ORDER_TYPE_TIME tt, datetime e,
                      const string& c) {
  return pending(ORDER_TYPE_BUY_LIMIT, v, p, sl, tp, tt, e, c);
}
bool CTrade::SellLimit(double v, double p, const string&, double sl, double tp, ENUM_ORDER_TYPE_TIME tt, datetime e,
                       const string& c) {
  return pending(ORDER_TYPE_SELL_LIMIT, v, p, sl, tp, tt, e, c);
}

bool CTrade::OrderDelete(ulong ticket) {
  auto& t = mql5rt::T();
  for (size_t k = 0; k < t.orders.size(); k++) {
    if (t.orders[k].ticket != ticket) continue;
    t.orders.erase(t.orders.begin() + k);
    return done(TRADE_RETCODE_DONE);
  }
  return done(TRADE_RETCODE_INVALID);
}

string CTrade::ResultRetcodeDescription() const {
  switch (retcode_) {
    case TRADE_RETCODE_DONE: return "done";
    case TRADE_RETCODE_INVALID_VOLUME: return "invalid volume";
    case TRADE_RETCODE_INVALID_STOPS: return "invalid stops";
    case TRADE_RETCODE_NO_MONEY: return "no money";
    case TRADE_RETCODE_NO_CHANGES: return "no changes";
    case TRADE_RETCODE_FROZEN: return "frozen";
    case TRADE_RETCODE_POSITION_CLOSED: return "position closed";
    case TRADE_RETCODE_INVALID_PRICE: return "invalid price";
    case TRADE_RETCODE_INVALID_EXPIRATION: return "invalid expiration";
  }
  return "invalid request";
}

bool CTrade::done(uint code) {
  retcode_ = code;
  mql5rt::T().requests++;
  if (code != TRADE_RETCODE_DONE) mql5rt::T().refused++;
  return code == TRADE_RETCODE_DONE;
}
