import type { z } from "zod";
import { AppError, GENERIC_ERROR } from "../../worker/http/errors";

/** Forms are small; a larger body is refused before parsing (no 500 for anything a user can type). */
const FORM_LIMIT = 32 * 1024;

export async function readForm(request: Request): Promise<Record<string, string>> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > FORM_LIMIT) throw new AppError("PAYLOAD_TOO_LARGE", 413, "The form is too large.");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("VALIDATION_ERROR", 400, "The form could not be read.");
  }
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}

export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/** The Turnstile token arrives as the widget's own field, or ours when the test keys put a dummy one there. */
export function turnstileTokenOf(values: Record<string, string>): string {
  return values["cf-turnstile-response"] || values.turnstileToken || "";
}

/**
 * Maps a service error to the text a screen shows, per the screen's catalogue (spec 1 s8). Unknown errors
 * are logged and shown as the generic text.
 */
export function messageFor(
  error: unknown,
  byCode: Record<string, string>,
  fallback = GENERIC_ERROR,
): {
  code: string;
  message: string;
  status: number;
} {
  if (error instanceof AppError) {
    const message =
      byCode[error.code] ??
      (error.code === "RATE_LIMITED" || error.code === "VALIDATION_ERROR" ? error.userMessage : fallback);
    return { code: error.code, message, status: error.status };
  }
  console.error(error);
  return { code: "INTERNAL_ERROR", message: fallback, status: 500 };
}
