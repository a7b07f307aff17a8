/**
 * The worker tests' handle on the FAKE Stripe server (tests/fake-stripe/server.ts, started by vitest.config.ts
 * on 127.0.0.1:FAKE_STRIPE_PORT). `createFakeStripe()` opens a world of its own under a fresh test key; `env`
 * points the `stripe` provider (the real SDK) at it.
 */
import { env } from "cloudflare:test";
import { z } from "zod";
import type { Behaviour } from "../fake-stripe/stripe-api";

const intentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  payment_method: z.string().nullable(),
});
const requestSchema = z.object({
  method: z.string(),
  path: z.string(),
  params: z.array(z.tuple([z.string(), z.string()])),
  idempotencyKey: z.string().nullable(),
});

export interface FakeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}

export function createFakeStripe() {
  const port = z.coerce.number().int().parse(env.FAKE_STRIPE_PORT);
  const key = `sk_test_fake_${crypto.randomUUID().replaceAll("-", "")}`;
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const call = async (path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`fake stripe ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    key,
    /** Settings that point the `stripe` provider at this world. */
    env: {
      STRIPE_SECRET_KEY: key,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    },
    /** A test card as Stripe.js would create it in the browser (not attached to anyone). */
    async createCard(behaviour: Behaviour = "success"): Promise<string> {
      return z.object({ id: z.string() }).parse(await call("/__fake/cards", { behaviour })).id;
    },
    /** Stripe.js's confirmCardPayment in the browser. */
    async clientConfirm(intent: string, card: string) {
      return intentSchema.parse(await call("/__fake/confirm", { intent, card }));
    },
    async intents() {
      return z.array(intentSchema).parse(await call("/__fake/intents"));
    },
    async refunds() {
      return z
        .array(
          z.object({
            id: z.string(),
            amount: z.number(),
            payment_intent: z.string(),
            reason: z.string().nullable(),
          }),
        )
        .parse(await call("/__fake/refunds"));
    },
    async requests(): Promise<FakeRequest[]> {
      return z
        .array(requestSchema)
        .parse(await call("/__fake/requests"))
        .map((r) => ({
          method: r.method,
          path: r.path,
          params: new URLSearchParams(r.params),
          idempotencyKey: r.idempotencyKey,
        }));
    },
  };
}

export type FakeStripe = ReturnType<typeof createFakeStripe>;
