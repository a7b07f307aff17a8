/**
 * Form limits and messages (spec 1 s5, s8), free of dependencies so the browser bundle can use them for its
 * own checks without pulling in zod.
 */
export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  passwordMax: 256,
  resetPasswordMin: 8,
  messageMax: 5000,
  tokenMax: 2048,
} as const;

export const MESSAGES = {
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  nameRequired: "Please enter your name",
  passwordRequired: "Please enter your password",
  termsRequired: "Please accept the Terms of Service and Privacy Policy",
  messageRequired: "Please enter a message",
  resetTooShort: "Password must be at least 8 characters long",
  resetMismatch: "Passwords do not match",
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

export const FEEDBACK_NOT_CONFIGURED = "Feedback is not configured.";

/**
 * The Turnstile texts of spec 1 s5. Here, not in a `.server` module, because the sign-in and sign-up pages
 * show TURNSTILE_REQUIRED in the browser before any call (Remix empties `.server` modules in the browser build).
 */
export const TURNSTILE_MESSAGES = {
  TURNSTILE_REQUIRED: "Please complete the security verification.",
  TURNSTILE_INVALID: "Security verification failed. Please try again.",
} as const;
