/**
 * The one adapter between StrategySpec indicators and the kernels of worker/indicators: each indicator
 * becomes whole Float64Array series (one per line) over the strategy-timeframe bars, computed once
 * before the main loop (DESIGN D6). Bars before the test range are included, so warm-up uses history.
 *
 * A higher-timeframe indicator (spec-indicators.ts, "HIGHER TIMEFRAME") is computed on the strategy's
 * bars aggregated to its period (worker/market/aggregate.ts, the alignment rule of periods.ts) and
 * mapped back: at strategy bar c its shift-s value is the higher bar k(c) - s, where k(c) is the last
 * higher bar that starts before the bucket holding the next strategy bar's open time (the forming one
 * when the EA reads it at that open).
 *
 * A lower-timeframe indicator (spec-indicators.ts, "LOWER TIMEFRAME") is computed on the bars of its period
 * that the backtest built from its data (`finer`) and mapped back by the same rule: the lower bars before
 * the next strategy bar's open are closed, so shift 0 is the last lower bar inside strategy bar c.
 */
import {
  type AppliedPrice,
  ac,
  ad,
  adx,
  adxWilder,
  alligator,
  ama,
  ao,
  appliedPrice,
  atr,
  bears,
  bollinger,
  bulls,
  bwmfi,
  cciOfPrice,
  chaikin,
  dema,
  demarker,
  donchian,
  ema,
  envelopes,
  force,
  fractals,
  frama,
  gator,
  heikenAshi,
  hull,
  ichimoku,
  keltner,
  lwma,
  macd,
  maOfIndicator,
  mfi,
  momentum,
  obv,
  osma,
  rsi,
  rvi,
  sar,
  sma,
  smma,
  stddev,
  stochastic,
  supertrend,
  tema,
  trix,
  vidya,
  wpr,
} from "../indicators";
import { aggregate } from "../market/aggregate";
import { bucketStart, periodMs } from "../market/periods";
import { type Bars, PERIODS, type Period } from "../market/types";
import { drawBegin, INDICATOR_LINES, type Indicator, sourceOf } from "../strategy/spec";

export type LineSeries = Readonly<Record<string, Float64Array>>;

/**
 * `price` gives the applied-price series (default: a new array per call); the kernels only read it, so
 * compileStrategy passes one shared array per field. The lines are those of `bars` themselves: a
 * declaration's `timeframe` is applied by indicatorSeries. `all` holds the spec's declarations, which
 * an average of another indicator (spec-smoothing.ts) reads its source from.
 */
export function indicatorLines(
  ind: Indicator,
  bars: Bars,
  price: (kind: AppliedPrice) => Float64Array = (kind) => appliedPrice(bars, kind),
  all: readonly Indicator[] = [],
): LineSeries {
  const { open, high, low, close, volume } = bars;
  const src = sourceOf(ind, all);
  if (src && (ind.kind === "SMA" || ind.kind === "EMA" || ind.kind === "SMMA" || ind.kind === "LWMA")) {
    // The source on the same bars (parseSpec keeps both on one timeframe), its first line (buffer 0).
    const values = indicatorLines(src, bars, price, all)[INDICATOR_LINES[src.kind][0]];
    return { main: maOfIndicator(ind.kind, values, ind.period, drawBegin(src, all)) };
  }
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
    case "AC":
      return { main: ac(high, low) };
    case "AO":
      return { main: ao(high, low) };
    case "AD":
      return { main: ad(high, low, close, volume) };
    case "OBV":
      return { main: obv(close, volume) };
    case "VOLUMES":
      return { main: volume.slice() };
    case "BWMFI":
      return { main: bwmfi(high, low, volume) };
    case "FRACTALS": {
      const f = fractals(high, low);
      return { upper: f.upper, lower: f.lower };
    }
    case "HEIKEN_ASHI": {
      const h = heikenAshi(open, high, low, close);
      return { open: h.open, high: h.high, low: h.low, close: h.close };
    }
    case "ADX_WILDER": {
      const a = adxWilder(high, low, close, ind.period);
      return { adx: a.adx, plusDi: a.plusDi, minusDi: a.minusDi };
    }
    case "ALLIGATOR": {
      const a = alligator(price(ind.appliedPrice), ind);
      return { jaw: a.jaw, teeth: a.teeth, lips: a.lips };
    }
    case "GATOR": {
      const g = gator(price(ind.appliedPrice), ind);
      return { upper: g.upper, lower: g.lower };
    }
    case "AMA":
      return { main: ama(price(ind.appliedPrice), ind.period, ind.fast, ind.slow) };
    case "BEARS":
      return { main: bears(low, close, ind.period) };
    case "BULLS":
      return { main: bulls(high, close, ind.period) };
    case "CHAIKIN":
      return { main: chaikin(high, low, close, volume, ind.fast, ind.slow, ind.maMethod) };
    case "DEMA":
      return { main: dema(price(ind.appliedPrice), ind.period) };
    case "TEMA":
      return { main: tema(price(ind.appliedPrice), ind.period) };
    case "TRIX":
      return { main: trix(price(ind.appliedPrice), ind.period) };
    case "FRAMA":
      return { main: frama(price(ind.appliedPrice), high, low, ind.period) };
    case "HULL":
      return { main: hull(price(ind.appliedPrice), ind.period) };
    case "DEMARKER":
      return { main: demarker(high, low, ind.period) };
    case "MFI":
      return { main: mfi(high, low, close, volume, ind.period) };
    case "RVI": {
      const r = rvi(open, high, low, close, ind.period);
      return { main: r.main, signal: r.signal };
    }
    case "WPR":
      return { main: wpr(high, low, close, ind.period) };
    case "DONCHIAN": {
      const d = donchian(high, low, ind.period);
      return { upper: d.upper, lower: d.lower, middle: d.middle };
    }
    case "ENVELOPES": {
      const e = envelopes(price(ind.appliedPrice), ind.period, ind.maMethod, ind.deviation);
      return { upper: e.upper, lower: e.lower };
    }
    case "FORCE":
      return { main: force(close, volume, ind.period, ind.maMethod) };
    case "ICHIMOKU": {
      const r = ichimoku(high, low, close, ind.tenkan, ind.kijun, ind.senkou);
      return { tenkan: r.tenkan, kijun: r.kijun, spanA: r.spanA, spanB: r.spanB, chikou: r.chikou };
    }
    case "OSMA":
      return { main: osma(price(ind.appliedPrice), ind.fast, ind.slow, ind.signal) };
    case "SAR":
      return { main: sar(high, low, ind.step, ind.maximum) };
    case "STDDEV":
      return { main: stddev(price(ind.appliedPrice), ind.period, ind.maMethod) };
    case "VIDYA":
      return { main: vidya(price(ind.appliedPrice), ind.cmoPeriod, ind.emaPeriod) };
    case "SUPERTREND": {
      const s = supertrend(high, low, close, ind.period, ind.multiplier);
      return { main: s.main, direction: s.direction };
    }
    case "KELTNER": {
      const k = keltner(
        price(ind.appliedPrice),
        high,
        low,
        close,
        ind.period,
        ind.atrPeriod,
        ind.multiplier,
        ind.maMethod,
      );
      return { middle: k.middle, upper: k.upper, lower: k.lower };
    }
  }
}

