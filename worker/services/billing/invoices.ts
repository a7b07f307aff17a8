import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { type InvoiceStatus, invoiceStatusLabel, isInvoicePayable, isInvoiceStatus } from "../../billing";
import type { Db } from "../../db/client";
import { invoices } from "../../db/schema";
import { billingErrors } from "./errors";

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = "subscribe" | "upgrade" | "addon" | "renewal";
export type NewInvoice = typeof invoices.$inferInsert;

/** A readable, unique invoice number: date plus random hex (no counter to contend on). */
export function invoiceNumber(at: number): string {
  const day = new Date(at).toISOString().slice(0, 10).replaceAll("-", "");
  const rand = crypto.getRandomValues(new Uint8Array(4));
  const hex = [...rand]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
  return `SF-${day}-${hex}`;
}

export function statusOf(row: InvoiceRow): InvoiceStatus {
  return isInvoiceStatus(row.status) ? row.status : "void";
}

/** The spec's invoice (spec 3 s3), money in major units plus the exact minor amount. */
export function invoiceView(row: InvoiceRow) {
  const status = statusOf(row);
  return {
    invoiceId: row.id,
    number: row.number,
    createdAt: new Date(row.createdAt).toISOString(),
    productName: row.description,
    description: row.description,
    currency: row.currency,
    amount: row.amountMinor / 100,
    amountMinor: row.amountMinor,
    status,
    statusLabel: invoiceStatusLabel(status),
    paidAt: row.paidAt === null ? null : new Date(row.paidAt).toISOString(),
    dueAt: new Date(row.dueAt).toISOString(),
    isSubscription: row.isSubscription,
    payable: isInvoicePayable(status),
    /** Beside the status, e.g. "Refunded: ..." (issue 11); null when there is nothing to say. */
    note: row.note,
  };
}

export function createInvoices(db: Db) {
  /** Invoices the user sees: drafts are payment attempts not yet made, so they are left out. */
  async function list(userId: string) {
    const rows = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), ne(invoices.status, "draft")))
      .orderBy(desc(invoices.createdAt));
    return rows.map(invoiceView);
  }

  /** Another user's invoice answers like a missing one (DESIGN D2). */
  async function get(userId: string, invoiceId: string): Promise<InvoiceRow> {
    const rows = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
      .limit(1);
    const row = rows[0];
    if (!row) throw billingErrors.invoiceNotFound();
    return row;
  }

  async function byPayment(userId: string | null, paymentId: string): Promise<InvoiceRow | null> {
    const where =
      userId === null
        ? eq(invoices.providerPaymentId, paymentId)
        : and(eq(invoices.providerPaymentId, paymentId), eq(invoices.userId, userId));
    const rows = await db.select().from(invoices).where(where).limit(1);
    return rows[0] ?? null;
  }

  async function create(row: NewInvoice): Promise<InvoiceRow> {
    const rows = await db.insert(invoices).values(row).returning();
    const created = rows[0];
    if (!created) throw new Error("invoice insert returned nothing");
    return created;
  }

  /**
   * Gives the invoice its intent if it still has `previous` (compare-and-set, never read-then-write): of two
   * requests making an intent at once, one sets it and the other uses that one. Answers the invoice's intent.
   */
  async function setPayment(
    userId: string,
    invoiceId: string,
    previous: string | null,
    providerPaymentId: string,
    at: number,
  ): Promise<string | null> {
    const same =
      previous === null ? isNull(invoices.providerPaymentId) : eq(invoices.providerPaymentId, previous);
    await db
      .update(invoices)
      .set({ providerPaymentId, updatedAt: at })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId), same));
    return (await get(userId, invoiceId)).providerPaymentId;
  }

  /**
   * A failed payment: the invoice shows Failed with Pay Now, unless it was paid meanwhile. The attempt moves
   * on, so paying again (another card) is a new charge with a new idempotency key.
   */
  async function markFailed(userId: string, invoiceId: string, message: string, at: number) {
    await db
      .update(invoices)
      .set({
        status: "failed",
        failureMessage: message,
        updatedAt: at,
        chargeAttempt: sql`${invoices.chargeAttempt} + 1`,
        chargingAt: null,
      })
      .where(
        and(
          eq(invoices.id, invoiceId),
          eq(invoices.userId, userId),
          inArray(invoices.status, ["draft", "open", "failed", "overdue"]),
        ),
      );
  }

  return { list, get, byPayment, create, setPayment, markFailed };
}

export type Invoices = ReturnType<typeof createInvoices>;
