import { z } from "zod";
import {
  ACCOUNT_TYPES,
  type AccountType,
  DEPOSIT_CURRENCIES,
  type DepositCurrency,
} from "../../engine/types";
import { DATA_FIRST_DAY, findSymbol } from "../../market/catalogue";
import { SERVER_TIME_MESSAGE, serverZoneName } from "../../market/server-time";
import { PERIODS, type Period } from "../../market/types";
import type { BacktestInputs } from "./ports";

/**
 * The backtest request (spec 2 s3, s5): one validation for the Create New Backtest form and the JSON API
 * (`strategy/backtest/new`), with a readable message for every field a person can get wrong. Pure: the
 * service, the API and the form's server code all read it; the clock is passed in.
 */

/** Spec 2 s3 delays: fixed ms values, -1 random, -2 custom (given in `customDelay`). */
export const DELAYS = [0, 1, 5, 10, 20, 50, 100, 500, 1000, -1, -2] as const;
export const CUSTOM_DELAY = -2;
export const MODELS = [0, 1, 2, 3, 4] as const;

export const BACKTEST_LIMITS = {
  descriptionMax: 255,
  /** Ten minutes: longer delays are not a latency any broker has. */
  customDelayMaxMs: 600_000,
  /** A billion in the deposit currency; the engine's money stays exact in doubles far beyond it. */
  depositMax: 1_000_000_000,
  firstDay: DATA_FIRST_DAY,
  /** Per lot per side in the deposit currency: far above any broker's. */
  commissionMax: 1000,
  /** Points per lot per night, either sign. */
  swapMax: 100_000,
  slippageMax: 10_000,
  /** Points; a broker's SYMBOL_TRADE_STOPS_LEVEL is tens of points, rarely hundreds. */
  stopsLevelMax: 10_000,
} as const;

const FIRST_DAY_TEXT = "1 January 2000";

export const BACKTEST_MESSAGES = {
  symbol: "Choose a symbol from the list.",
  period: "Choose a period from the list.",
  dateMissing: (which: Which) => `Enter the ${which} date.`,
  dateFormat: "Use a date like 2025-01-31.",
  dateNotInCalendar: (day: string) => `${day} is not a date in the calendar. Use a date like 2025-01-31.`,
  dateBeforeData: (which: Which) =>
    `The ${which} date cannot be before ${FIRST_DAY_TEXT}: market data starts there.`,
  dateAfterToday: (which: Which) => `The ${which} date cannot be after today.`,
  dateOrder: "The start date must not be after the end date.",
  delay: "Choose a delay from the list.",
  customDelayMissing: "Enter the custom delay in milliseconds.",
  customDelayRange: `The custom delay must be a whole number of milliseconds from 0 to ${BACKTEST_LIMITS.customDelayMaxMs}.`,
  model: "Choose a modelling from the list.",
  depositMissing: "Enter the deposit.",
  depositNumber: "The deposit must be a number.",
  depositNegative: "The deposit cannot be negative.",
  depositZero: "The deposit must be more than 0.",
  depositTooBig: `The deposit cannot be more than ${BACKTEST_LIMITS.depositMax.toLocaleString("en-US")}.`,
  depositCents: "The deposit can have at most 2 decimals.",
  currency: "Choose a deposit currency from the list.",
  account: "Choose an account type from the list.",
  timeZone: SERVER_TIME_MESSAGE,
  commission: `The commission must be a number from 0 to ${BACKTEST_LIMITS.commissionMax} (per lot per side, in the deposit currency).`,
  swap: (side: "long" | "short") =>
    `The ${side} swap must be a number of points from -${BACKTEST_LIMITS.swapMax} to ${BACKTEST_LIMITS.swapMax}.`,
  tripleSwapDay: "Choose the triple-swap day from the list (1 Monday to 7 Sunday).",
  slippage: `The slippage must be a whole number of points from 0 to ${BACKTEST_LIMITS.slippageMax}.`,
  stopsLevel: `The stops level must be a whole number of points from 0 to ${BACKTEST_LIMITS.stopsLevelMax}.`,
  descriptionText: "The description must be text.",
  descriptionTooLong: `Description must be at most ${BACKTEST_LIMITS.descriptionMax} characters.`,
  body: "Send the backtest's settings as a JSON object.",
} as const;

