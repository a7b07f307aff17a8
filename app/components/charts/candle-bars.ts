import type { CandlestickData, SeriesMarker, Time, UTCTimestamp } from "lightweight-charts";
import type { Candle } from "../../utils/chart-candles";
import type { OrderMarker } from "../../utils/chart-markers";

/**
 * lightweight-charts brands its epoch-second times (UTCTimestamp is a nominal number). Our times
 * are already checked finite numbers (parseCandles), so naming the brand is all this does.
 */
function utc(time: number): UTCTimestamp {
  return time as UTCTimestamp;
}

export function toBar(c: Candle): CandlestickData<Time> {
  return { time: utc(c.time), open: c.open, high: c.high, low: c.low, close: c.close };
}

export function toMarker(m: OrderMarker): SeriesMarker<Time> {
  return {
    id: m.id,
    time: utc(m.time),
    position: m.position,
    shape: m.shape,
    color: m.color,
    ...(m.text ? { text: m.text } : {}),
  };
}
