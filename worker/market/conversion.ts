/**
 * Currency conversion through catalogue pairs, for the engine: profit is earned in a symbol's quote
 * currency and reported in the deposit currency (DESIGN D6). Order of preference: a direct pair, the
 * inverse pair, then through USD (every catalogue currency has a USD pair), then through EUR.
 */
import { CURRENCIES, pairBetween } from "./catalogue";
import { MarketError } from "./errors";
import type { SymbolInfo } from "./types";

/** One step of a conversion: multiply by the symbol's price, or divide by it when inverted. */
export interface ConversionLeg {
  readonly symbol: SymbolInfo;
  readonly inverted: boolean;
}

/** Price of a catalogue symbol at the moment of conversion; undefined/NaN falls back to typicalPrice. */
export type PriceOf = (symbol: string) => number | undefined;

/** The pairs that convert `from` into `to` (empty when they are the same currency). */
export function conversionPath(from: string, to: string): ConversionLeg[] {
  const a = from.toUpperCase();
  const b = to.toUpperCase();
  if (a === b) return [];
  const direct = pairBetween(a, b);
  if (direct) return [direct];
  for (const via of ["USD", "EUR"]) {
    const first = pairBetween(a, via);
    const second = pairBetween(via, b);
    if (first && second) return [first, second];
  }
  throw new MarketError(
    "NO_CONVERSION",
    `No catalogue pairs convert ${a} to ${b}${CURRENCIES[a] && CURRENCIES[b] ? "" : " (unknown currency)"}.`,
  );
}

/**
 * Units of `to` for one unit of `from`, e.g. conversionRate("JPY", "USD", p) = 1 / USDJPY.
 * `priceOf` gives the current price of a catalogue symbol (the engine passes its bid at the deal's
 * time); a missing price uses the catalogue's typical level so a conversion never fails for lack of data.
 */
export function conversionRate(from: string, to: string, priceOf: PriceOf = () => undefined): number {
  let rate = 1;
  for (const leg of conversionPath(from, to)) {
    const p = priceOf(leg.symbol.name);
    const price = p !== undefined && Number.isFinite(p) && p > 0 ? p : leg.symbol.typicalPrice;
    rate = leg.inverted ? rate / price : rate * price;
  }
  return rate;
}
