/**
 * The catalogue's mapping to Dukascopy's datafeed: which symbols the feed carries, under which
 * instrument name, and the point of its integer prices. Symbols absent here stay on demo data and the
 * datafeed says so (`feedInstrument` answers undefined). Pure.
 *
 * Dukascopy quotes FX prices in 10^-5 (10^-3 for JPY and HUF quotes) whatever the broker digits are, so
 * the feed's digits are kept with every stored tick and converted to decimals only when aggregating.
 */
import { findSymbol } from "../catalogue";
import { MarketError } from "../errors";
import type { SymbolInfo } from "../types";

/** Dukascopy's public datafeed (the default of MARKET_FEED_URL). */
export const DEFAULT_FEED_URL = "https://datafeed.dukascopy.com/datafeed";
export const FEED_NAME = "Dukascopy";

// biome-ignore format: one row per base currency
const FEED_SYMBOLS = [
  "AUDCAD", "AUDCHF", "AUDJPY", "AUDNZD", "AUDSGD", "AUDUSD",
  "CADCHF", "CADHKD", "CADJPY",
  "CHFJPY", "CHFPLN", "CHFSGD",
  "EURAUD", "EURCAD", "EURCHF", "EURCZK", "EURDKK", "EURGBP", "EURHKD", "EURHUF", "EURJPY", "EURMXN",
  "EURNOK", "EURNZD", "EURPLN", "EURRUB", "EURSEK", "EURSGD", "EURTRY", "EURUSD", "EURZAR",
  "GBPAUD", "GBPCAD", "GBPCHF", "GBPJPY", "GBPNZD", "GBPUSD",
  "HKDJPY", "MXNJPY",
  "NZDCAD", "NZDCHF", "NZDJPY", "NZDSGD", "NZDUSD",
  "SGDJPY", "TRYJPY", "ZARJPY",
  "USDCAD", "USDCHF", "USDCNH", "USDCZK", "USDDKK", "USDHKD", "USDHUF", "USDILS", "USDJPY", "USDMXN",
  "USDNOK", "USDPLN", "USDRON", "USDRUB", "USDSEK", "USDSGD", "USDTHB", "USDTRY", "USDZAR",
];

export interface FeedInstrument {
  symbol: SymbolInfo;
  /** The feed's name of the instrument (the first path segment of its files). */
  instrument: string;
  /** Decimal digits of the feed's integer prices: price = points / 10^digits. */
  digits: number;
}

const FEED_DIGITS_BY_QUOTE: Readonly<Record<string, number>> = { JPY: 3, HUF: 3 };

const MAP = new Map<string, FeedInstrument>();
for (const name of FEED_SYMBOLS) {
  const symbol = findSymbol(name);
  if (symbol) MAP.set(name, { symbol, instrument: name, digits: FEED_DIGITS_BY_QUOTE[symbol.quote] ?? 5 });
}

/** Every catalogue symbol the feed carries, in catalogue order of their names. */
export function feedInstruments(): FeedInstrument[] {
  return [...MAP.values()];
}

export function feedInstrument(symbol: string): FeedInstrument | undefined {
  return MAP.get(symbol.trim().toUpperCase().replace("/", ""));
}

/** Like feedInstrument, but throws NOT_IN_FEED naming what to do instead. */
export function getFeedInstrument(symbol: SymbolInfo): FeedInstrument {
  const f = MAP.get(symbol.name);
  if (!f) {
    throw new MarketError(
      "NOT_IN_FEED",
      `${symbol.name} is not in the ${FEED_NAME} datafeed: it stays on demo data (import a price file instead).`,
    );
  }
  return f;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `{base}/{INSTRUMENT}/{YYYY}/{MM zero-based}/{DD}/{HH}h_ticks.bi5` of the hour starting at `hourStartMs`. */
export function hourFileUrl(base: string, instrument: string, hourStartMs: number): string {
  const d = new Date(hourStartMs);
  const root = base.replace(/\/+$/, "");
  return `${root}/${instrument}/${d.getUTCFullYear()}/${pad(d.getUTCMonth())}/${pad(d.getUTCDate())}/${pad(d.getUTCHours())}h_ticks.bi5`;
}
