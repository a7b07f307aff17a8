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
