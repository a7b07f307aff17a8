/**
 * The symbol catalogue: about 130 forex pairs (DESIGN D6). Built from one table of currencies so
 * that every typical price is consistent with every other (EURJPY = EURUSD x USDJPY) and the demo
 * generator and the cross-rate helper agree on levels. Levels are rounded 2024 values: good enough
 * for demo data and as a conversion fallback, never shown as quotes.
 */
import { MarketError } from "./errors";
import type { SymbolInfo } from "./types";

export interface CurrencyInfo {
  readonly code: string;
  readonly name: string;
  /** US dollars per one unit of the currency, a rounded 2024 level. */
  readonly usd: number;
  /** Rough half-spread contribution of the currency in basis points (liquidity tier). */
  readonly spreadBps: number;
  /** Rough annual volatility against the US dollar, a fraction (0.08 = 8 %); used by demo data. */
  readonly vol: number;
}

const C = (code: string, name: string, usdPerUnit: number, spreadBps: number, vol: number): CurrencyInfo => ({
  code,
  name,
  usd: usdPerUnit,
  spreadBps,
  vol,
});

export const CURRENCIES: Readonly<Record<string, CurrencyInfo>> = Object.fromEntries(
  [
    C("USD", "US Dollar", 1, 0.3, 0),
    C("EUR", "Euro", 1.085, 0.3, 0.075),
    C("GBP", "Great Britain Pound", 1.27, 0.5, 0.08),
    C("JPY", "Japanese Yen", 1 / 150, 0.4, 0.1),
    C("CHF", "Swiss Franc", 1 / 0.88, 0.6, 0.075),
    C("AUD", "Australian Dollar", 0.66, 0.5, 0.1),
    C("CAD", "Canadian Dollar", 1 / 1.36, 0.6, 0.065),
    C("NZD", "New Zealand Dollar", 0.61, 0.8, 0.105),
    C("SEK", "Swedish Krona", 1 / 10.5, 3, 0.11),
    C("NOK", "Norwegian Krone", 1 / 10.7, 3, 0.12),
    C("DKK", "Danish Krone", 1 / 6.88, 2, 0.075),
    C("PLN", "Polish Zloty", 1 / 4.0, 4, 0.12),
    C("HUF", "Hungarian Forint", 1 / 360, 5, 0.14),
    C("CZK", "Czech Koruna", 1 / 23, 6, 0.11),
    C("TRY", "Turkish Lira", 1 / 32.5, 15, 0.2),
    C("ZAR", "South African Rand", 1 / 18.5, 8, 0.16),
    C("MXN", "Mexican Peso", 1 / 17.5, 5, 0.14),
    C("SGD", "Singapore Dollar", 1 / 1.345, 3, 0.045),
    C("HKD", "Hong Kong Dollar", 1 / 7.82, 1, 0.01),
    C("CNH", "Chinese Yuan Renminbi (offshore)", 1 / 7.25, 3, 0.045),
    C("THB", "Thai Baht", 1 / 36, 10, 0.07),
    C("ILS", "Israeli New Shekel", 1 / 3.7, 8, 0.09),
    C("RUB", "Russian Ruble", 1 / 90, 25, 0.2),
    C("RON", "Romanian Leu", 1 / 4.6, 10, 0.075),
    C("BGN", "Bulgarian Lev", 1 / 1.8, 10, 0.075),
    C("ISK", "Icelandic Krona", 1 / 138, 30, 0.1),
    C("INR", "Indian Rupee", 1 / 83.5, 10, 0.04),
    C("IDR", "Indonesian Rupiah", 1 / 15800, 15, 0.06),
    C("KRW", "South Korean Won", 1 / 1350, 10, 0.08),
    C("BRL", "Brazilian Real", 1 / 5.0, 15, 0.15),
    C("CLP", "Chilean Peso", 1 / 930, 15, 0.13),
    C("COP", "Colombian Peso", 1 / 4000, 20, 0.14),
    C("PHP", "Philippine Peso", 1 / 56, 15, 0.05),
    C("TWD", "New Taiwan Dollar", 1 / 32, 15, 0.05),
    C("SAR", "Saudi Riyal", 1 / 3.75, 5, 0.005),
    C("AED", "UAE Dirham", 1 / 3.6725, 5, 0.003),
    C("KZT", "Kazakhstani Tenge", 1 / 450, 30, 0.1),
    C("MYR", "Malaysian Ringgit", 1 / 4.7, 10, 0.06),
    C("PEN", "Peruvian Sol", 1 / 3.75, 15, 0.07),
    C("EGP", "Egyptian Pound", 1 / 48, 40, 0.15),
  ].map((c) => [c.code, c]),
);

