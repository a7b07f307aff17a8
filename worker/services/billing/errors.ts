import { AppError } from "../../http/errors";

/**
 * The billing error catalogue (spec 3 s8). Where the spec gives the text it is used as written; where it
 * says "wording not shown" the text is ours. All are 4xx: user input never yields a 500.
 */
export const billingErrors = {
  subscriptionPending: () =>
    new AppError(
      "SUBSCRIPTION_PENDING",
      409,
      "Subscription is pending. Please check your account to proceed.",
    ),
  insufficientCredits: (requested: number, available: number) =>
    new AppError(
      "INSUFFICIENT_CREDITS",
      402,
      "You have run out of credits. Get more credits or upgrade your plan to continue building.",
      `requested ${requested}, available ${available}`,
      { requested, available },
    ),
  noActiveSubscription: () =>
    new AppError(
      "USER_HAS_NO_ACTIVE_SUBSCRIPTION",
      403,
      "You need an active subscription to purchase add-ons. Please subscribe to a plan first.",
    ),
  /** No spec code fits (spec 3 s8 has none): credits -1 is unlimited, so an add-on would add nothing. */
  unlimitedPlanNoAddons: () =>
    new AppError(
      "UNLIMITED_PLAN_NO_ADDONS",
      409,
      "Your plan has unlimited credits, so add-on credits are not needed.",
    ),
  invoiceAlreadyPaid: () => new AppError("INVOICE_ALREADY_PAID", 409, "This invoice has already been paid"),
  invoiceStatusInvalid: () =>
    new AppError("INVOICE_STATUS_INVALID", 409, "This invoice cannot be paid at this time"),
  invoiceNotFound: () => new AppError("INVOICE_NOT_FOUND", 404, "Invoice not found"),
  productNotFound: () => new AppError("PRODUCT_NOT_FOUND", 404, "Product not found"),
  productChangeNotAllowed: (reason: string) =>
    new AppError(
      "PRODUCT_CHANGE_NOT_ALLOWED",
      409,
      "This plan change is not allowed due to currency or billing cycle restrictions.",
      `plan change refused: ${reason}`,
      { reason },
    ),
  cancelationPending: () =>
    new AppError(
      "CANCELATION_PENDING",
      409,
      "Your subscription is scheduled to be canceled. Revert the cancelation to change your plan.",
    ),
  freePlanCannotCancel: () =>
    new AppError("FREE_PLAN_CANNOT_CANCEL", 409, "The Free plan cannot be canceled."),
  cannotDeleteDefaultPaymentMethod: () =>
    new AppError(
      "CANNOT_DELETE_DEFAULT_PAYMENT_METHOD",
      409,
      "This is your default payment method. Set another card as default before removing it.",
    ),
  paymentMethodNotFound: () => new AppError("PAYMENT_METHOD_NOT_FOUND", 404, "Payment method not found."),
  noPaymentMethod: () =>
    new AppError("PAYMENT_METHOD_REQUIRED", 400, "Please choose a card or add a new one."),
  /** Spec 3 s5: card and validation errors of the provider show their own message. */
  paymentFailed: (message: string | null) =>
    new AppError("PAYMENT_FAILED", 402, message ?? "The payment could not be processed. Please try again."),
  paymentNotSucceeded: () =>
    new AppError("PAYMENT_NOT_SUCCEEDED", 402, "The payment was not successful. Please try again."),
  paymentNotFound: () => new AppError("PAYMENT_NOT_FOUND", 404, "Payment not found."),
  sponsorIneligible: (userMessage?: string) =>
    new AppError(
      "SPONSOR_ELIGIBILITY_ERROR",
      403,
      userMessage ?? "Eligibility check failed. Please ensure you meet the sponsor requirements.",
    ),
  subscriptionExists: () => new AppError("SUBSCRIPTION_EXISTS", 409, "You already have a subscription."),
  /**
   * A payment the provider took that the ledger could not honour was given back (issue 11). A second plan
   * checkout keeps the spec's SUBSCRIPTION_EXISTS code; the text says what happened to the money.
   */
  paymentRefunded: (kind: string, note: string) =>
    kind === "subscribe"
      ? new AppError("SUBSCRIPTION_EXISTS", 409, `You already have a subscription. ${note}`)
      : new AppError("PAYMENT_REFUNDED", 409, note),
  webhookSignature: () => new AppError("WEBHOOK_SIGNATURE_INVALID", 400, "Invalid webhook signature."),
  webhookNotConfigured: () =>
    new AppError("WEBHOOK_NOT_CONFIGURED", 400, "Webhooks are not configured for this payment provider."),
};
