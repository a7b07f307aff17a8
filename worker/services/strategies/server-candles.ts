/**
 * The backtest's data in broker server time (issue 16). The market store keeps UTC bars; a run reads
 * them through this, asking for a server-time range: the UTC range is widened by a day either side (no
 * zone is more than 14 h from UTC), the bars are shifted (market/server-time.ts) and cut to the range, so
 * the runner's months, dates and windows all speak server time, as the engine does.
 */
import { sliceTime } from "../../market/bars";
import { type ServerZone, toServerTime } from "../../market/server-time";
import type { Bars, Period } from "../../market/types";
import type { CrossRateBars } from "./cross-rates";

const DAY = 86_400_000;

export type CandlesPort = (
  symbol: string,
  period: Period,
  fromMs: number,
  toMs: number,
) => Promise<{ bars: Bars; demo: boolean }>;

export function serverCandles(load: CandlesPort, zone: ServerZone): CandlesPort {
  if (zone.isUtc) return load;
  return async (symbol, period, fromMs, toMs) => {
    const { bars, demo } = await load(symbol, period, fromMs - DAY, toMs + DAY);
    return { bars: sliceTime(toServerTime(bars, zone), fromMs, toMs), demo };
  };
}

/** Cross-rate bars on the same clock as the tested symbol's, so a deal's time finds its quote. */
export function serverCrossRates(rates: CrossRateBars | null, zone: ServerZone): CrossRateBars | null {
  return rates && !zone.isUtc ? { ...rates, bars: toServerTime(rates.bars, zone) } : rates;
}
