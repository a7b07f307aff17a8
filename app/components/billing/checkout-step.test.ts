import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../ui/render-at.test-helper";
import { CheckoutStep } from "./checkout-step";

// The subscribe checkout's error box (spec 3 s8): SUBSCRIPTION_PENDING carries an Account link, other
// errors do not. The /subscribe action sets `pending` when the confirm answers processing.
const props = {
  plan: {
    pid: "builder-monthly-eur",
    name: "Builder",
    credits: 20,
    creditsDays: 30,
    price: 2500,
    currency: "EUR",
    billingCycle: "monthly",
  },
  provider: "sandbox",
  isTest: true,
  backHref: "/subscribe?currency=EUR&cycle=monthly",
  marketingUrl: "",
  fields: {},
  challenge: null,
  busy: false,
};

function alertOf(html: string): string {
  return /<div class="form-error" role="alert">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
}

describe("CheckoutStep error (server render)", () => {
  it("puts an Account link after the pending-subscription message", async () => {
    const html = await renderAt(
      "/subscribe?pid=builder-monthly-eur",
      createElement(CheckoutStep, {
        ...props,
        error: "Subscription is pending. Please check your account to proceed.",
        pending: true,
      }),
    );
    const alert = alertOf(html);
    expect(alert).toContain("Subscription is pending. Please check your account to proceed.");
    expect(alert).toMatch(/<a[^>]*href="\/account"[^>]*>Account<\/a>/);
  });

  it("shows any other error without it", async () => {
    const html = await renderAt(
      "/subscribe?pid=builder-monthly-eur",
      createElement(CheckoutStep, { ...props, error: "Your card was declined." }),
    );
    const alert = alertOf(html);
    expect(alert).toContain("Your card was declined.");
    expect(alert).not.toContain('href="/account"');
  });
});
