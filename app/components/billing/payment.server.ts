/**
 * Server helpers of the payment page and the payment-methods tab (spec 3 s2, s5, s8): reading the sandbox
 * card form, and turning service errors into the texts the spec gives for each step.
 */
import { sandboxCardSchema } from "../../../worker/forms";
import { AppError } from "../../../worker/http";
import type { NewCard } from "../../../worker/services";
import { SandboxCardError } from "../../../worker/services";
import { fieldErrors } from "../../utils/form.server";
import { readExpiry } from "./card-expiry";
import { PAYMENT_NOT_PROCESSED, type PaymentType, PRODUCT_NOT_FOUND } from "./payment-text";

/** Spec 3 s5: the type defaults to addon; an unknown type is refused (null). */
export function paymentTypeOf(value: string | null | undefined): PaymentType | null {
  if (value === null || value === undefined || value === "") return "addon";
  return value === "addon" || value === "upgrade" || value === "invoice" ? value : null;
}

/**
 * The sandbox card form's fields (number, expiry MM/YY, cvc) as a card, or the message of each field that is
 * wrong, keyed by the field the form shows it next to (the schema's expMonth and expYear are `expiry`).
 */
export function readSandboxCard(
  values: Record<string, string>,
): { ok: true; card: NewCard } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const expiry = readExpiry(values.expiry ?? "");
  if (!expiry.ok) fields.expiry = expiry.message;
  // With the expiry refused, placeholders let the schema still check (and name) the number and the code.
  const card = sandboxCardSchema.safeParse({
    number: values.number ?? "",
    cvc: values.cvc ?? "",
    expMonth: expiry.ok ? expiry.expMonth : 1,
    expYear: expiry.ok ? expiry.expYear : 2000,
  });
  if (!card.success) {
    const { expMonth, expYear, ...others } = fieldErrors(card.error);
    Object.assign(fields, others);
    if (!fields.expiry && (expMonth || expYear)) fields.expiry = expMonth ?? expYear ?? "";
  }
  if (!card.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, card: card.data };
}

/**
 * What the card form sends back to be shown again after a refusal, so that a page rendered anew without
 * JavaScript keeps the typed card (never the security code, which is typed again as on any card form).
 * Cut to the inputs' sizes: it goes back into HTML.
 */
export function typedCard(values: Record<string, string>): Record<string, string> {
  return {
    number: (values.number ?? "").slice(0, 23),
    expiry: (values.expiry ?? "").slice(0, 7),
    name: (values.name ?? "").slice(0, 100),
  };
}

/**
 * Where a sandbox card error is shown (spec 3 s5, once): a number or expiry the card processor refused next
 * to its field; a decline (the card itself is fine) above the form only.
 */
export function cardErrorFields(error: SandboxCardError): Record<string, string> {
  const field = SANDBOX_FIELD[error.code];
  return field ? { [field]: error.message } : {};
}

const SANDBOX_FIELD: Record<string, "number" | "expiry"> = {
  invalid_number: "number",
  incorrect_number: "number",
  expired_card: "expiry",
  invalid_expiry_month: "expiry",
  invalid_expiry_year: "expiry",
};

export interface Failure {
  code: string;
  message: string;
  status: number;
}

/** Errors whose own text is the spec's while preparing a payment (payment/initiate, spec 3 s8). */
const INITIATE_OWN = new Set([
  "PRODUCT_NOT_FOUND",
  "INVOICE_ALREADY_PAID",
  "INVOICE_STATUS_INVALID",
  "USER_HAS_NO_ACTIVE_SUBSCRIPTION",
  "UNLIMITED_PLAN_NO_ADDONS",
  "SUBSCRIPTION_PENDING",
  "CANCELATION_PENDING",
  "PRODUCT_CHANGE_NOT_ALLOWED",
]);

/** Errors whose own text is shown when paying (spec 3 s5: card errors carry the provider's message). */
const PAY_OWN = new Set([
  ...INITIATE_OWN,
  "PAYMENT_FAILED",
  "PAYMENT_NOT_SUCCEEDED",
  "PAYMENT_METHOD_NOT_FOUND",
  "PAYMENT_METHOD_REQUIRED",
  "SUBSCRIPTION_EXISTS",
  "PAYMENT_REFUNDED",
]);

function failure(error: unknown, own: Set<string>, fallback: string): Failure {
  if (error instanceof SandboxCardError) {
    // A number or expiry the processor refused is the user's input (400); a decline is a payment's (402).
    const status = Object.keys(cardErrorFields(error)).length > 0 ? 400 : 402;
    return { code: "CARD_ERROR", message: error.message, status };
  }
  if (error instanceof AppError) {
    // Spec 3 s8: "When no product: 'Product not found'" (an unknown or foreign invoice is no product either).
    if (error.code === "INVOICE_NOT_FOUND") {
      return { code: error.code, message: PRODUCT_NOT_FOUND, status: 404 };
    }
    const status = error.status >= 400 && error.status < 500 ? error.status : 400;
    return { code: error.code, message: own.has(error.code) ? error.userMessage : fallback, status };
  }
  console.error(error);
  return { code: "INTERNAL_ERROR", message: fallback, status: 500 };
}

/** payment/initiate failures: the spec's texts, else 'Failed to initiate payment'. */
export function initiateFailure(error: unknown): Failure {
  return failure(error, INITIATE_OWN, "Failed to initiate payment");
}

/** payment/confirm failures: card messages as the provider wrote them, else the generic payment text. */
export function payFailure(error: unknown): Failure {
  return failure(error, PAY_OWN, PAYMENT_NOT_PROCESSED);
}

/**
 * Payment-method failures (spec 3 s8): a card's own message (the sandbox's card errors) and the codes listed
 * in `own` show their text; anything else the step's fallback.
 */
export function methodFailure(error: unknown, fallback: string, own: readonly string[] = []): Failure {
  return failure(error, new Set(own), fallback);
}

export { SandboxCardError };
