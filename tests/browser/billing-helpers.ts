// Steps the billing browser tests share: sign up, subscribe through the real JSON API (the same calls the
// sandbox card form makes), pay on the payment page, and run the renewal job through wrangler dev.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { signUpForm } from "./session.ts";

export const CARDS = {
  visa: "4242 4242 4242 4242",
  mastercard: "5555 5555 5555 4444",
  declined: "4000 0000 0000 0002",
  threeDSecure: "4000 0025 0000 3155",
} as const;

export { hydrated } from "./session.ts";

/** A new account through the sign-up form; it lands on the plan picker (no subscription yet). */
export function signUp(page: Page, baseUrl: string, email: string) {
  return signUpForm(page, baseUrl, email, "Billing Trader");
}

/** POST /api/{op} with the page's session cookie; answers the envelope's data or throws its error. */
export async function api(page: Page, baseUrl: string, op: string, body: unknown): Promise<unknown> {
  const res = await page.request.post(`${baseUrl}/api/${op}`, { data: body });
  const json: unknown = await res.json();
  if (
    typeof json === "object" &&
    json !== null &&
    "status" in json &&
    json.status === "ok" &&
    "data" in json
  ) {
    return json.data;
  }
  throw new Error(`${op} failed: ${JSON.stringify(json)}`);
}

function field(data: unknown, name: string): string {
  if (typeof data === "object" && data !== null && name in data) {
    const value: unknown = Reflect.get(data, name);
    if (typeof value === "string") return value;
  }
  throw new Error(`no ${name} in ${JSON.stringify(data)}`);
}

/**
 * A checkout's intent confirmed with the success card through the sandbox (what the card form, or Stripe.js
 * before it redirects to /checkout/complete, does), not yet settled by our server.
 */
export async function confirmedCheckout(page: Page, baseUrl: string, pid: string): Promise<string> {
  const started = await api(page, baseUrl, "subscribe/checkout/initiate", { pid });
  const card = await api(page, baseUrl, "sandbox/card", {
    number: CARDS.visa,
    expMonth: 12,
    expYear: 2034,
    cvc: "123",
  });
  await api(page, baseUrl, "sandbox/confirm_payment", {
    clientSecret: field(started, "clientSecret"),
    paymentMethodId: field(card, "paymentMethodId"),
  });
  return field(started, "paymentId");
}

/** A paid plan with the success card (checkout initiate, card, confirm, checkout confirm), saved as default. */
export async function subscribePaid(page: Page, baseUrl: string, pid: string) {
  const paymentId = await confirmedCheckout(page, baseUrl, pid);
  const done = await api(page, baseUrl, "subscribe/checkout/confirm", { paymentId });
  assert.equal(field(done, "status"), "succeeded");
}

/** The end of the current period (ISO), from the subscription call. */
export async function periodEnd(page: Page, baseUrl: string): Promise<number> {
  return Date.parse(field(await api(page, baseUrl, "subscription", {}), "expiresAt"));
}

/** Fills the payment page's new-card fields and pays. */
export async function payWithNewCard(page: Page, number: string) {
  const select = page.locator(".pay-form select[name=paymentMethodId]");
  if ((await select.count()) > 0) await select.selectOption("new");
  await page.fill(".pay-form input[name=number]", number);
  await page.fill(".pay-form input[name=expiry]", "12/34");
  await page.fill(".pay-form input[name=cvc]", "123");
  await page.click(".pay-form button[type=submit]");
}

/**
 * The Cron Trigger's job at a chosen time, through wrangler dev's scheduled-event endpoint: the worker's own
 * scheduled() handler runs the renewals with that scheduledTime.
 */
export async function runScheduledAt(baseUrl: string, at: number) {
  const res = await fetch(
    `${baseUrl}/cdn-cgi/local/scheduled?${new URLSearchParams({ cron: "*/15 * * * *", time: String(at) })}`,
  );
  assert.equal(res.status, 200, await res.text());
}
