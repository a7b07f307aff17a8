/**
 * The worker code the billing screens use in loaders and actions, re-exported from a `.server` module so
 * zod and the service internals stay out of the browser bundle (same reason as app/utils/worker.server.ts).
 */
import { AppError } from "../../../worker/http";

export { sandboxCardSchema } from "../../../worker/forms";
export { SandboxCardError } from "../../../worker/services";
export { AppError };

/**
 * Billing errors whose own text is the spec's (spec 3 s5, s8): card messages of the provider, the pending
 * subscription, the sponsor's eligibility message. Anything else shows the screen's fallback.
 */
const OWN_MESSAGE = new Set([
  "PAYMENT_FAILED",
  "PAYMENT_NOT_SUCCEEDED",
  "SUBSCRIPTION_PENDING",
  "SPONSOR_ELIGIBILITY_ERROR",
  "SUBSCRIPTION_EXISTS",
  "USER_HAS_NO_ACTIVE_SUBSCRIPTION",
  "UNLIMITED_PLAN_NO_ADDONS",
  "FREE_PLAN_CANNOT_CANCEL",
  "CANCELATION_PENDING",
  "PRODUCT_NOT_FOUND",
  "PAYMENT_NOT_FOUND",
]);

export function billingMessage(error: unknown, fallback: string): { code: string; message: string } {
  if (error instanceof AppError) {
    return { code: error.code, message: OWN_MESSAGE.has(error.code) ? error.userMessage : fallback };
  }
  console.error(error);
  return { code: "INTERNAL_ERROR", message: fallback };
}
