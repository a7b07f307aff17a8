/**
 * Shared helpers for the indicator kernels. Pure: no I/O (DESIGN D9).
 *
 * Every kernel takes whole series (Float64Array, oldest first) and returns a Float64Array of the same
 * length. NaN marks the warm-up prefix: the bars for which MetaTrader draws nothing yet (its
 * PLOT_DRAW_BEGIN or the bars its OnCalculate leaves at 0.0).
 */

/** A new series of `length` NaNs, to be overwritten from the first bar that has a value. */
export function nanSeries(length: number): Float64Array {
  return new Float64Array(length).fill(Number.NaN);
}

/**
 * A series whose first `warmup` values are NaN and the rest 0, for a kernel that writes every later
 * index (one pass less than nanSeries over a long series).
 */
export function warmupSeries(length: number, warmup: number): Float64Array {
  const out = new Float64Array(length);
  out.fill(Number.NaN, 0, Math.min(Math.max(0, warmup), length));
  return out;
}

/** Periods are bar counts: reject 0, negatives and fractions early instead of returning garbage. */
export function checkPeriod(name: string, period: number, min = 1): void {
  if (!Number.isInteger(period) || period < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got ${period}`);
  }
}

/** High/low/close series of one indicator call must describe the same bars. */
export function checkSameLength(...series: Float64Array[]): number {
  const n = series[0].length;
  for (const s of series) {
    if (s.length !== n) throw new RangeError("input series must have the same length");
  }
  return n;
}
