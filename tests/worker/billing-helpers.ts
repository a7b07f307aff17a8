import { z } from "zod";
import { parsed } from "./answers";
import { firstRow } from "./d1";
import { api, signUp } from "./helpers";

/** Shared steps of the billing tests: sign up, read the subscription the API shows. */

export async function userIdOf(email: string): Promise<string> {
  return (await firstRow(z.object({ id: z.string() }), "SELECT id FROM users WHERE email = ?1", email)).id;
}

export async function newUser() {
  const u = await signUp();
  return { ...u, userId: await userIdOf(u.email) };
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

/** The fields of GET user/invoices the tests read: each invoice's status as shown, its note and amount. */
export const invoiceListSchema = z.object({
  list: z.array(
    z.object({
      status: z.string(),
      statusLabel: z.string(),
      note: z.string().nullable(),
      amountMinor: z.number(),
    }),
  ),
});

export async function subscriptionOf(cookie: string) {
  return parsed(await api("subscription", {}, { cookie }), subscriptionSchema.nullable());
}
