/**
 * Letting waiting requests into the isolate during long work (issue 11: a backtest's demo months, slices and
 * report pieces). In workerd a request waiting on the isolate gets in only when the running code returns to the
 * event loop through a timer: an awaited resolved promise or a MessagePort message does not let it in. A
 * `setTimeout(0)` does, but costs a timer turn of up to a millisecond of wall time whatever the work before it,
 * so yielding after every small piece of work was a large share of a run (a 10-year run's demo months alone
 * yielded some 3,600 times, one yield per millisecond of generation).
 *
 * So long work pauses often and cheaply (pauseIfDue: a clock read and a resolved promise), and yields for real
 * only once the isolate has been held SLICE_TARGET_MS since the last yield of this isolate came back: a page waits
 * at most that long, as it does behind one of the runner's slices. Where the clock stands still while code runs
 * (deployed Workers advance it only across I/O), a yield comes at least every MAX_PAUSES_WITHOUT_YIELD pauses.
 *
 * The state is the isolate's (module scope), shared by every run the isolate drives: any of them coming back
 * from a yield shows the event loop was just visited.
 */
import { SLICE_TARGET_MS } from "./strategies/slice-budget";

/**
 * Pauses without a yield at most, for a clock that does not move: callers pause every half a millisecond of work
 * or so, so this is a few milliseconds, and where the clock moves SLICE_TARGET_MS comes first.
 */
export const MAX_PAUSES_WITHOUT_YIELD = 16;

let resumedAt = Number.NEGATIVE_INFINITY;
let pausesSinceYield = 0;
const RESOLVED: Promise<void> = Promise.resolve();

/** Lets whatever waits on the isolate (a page, another run's alarm) go first, now. */
export async function yieldNow(): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  resumedAt = performance.now();
  pausesSinceYield = 0;
}

/** A yield when the isolate has been held SLICE_TARGET_MS (or too many pauses) since the last one; else nothing. */
export function pauseIfDue(): Promise<void> {
  pausesSinceYield++;
  if (performance.now() - resumedAt < SLICE_TARGET_MS && pausesSinceYield < MAX_PAUSES_WITHOUT_YIELD)
    return RESOLVED;
  return yieldNow();
}
