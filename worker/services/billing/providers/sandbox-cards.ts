/**
 * The sandbox's test cards: Stripe's documented test numbers (docs.stripe.com/testing) and what each does.
 * Only these numbers are accepted, so a real card number typed into the sandbox is refused, never stored.
 */

export type CardBehaviour =
  | "success"
  | "decline"
  | "insufficient_funds"
  | "authentication"
  | "authentication_always";

export interface TestCard {
  brand: string;
  behaviour: CardBehaviour;
}

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  "4242424242424242": { brand: "visa", behaviour: "success" },
  "4000056655665556": { brand: "visa", behaviour: "success" },
  "5555555555554444": { brand: "mastercard", behaviour: "success" },
  "378282246310005": { brand: "amex", behaviour: "success" },
  "4000000000000002": { brand: "visa", behaviour: "decline" },
  "4000000000009995": { brand: "visa", behaviour: "insufficient_funds" },
  // Requires 3-D Secure on session unless the card was set up for future use (then off-session succeeds).
  "4000002500003155": { brand: "visa", behaviour: "authentication" },
  // Requires 3-D Secure on every payment, however it was set up: off-session charges need the customer back.
  "4000002760003184": { brand: "visa", behaviour: "authentication_always" },
};

/** Stripe's own messages, shown to the user as card errors (spec 3 s5). */
export const CARD_MESSAGES = {
  decline: { code: "card_declined", message: "Your card was declined." },
  insufficient_funds: { code: "card_declined", message: "Your card has insufficient funds." },
  authenticationFailed: {
    code: "payment_intent_authentication_failure",
    message:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
  authenticationRequired: {
    code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
  notTestCard: {
    code: "invalid_number",
    message: "Sandbox mode accepts test cards only, for example 4242 4242 4242 4242.",
  },
  expired: { code: "expired_card", message: "Your card's expiration date is in the past." },
  invalidExpiryMonth: { code: "invalid_expiry_month", message: "Your card's expiration month is invalid." },
} as const;

export function lookupTestCard(number: string): TestCard | null {
  return TEST_CARDS[number.replace(/[\s-]/g, "")] ?? null;
}
