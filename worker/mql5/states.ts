/**
 * The code generation state machine of spec 2 section 4 (DESIGN D5):
 *
 *   STARTED 0 -> GENERATED 10 -> checked -> GENERATED_OK 11
 *                                        -> GENERATED_ERROR 12 -> conservative rebuild
 *                                           -> REBUILDED 20 -> checked -> REBUILDED_OK 21
 *                                                                      -> REBUILDED_ERROR 22
 *   GENERATED_OK / REBUILDED_OK -> OK 100 when the user picks "Run Backtest" or "later".
 *   An exception inside the generator (a bug, never a checker finding) ends in ERROR 200.
 *
 * Pure: the service stores the states, publishes them as live events and charges credits only
 * for a ready state (11 or 21), once per generation.
 */
import type { StrategySpec } from "../strategy/spec";
import { type CheckResult, checkMql5 } from "./check/checker";
import { CODE_STATE, type CodeState } from "./code-state";
import { type GenerateOptions, generateMql5 } from "./generator";

export { CODE_STATE, type CodeState } from "./code-state";

const ALL_STATES: readonly number[] = Object.values(CODE_STATE);

/** Narrows a stored number (e.g. a database column) to a state, without a cast. */
export function isCodeState(value: unknown): value is CodeState {
  return typeof value === "number" && ALL_STATES.includes(value);
}

/** Code in these states can be downloaded and backtested, and its credits are due. */
export function isCodeReady(state: CodeState): boolean {
  return state === CODE_STATE.GENERATED_OK || state === CODE_STATE.REBUILDED_OK || state === CODE_STATE.OK;
}

/** Credits are consumed when a generation reaches one of these, and only then (DESIGN D5). */
export function consumesCredits(state: CodeState): boolean {
  return state === CODE_STATE.GENERATED_OK || state === CODE_STATE.REBUILDED_OK;
}

/** States after which the generation run is over (the overlay stops; OK hides it). */
export function isFinalState(state: CodeState): boolean {
  return (
    state === CODE_STATE.GENERATED_OK ||
    state === CODE_STATE.REBUILDED_OK ||
    state === CODE_STATE.REBUILDED_ERROR ||
    state === CODE_STATE.OK ||
    state === CODE_STATE.ERROR
  );
}

/** "Run Backtest" / "Run backtest later": a ready generation becomes OK; anything else stays. */
export function completeCode(state: CodeState): CodeState | null {
  return state === CODE_STATE.GENERATED_OK || state === CODE_STATE.REBUILDED_OK ? CODE_STATE.OK : null;
}

/** The spec's user-facing messages for the failure states. */
export function codeStateMessage(state: CodeState): string | null {
  if (state === CODE_STATE.ERROR) return "There is an error generating the code. No credits have been used.";
  if (state === CODE_STATE.REBUILDED_ERROR) {
    return "It is not possible to fix the errors automatically. No credits have been used.";
  }
  return null;
}

export interface GenerationRun {
  /** Every state passed through, in order, starting with STARTED. */
  readonly states: CodeState[];
  readonly final: CodeState;
  /** The last code produced (also when it failed the check, for diagnostics); null if none. */
  readonly code: string | null;
  /** Checker findings of the last check (empty when it passed). */
  readonly errors: CheckResult["errors"];
  /** Set when the generator threw (state ERROR). */
  readonly failure?: string;
}

export type Generator = (spec: StrategySpec, opts: GenerateOptions) => string;
export type Checker = (source: string) => CheckResult;

export function runGeneration(
  spec: StrategySpec,
  opts: Omit<GenerateOptions, "mode">,
  check: Checker = checkMql5,
  generate: Generator = generateMql5,
): GenerationRun {
  const states: CodeState[] = [CODE_STATE.STARTED];
  let code: string | null = null;
  let errors: CheckResult["errors"] = [];
  const done = (final: CodeState, failure?: string): GenerationRun => {
    states.push(final);
    return { states, final, code, errors, failure };
  };
  const attempt = (mode: "full" | "conservative"): boolean | string => {
    try {
      code = generate(spec, { ...opts, mode });
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
    states.push(mode === "full" ? CODE_STATE.GENERATED : CODE_STATE.REBUILDED);
    const result = check(code);
    errors = result.errors;
    return result.ok;
  };

  const first = attempt("full");
  if (typeof first === "string") return done(CODE_STATE.ERROR, first);
  if (first) return done(CODE_STATE.GENERATED_OK);
  states.push(CODE_STATE.GENERATED_ERROR);
  const second = attempt("conservative");
  if (typeof second === "string") return done(CODE_STATE.ERROR, second);
  return done(second ? CODE_STATE.REBUILDED_OK : CODE_STATE.REBUILDED_ERROR);
}
