// CTrade (Standard Library, Trade\Trade.mqh): the methods the generator calls. Market orders go to the
// tester's broker (broker.hpp); every refusal sets the retcode the EA logs. Defined in trade-impl.hpp.
#pragma once

const uint TRADE_RETCODE_NO_CHANGES = 10025;

class CTrade {
 public:
  void SetExpertMagicNumber(ulong magic) { magic_ = static_cast<long long>(magic); }
  void SetDeviationInPoints(ulong) {}
  bool SetTypeFillingBySymbol(const string&) { return true; }
  bool Buy(double volume, const string& symbol = "", double price = 0.0, double sl = 0.0, double tp = 0.0,
           const string& comment = "");
  bool Sell(double volume, const string& symbol = "", double price = 0.0, double sl = 0.0, double tp = 0.0,
            const string& comment = "");
  bool PositionClose(ulong ticket, ulong deviation = 0);
  bool PositionClosePartial(ulong ticket, double volume, ulong deviation = 0);
  // Pending orders (CTrade::BuyStop ... SellLimit, OrderDelete): the tester's order book (broker.hpp).
  bool BuyStop(double volume, double price, const string& symbol = "", double sl = 0.0, double tp = 0.0,
               ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, datetime expiration = 0, const string& comment = "");
  bool SellStop(double volume, double price, const string& symbol = "", double sl = 0.0, double tp = 0.0,
                ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, datetime expiration = 0, const string& comment = "");
  bool BuyLimit(double volume, double price, const string& symbol = "", double sl = 0.0, double tp = 0.0,
                ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, datetime expiration = 0, const string& comment = "");
  bool SellLimit(double volume, double price, const string& symbol = "", double sl = 0.0, double tp = 0.0,
                 ENUM_ORDER_TYPE_TIME type_time = ORDER_TIME_GTC, datetime expiration = 0, const string& comment = "");
  bool OrderDelete(ulong ticket);
  ulong ResultOrder() const { return order_; }
  bool PositionModify(ulong ticket, double sl, double tp);
  uint ResultRetcode() const { return retcode_; }
  string ResultRetcodeDescription() const;

 private:
  bool done(uint code);
  bool pending(int type, double volume, double price, double sl, double tp, ENUM_ORDER_TYPE_TIME typeTime,
               datetime expiration, const string& comment);
  ulong order_ = 0;
  long long magic_ = 0;
  uint retcode_ = 0;
};
