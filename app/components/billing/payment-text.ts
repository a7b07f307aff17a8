/** Texts of the payment screens (spec 3 s5, s8), shared by loaders, actions and the browser's Stripe forms. */
export const NO_PRODUCT = "No product selected";
export const PRODUCT_NOT_FOUND = "Product not found";
export const PAYMENT_NOT_PROCESSED = "The payment could not be processed. Please try again.";
export const PAYMENT_NOT_SUCCEEDED = "The payment was not successful. Please try again.";
export const PAYMENT_PROCESSING =
  "Your payment is processing. Your account will be updated when it completes.";
export const NEEDS_JAVASCRIPT = "Please enable JavaScript to use a new card with this payment provider.";

/** Spec 3 s9: redirect 3 s after a payment. */
export const PAYMENT_REDIRECT_S = 3;

export type PaymentType = "addon" | "upgrade" | "invoice";

/** Spec 3 s2 page titles. */
export const PAYMENT_TITLES: Record<PaymentType, string> = {
  addon: "Complete Purchase",
  upgrade: "Upgrade Plan",
  invoice: "Pay Invoice",
};

/** Where each kind of payment goes once it succeeded: the account tab that shows what was bought. */
export const PAYMENT_DONE: Record<PaymentType, { to: string; message: string }> = {
  addon: { to: "/account/addons", message: "Your add-on credits have been added to your account." },
  upgrade: { to: "/account", message: "Your plan has been upgraded." },
  invoice: { to: "/account/invoices", message: "Your invoice has been paid." },
};
