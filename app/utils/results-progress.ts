/**
 * The results screen's processing banner (spec 2 s4, s9): the step messages and a progress bar that the
 * browser runs on its own between live events. Step 1 runs 0 to 85% over 3 minutes and step 2 85 to 99%
 * over 30 seconds, 1% at a time; the bar never shows 100 before the backtest is completed. Pure.
 */

export type ProcessingStep = 0 | 1 | 2;

export const STEP_MESSAGES: Readonly<Record<ProcessingStep, string>> = {
  0: "Preparing backtest ...",
  1: "Backtest in progress ...",
  2: "Backtest finished. Preparing reports ...",
};

export interface StepBounds {
  readonly from: number;
  readonly to: number;
  /** How long the bar takes from `from` to `to`; 0 means it does not move on its own. */
  readonly durationMs: number;
}

export const STEP_BOUNDS: Readonly<Record<ProcessingStep, StepBounds>> = {
  0: { from: 0, to: 0, durationMs: 0 },
  1: { from: 0, to: 85, durationMs: 180_000 },
  2: { from: 85, to: 99, durationMs: 30_000 },
};

/** The server's processing code as a step; anything unknown below 100 reads as step 0. */
export function stepOf(processing: number): ProcessingStep {
  if (processing === 1 || processing === 2) return processing;
  return 0;
}

/** Time between two 1% ticks of a step (about 2.1 s for both), or null when the bar stands still. */
export function tickInterval(step: ProcessingStep): number | null {
  const b = STEP_BOUNDS[step];
  const span = b.to - b.from;
  return span > 0 && b.durationMs > 0 ? b.durationMs / span : null;
}

export interface ProgressState {
  readonly step: ProcessingStep;
  /** Whole percent shown by the bar. */
  readonly percent: number;
}

export type ProgressAction =
  | { readonly type: "server"; readonly processing: number; readonly progress?: number | null }
  | { readonly type: "tick" };

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** The bar as the server last described it (a page load): the step's start, or the reported progress. */
export function initialProgress(processing: number, progress?: number | null): ProgressState {
  const step = stepOf(processing);
  const b = STEP_BOUNDS[step];
  const reported = typeof progress === "number" && Number.isFinite(progress) ? Math.floor(progress) : b.from;
  return { step, percent: clamp(reported, b.from, b.to) };
}

/**
 * Live updates and ticks. The bar only moves forwards: a step's event never takes it back below what the
 * ticks already showed, and a late event of an earlier step is ignored.
 */
export function progressReducer(state: ProgressState, action: ProgressAction): ProgressState {
  if (action.type === "tick") {
    const b = STEP_BOUNDS[state.step];
    return state.percent >= b.to ? state : { ...state, percent: state.percent + 1 };
  }
  const next = initialProgress(action.processing, action.progress);
  if (next.step < state.step) return state;
  if (next.step === state.step && next.percent <= state.percent) return state;
  return { step: next.step, percent: Math.max(next.percent, next.step === state.step ? state.percent : 0) };
}
