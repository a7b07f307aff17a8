/**
 * The sandbox card form's expiry field (MM/YY or MM/YYYY), read the same way in the browser (a message next
 * to the field before anything is sent) and in the actions (the same message when the browser did not check,
 * e.g. without JavaScript). The texts are Stripe's own for these errors, as the Payment Element shows them.
 * Pure: no React, no worker code, so both bundles can import it.
 */

export const EXPIRY_MESSAGES = {
  incomplete: "Your card's expiration date is incomplete.",
  month: "Your card's expiration month is invalid.",
  year: "Your card's expiration year is invalid.",
  past: "Your card's expiration date is in the past.",
} as const;

/** Years a card can expire in (the card schema's range); further out is a typo, not a card. */
const LAST_YEAR = 2100;

export type Expiry = { ok: true; expMonth: number; expYear: number } | { ok: false; message: string };

/**
 * The month and the four-digit year of `value`, or the message for what is wrong with it. With `now`, an
 * expiry before the current month (UTC, as the sandbox checks it) is refused too.
 */
export function readExpiry(value: string, now?: Date): Expiry {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m?.[1] || !m[2]) return { ok: false, message: EXPIRY_MESSAGES.incomplete };
  const expMonth = Number(m[1]);
  const expYear = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (expMonth < 1 || expMonth > 12) return { ok: false, message: EXPIRY_MESSAGES.month };
  if (expYear < 2000 || expYear > LAST_YEAR) return { ok: false, message: EXPIRY_MESSAGES.year };
  if (now) {
    const year = now.getUTCFullYear();
    if (expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1)) {
      return { ok: false, message: EXPIRY_MESSAGES.past };
    }
  }
  return { ok: true, expMonth, expYear };
}
