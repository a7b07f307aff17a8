import { z } from "zod";
import { MESSAGES, signUpSchema, sponsorSignUpSchema } from "../../worker/forms";
import { TURNSTILE_MESSAGES } from "../../worker/forms/messages";
import { turnstileTokenOf } from "./form.server";

const terms = { terms: z.literal("on", { error: MESSAGES.termsRequired }) };

/** The form adds the terms checkbox to the API's payload (the API's callers tick it in their own UI). */
export const signUpForm = signUpSchema.extend(terms);
export const sponsorForm = sponsorSignUpSchema.extend(terms);

export function withToken(values: Record<string, string>) {
  return { ...values, turnstileToken: turnstileTokenOf(values) };
}

export const SIGN_UP_ERRORS: Record<string, string> = {
  EMAIL_ALREADY_EXISTS: "Email already registered.",
  ...TURNSTILE_MESSAGES,
};
