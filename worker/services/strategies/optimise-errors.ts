import { AppError } from "../../http/errors";

/** The optimisation's errors (issue 17), in the style of the strategy catalogue (spec 2 s8): all 4xx. */
export const optimiseErrors = {
  /** The plan's cap on runs per optimisation (worker/billing/optimise-limits.ts, README "Optimisation limit"). */
  limit: (planned: number, limit: number) =>
    new AppError(
      "OPTIMISATION_LIMIT",
      403,
      `This optimisation needs ${planned.toLocaleString("en-US")} runs; your plan allows ${limit.toLocaleString("en-US")} per optimisation. Narrow the ranges, use the genetic search, or upgrade your plan.`,
      undefined,
      { planned, limit },
    ),
  inProgress: () =>
    new AppError(
      "OPTIMISATION_IN_PROGRESS",
      409,
      "An optimisation of this strategy is running. Wait for it to finish or cancel it before starting another.",
    ),
  notFound: () => new AppError("OPTIMISATION_NOT_FOUND", 404, "Optimisation not found."),
  notCompleted: () => new AppError("OPTIMISATION_NOT_COMPLETED", 409, "The optimisation has no results yet."),
  runNotFound: (pass: number) =>
    new AppError("OPTIMISATION_RUN_NOT_FOUND", 404, `The optimisation has no run with pass ${pass}.`),
  /** Apply: the strategy's current spec refuses the run's values (its inputs changed since). */
  stale: (reason: string) =>
    new AppError(
      "OPTIMISATION_STALE",
      409,
      `The strategy changed since this optimisation and its values no longer fit: ${reason}`,
    ),
};
