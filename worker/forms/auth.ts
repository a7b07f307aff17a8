import { z } from "zod";
import { LIMITS, MESSAGES } from "./messages";

/**
 * One zod schema per form (DESIGN D10), shared by the Remix actions, the JSON API and the browser's
 * constraints. Messages are the spec's where it gives one (spec 1 s5, s8).
 */

export { LIMITS, MESSAGES };

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.emailMax, MESSAGES.tooLong(LIMITS.emailMax))
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((v) => v.toLowerCase());

const name = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(LIMITS.nameMax, MESSAGES.tooLong(LIMITS.nameMax));

// No strength rule on sign-up beyond "required" (spec 1 s5); the cap keeps PBKDF2 input bounded.
const password = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(LIMITS.passwordMax, MESSAGES.tooLong(LIMITS.passwordMax));

/** A missing token is TURNSTILE_REQUIRED, checked by the service, so here it is only bounded. */
const turnstileToken = z.string().max(LIMITS.tokenMax).optional().default("");

export const signInSchema = z.object({ email, password, turnstileToken });

export const signUpSchema = z.object({ name, email, password, turnstileToken });

export const sponsorSignUpSchema = z.object({
  name,
  email,
  password,
  sponsor: z.string().trim().min(1, "Missing sponsor").max(64),
  turnstileToken,
});

/** Form-only: the terms checkbox (the JSON API's callers have ticked it in their own UI). */
export const termsField = z.literal(["on", "true", true], { error: MESSAGES.termsRequired });

export const resetRequestSchema = z.object({ email });

export const resetTokenSchema = z.object({ token: z.string().trim().min(1).max(LIMITS.tokenMax) });

export const resetConfirmSchema = z.object({
  token: z.string().trim().min(1).max(LIMITS.tokenMax),
  password: z
    .string({ error: MESSAGES.resetTooShort })
    .min(LIMITS.resetPasswordMin, MESSAGES.resetTooShort)
    .max(LIMITS.passwordMax, MESSAGES.tooLong(LIMITS.passwordMax)),
});

export const resetFormSchema = resetConfirmSchema
  .extend({ confirmPassword: z.string({ error: MESSAGES.resetMismatch }) })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.resetMismatch,
    path: ["confirmPassword"],
  });

export const contactSchema = z.object({
  message: z
    .string({ error: MESSAGES.messageRequired })
    .trim()
    .min(1, MESSAGES.messageRequired)
    .max(LIMITS.messageMax, MESSAGES.tooLong(LIMITS.messageMax)),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SponsorSignUpInput = z.infer<typeof sponsorSignUpSchema>;
