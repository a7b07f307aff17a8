import { expect } from "vitest";
import { z } from "zod";
import { parsed } from "./answers";
import { api } from "./helpers";

/** Paying through the embedded sandbox provider (no STRIPE_SECRET_KEY) with its test cards, as the card form does. */

export const CARDS = {
  visa: "4242424242424242",
  declined: "4000000000000002",
  insufficient: "4000000000009995",
  threeDSecure: "4000002500003155",
} as const;

export async function sandboxCard(cookie: string, number: string): Promise<string> {
  const res = await api("sandbox/card", { number, expMonth: 12, expYear: 2099, cvc: "123" }, { cookie });
  return parsed(res, z.object({ paymentMethodId: z.string() })).paymentMethodId;
}

const intentAnswer = z.object({
  paymentIntentId: z.string(),
  status: z.string(),
  error: z.object({ message: z.string() }).nullable(),
});

/** Checkout the way the card form does it: card, confirm with the provider, confirm to us. */
export async function checkout(cookie: string, pid: string, number: string = CARDS.visa) {
  const init = parsed(
    await api("subscribe/checkout/initiate", { pid }, { cookie }),
    z.object({ clientSecret: z.string(), paymentId: z.string(), isTest: z.boolean() }),
  );
  const paymentMethodId = await sandboxCard(cookie, number);
  const provider = parsed(
    await api("sandbox/confirm_payment", { clientSecret: init.clientSecret, paymentMethodId }, { cookie }),
    intentAnswer,
  );
  return { init, provider, paymentMethodId };
}

export async function subscribePaid(cookie: string, pid: string, number: string = CARDS.visa) {
  const { init } = await checkout(cookie, pid, number);
  const done = await api("subscribe/checkout/confirm", { paymentId: init.paymentId }, { cookie });
  expect(done.body).toMatchObject({ status: "ok", data: { status: "succeeded" } });
  return init;
}
