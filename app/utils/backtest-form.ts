/**
 * The Create New Backtest form's options and defaults (spec 2 s3, s5, s9). Pure and shared by the route's
 * loader, its component and the server-side schema (backtest-form.server.ts), so the choices a user sees are
 * exactly the ones the action accepts.
 */
import { PERIODS } from "../../worker/market/types";

/** Spec 2 s3: the 21 periods, finest first, from their one home in the market library. */
export const PERIOD_OPTIONS = PERIODS;

export const RANDOM_DELAY = -1;
export const CUSTOM_DELAY = -2;

/** Spec 2 s3 executionMode: fixed delays in ms, -1 random, -2 custom (entered in ms). */
export const DELAY_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 0, label: "Zero latency, ideal execution" },
  { value: 1, label: "1 ms" },
  { value: 5, label: "5 ms" },
  { value: 10, label: "10 ms" },
  { value: 20, label: "20 ms" },
  { value: 50, label: "50 ms" },
  { value: 100, label: "100 ms" },
  { value: 500, label: "500 ms" },
  { value: 1000, label: "1000 ms" },
  { value: RANDOM_DELAY, label: "Random delay" },
  { value: CUSTOM_DELAY, label: "Custom delay (ms)" },
];

/** The largest custom delay accepted: ten minutes, as the backtest service allows. */
export const MAX_CUSTOM_DELAY_MS = 600_000;

/** Spec 2 s3 model. */
export const MODEL_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 0, label: "Every tick" },
  { value: 1, label: "Every tick based on real ticks" },
  { value: 2, label: "1 minute OHLC" },
  { value: 3, label: "Open prices only" },
  { value: 4, label: "Math calculations" },
];

/** Spec 2 s3 deposit currencies. */
export const CURRENCY_OPTIONS = ["USD", "EUR", "GBP", "CHF", "RUB"] as const;

/** MT5 position accounting (issue 12): values as the backtest request reads them; hedging is the default. */
export const ACCOUNT_OPTIONS: readonly { value: string; label: string }[] = [
  { value: "hedging", label: "Hedging" },
  { value: "netting", label: "Netting" },
];

export const DESCRIPTION_MAX = 255;

/** What the form's inputs hold, as strings: the defaults, or a failed post's values sent back. */
/**
 * Broker server time (issue 16): the MT5 convention first (the default); the request schema also takes any
 * other IANA zone from the JSON API. Values as the request reads them.
 */
export const TIME_ZONE_OPTIONS: readonly { value: string; label: string }[] = [
  { value: "GMT+2/+3", label: "GMT+2/+3, New York close" },
  { value: "UTC", label: "UTC" },
  { value: "Europe/London", label: "Europe/London" },
  { value: "Europe/Athens", label: "Europe/Athens" },
  { value: "America/New_York", label: "America/New_York" },
  { value: "Asia/Tokyo", label: "Asia/Tokyo" },
  { value: "Australia/Sydney", label: "Australia/Sydney" },
];

/** The weekday whose rollover charges three nights of swap (Wednesday at most brokers). */
export const TRIPLE_SWAP_OPTIONS: readonly { value: string; label: string }[] = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
].map((label, i) => ({ value: String(i + 1), label }));

export interface BacktestFormValues {
  symbol: string;
  period: string;
  dateStart: string;
  dateEnd: string;
  executionMode: string;
  customDelay: string;
  model: string;
  depositAmount: string;
  depositCurrency: string;
  account: string;
  timeZone: string;
  /** Empty: the symbol's catalogue default. */
  commission: string;
  swapLong: string;
  swapShort: string;
  tripleSwapDay: string;
  slippage: string;
  /** The broker's minimum distance of pending prices from the quote, in points (0: none). */
  stopsLevel: string;
  description: string;
}

export const FORM_FIELDS: readonly (keyof BacktestFormValues)[] = [
  "symbol",
  "period",
  "dateStart",
  "dateEnd",
  "executionMode",
  "customDelay",
  "model",
  "depositAmount",
  "depositCurrency",
  "account",
  "timeZone",
  "commission",
  "swapLong",
  "swapShort",
  "tripleSwapDay",
  "slippage",
  "stopsLevel",
  "description",
];

const DAY_MS = 86_400_000;

/** A UTC calendar day as `YYYY-MM-DD` (the date inputs' value format). */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Spec 2 s5/s9: from 12 months ago to today. The same day of the month a year back; a day that month lacks
 * (29 February) becomes the month's last day rather than spilling into the next month.
 */
export function defaultDateRange(nowMs: number): { dateStart: string; dateEnd: string } {
  const today = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
  const y = today.getUTCFullYear() - 1;
  const m = today.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const start = Date.UTC(y, m, Math.min(today.getUTCDate(), lastDay));
  return { dateStart: isoDay(start), dateEnd: isoDay(today.getTime()) };
}

/** Spec 2 s9 defaults: EURUSD, H1, zero latency, every tick, 10000 USD, the last 12 months. */
export function defaultFormValues(nowMs: number): BacktestFormValues {
  return {
    symbol: "EURUSD",
    period: "H1",
    ...defaultDateRange(nowMs),
    executionMode: "0",
    customDelay: "",
    model: "0",
    depositAmount: "10000",
    depositCurrency: "USD",
    account: "hedging",
    timeZone: "GMT+2/+3",
    commission: "",
    swapLong: "0",
    swapShort: "0",
    tripleSwapDay: "3",
    slippage: "0",
    stopsLevel: "0",
    description: "",
  };
}

/** The posted values the form shows again after an error: known fields only, every one a string. */
export function postedValues(
  values: Record<string, string>,
  fallback: BacktestFormValues,
): BacktestFormValues {
  const out = { ...fallback };
  for (const field of FORM_FIELDS) {
    const v = values[field];
    if (typeof v === "string") out[field] = v;
  }
  return out;
}
