/**
 * Candles from GET /datafeed/candles/ (spec 2 s7): the request URL, checking the answer (it is
 * untrusted JSON, so every field is checked rather than cast) and merging pages (spec 2 s9).
 */

export interface Candle {
  /** Open time, epoch seconds. */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

export const CANDLE_MESSAGES = {
  missingParameters: "Missing required parameters for fetching candle data",
  emptyPeriod: "No data available for the selected period",
  noData: "No chart data available for this backtest",
  failed: "Failed to load chart data",
  additionalFailed: "Failed to fetch additional candle data",
} as const;

/** An error whose message is meant for the user as it is. */
export class CandleError extends Error {}

export interface CandleQuery {
  readonly symbol?: string;
  readonly timeframe?: string;
  /** Epoch seconds, inclusive. */
  readonly start?: number;
  readonly end?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

export function isCandle(value: unknown): value is Candle {
  return (
    isRecord(value) &&
    finite(value.time) &&
    finite(value.open) &&
    finite(value.high) &&
    finite(value.low) &&
    finite(value.close)
  );
}

/** The candles of a datafeed answer; throws when the body is not an array of candles. */
export function parseCandles(body: unknown): Candle[] {
  if (!Array.isArray(body)) throw new CandleError(CANDLE_MESSAGES.failed);
  const candles: Candle[] = [];
  for (const item of body) {
    if (!isCandle(item)) throw new CandleError(CANDLE_MESSAGES.failed);
    candles.push({ time: item.time, open: item.open, high: item.high, low: item.low, close: item.close });
  }
  return candles;
}

/** The request URL; throws the spec's message when a parameter is missing. */
export function candlesUrl(base: string, q: CandleQuery): string {
  const { symbol, timeframe, start, end } = q;
  if (!symbol || !timeframe || start === undefined || end === undefined || !finite(start) || !finite(end)) {
    throw new CandleError(CANDLE_MESSAGES.missingParameters);
  }
  const params = new URLSearchParams({
    symbol,
    timeframe,
    start_timestamp: String(Math.floor(start)),
    end_timestamp: String(Math.floor(end)),
  });
  return `${base}?${params.toString()}`;
}

/** The message for an HTTP error: the server's `detail` when it sent one. */
export function httpErrorMessage(status: number, statusText: string, body: unknown): string {
  if (isRecord(body) && typeof body.detail === "string" && body.detail.trim() !== "") return body.detail;
  return `Server error: ${status} ${statusText}`.trim();
}

/** Reads a datafeed response: candles, or a CandleError with the message to show. */
export async function readCandles(response: Response): Promise<Candle[]> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new CandleError(httpErrorMessage(response.status, response.statusText, body));
  return parseCandles(body);
}

/** The message to show for any failure of a candle load (network errors are not the user's to read). */
export function candleFailureMessage(error: unknown): string {
  return error instanceof CandleError ? error.message : CANDLE_MESSAGES.failed;
}

/** Merges loaded pages: one candle per time (the newer page wins), oldest first. */
export function mergeCandles(existing: readonly Candle[], incoming: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of existing) byTime.set(c.time, c);
  for (const c of incoming) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/**
 * Decimals of the price axis: forex quotes under 10 have 5 (EURUSD 1.09512), under 1000 have 3
 * (USDJPY 151.234), larger ones 2. The datafeed sends no tick size, so the level of the price decides.
 */
export function pricePrecision(candles: readonly Candle[]): number {
  let max = 0;
  for (const c of candles) if (c.high > max) max = c.high;
  if (max < 10) return 5;
  if (max < 1000) return 3;
  return 2;
}
