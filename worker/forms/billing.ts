import { z } from "zod";

/** Inputs of the billing operations (spec 3 s7), shared by the JSON API and the Remix actions. */

const id = z.string().trim().min(1, "Required").max(200);

export const pidSchema = z.object({ pid: id });
export const paymentIdSchema = z.object({ paymentId: id });
export const userProductSchema = z.object({ userProductId: id });
export const paymentTypeSchema = z.enum(["addon", "upgrade", "invoice"]);

export const paymentInitiateSchema = z.object({
  // Spec 3 s5: the type defaults to addon.
  type: paymentTypeSchema.default("addon"),
  id,
});

/**
 * A confirm without an intent may carry the submission's own key (a payment form makes one when it is shown):
 * the same submission sent again, however late, is answered without a second charge (issue 11).
 */
export const submissionKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, "The submission key must be 16 to 100 letters, digits, _ or -.");

export const paymentConfirmSchema = z.object({
  type: paymentTypeSchema.default("addon"),
  id,
  paymentData: z.union([
    z.object({ paymentIntentId: id, paymentMethodId: id.optional() }),
    z.object({ paymentMethodId: id, submissionKey: submissionKeySchema.optional() }),
  ]),
});

export const paymentMethodSchema = z.object({ payment_method_id: id });

/** The sandbox card form (test cards only; see worker/services/billing/providers/sandbox-cards.ts). */
export const sandboxCardSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[0-9 -]{12,23}$/, "Your card number is incorrect."),
  expMonth: z.coerce
    .number()
    .int()
    .min(1, "Your card's expiration month is invalid.")
    .max(12, "Your card's expiration month is invalid."),
  expYear: z.coerce
    .number()
    .int()
    .min(2000, "Your card's expiration year is invalid.")
    .max(2100, "Your card's expiration year is invalid."),
  cvc: z
    .string()
    .trim()
    .regex(/^[0-9]{3,4}$/, "Your card's security code is incomplete."),
});

export const sandboxConfirmSchema = z.object({ clientSecret: id, paymentMethodId: id });
export const sandboxAuthenticateSchema = z.object({
  clientSecret: id,
  outcome: z.enum(["complete", "fail"]),
});