const MAJORS = ["EURUSD", "GBPUSD", "USDJPY", "USDCHF", "AUDUSD", "USDCAD", "NZDUSD"];
/** Every cross among the majors' currencies other than USD, written the way the market quotes it. */
// biome-ignore format: one row per base currency reads better
const MINORS = [
  "EURGBP", "EURJPY", "EURCHF", "EURAUD", "EURCAD", "EURNZD",
  "GBPJPY", "GBPCHF", "GBPAUD", "GBPCAD", "GBPNZD",
  "CHFJPY", "AUDJPY", "AUDCHF", "AUDCAD", "AUDNZD",
  "CADJPY", "CADCHF", "NZDJPY", "NZDCHF", "NZDCAD",
];
const EXOTIC_QUOTES = [
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "HUF",
  "CZK",
  "TRY",
  "ZAR",
  "MXN",
  "SGD",
  "HKD",
  "CNH",
  "THB",
  "ILS",
  "RUB",
];
const EXOTICS = [
  ...EXOTIC_QUOTES.flatMap((q) => [`USD${q}`, `EUR${q}`, `GBP${q}`]),
  ...["SEK", "NOK", "DKK", "PLN", "CZK", "TRY", "ZAR", "MXN", "SGD", "HKD", "CNH", "THB", "ILS", "RUB"].map(
    (b) => `${b}JPY`,
  ),
  ...["SEK", "NOK", "DKK", "PLN", "HUF", "CZK", "TRY", "ZAR", "MXN", "SGD"].map((q) => `CHF${q}`),
  "AUDSGD",
  "AUDHKD",
  "AUDCNH",
  "AUDMXN",
  "NZDSGD",
  "CADMXN",
  "SGDHKD",
  "NOKSEK",
  "EURRON",
  "EURISK",
  "CADSGD",
  "CADHKD",
  "NZDHKD",
  "PLNHUF",
  ...[
    "RON",
    "BGN",
    "ISK",
    "INR",
    "IDR",
    "KRW",
    "BRL",
    "CLP",
    "COP",
    "PHP",
    "TWD",
    "SAR",
    "AED",
    "KZT",
    "MYR",
    "PEN",
    "EGP",
  ].map((q) => `USD${q}`),
];

/** Quote currencies whose pairs are quoted with fewer decimals (large numbers per unit). */
// biome-ignore format: grouped by digits
const DIGITS_BY_QUOTE: Readonly<Record<string, number>> = {
  JPY: 3, HUF: 3, RUB: 3, THB: 3, ISK: 3, KZT: 3,
  INR: 4, PHP: 4, TWD: 4, CZK: 4,
  KRW: 2, CLP: 2, COP: 2, IDR: 2,
};

function roundTo(x: number, digits: number): number {
  return Math.round(x * 10 ** digits) / 10 ** digits;
}

function makeSymbol(name: string, group: SymbolInfo["group"]): SymbolInfo {
  const base = CURRENCIES[name.slice(0, 3)];
  const quote = CURRENCIES[name.slice(3, 6)];
  if (!base || !quote) throw new Error(`catalogue: unknown currency in ${name}`);
  const digits = DIGITS_BY_QUOTE[quote.code] ?? 5;
  const point = roundTo(10 ** -digits, digits);
  const price = base.usd / quote.usd;
  // Retail (standard account) spreads: about 1.5x the sum of the two currencies' tiers.
  const spread = Math.max(1, Math.round(price * (base.spreadBps + quote.spreadBps) * 1.5e-4 * 10 ** digits));
  return {
    name,
    description: `${base.name} vs ${quote.name}`,
    base: base.code,
    quote: quote.code,
    digits,
    point,
    contractSize: 100_000,
    spread,
    group,
    typicalPrice: roundTo(price, digits),
    commission: 0,
  };
}

export const SYMBOLS: readonly SymbolInfo[] = [
  ...MAJORS.map((n) => makeSymbol(n, "major")),
  ...MINORS.map((n) => makeSymbol(n, "minor")),
  ...EXOTICS.map((n) => makeSymbol(n, "exotic")),
];

export const DEFAULT_SYMBOL = "EURUSD";

/**
 * The first day of market data the catalogue offers for every pair (a backtest may not start earlier): the
 * euro's first full year of trading, where brokers' histories begin. Demo data is generated from here on;
 * earlier months are not market history (the generator's month index runs from 1970 and its warm-up cannot
 * reach before it).
 */
export const DATA_FIRST_DAY = "2000-01-01";

const BY_NAME = new Map(SYMBOLS.map((s) => [s.name, s]));

/** Case-insensitive look-up; also accepts "EUR/USD" and broker suffixes are NOT stripped. */
export function findSymbol(name: string): SymbolInfo | undefined {
  return BY_NAME.get(name.trim().toUpperCase().replace("/", ""));
}

/** Like findSymbol, but throws UNKNOWN_SYMBOL with a message a person can act on. */
export function getSymbol(name: string): SymbolInfo {
  const s = findSymbol(name);
  if (!s)
    throw new MarketError(
      "UNKNOWN_SYMBOL",
      `Unknown symbol "${name}". The catalogue has ${SYMBOLS.length} forex pairs such as EURUSD.`,
    );
  return s;
}

/** The catalogue pair between two currencies in either direction, if any. */
export function pairBetween(a: string, b: string): { symbol: SymbolInfo; inverted: boolean } | undefined {
  const direct = BY_NAME.get(`${a}${b}`);
  if (direct) return { symbol: direct, inverted: false };
  const inverse = BY_NAME.get(`${b}${a}`);
  if (inverse) return { symbol: inverse, inverted: true };
  return undefined;
}
