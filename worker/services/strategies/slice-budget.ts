/**
 * How many bars the BacktestRunner drives in its next slice (issue 11): as many as fit in a few
 * milliseconds, so a page or another user's run waits at most that long behind a backtest. A fixed count
 * cannot do it: a bar of H1 at every tick costs hundreds of times a bar of open prices only.
 *
 * The runner times each slice's own work. Where the clock stands still while code runs (deployed Workers
 * advance it only across I/O) a slice reads as instant and grows to SLICE_MAX_BARS, the former fixed size;
 * there the runner's Durable Object does not share its isolate with page requests anyway.
 * Pure; the result never changes a run's outcome (the engine gives the same results whatever its steps).
 */
/**
 * 3 ms: a page's request makes several hops through the isolate's event loop (the route, D1, the session),
 * and each hop can wait one slice behind a run; at 6 ms a 20-year run doubled the sign-in page's p95.
 */
export const SLICE_TARGET_MS = 3;
export const SLICE_MIN_BARS = 16;
export const SLICE_MAX_BARS = 8_000;
/** The first slice of a run: small, until its pace is known. */
export const SLICE_FIRST_BARS = 256;

/**
 * The next slice's bars after `bars` took `spentMs`:
 * scaled towards SLICE_TARGET_MS, at most doubling per slice (one quick slice proves little), within
 * [SLICE_MIN_BARS, SLICE_MAX_BARS].
 */
export function nextSliceBars(bars: number, spentMs: number): number {
  const scaled = spentMs <= 0 ? bars * 2 : Math.floor((bars * SLICE_TARGET_MS) / spentMs);
  return Math.max(SLICE_MIN_BARS, Math.min(SLICE_MAX_BARS, bars * 2, scaled));
}
