import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentMethods } from "../../db/schema";
import type { Customers } from "./customers";
import { billingErrors } from "./errors";
import { PaymentMethodError, type PaymentProvider } from "./providers/types";

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** The spec's saved payment method (spec 3 s3), snake_case as the spec names it. */
export function paymentMethodView(row: PaymentMethodRow) {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    is_default: row.isDefault,
  };
}

export function createPaymentMethods(
  db: Db,
  provider: PaymentProvider,
  customers: Customers,
  now: () => number,
) {
  async function rows(userId: string): Promise<PaymentMethodRow[]> {
    return db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider.name)))
      .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
  }

  async function list(userId: string) {
    return (await rows(userId)).map(paymentMethodView);
  }

  async function owned(userId: string, id: string): Promise<PaymentMethodRow> {
    const row = (await rows(userId)).find((r) => r.id === id);
    if (!row) throw billingErrors.paymentMethodNotFound();
    return row;
  }

  /** The card renewals charge: the default, else the newest. */
  async function forRenewal(userId: string): Promise<PaymentMethodRow | null> {
    const all = await rows(userId);
    return all.find((r) => r.isDefault) ?? all[all.length - 1] ?? null;
  }

  /** Whether a card id is saved by another user (then it must not be charged for this one). */
  async function ownedByOther(userId: string, id: string): Promise<boolean> {
    const found = await db
      .select({ userId: paymentMethods.userId })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, id));
    return found.some((r) => r.userId !== userId);
  }

  async function setup(userId: string) {
    const customerId = await customers.ensure(userId);
    const intent = await provider.createSetupIntent(customerId);
    return { publicKey: provider.publicKey, client_secret: intent.clientSecret, isTest: provider.isTest };
  }

  /** Saves a card the provider confirmed for this user's customer; the first card becomes the default. */
  async function attach(userId: string, id: string) {
    const mine = (await rows(userId)).find((r) => r.id === id);
    if (mine) return paymentMethodView(mine);
    if (await ownedByOther(userId, id)) throw billingErrors.paymentMethodNotFound();
    const customerId = await customers.ensure(userId);
    let card: Awaited<ReturnType<PaymentProvider["attachPaymentMethod"]>>;
    try {
      card = await provider.attachPaymentMethod(customerId, id);
    } catch (e) {
      if (e instanceof PaymentMethodError) throw billingErrors.paymentMethodNotFound();
      throw e;
    }
    const isDefault = (await rows(userId)).every((r) => !r.isDefault);
    await db
      .insert(paymentMethods)
      .values({
        id: card.id,
        userId,
        provider: provider.name,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault,
        createdAt: now(),
      })
      .onConflictDoNothing();
    if (isDefault) await provider.setDefaultPaymentMethod(customerId, card.id);
    return paymentMethodView(await owned(userId, card.id));
  }

  /** The default card cannot be removed while other cards exist: another one must be made default first. */
  async function detach(userId: string, id: string) {
    const all = await rows(userId);
    const row = all.find((r) => r.id === id);
    if (!row) throw billingErrors.paymentMethodNotFound();
    if (row.isDefault && all.length > 1) throw billingErrors.cannotDeleteDefaultPaymentMethod();
    await provider.detachPaymentMethod(id);
    await db.delete(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  }

  async function makeDefault(userId: string, id: string) {
    await owned(userId, id);
    const customerId = await customers.ensure(userId);
    await provider.setDefaultPaymentMethod(customerId, id);
    await db.batch([
      db.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId)),
      db
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId))),
    ]);
  }

  return { list, setup, attach, detach, makeDefault, forRenewal, ownedByOther };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
