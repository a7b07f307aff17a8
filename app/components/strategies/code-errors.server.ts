import { AppError } from "../../../worker/http";

/** What the code tab shows after a failed generate, recreate or complete (spec 2 s6, s8). */
export interface CodeFailure {
  status: number;
  /** INSUFFICIENT_CREDITS: the credits banner instead of a text. */
  credits: boolean;
  /** SUBSCRIPTION_PENDING: the text comes with a link to the account. */
  pending: boolean;
  error: string | null;
}

const PROCESSING_ERROR = "Error processing code";

/** Errors whose own text is the one to show: the plan's code-size limit, no spec yet, a run in progress, a spec changed mid-run. */
const OWN_TEXT = new Set([
  "CODE_SIZE_LIMIT",
  "STRATEGY_SPEC_MISSING",
  "CODE_GENERATION_IN_PROGRESS",
  "CODE_COMPLETE_FAILED",
  "CODE_SPEC_CHANGED",
  "SUBSCRIPTION_PENDING",
]);

export function codeFailure(error: unknown): CodeFailure {
  if (error instanceof AppError) {
    if (error.code === "INSUFFICIENT_CREDITS")
      return { status: error.status, credits: true, pending: false, error: null };
    if (OWN_TEXT.has(error.code))
      return {
        status: error.status,
        credits: false,
        pending: error.code === "SUBSCRIPTION_PENDING",
        error: error.userMessage,
      };
    return { status: error.status, credits: false, pending: false, error: PROCESSING_ERROR };
  }
  console.error(error);
  return { status: 500, credits: false, pending: false, error: PROCESSING_ERROR };
}
