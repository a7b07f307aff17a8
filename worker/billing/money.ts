/**
 * Money as integer minor units with a currency code (DESIGN D2), and the one display rule of
 * spec 1 section 3/9: symbols $ € £ (any other code shown as itself) and 0 decimals.
 *
 * Because prices are shown without decimals, every catalogue price and every proration amount is
 * a whole major unit (a multiple of 100 minor units): what the user sees is what the card is
 * charged. Pure: no I/O (DESIGN D9).
 */

export const CURRENCIES = ["USD", "EUR", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Minor units per major unit. All supported currencies have two decimals. */
export const MINOR_PER_MAJOR = 100;

export function isCurrency(code: string): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code);
}

const SYMBOLS: Readonly<Record<Currency, string>> = { USD: "$", EUR: "€", GBP: "£" };

/** Spec 1 s3: USD $, EUR €, GBP £, any other code as itself. */
export function currencySymbol(code: string): string {
  const upper = code.toUpperCase();
  return isCurrency(upper) ? SYMBOLS[upper] : code;
}

/**
 * Integer division of non-negative safe integers rounded half up, exact (no floating point),
 * so the database service can reproduce it in SQL as (2*n + d) / (2*d) with integer division.
 */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  assertNonNegativeInteger(numerator, "numerator");
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`denominator must be a positive integer, got ${denominator}`);
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Rounds a non-negative minor amount half up to a multiple of `unit` minor units. */
export function roundToUnit(minor: number, unit: number): number {
  return divRoundHalfUp(minor, unit) * unit;
}

/**
 * The one money formatter of the product, server and browser (the app's `~/utils/format` re-exports it):
 * "$1,234", "€20", "£0", "-$5", "CHF 1,234" from an amount in MAJOR units (the wire's unit; a ledger amount is
 * `minor / MINOR_PER_MAJOR`). Whole units, half away from zero, en-US thousands separators, written by hand
 * instead of Intl so server and browser render the same string whatever ICU data each runtime ships. A missing
 * amount (null, undefined, NaN) shows as "-", as every missing value of the screens does.
 */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return "-";
  const whole = Math.round(Math.abs(amount));
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const prefix = isCurrency(currency.toUpperCase()) ? currencySymbol(currency) : `${currency} `;
  // A tiny negative that rounds to 0 must not print as "-$0".
  const sign = amount < 0 && whole > 0 ? "-" : "";
  return `${sign}${prefix}${digits}`;
}

export function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}