type Which = "start" | "end";

/**
 * A checked backtest request: the stored job's settings (ports.ts BacktestInputs) with the period and deposit
 * currency narrowed to what the form offers. Defaults when not asked: hedging account, "GMT+2/+3" server
 * time, the symbol's catalogue commission, triple swap on Wednesday, no stops level.
 */
export interface NewBacktest extends Omit<BacktestInputs, "period" | "depositCurrency"> {
  description: string;
  period: Period;
  /** Only with executionMode -2 (custom). */
  customDelay?: number;
  depositCurrency: DepositCurrency;
}

type Read<T> = { ok: true; value: T } | { ok: false; message: string };
const good = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = (message: string): Read<never> => ({ ok: false, message });

/** A scalar as the trimmed text a person typed; undefined and null read as empty. */
function text(v: unknown): string | null {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A calendar day `YYYY-MM-DD` (a time after it, from an API client, is allowed and dropped). Refuses days a
 * calendar lacks (2024-02-30), which Date would roll into March, and years a Date cannot write back (0000).
 */
export function readDay(v: unknown, which: Which): Read<string> {
  const s = text(v);
  if (s === "") return bad(BACKTEST_MESSAGES.dateMissing(which));
  const m = s === null ? null : DAY.exec(s);
  if (!m) return bad(BACKTEST_MESSAGES.dateFormat);
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day)
    return bad(BACKTEST_MESSAGES.dateNotInCalendar(day));
  return good(day);
}

/** The range rules on two calendar days: inside the data the catalogue offers, not after today, in order. */
export function dateRangeProblems(
  dateStart: string,
  dateEnd: string,
  today: string,
): { field: "dateStart" | "dateEnd"; message: string }[] {
  const out: { field: "dateStart" | "dateEnd"; message: string }[] = [];
  for (const [field, which, day] of [
    ["dateStart", "start", dateStart],
    ["dateEnd", "end", dateEnd],
  ] as const) {
    if (day < BACKTEST_LIMITS.firstDay) out.push({ field, message: BACKTEST_MESSAGES.dateBeforeData(which) });
    else if (day > today) out.push({ field, message: BACKTEST_MESSAGES.dateAfterToday(which) });
  }
  if (out.length === 0 && dateStart > dateEnd)
    out.push({ field: "dateStart", message: BACKTEST_MESSAGES.dateOrder });
  return out;
}

/** A whole number from a JSON number or typed digits, or null. */
function whole(v: unknown): number | null {
  const s = text(v);
  if (s === null || !/^-?\d{1,12}$/.test(s)) return null;
  return Number(s);
}

function oneOf<T extends number>(values: readonly T[], v: unknown, message: string, fallback?: T): Read<T> {
  if (fallback !== undefined && (v === undefined || v === null || v === "")) return good(fallback);
  const n = whole(v);
  const found = values.find((x) => x === n);
  return found === undefined ? bad(message) : good(found);
}

function readDeposit(v: unknown): Read<number> {
  const s = text(v);
  if (s === "") return bad(BACKTEST_MESSAGES.depositMissing);
  if (s === null || !/^-?\d+(\.\d+)?$/.test(s)) return bad(BACKTEST_MESSAGES.depositNumber);
  if (s.startsWith("-") && Number(s) !== 0) return bad(BACKTEST_MESSAGES.depositNegative);
  const n = Math.abs(Number(s));
  if (n === 0) return bad(BACKTEST_MESSAGES.depositZero);
  if (n > BACKTEST_LIMITS.depositMax) return bad(BACKTEST_MESSAGES.depositTooBig);
  if (/\.\d{3,}$/.test(s) && !/\.\d{2}0+$/.test(s)) return bad(BACKTEST_MESSAGES.depositCents);
  return good(n);
}

function readCustomDelay(v: unknown): Read<number> {
  const s = text(v);
  if (s === "") return bad(BACKTEST_MESSAGES.customDelayMissing);
  const n = whole(v);
  if (n === null || n < 0 || n > BACKTEST_LIMITS.customDelayMaxMs)
    return bad(BACKTEST_MESSAGES.customDelayRange);
  return good(n);
}

