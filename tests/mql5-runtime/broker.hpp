// The tester's broker: fills, stops and targets, equity, margin and stop-out. The rules are MetaTrader's
// tester as the engine reads them (worker/engine/broker.ts FILL RULES), so the comparison tests the EA:
// market orders fill at the tick's ask (buy) or bid (sell); a long closes at the bid, a short at the ask;
// a stop or target fills at its own price unless the bar's first tick gapped past it (then at that tick);
// the stop is tested before the target; margin = lots x contract / leverage x base rate, fixed at the
// fill, refused when above the free margin; stop-out closes the worst position while equity <= margin x
// the stop-out level.
#pragma once

namespace mql5rt {
inline double profitRate() { return T().profitThroughBid ? 1.0 / T().bid : 1.0; }
inline double marginRate() { return T().marginThroughBid ? T().bid : 1.0; }

inline void markToMarket() {
  auto& t = T();
  double equity = t.balance;
  const double unit = t.symbol.contract * profitRate();
  for (auto& p : t.positions) {
    p.floating = p.type == POSITION_TYPE_BUY ? (t.bid - p.priceOpen) * p.volume * unit
                                             : (p.priceOpen - t.ask) * p.volume * unit;
    equity += p.floating;
  }
  t.equity = equity;
}

inline int opposite(int type) { return type == POSITION_TYPE_BUY ? POSITION_TYPE_SELL : POSITION_TYPE_BUY; }

// A deal in the history: `type` is its side, `volume` the order's.
inline void bookDeal(int type, int entry, double volume, double price, double profit, ulong positionId,
                     long long magic = 0) {
  auto& t = T();
  t.deals.push_back({t.nextDeal++, t.nowMs, type, entry, volume, price, profit, positionId, magic});
}

// Closes position k at `price` (already on the grid) and records the trade; its deal is an "out" unless
// a netting reversal books one "inout" deal itself (`deal` false). Returns the profit.
inline double closeAt(int k, double price, Reason reason, bool deal = true) {
  auto& t = T();
  const Position p = t.positions[k];
  const int dir = p.type == POSITION_TYPE_BUY ? 1 : -1;
  const double profit = (price - p.priceOpen) * dir * p.volume * t.symbol.contract * profitRate();
  t.balance += profit;
  t.trades.push_back({p.timeMs, t.nowMs, p.type, p.volume, p.priceOpen, price, profit, reason});
  if (deal) bookDeal(opposite(p.type), DEAL_ENTRY_OUT, p.volume, price, profit, p.ticket, p.magic);
  t.usedMargin -= p.margin;
  if (t.positions.size() == 1) t.usedMargin = 0;
  t.positions.erase(t.positions.begin() + k);
  if (t.selected >= static_cast<int>(t.positions.size())) t.selected = -1;
  return profit;
}

inline double grid(double price) { return NormalizeDouble(price, T().symbol.digits); }

inline uint marketDeal(int type, double volume, double sl, double tp, long long magic, const string& comment,
                       double at);

// Pending orders at a tick (worker/strategy/spec-orders.ts): expired ones are deleted, then triggered ones
// fill in the order they were placed (buy stop: ask >= price; buy limit: ask <= price; sell stop: bid <=
// price; sell limit: bid >= price), at their price or, when the bar's first tick gapped past it, at the
// tick's quote. Each fill is a DEAL_ADD trade transaction the EA hears at once (OnTradeTransaction).
inline void pendingTick(bool gap) {
  auto& t = T();
  for (size_t k = 0; k < t.orders.size();) {
    if (t.orders[k].expiration != 0 && t.nowMs >= t.orders[k].expiration * 1000)
      t.orders.erase(t.orders.begin() + k);
    else k++;
  }
  for (size_t k = 0; k < t.orders.size();) {
    const Order o = t.orders[k];
    const bool buy = o.type == ORDER_TYPE_BUY_STOP || o.type == ORDER_TYPE_BUY_LIMIT;
    const bool rises = o.type == ORDER_TYPE_BUY_STOP || o.type == ORDER_TYPE_SELL_LIMIT;
    const double quote = buy ? t.ask : t.bid;
    if (!(rises ? quote >= o.price : quote <= o.price)) {
      k++;
      continue;
    }
    t.orders.erase(t.orders.begin() + k);
    const double fill = gap && quote != o.price ? quote : o.price;
    const int side = buy ? POSITION_TYPE_BUY : POSITION_TYPE_SELL;
    const uint code = marketDeal(side, o.volume, o.sl, o.tp, o.magic, o.comment, fill);
    if (code == TRADE_RETCODE_DONE && OnTradeTransaction != nullptr) {
      MqlTradeTransaction tr{};
      tr.type = TRADE_TRANSACTION_DEAL_ADD;
      tr.order = o.ticket;
      tr.deal = t.deals.back().ticket;
      tr.symbol = t.symbol.name;
      tr.order_type = static_cast<ENUM_ORDER_TYPE>(o.type);
      tr.price = fill;
      tr.volume = o.volume;
      OnTradeTransaction(tr, MqlTradeRequest{}, MqlTradeResult{});
    }
    // The EA may have deleted orders: start again from the first.
    k = 0;
  }
}

// One modelled tick: pending orders, stops and targets, then equity and stop-out. `gap`: the bar's first tick.
inline void brokerTick(bool gap) {
  auto& t = T();
  if (!t.orders.empty()) pendingTick(gap);
  const double bid = t.bid, ask = t.ask;
  for (int k = static_cast<int>(t.positions.size()) - 1; k >= 0; k--) {
    const Position& p = t.positions[k];
    const bool hasSl = p.sl != 0.0, hasTp = p.tp != 0.0;
    if (p.type == POSITION_TYPE_BUY) {
      if (hasSl && bid <= p.sl) closeAt(k, grid(gap && bid < p.sl ? bid : p.sl), R_SL);
      else if (hasTp && bid >= p.tp) closeAt(k, grid(gap && bid > p.tp ? bid : p.tp), R_TP);
    } else {
      if (hasSl && ask >= p.sl) closeAt(k, grid(gap && ask > p.sl ? ask : p.sl), R_SL);
      else if (hasTp && ask <= p.tp) closeAt(k, grid(gap && ask < p.tp ? ask : p.tp), R_TP);
    }
  }
  markToMarket();
  while (t.usedMargin > 0 && t.equity <= t.usedMargin * t.stopOutFraction) {
    int worst = 0;
    for (int k = 1; k < static_cast<int>(t.positions.size()); k++)
      if (t.positions[k].floating < t.positions[worst].floating) worst = k;
    const Position& w = t.positions[worst];
    closeAt(worst, w.type == POSITION_TYPE_BUY ? bid : ask, R_STOPOUT);
    markToMarket();
  }
}

inline void closeAll(Reason reason) {
  auto& t = T();
  for (int k = static_cast<int>(t.positions.size()) - 1; k >= 0; k--)
    closeAt(k, t.positions[k].type == POSITION_TYPE_BUY ? t.bid : t.ask, reason);
  markToMarket();
}

// MQL5 reference, "Requirements and Limitations in Making Trades": a buy's SL/TP are measured from the
// bid, a sell's from the ask, at least SYMBOL_TRADE_STOPS_LEVEL (whole) points away.
inline bool stopsValid(int type, double sl, double tp) {
  const auto& t = T();
  const int level = t.symbol.stopsLevel;
  const auto pts = [&](double a, double b) { return std::round((a - b) / t.symbol.point); };
  if (type == POSITION_TYPE_BUY) {
    if (sl != 0.0 && !(pts(t.bid, sl) >= level && sl < t.bid)) return false;
    if (tp != 0.0 && !(pts(tp, t.bid) >= level && tp > t.bid)) return false;
  } else {
    if (sl != 0.0 && !(pts(sl, t.ask) >= level && sl > t.ask)) return false;
    if (tp != 0.0 && !(pts(t.ask, tp) >= level && tp < t.ask)) return false;
  }
  return true;
}

// Volumes to 1e-8 lot, as MT5 keeps them (0.1 + 0.2 is 0.3).
inline double lots8(double v) { return std::round(v * 1e8) / 1e8; }

// A market deal. Hedging: a new position. Netting (MetaTrader 5 Help, position accounting): the symbol's
// one position grows (an "in" deal: volume-weighted average open price, not rounded to the grid), shrinks
// or closes ("out"), or turns ("inout": closed, the rest opened the other way at the deal price, one deal
// of the order's volume). A deal that grows or turns the position sets its SL/TP to the order's own (0
// clears them); a partial close leaves them. The position keeps its ticket (its identifier).
// `at` > 0: a triggered pending order's fill price (its stops were checked when it was placed).
inline uint marketDeal(int type, double volume, double sl, double tp, long long magic, const string& comment,
                       double at) {
  auto& t = T();
  const auto& s = t.symbol;
  const double steps = volume / s.volumeStep;
  if (volume < s.volumeMin || volume > s.volumeMax || std::fabs(steps - std::round(steps)) > 1e-7)
    return TRADE_RETCODE_INVALID_VOLUME;
  const double price = at > 0 ? at : type == POSITION_TYPE_BUY ? t.ask : t.bid;
  const auto stopsValid = [&](int side, double s, double p) { return at > 0 || mql5rt::stopsValid(side, s, p); };
  ulong ticket = t.nextTicket++;
  double open = volume;
  bool turned = false;
  if (t.accountMode == ACCOUNT_MARGIN_MODE_RETAIL_NETTING && !t.positions.empty()) {
    Position& p = t.positions[0];
    if (p.type == type) {
      if (!stopsValid(type, sl, tp)) return TRADE_RETCODE_INVALID_STOPS;
      const double margin = volume * s.contract / t.leverage * marginRate();
      if (margin > t.equity - t.usedMargin) return TRADE_RETCODE_NO_MONEY;
      const double total = lots8(p.volume + volume);
      p.priceOpen = (p.priceOpen * p.volume + price * volume) / total;
      p.volume = total;
      p.margin += margin;
      t.usedMargin += margin;
      p.sl = sl;
      p.tp = tp;
      bookDeal(type, DEAL_ENTRY_IN, volume, price, 0, p.ticket, magic);
      return TRADE_RETCODE_DONE;
    }
    const double closing = std::min(volume, p.volume);
    open = lots8(volume - closing);
    if (open > 0 && !stopsValid(type, sl, tp)) return TRADE_RETCODE_INVALID_STOPS;
    if (open > 0 && open * s.contract / t.leverage * marginRate() > t.equity - t.usedMargin + p.margin)
      return TRADE_RETCODE_NO_MONEY;
    if (closing < p.volume) {
      Position part = p;
      part.volume = closing;
      part.margin = p.margin * closing / p.volume;
      p.volume = lots8(p.volume - closing);
      p.margin -= part.margin;
      t.positions.push_back(part);
      closeAt(static_cast<int>(t.positions.size()) - 1, price, R_SIGNAL);
      markToMarket();
      return TRADE_RETCODE_DONE;
    }
    ticket = p.ticket;
    const double profit = closeAt(0, price, R_SIGNAL, open <= 0);
    markToMarket();
    if (open <= 0) return TRADE_RETCODE_DONE;
    bookDeal(type, DEAL_ENTRY_INOUT, volume, price, profit, ticket, magic);
    turned = true;
  }
  if (!stopsValid(type, sl, tp)) return TRADE_RETCODE_INVALID_STOPS;
  const double margin = open * s.contract / t.leverage * marginRate();
  if (margin > t.equity - t.usedMargin) return TRADE_RETCODE_NO_MONEY;
  t.positions.push_back(
      {ticket, type, open, price, sl, tp, margin, 0.0, t.nowMs / 1000, t.nowMs, magic, comment});
  t.usedMargin += margin;
  if (!turned) bookDeal(type, DEAL_ENTRY_IN, open, price, 0, ticket, magic);
  // Equity is marked at the next tick, as the engine does.
  return TRADE_RETCODE_DONE;
}
}  // namespace mql5rt
