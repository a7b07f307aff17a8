/**
 * Indicator kernels with MetaTrader 5's definitions (DESIGN D6, D10). Pure: no I/O.
 *
 * Definitions were read from MetaQuotes' own sources shipped with the terminal:
 * MQL5/Include/MovingAverages.mqh (2009-2020) and MQL5/Indicators/Examples/{Custom Moving
 * Average, RSI, MACD, BB, ATR, Stochastic, CCI, ADX, Momentum}.mq5 (2000-2023 versions). Each
 * file states its formula and warm-up; its test checks hand-computed values, the formula written
 * out literally, and technicalindicators where that library uses the same convention.
 * Inputs are finite prices: a NaN in the input poisons every later value of the sliding
 * kernels, as it would in MT5.
 */

// Issue 14: the rest of MetaTrader's built-ins (Indicators/Examples/*.mq5 of the 2020 terminal) and the
// five the EA computes itself (Heiken Ashi, Supertrend, Donchian, Keltner, Hull).
export { ac } from "./ac";
export { ad } from "./ad";
export { type AdxResult, adx } from "./adx";
export { adxWilder } from "./adx-wilder";
export { type AlligatorParams, type AlligatorResult, alligator, shiftForward } from "./alligator";
export { ama } from "./ama";
export { ao } from "./ao";
export { APPLIED_PRICES, type AppliedPrice, appliedPrice, type PriceBars } from "./applied-price";
export { atr } from "./atr";
export { bears } from "./bears";
export { type BollingerResult, bollinger } from "./bollinger";
export { bulls } from "./bulls";
export { bwmfi } from "./bwmfi";
export { cci, cciOfPrice } from "./cci";
export { chaikin } from "./chaikin";
export { dema } from "./dema";
export { demarker } from "./demarker";
export { donchian } from "./donchian";
export { ema } from "./ema";
export { envelopes } from "./envelopes";
export { force } from "./force";
export { fractals } from "./fractals";
export { frama } from "./frama";
export { gator, gatorWarmUp } from "./gator";
export { heikenAshi } from "./heiken-ashi";
export { hull, hullPeriods } from "./hull";
export { ichimoku } from "./ichimoku";
export { keltner } from "./keltner";
export { lwma } from "./lwma";
export { maOfIndicator, maOnBuffer, movingAverage } from "./ma-on-buffer";
export { type MacdResult, macd } from "./macd";
export { mfi } from "./mfi";
export { momentum } from "./momentum";
export { obv } from "./obv";
export { osma } from "./osma";
export { rsi } from "./rsi";
export { rvi } from "./rvi";
export { sar } from "./sar";
export { sma } from "./sma";
export { smma } from "./smma";
export { stddev } from "./stddev";
export { type StochasticResult, stochastic } from "./stochastic";
export { supertrend } from "./supertrend";
export { tema } from "./tema";
export { trix } from "./trix";
export { vidya } from "./vidya";
export { wpr } from "./wpr";