function readText<T extends string>(
  v: unknown,
  allowed: readonly T[],
  message: string,
  fallback?: T,
): Read<T> {
  const s = text(v);
  if (fallback !== undefined && s === "") return good(fallback);
  const found = allowed.find((x) => x === s?.toUpperCase());
  return found === undefined ? bad(message) : good(found);
}

/** Lower-case as the engine names them; an API client's "Netting" is read too. Empty means hedging. */
function readAccount(v: unknown): Read<AccountType> {
  const s = text(v);
  if (s === "") return good("hedging");
  const found = ACCOUNT_TYPES.find((x) => x === s?.toLowerCase());
  return found === undefined ? bad(BACKTEST_MESSAGES.account) : good(found);
}

function readZone(v: unknown): Read<string> {
  const s = text(v);
  if (s === null) return bad(BACKTEST_MESSAGES.timeZone);
  const name = serverZoneName(s);
  return name === null ? bad(BACKTEST_MESSAGES.timeZone) : good(name);
}

/** A decimal number in [min, max] (at most 4 decimals), or `fallback` when empty. */
function readNumber(v: unknown, min: number, max: number, fallback: number, message: string): Read<number> {
  const s = text(v);
  if (s === "") return good(fallback);
  if (s === null || !/^[+-]?\d{1,9}(\.\d{1,4})?$/.test(s)) return bad(message);
  const n = Number(s);
  return n < min || n > max ? bad(message) : good(n === 0 ? 0 : n);
}

function readDescription(v: unknown): Read<string> {
  if (v === undefined || v === null) return good("");
  if (typeof v !== "string") return bad(BACKTEST_MESSAGES.descriptionText);
  const s = v.trim();
  return s.length > BACKTEST_LIMITS.descriptionMax ? bad(BACKTEST_MESSAGES.descriptionTooLong) : good(s);
}

export type BacktestRequestResult =
  | { ok: true; value: NewBacktest }
  | { ok: false; errors: Partial<Record<keyof NewBacktest | "body", string>> };

/**
 * Reads a request: every field's first problem, keyed by field, or the typed request. `today` is the UTC
 * day `YYYY-MM-DD` the dates may not pass. Unknown fields are ignored. The custom delay is read only when it
 * is the chosen delay (the form always sends the field, usually empty).
 */
