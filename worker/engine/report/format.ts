/**
 * Number formatting as the MT5 report prints it (check report in mt5-report.md), except that we
 * print no thousands separator (MT5 prints "8 704.99"; we print "8704.99" so the value stays a
 * plain number for export and sorting).
 */

/** The placeholder for a figure that has no value (the UI shows the same for missing values). */
export const NONE = "-";

/** Fixed decimals without a "-0.00" (a tiny negative rounding to zero prints as zero). */
export function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * value.toFixed(2), the same string, without its cost on the common case (a balance chart point per
 * trade). toFixed rounds the exact binary value to the nearest cent, ties up. value x 100 in a double is
 * within 2^-15 of the exact product below 1e9, so unless its fraction lies within 1e-3 of a half cent
 * the nearest cent of the double product is the exact one; near a tie (and above 1e9, NaN, infinities)
 * toFixed itself decides. format.test.ts checks it against toFixed.
 */
export function toFixed2(value: number): string {
  const magnitude = value < 0 ? -value : value;
  if (!(magnitude < 1e9)) return value.toFixed(2);
  const hundredths = magnitude * 100;
  const below = Math.floor(hundredths);
  const fraction = hundredths - below;
  if (fraction > 0.499 && fraction < 0.501) return value.toFixed(2);
  const cents = fraction > 0.5 ? below + 1 : below;
  const whole = Math.floor(cents / 100);
  const text = String(whole) + CENTS[cents - whole * 100];
  return value < 0 ? `-${text}` : text;
}

/** ".00" to ".99". */
const CENTS = Array.from({ length: 100 }, (_, c) => (c < 10 ? `.0${c}` : `.${c}`));

/** Money in the deposit currency: 2 decimals. */
export function money(value: number): string {
  return fixed(value, 2);
}

/** A percentage with 2 decimals and its sign: "2.38%". */
export function percent(value: number): string {
  return `${fixed(value, 2)}%`;
}

/**
 * Correlations: MT5 prints 2 decimals, but a small one with more ("Correlation (MFE,MAE): 0.0449"
 * in the check report); we print 4 decimals below 0.1 in magnitude to the same effect.
 */
export function correlation(value: number): string {
  const magnitude = Math.abs(value);
  return fixed(value, magnitude > 0 && magnitude < 0.1 ? 4 : 2);
}

/**
 * A holding time as MT5 prints it: whole hours, then minutes and seconds ("48:03:42", "1:01:46" in the
 * check report); hours are not folded into days.
 */
export function duration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(secs).padStart(2, "0")}`;
}
