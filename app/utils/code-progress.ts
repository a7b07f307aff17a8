/**
 * The code generation overlay's progress bar (spec 2 s4 and s9): five steps with fixed bounds and times,
 * ticking up 1% at a time to the current step's upper bound and never past it until the next step starts.
 * Pure, so the timing is tested without timers.
 */
import { CODE_STATE } from "../../worker/mql5/code-state";

export interface ProgressStep {
  from: number;
  to: number;
  /** Time to run from `from` to `to`. */
  ms: number;
}

/** Spec 2 s9: 0-34 (30 s), 34-72 (60 s), 72-84 (30 s), 84-99 (60 s), 99-100 (0 s). */
export const GENERATION_STEPS: readonly ProgressStep[] = [
  { from: 0, to: 34, ms: 30_000 },
  { from: 34, to: 72, ms: 60_000 },
  { from: 72, to: 84, ms: 30_000 },
  { from: 84, to: 99, ms: 60_000 },
  { from: 99, to: 100, ms: 0 },
];

/**
 * Spec 2 s4/s9 backtest progress, indexed by processing step + 1: step 0 (preparing) holds at 0, step 1 runs
 * 0-85% over 3 minutes, step 2 85-99% over 30 seconds; never 100 before completion.
 */
export const BACKTEST_STEPS: readonly ProgressStep[] = [
  { from: 0, to: 0, ms: 0 },
  { from: 0, to: 85, ms: 180_000 },
  { from: 85, to: 99, ms: 30_000 },
];

/** Code states (spec 2 s4) as the worker numbers them, from their one home (import-free, for the browser). */
export { CODE_STATE };

/**
 * The step (1-5) a code state has reached: started is step 1, checked code step 2, a found error (the
 * automatic fix) step 3, the rebuilt code's check step 4, and any outcome step 5. No state yet (a request
 * just sent) is step 1.
 */
export function stepForState(state: number | null): number {
  switch (state) {
    case null:
    case CODE_STATE.STARTED:
      return 1;
    case CODE_STATE.GENERATED:
      return 2;
    case CODE_STATE.GENERATED_ERROR:
      return 3;
    case CODE_STATE.REBUILDED:
      return 4;
    default:
      return 5;
  }
}

/** Generation has ended (ready, failed or completed): the bar is full and the buttons show. */
export function isSettled(state: number | null): boolean {
  return state !== null && stepForState(state) === 5;
}

export function isReadyState(state: number | null): boolean {
  return state === CODE_STATE.GENERATED_OK || state === CODE_STATE.REBUILDED_OK;
}

/**
 * The next tick of the bar at `percent` during `step` (1-based): the value it moves to and after how long.
 * A bar behind the step's start jumps there at once; a bar at the step's bound waits (null).
 */
export function nextTick(
  percent: number,
  step: number,
  steps: readonly ProgressStep[] = GENERATION_STEPS,
): { percent: number; delayMs: number } | null {
  const s = stepAt(steps, step);
  if (percent < s.from) return { percent: s.from, delayMs: 0 };
  if (percent >= s.to) return null;
  if (s.ms === 0) return { percent: s.to, delayMs: 0 };
  return { percent: percent + 1, delayMs: s.ms / (s.to - s.from) };
}

/** The step (1-based, clamped) of a table. */
export function stepAt(steps: readonly ProgressStep[], step: number): ProgressStep {
  return steps[Math.min(Math.max(Math.floor(step), 1), steps.length) - 1];
}
