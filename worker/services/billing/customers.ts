import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { billingCustomers, users } from "../../db/schema";
import type { PaymentProvider } from "./providers/types";

/** The provider's customer for a user, created on first need and remembered per provider. */
export function createCustomers(db: Db, provider: PaymentProvider, now: () => number) {
  async function find(userId: string): Promise<string | null> {
    const rows = await db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider.name)))
      .limit(1);
    return rows[0]?.customerId ?? null;
  }

  async function ensure(userId: string): Promise<string> {
    const known = await find(userId);
    if (known) return known;
    const user = (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
    if (!user) throw new Error("customer for an unknown user");
    const customerId = await provider.createCustomer({ id: user.id, email: user.email, name: user.name });
    await db
      .insert(billingCustomers)
      .values({ userId, provider: provider.name, customerId, createdAt: now() })
      .onConflictDoNothing();
    // A concurrent request may have won the insert: its customer is the one kept.
    return (await find(userId)) ?? customerId;
  }

  return { find, ensure };
}

export type Customers = ReturnType<typeof createCustomers>;
