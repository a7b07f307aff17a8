/**
 * Imported prices of the cross pairs a backtest's currency conversion needs, so that profit is
 * converted at the time of the deal with real history (issue 4, DESIGN D6). A pair is used only when
 * every month of the range is imported: for a missing month the candle store would generate (and
 * store) demo data, so such pairs are left to the demo rates, which the result's notes then name.
 */
import { lowerBound } from "../../market/bars";
import { getSymbol } from "../../market/catalogue";
import { monthsInRange } from "../../market/chunks";
import { conversionPath } from "../../market/conversion";
import { MarketError } from "../../market/errors";
import { periodMs } from "../../market/periods";
import type { CandleStore } from "../../market/store";
import type { Bars, Period } from "../../market/types";

export interface CrossRateBars {
  readonly bars: Bars;
  readonly period: Period;
}

/**
 * The catalogue pairs the engine prices to convert `symbolName`'s profit and margin into `currency`:
 * none when the deposit is the symbol's base or quote currency (the symbol's own bid converts then).
 */
export function crossPairs(symbolName: string, currency: string): string[] {
  const symbol = getSymbol(symbolName);
  if (currency === symbol.base || currency === symbol.quote) return [];
  try {
    const legs = [...conversionPath(symbol.quote, currency), ...conversionPath(symbol.base, currency)];
    return [...new Set(legs.map((leg) => leg.symbol.name))].filter((name) => name !== symbol.name);
  } catch (e) {
    // No catalogue path: the engine refuses the run itself, with its own message.
    if (e instanceof MarketError) return [];
    throw e;
  }
}

/** The pair's imported bars over [fromMs, toMs) at the coarsest stored resolution, or null. */
export async function importedCrossRates(
  store: CandleStore,
  pair: string,
  fromMs: number,
  toMs: number,
): Promise<CrossRateBars | null> {
  const manifest = await store.manifest(pair);
  let coarsest: Period | null = null;
  for (const month of monthsInRange(fromMs, toMs)) {
    const entry = manifest.months[month];
    if (!entry) return null;
    if (coarsest === null || periodMs(entry.period) > periodMs(coarsest)) coarsest = entry.period;
  }
  if (coarsest === null) return null;
  const answer = await store.candles(pair, coarsest, fromMs, toMs);
  return answer.demo || answer.bars.length === 0 ? null : { bars: answer.bars, period: coarsest };
}

/**
 * The pair's price as known at `timeMs`: the close of a bar already over, else the open of the bar in
 * progress (the first bar's open before the data starts). Never a price from after `timeMs`.
 */
export function priceAt(rates: CrossRateBars, timeMs: number): number {
  const { bars } = rates;
  const i = lowerBound(bars.time, timeMs + 1) - 1;
  if (i < 0) return bars.open[0];
  return timeMs >= bars.time[i] + periodMs(rates.period) ? bars.close[i] : bars.open[i];
}
