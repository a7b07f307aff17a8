/**
 * The one adapter between StrategySpec indicators and the kernels of worker/indicators: each indicator
 * becomes whole Float64Array series (one per line) over the strategy-timeframe bars, computed once
 * before the main loop (DESIGN D6). Bars before the test range are included, so warm-up uses history.
 */
import {
  type AppliedPrice,
  adx,
  appliedPrice,
  atr,
  bollinger,
  cciOfPrice,
  ema,
  lwma,
  macd,
  momentum,
  rsi,
  sma,
  smma,
  stochastic,
} from "../indicators";
import type { Bars } from "../market/types";
import type { Indicator } from "../strategy/spec";

export type LineSeries = Readonly<Record<string, Float64Array>>;

/**
 * `price` gives the applied-price series (default: a new array per call); the kernels only read it, so
 * compileStrategy passes one shared array per field.
 */
export function indicatorLines(
  ind: Indicator,
  bars: Bars,
  price: (kind: AppliedPrice) => Float64Array = (kind) => appliedPrice(bars, kind),
): LineSeries {
  const { high, low, close } = bars;
  switch (ind.kind) {
    case "SMA":
      return { main: sma(price(ind.appliedPrice), ind.period) };
    case "EMA":
      return { main: ema(price(ind.appliedPrice), ind.period) };
    case "SMMA":
      return { main: smma(price(ind.appliedPrice), ind.period) };
    case "LWMA":
      return { main: lwma(price(ind.appliedPrice), ind.period) };
    case "RSI":
      return { main: rsi(price(ind.appliedPrice), ind.period) };
    case "MACD": {
      const m = macd(price(ind.appliedPrice), ind.fast, ind.slow, ind.signal);
      const histogram = new Float64Array(m.main.length);
      for (let i = 0; i < histogram.length; i++) histogram[i] = m.main[i] - m.signal[i];
      return { main: m.main, signal: m.signal, histogram };
    }
    case "BOLLINGER": {
      const b = bollinger(price(ind.appliedPrice), ind.period, ind.deviation);
      return { middle: b.middle, upper: b.upper, lower: b.lower };
    }
    case "ATR":
      return { main: atr(high, low, close, ind.period) };
    case "STOCHASTIC": {
      const s = stochastic(high, low, close, ind.kPeriod, ind.dPeriod, ind.slowing);
      return { main: s.main, signal: s.signal };
    }
    case "CCI":
      return { main: cciOfPrice(price(ind.appliedPrice), ind.period) };
    case "ADX": {
      const a = adx(high, low, close, ind.period);
      return { adx: a.adx, plusDi: a.plusDi, minusDi: a.minusDi };
    }
    case "MOMENTUM":
      return { main: momentum(price(ind.appliedPrice), ind.period) };
  }
}