/** An indicator's lines on the strategy bars, and (higher timeframe) its line at a shift of its own bars. */
export interface IndicatorSeries {
  /** Shift 0 of every line, one value per strategy bar. */
  readonly lines: LineSeries;
  /** The higher-timeframe line `shift` of its own bars back, per strategy bar; undefined on the chart's. */
  readonly shifted?: (line: string, shift: number) => Float64Array;
}

/** Bars of a timeframe below the strategy's, built by the backtest from its data (LOWER TIMEFRAME). */
export type FinerBars = (tf: Period) => Bars;

/** The bars of `tf` read against the strategy's: aggregated when higher, the backtest's when lower. */
function otherBars(bars: Bars, period: Period, tf: Period, finer: FinerBars | undefined): Bars {
  if (PERIODS.indexOf(tf) > PERIODS.indexOf(period)) return aggregate(bars, period, tf);
  if (!finer)
    throw new Error(`${tf} bars are needed below the strategy's ${period} (compileStrategy's finer)`);
  return finer(tf);
}

export function indicatorSeries(
  ind: Indicator,
  bars: Bars,
  period: Period,
  price?: (kind: AppliedPrice) => Float64Array,
  all: readonly Indicator[] = [],
  finer?: FinerBars,
): IndicatorSeries {
  if (ind.timeframe === undefined || ind.timeframe === period)
    return { lines: indicatorLines(ind, bars, price, all) };
  const higher = otherBars(bars, period, ind.timeframe, finer);
  const own = indicatorLines(ind, higher, undefined, all);
  const closed = lastClosedHigher(bars, period, higher, ind.timeframe);
  const cache = new Map<string, Float64Array>();
  const shifted = (line: string, shift: number): Float64Array => {
    const key = `${line}@${shift}`;
    let out = cache.get(key);
    if (!out) {
      out = mapToChart(own[line], closed, shift);
      cache.set(key, out);
    }
    return out;
  };
  const lines: Record<string, Float64Array> = {};
  for (const line of Object.keys(own)) lines[line] = shifted(line, 0);
  return { lines, shifted };
}

/**
 * For each strategy bar c, the index of the last CLOSED higher bar when the next strategy bar opens
 * (-1 when none): the higher bars before the bucket of time[c+1] (time[c] + the period for the last bar).
 * Lower bars too: the bucket of a strategy bar's open on a period dividing it is that open itself.
 */
export function lastClosedHigher(bars: Bars, period: Period, higher: Bars, tf: Period): Int32Array {
  const n = bars.length;
  const out = new Int32Array(n);
  let k = -1;
  for (let c = 0; c < n; c++) {
    const next = c + 1 < n ? bars.time[c + 1] : bars.time[c] + periodMs(period);
    const forming = bucketStart(next, tf);
    while (k + 1 < higher.length && higher.time[k + 1] < forming) k++;
    out[c] = k;
  }
  return out;
}

/**
 * A price read on another timeframe (spec.ts, a price operand's `timeframe`, higher or lower): the applied
 * price of that timeframe's bars, `shift` of its own bars before the last closed one, per strategy bar (NaN before it exists),
 * by the same alignment as a higher-timeframe indicator.
 */
export function higherPriceSeries(
  bars: Bars,
  period: Period,
  tf: Period,
  field: AppliedPrice,
  shift: number,
  finer?: FinerBars,
): Float64Array {
  const higher = otherBars(bars, period, tf, finer);
  return mapToChart(appliedPrice(higher, field), lastClosedHigher(bars, period, higher, tf), shift);
}

function mapToChart(values: Float64Array, closed: Int32Array, shift: number): Float64Array {
  const out = new Float64Array(closed.length);
  for (let c = 0; c < closed.length; c++) {
    const k = closed[c] - shift;
    out[c] = k >= 0 ? values[k] : Number.NaN;
  }
  return out;
}
