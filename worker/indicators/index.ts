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
export { type AdxResult, adx } from "./adx";
export { APPLIED_PRICES, type AppliedPrice, appliedPrice, type PriceBars } from "./applied-price";
export { atr } from "./atr";
export { type BollingerResult, bollinger } from "./bollinger";
export { cci, cciOfPrice } from "./cci";
export { ema } from "./ema";
export { lwma } from "./lwma";
export { type MacdResult, macd } from "./macd";
export { momentum } from "./momentum";
export { rsi } from "./rsi";
export { sma } from "./sma";
export { smma } from "./smma";
export { type StochasticResult, stochastic } from "./stochastic";
