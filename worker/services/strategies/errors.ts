import { AppError, GENERIC_ERROR } from "../../http/errors";

/**
 * The strategy error catalogue (spec 2 s8), with its texts. All 4xx: another user's id answers exactly like a
 * missing one (DESIGN D2).
 */
export const strategyErrors = {
  notFound: () => new AppError("STRATEGY_NOT_FOUND", 404, "Strategy not found."),
  notActive: () => new AppError("STRATEGY_NOT_ACTIVE", 409, "Strategy not found."),
  /** The plan limit(s) a new or restored strategy hit (spec 3 s1); null = that limit was not the reason. */
  limitReached: (hit: { maxStrategies: number | null; maxSaves: number | null }) => {
    const strategiesText = (n: number, kind: string) => `${n} ${kind} ${n === 1 ? "strategy" : "strategies"}`;
    const { maxStrategies, maxSaves } = hit;
    const userMessage =
      maxSaves === null
        ? `Your plan allows ${strategiesText(maxStrategies ?? 0, "active")}. Archive one or upgrade your plan to create more.`
        : maxStrategies === null
          ? `Your plan allows ${strategiesText(maxSaves, "saved")}, archived ones included. Upgrade your plan to create more.`
          : `Your plan allows ${strategiesText(maxStrategies, "active")} and ${strategiesText(maxSaves, "saved")}, archived ones included. Upgrade your plan to create more.`;
    return new AppError("STRATEGY_LIMIT_REACHED", 403, userMessage, undefined, { maxStrategies, maxSaves });
  },
  codeNotReady: () => new AppError("BACKTEST_CODE_NOT_READY", 409, "Strategy code is not ready."),
  codeNotFound: () => new AppError("BACKTEST_CODE_NOT_FOUND", 404, "Strategy code not found."),
  backtestInProgress: () =>
    new AppError(
      "BACKTEST_IN_PROGRESS",
      409,
      "A backtest is currently in progress. Please wait for it to complete before starting a new one.",
    ),
  backtestNotFound: () => new AppError("BACKTEST_NOT_FOUND", 404, "Backtest not found."),
  backtestNotCompleted: () => new AppError("BACKTEST_NOT_COMPLETED", 409, "The backtest has no results yet."),
  noSpec: () =>
    new AppError(
      "STRATEGY_SPEC_MISSING",
      409,
      "Describe your strategy in the chat first: there is nothing to generate code from yet.",
    ),
  codeInProgress: () =>
    new AppError("CODE_GENERATION_IN_PROGRESS", 409, "The code is being generated. Please wait."),
  codeTooLarge: (lines: number, max: number) =>
    new AppError(
      "CODE_SIZE_LIMIT",
      403,
      `The generated code has ${lines} lines; your plan allows ${max}. Simplify the strategy or upgrade your plan. No credits have been used.`,
      undefined,
      { lines, max },
    ),
  codeStale: () =>
    new AppError(
      "CODE_SPEC_CHANGED",
      409,
      "The strategy changed while its code was being generated. No credits have been used. Please generate the code again.",
    ),
  busy: () =>
    new AppError(
      "STRATEGY_BUSY",
      409,
      "Error sending message",
      "the strategy changed while the message was applied",
    ),
  generic: () => new AppError("STRATEGY_ERROR", 400, GENERIC_ERROR),
};