export function readBacktestRequest(input: unknown, today: string): BacktestRequestResult {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { ok: false, errors: { body: BACKTEST_MESSAGES.body } };
  const get = (k: string) =>
    Object.hasOwn(input, k) ? Object.getOwnPropertyDescriptor(input, k)?.value : undefined;
  const errors: Partial<Record<keyof NewBacktest, string>> = {};
  function take<T>(field: keyof NewBacktest, r: Read<T>): T | undefined {
    if (r.ok) return r.value;
    errors[field] ??= r.message;
    return undefined;
  }

  const symbolText = text(get("symbol"));
  const symbol = take(
    "symbol",
    (() => {
      const s = symbolText ? findSymbol(symbolText) : undefined;
      return s ? good(s.name) : bad(BACKTEST_MESSAGES.symbol);
    })(),
  );
  const period = take("period", readText(get("period"), PERIODS, BACKTEST_MESSAGES.period));
  const dateStart = take("dateStart", readDay(get("dateStart"), "start"));
  const dateEnd = take("dateEnd", readDay(get("dateEnd"), "end"));
  if (dateStart !== undefined && dateEnd !== undefined)
    for (const p of dateRangeProblems(dateStart, dateEnd, today)) errors[p.field] ??= p.message;
  else if (dateStart !== undefined)
    for (const p of dateRangeProblems(dateStart, dateStart, today)) errors[p.field] ??= p.message;
  else if (dateEnd !== undefined)
    for (const p of dateRangeProblems(dateEnd, dateEnd, today))
      if (p.field === "dateEnd") errors.dateEnd ??= p.message;
  const executionMode = take("executionMode", oneOf(DELAYS, get("executionMode"), BACKTEST_MESSAGES.delay));
  const customDelay =
    executionMode === CUSTOM_DELAY ? take("customDelay", readCustomDelay(get("customDelay"))) : undefined;
  const model = take("model", oneOf(MODELS, get("model"), BACKTEST_MESSAGES.model, 0));
  const depositAmount = take("depositAmount", readDeposit(get("depositAmount")));
  const depositCurrency = take(
    "depositCurrency",
    readText(get("depositCurrency"), DEPOSIT_CURRENCIES, BACKTEST_MESSAGES.currency, "USD"),
  );
  const account = take("account", readAccount(get("account")));
  const timeZone = take("timeZone", readZone(get("timeZone")));
  const L = BACKTEST_LIMITS;
  const defaultCommission = symbolText ? (findSymbol(symbolText)?.commission ?? 0) : 0;
  const commission = take(
    "commission",
    readNumber(get("commission"), 0, L.commissionMax, defaultCommission, BACKTEST_MESSAGES.commission),
  );
  const swapLong = take(
    "swapLong",
    readNumber(get("swapLong"), -L.swapMax, L.swapMax, 0, BACKTEST_MESSAGES.swap("long")),
  );
  const swapShort = take(
    "swapShort",
    readNumber(get("swapShort"), -L.swapMax, L.swapMax, 0, BACKTEST_MESSAGES.swap("short")),
  );
  const tripleSwapDay = take(
    "tripleSwapDay",
    oneOf([1, 2, 3, 4, 5, 6, 7], get("tripleSwapDay"), BACKTEST_MESSAGES.tripleSwapDay, 3),
  );
  const slippage = take(
    "slippage",
    (() => {
      const s = text(get("slippage"));
      if (s === "") return good(0);
      const n = whole(get("slippage"));
      return n === null || n < 0 || n > L.slippageMax ? bad(BACKTEST_MESSAGES.slippage) : good(n);
    })(),
  );
  const stopsLevel = take(
    "stopsLevel",
    (() => {
      if (text(get("stopsLevel")) === "") return good(0);
      const n = whole(get("stopsLevel"));
      return n === null || n < 0 || n > L.stopsLevelMax ? bad(BACKTEST_MESSAGES.stopsLevel) : good(n);
    })(),
  );
  const description = take("description", readDescription(get("description")));

  if (
    Object.keys(errors).length > 0 ||
    symbol === undefined ||
    period === undefined ||
    dateStart === undefined ||
    dateEnd === undefined ||
    executionMode === undefined ||
    model === undefined ||
    depositAmount === undefined ||
    depositCurrency === undefined ||
    account === undefined ||
    timeZone === undefined ||
    commission === undefined ||
    swapLong === undefined ||
    swapShort === undefined ||
    tripleSwapDay === undefined ||
    slippage === undefined ||
    stopsLevel === undefined ||
    description === undefined
  )
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      description,
      symbol,
      period,
      dateStart,
      dateEnd,
      executionMode,
      ...(customDelay === undefined ? {} : { customDelay }),
      model,
      depositAmount,
      depositCurrency,
      account,
      timeZone,
      commission,
      swapLong,
      swapShort,
      tripleSwapDay,
      slippage,
      stopsLevel,
    },
  };
}

const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * The same reading as a zod schema (the JSON API reads bodies with zod): each problem an issue on its field,
 * in the order of the form. `today` defaults to the real clock at parse time.
 */
export function backtestRequestSchema(today: () => string = utcToday) {
  return z.unknown().transform((input, ctx): NewBacktest => {
    const r = readBacktestRequest(input, today());
    if (r.ok) return r.value;
    for (const [field, message] of Object.entries(r.errors))
      ctx.addIssue({ code: "custom", message, path: field === "body" ? [] : [field] });
    return z.NEVER;
  });
}

/**
 * A job's inputs as stored (the backtest row and the runner's job): the request after the service resolved
 * it. Jobs stored before the account setting existed ran as hedging, so a missing account reads as hedging;
 * jobs stored before server time and costs (issue 16) ran in UTC without costs, and read so.
 */
export const storedInputsSchema = z.object({
  symbol: z.string(),
  period: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  executionMode: z.number(),
  model: z.number(),
  depositAmount: z.number(),
  depositCurrency: z.string(),
  account: z.enum(ACCOUNT_TYPES).default("hedging"),
  timeZone: z.string().default("UTC"),
  commission: z.number().min(0).default(0),
  swapLong: z.number().default(0),
  swapShort: z.number().default(0),
  tripleSwapDay: z.number().int().min(1).max(7).default(3),
  slippage: z.number().min(0).default(0),
  // Jobs stored before the setting existed ran without a stops level.
  stopsLevel: z.number().int().min(0).default(0),
});
