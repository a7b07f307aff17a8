import type { z } from "zod";
import { AppError } from "./errors";

/** DESIGN D1 envelope: `{status:'ok', data}` or `{status:'error', errorCode, errorMessage, userMessage}`. */
export type Envelope<T> =
  | { status: "ok"; data: T }
  | { status: "error"; errorCode: string; errorMessage: string; userMessage: string; field?: string };

export function okBody<T>(data: T): Envelope<T> {
  return { status: "ok", data };
}

export function errorBody(error: AppError): Envelope<never> {
  const field = typeof error.details?.field === "string" ? error.details.field : undefined;
  return {
    status: "error",
    errorCode: error.code,
    errorMessage: error.message,
    userMessage: error.userMessage,
    ...(field ? { field } : {}),
  };
}

/** The first zod issue as a VALIDATION_ERROR naming the field. */
export function validationError(error: z.core.$ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join(".") || "body";
  return new AppError(
    "VALIDATION_ERROR",
    400,
    issue?.message ?? "Invalid input.",
    `${field}: ${issue?.message}`,
    {
      field,
    },
  );
}
