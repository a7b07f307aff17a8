/**
 * The pure half of GET /datafeed/candles/ (spec 2 section 7): reading the query. The API handler
 * (worker/api/datafeed.ts) validates with it, asks CandleStore.candles, and writes the plain
 * `{time, open, high, low, close}` array (worker/api/candles-json.ts). Times on this wire are epoch
 * SECONDS (spec), inside the library epoch ms.
 *
 * Range: candles whose bar contains or starts after start_timestamp and opens at or before
 * end_timestamp (both inclusive), so the first candle is the one the backtest starts in.
 */
import { getSymbol } from "./catalogue";
import { MarketError } from "./errors";
import { isFixed, PERIOD_SECONDS, periodOf } from "./periods";
import type { Period } from "./types";

export interface CandleQuery {
  symbol: string;
  period: Period;
  /** Inclusive start, epoch ms. */
  fromMs: number;
  /** Exclusive end for CandleStore.candles, epoch ms (end_timestamp + 1 ms). */
  toMs: number;
}

/** Largest answer one call may build (a month of M1 is ~32k). */
export const MAX_CANDLES = 100_000;

type Params = URLSearchParams | Readonly<Record<string, string | undefined>>;

function param(p: Params, name: string): string | undefined {
  const v = p instanceof URLSearchParams ? p.get(name) : p[name];
  return v === null || v === undefined || v.trim() === "" ? undefined : v.trim();
}

function seconds(p: Params, name: string): number {
  const v = param(p, name);
  if (v === undefined) throw new MarketError("BAD_RANGE", `${name} is required (epoch seconds).`);
  if (!/^-?\d+(\.\d+)?$/.test(v))
    throw new MarketError("BAD_RANGE", `${name} must be epoch seconds, got "${v}".`);
  return Math.floor(Number(v));
}

/** Reads symbol, timeframe (case-insensitive, default H1), start_timestamp and end_timestamp. */
export function parseCandleQuery(p: Params): CandleQuery {
  const symbolName = param(p, "symbol");
  if (!symbolName) throw new MarketError("UNKNOWN_SYMBOL", "symbol is required, e.g. EURUSD.");
  const symbol = getSymbol(symbolName);
  const period = periodOf(param(p, "timeframe") ?? "H1");
  const start = seconds(p, "start_timestamp");
  const end = seconds(p, "end_timestamp");
  if (end < start) throw new MarketError("BAD_RANGE", "end_timestamp is before start_timestamp.");
  const estimate = (end - start) / (isFixed(period) ? PERIOD_SECONDS[period] : PERIOD_SECONDS.D1 * 7);
  if (estimate > MAX_CANDLES) {
    throw new MarketError(
      "BAD_RANGE",
      `The range holds more than ${MAX_CANDLES} ${period} candles; ask for less.`,
    );
  }
  return { symbol: symbol.name, period, fromMs: start * 1000, toMs: end * 1000 + 1 };
}
