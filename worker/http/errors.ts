import { TURNSTILE_MESSAGES } from "../forms/messages";

/**
 * Typed application errors carrying the spec's error codes (spec 1 s8, spec 2 s8, spec 3 s8). Services throw
 * them; the Hono `onError` turns them into the envelope and Remix actions into form messages.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly userMessage: string,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? userMessage);
    this.name = "AppError";
  }
}

export const GENERIC_ERROR = "An error occurred. Please try again.";

export const errors = {
  notLogged: () => new AppError("USER_NOT_LOGGED", 401, "Please sign in to continue."),
  /**
   * A session without a subscription on a subscribers-only call (spec 1 s2, spec 2 s6: the pages redirect to
   * /subscribe). No catalogue code fits (USER_HAS_NO_ACTIVE_SUBSCRIPTION is the add-ons text of spec 3 s8).
   */
  subscriptionRequired: () =>
    new AppError("SUBSCRIPTION_REQUIRED", 403, "Choose a plan to continue: strategies need a subscription."),
  credentialsInvalid: () => new AppError("USER_CREDENTIALS_INVALID", 401, "Wrong email or password."),
  turnstileRequired: () => new AppError("TURNSTILE_REQUIRED", 400, TURNSTILE_MESSAGES.TURNSTILE_REQUIRED),
  turnstileInvalid: () => new AppError("TURNSTILE_INVALID", 400, TURNSTILE_MESSAGES.TURNSTILE_INVALID),
  emailExists: () => new AppError("EMAIL_ALREADY_EXISTS", 409, "Email already registered."),
  sponsorIneligible: (userMessage: string) => new AppError("SPONSOR_ELIGIBILITY_ERROR", 403, userMessage),
  resetTokenInvalid: () =>
    new AppError(
      "RESET_TOKEN_INVALID",
      400,
      "This password reset link has expired or already been used. Please request a new password reset link.",
    ),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(
      "RATE_LIMITED",
      429,
      `Too many attempts. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s) and try again.`,
      undefined,
      { retryAfterSeconds },
    ),
  validation: (field: string, message: string) =>
    new AppError("VALIDATION_ERROR", 400, message, `${field}: ${message}`, { field }),
  forbiddenOrigin: () =>
    new AppError("FORBIDDEN_ORIGIN", 403, "This request came from another site and was refused."),
  notFound: (what: string) => new AppError("NOT_FOUND", 404, `${what} not found.`),
  payloadTooLarge: (limit: number) =>
    new AppError("PAYLOAD_TOO_LARGE", 413, `The request body is larger than ${limit} bytes.`),
  subscriptionExists: () =>
    new AppError("SUBSCRIPTION_EXISTS", 409, "You already have a subscription.", undefined),
};
