import { env } from "cloudflare:test";
import { expect } from "vitest";
import { z } from "zod";
import { type ApiAnswer, api, signUp } from "./helpers";

/** Shared steps of the billing tests: sign up, read ids from D1, pay with the sandbox's test cards. */

export const CARDS = {
  visa: "4242424242424242",
  declined: "4000000000000002",
  insufficient: "4000000000009995",
  threeDSecure: "4000002500003155",
} as const;

export function data(answer: ApiAnswer): unknown {
  if (answer.body.status !== "ok") throw new Error(`expected ok, got ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export function parsed<S extends z.ZodType>(answer: ApiAnswer, schema: S): z.output<S> {
  return schema.parse(data(answer));
}

export function expectError(answer: ApiAnswer, code: string, message?: string) {
  expect(answer.body).toMatchObject({ status: "error", errorCode: code });
  if (message !== undefined) expect(answer.body).toMatchObject({ userMessage: message });
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
}

export async function userIdOf(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?1").bind(email).first();
  return z.object({ id: z.string() }).parse(row).id;
}

export async function newUser() {
  const u = await signUp();
  return { ...u, userId: await userIdOf(u.email) };
}

export async function sandboxCard(cookie: string, number: string): Promise<string> {
  const res = await api("sandbox/card", { number, expMonth: 12, expYear: 2099, cvc: "123" }, { cookie });
  return parsed(res, z.object({ paymentMethodId: z.string() })).paymentMethodId;
}

const intentAnswer = z.object({
  paymentIntentId: z.string(),
  status: z.string(),
  error: z.object({ message: z.string() }).nullable(),
});

/** Checkout through the sandbox the way the card form does it: card, confirm with the provider, confirm to us. */
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

export async function count(sqlText: string, ...binds: (string | number)[]): Promise<number> {
  const row = await env.DB.prepare(sqlText)
    .bind(...binds)
    .first();
  return z.object({ n: z.number() }).parse(row).n;
}

export const subscriptionSchema = z.object({
  userProductId: z.string(),
  pid: z.string(),
  slug: z.string(),
  credits: z.number(),
  creditsUsage: z.number(),
  addonCreditsTotal: z.number(),
  addonCreditsUsage: z.number(),
  cancelationRequested: z.boolean(),
  action: z.object({ targetProductName: z.string(), targetPid: z.string() }).nullable(),
  expiresAt: z.string(),
  status: z.string(),
  state: z.number(),
});

export async function subscriptionOf(cookie: string) {
  return parsed(await api("subscription", {}, { cookie }), subscriptionSchema.nullable());
}
