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
  bool PositionModify(ulong ticket, double sl, double tp);
  uint ResultRetcode() const { return retcode_; }
  string ResultRetcodeDescription() const;

 private:
  bool done(uint code);
  long long magic_ = 0;
  uint retcode_ = 0;
};
