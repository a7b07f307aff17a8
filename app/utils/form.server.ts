import type { z } from "zod";
import { LIMITS } from "../../worker/forms/messages";
import { AppError, GENERIC_ERROR, readLimited } from "../../worker/http";
import { DESCRIPTION_MAX_CHARS } from "../../worker/services";

/**
 * The largest body a legitimate form can send: its longest free-text field (the strategy description; the
 * contact message is shorter) at 3 UTF-8 bytes per UTF-16 unit (maxLength counts units; a 4-byte character
 * takes two) and 3 characters per byte once percent-encoded, plus room for the other fields. A valid 5000
 * character CJK contact message is about 45 KB on the wire.
 */
export const FORM_LIMIT = Math.max(DESCRIPTION_MAX_CHARS, LIMITS.messageMax) * 3 * 3 + 16 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A request the form reader refuses: thrown as a Response, so Remix answers with its 4xx status and the
 * error boundary shows the message (a thrown Error would be a 500). No action needs its own try for this.
 */
function refuse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export const FORM_MESSAGES = {
  tooLarge: "The form is too large to send. Please shorten your text and try again.",
  wrongType: "This address only accepts form submissions.",
  unreadable: "The form could not be read. Please try again.",
} as const;

/**
 * The fields of a posted form as strings. Too large: 413; not a form (JSON, no content type): 415; a body
 * that does not parse: 400. Each is thrown as a Response with a message a person can read.
 */
export async function readForm(request: Request, limit = FORM_LIMIT): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  const mediaType = type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(mediaType)) throw refuse(415, FORM_MESSAGES.wrongType);
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > limit) throw refuse(413, FORM_MESSAGES.tooLarge);
  const bytes = await readLimited(request.body, limit, () => refuse(413, FORM_MESSAGES.tooLarge));
  let form: FormData | URLSearchParams;
  try {
    form =
      mediaType === "multipart/form-data"
        ? await new Response(bytes, { headers: { "content-type": type } }).formData()
        : new URLSearchParams(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw refuse(400, FORM_MESSAGES.unreadable);
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

/**
 * The name and e-mail a person typed, sent back with a refused sign-in or sign-up so that the page rendered
 * anew without JavaScript keeps them (never the password). Cut to the fields' limits: they go back into HTML.
 */
export function typedIdentity(values: Record<string, string>): { name: string; email: string } {
  return {
    name: (values.name ?? "").slice(0, LIMITS.nameMax),
    email: (values.email ?? "").slice(0, LIMITS.emailMax),
  };
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
