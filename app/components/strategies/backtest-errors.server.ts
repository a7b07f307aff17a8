import { AppError, GENERIC_ERROR } from "../../../worker/http";

/** Spec 2 s8: the texts of a failed backtest request; a date the service refuses goes next to its field. */
const MESSAGES: Record<string, string> = {
  BACKTEST_CODE_NOT_READY: "Strategy code is not ready.",
  BACKTEST_CODE_NOT_FOUND: "Strategy code not found.",
  BACKTEST_IN_PROGRESS:
    "A backtest is currently in progress. Please wait for it to complete before starting a new one.",
  SUBSCRIPTION_PENDING: "Subscription is pending. Please check your account to proceed.",
};

export interface BacktestFailure {
  status: number;
  message: string | null;
  /** SUBSCRIPTION_PENDING: spec 2 s8 puts an Account link after its text. */
  pending: boolean;
  errors: Record<string, string>;
}

export function backtestFailure(error: unknown): BacktestFailure {
  if (error instanceof AppError) {
    const field = error.details?.field;
    if (error.code === "VALIDATION_ERROR" && typeof field === "string")
      return { status: 400, message: null, pending: false, errors: { [field]: error.userMessage } };
    return {
      status: error.status,
      message: MESSAGES[error.code] ?? GENERIC_ERROR,
      pending: error.code === "SUBSCRIPTION_PENDING",
      errors: {},
    };
  }
  console.error(error);
  return { status: 500, message: GENERIC_ERROR, pending: false, errors: {} };
}

export function isBacktestGone(error: unknown): boolean {
  return error instanceof AppError && error.code === "BACKTEST_NOT_FOUND";
}

export function isBacktestBusy(error: unknown): boolean {
  return error instanceof AppError && error.code === "BACKTEST_IN_PROGRESS";
}
