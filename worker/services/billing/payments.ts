import { and, eq, gt } from "drizzle-orm";
import { type Product, planAction, prorateUpgrade } from "../../billing";
import type { Db } from "../../db/client";
import { invoices } from "../../db/schema";
import { AppError } from "../../http/errors";
import { errorFields, log } from "../../log";
import type { Clocked } from "../clock";
import { requireAddonBuyer } from "./addons";
import type { Customers } from "./customers";
import { billingErrors } from "./errors";
import type { Fulfilment } from "./fulfil";
import { type InvoiceKind, type InvoiceRow, type Invoices, invoiceNumber, statusOf } from "./invoices";
import type { PaymentMethods } from "./payment-methods";
import { createPendingSubscriptions } from "./pending";
import { planPeriodAt } from "./plan-period";
import type { Plans } from "./plans";
import type { Products } from "./products";
import { type Intent, PaymentMethodError, type PaymentProvider } from "./providers/types";
import type { Refunds } from "./refunds";
import { liveSubscription, rowPid } from "./subscription-row";
import type { Voided } from "./voided";

export type PaymentType = "addon" | "upgrade" | "invoice";

export type PaymentData =
  | { paymentIntentId: string; paymentMethodId?: string }
  | { paymentMethodId: string; submissionKey?: string };

export type PaymentOutcome =
  | { status: "succeeded"; invoiceId: string }
  | { status: "requires_action"; invoiceId: string; clientSecret: string; paymentIntentId: string }
  | { status: "processing"; invoiceId: string };

export interface PaymentDeps extends Clocked {
  db: Db;
  d1: D1Database;
  products: Products;
  invoices: Invoices;
  customers: Customers;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  plans: Plans;
  paymentMethods: PaymentMethods;
  refunds: Refunds;
  voided: Voided;
}

/** The payment preview product (spec 3 s3). Money in major units, plus the exact minor amounts. */
export interface PaymentPreview {
  type: PaymentType;
  name: string;
  currency: string;
  price: number;
  priceMinor: number;
  credits: number | null;
  creditsDays: number | null;
  billingCycle: string | null;
  isProrata: boolean;
  daysRemaining: number | null;
  regularPrice: number | null;
  nextBillingDate: string | null;
  invoiceId: string;
  invoiceNumber: string;
  dueDate: string;
  status: string;
}

const CARD_ERROR_TYPES = new Set(["card_error", "validation_error"]);

/** Intent states in which a card may still be charged (anything else was paid, is settling or canceled). */
const PAYABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);

/**
 * How long one request holds an attempt's charge. A worker that died mid-charge leaves its claim; after this
 * the next request may take it over, safely: it asks the provider with the same idempotency key, so a charge
 * the dead worker made is answered, never made twice.
 */
const CHARGE_CLAIM_MS = 60_000;

function iso(t: number | null): string | null {
  return t === null ? null : new Date(t).toISOString();
}

export function createPayments(deps: PaymentDeps) {
  const {
    db,
    products,
    invoices: invoiceStore,
    customers,
    provider,
    fulfilment,
    plans,
    paymentMethods,
    refunds,
    now,
    newId,
  } = deps;
  const subscriptionState = createPendingSubscriptions(deps.d1, products);

  /** The purchase's draft: at most one per (user, kind, product) (unique index invoices_one_draft). */
  async function currentDraft(userId: string, kind: InvoiceKind, pid: string) {
    const rows = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.kind, kind),
          eq(invoices.productPid, pid),
          eq(invoices.status, "draft"),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * A draft the price or period moved away from is retired: voided (only while still a draft) and its intent
   * canceled at the provider, so the old price can no longer be paid; one already paid there is refunded.
   */
  async function retire(invoice: InvoiceRow) {
    const res = await deps.d1
      .prepare(
        "UPDATE invoices SET status = 'void', updated_at = ?3 WHERE id = ?1 AND user_id = ?2 AND status = 'draft'",
      )
      .bind(invoice.id, invoice.userId, now())
      .run();
    if (res.meta.changes === 1) await deps.voided.cancel(invoice.userId, [invoice.id]);
  }

  /**
   * The purchase's unpaid attempt: reloading the payment page, or confirming it from several tabs or clicks
   * at once, uses one draft. Created with an INSERT the unique index lets only one request make (never
   * read-then-write); the others read the winner's.
   */
  async function draft(
    userId: string,
    fields: {
      kind: InvoiceKind;
      product: Product;
      amountMinor: number;
      description: string;
      subscriptionId: string | null;
      periodStart: number | null;
      periodEnd: number | null;
    },
  ): Promise<InvoiceRow> {
    for (let round = 0; round < 3; round++) {
      const reuse = await currentDraft(userId, fields.kind, fields.product.pid);
      // A subscribe draft carries the id its subscription will get, so only its price and period are compared.
      const sameTarget = fields.kind === "subscribe" || reuse?.subscriptionId === fields.subscriptionId;
      if (
        reuse &&
        sameTarget &&
        reuse.amountMinor === fields.amountMinor &&
        reuse.periodEnd === fields.periodEnd
      )
        return reuse;
      if (reuse) await retire(reuse);
      const t = now();
      const created = await db
        .insert(invoices)
        .values({
          id: newId(),
          userId,
          number: invoiceNumber(t),
          kind: fields.kind,
          productPid: fields.product.pid,
          subscriptionId: fields.subscriptionId ?? (fields.kind === "subscribe" ? newId() : null),
          description: fields.description,
          amountMinor: fields.amountMinor,
          currency: fields.product.currency,
          status: "draft",
          isSubscription: fields.kind !== "addon",
          periodStart: fields.periodStart,
          periodEnd: fields.periodEnd,
          provider: provider.name,
          createdAt: t,
          dueAt: t,
          updatedAt: t,
        })
        .onConflictDoNothing()
        .returning();
      if (created[0]) return created[0];
    }
    throw new Error("no draft after three rounds: the purchase's draft keeps changing");
  }

  function basePreview(type: PaymentType, invoice: InvoiceRow): PaymentPreview {
    return {
      type,
      name: invoice.description,
      currency: invoice.currency,
      price: invoice.amountMinor / 100,
      priceMinor: invoice.amountMinor,
      credits: null,
      creditsDays: null,
      billingCycle: null,
      isProrata: false,
      daysRemaining: null,
      regularPrice: null,
      nextBillingDate: null,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      dueDate: new Date(invoice.dueAt).toISOString(),
      status: statusOf(invoice),
    };
  }

  async function prepareAddon(userId: string, pid: string) {
    // Spec 3 s5: add-ons need an active subscription, and one with a credit limit to add to.
    await requireAddonBuyer(plans, products, userId);
    const product = await products.find(pid);
    if (product?.kind !== "addon" || !product.active) throw billingErrors.productNotFound();
    const invoice = await draft(userId, {
      kind: "addon",
      product,
      amountMinor: product.priceMinor,
      description: `${product.name} add-on`,
      subscriptionId: null,
      periodStart: null,
      periodEnd: null,
    });
    const preview: PaymentPreview = {
      ...basePreview("addon", invoice),
      name: product.name,
      credits: product.credits,
      creditsDays: product.creditsDays,
      billingCycle: "onetime",
      regularPrice: product.priceMinor / 100,
    };
    return { invoice, preview };
  }

  async function prepareUpgrade(userId: string, pid: string) {
    const sub = await plans.requireActive(userId);
    if (sub.cancelRequestedAt !== null) throw billingErrors.cancelationPending();
    const current = await products.require(rowPid(sub));
    const target = await products.find(pid);
    if (target?.kind !== "plan" || !target.active) throw billingErrors.productNotFound();
    if (target.slug === "sponsor-sm" || planAction(current, target) !== "upgrade") {
      throw billingErrors.productChangeNotAllowed("not an upgrade");
    }
    const t = now();
    const quote = prorateUpgrade({
      current,
      target,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      now: t,
    });
    if (!quote.ok) throw billingErrors.productChangeNotAllowed(quote.reason);
    const q = quote.quote;
    // A new period (from Free, or monthly to yearly) starts when paid; otherwise the running one continues.
    const nextBilling = q.startsNewPeriod ? planPeriodAt(target, t, t).end : sub.periodEnd;
    const fields = {
      kind: "upgrade" as const,
      product: target,
      amountMinor: q.amountDue,
      description: `${target.name} plan (${target.billingCycle})${q.isProrata ? ", prorated" : ""}`,
      subscriptionId: sub.id,
      periodStart: q.startsNewPeriod ? null : sub.periodStart,
      periodEnd: q.startsNewPeriod ? null : sub.periodEnd,
    };
    let invoice = await draft(userId, fields);
    // A draft priced in an earlier period (same amount by chance) would be refunded when paid: replace it.
    if (await isStale(userId, invoice)) {
      await retire(invoice);
      invoice = await draft(userId, fields);
    }
    const preview: PaymentPreview = {
      ...basePreview("upgrade", invoice),
      name: target.name,
      credits: target.credits,
      creditsDays: target.creditsDays,
      billingCycle: target.billingCycle,
      isProrata: q.isProrata,
      daysRemaining: q.isProrata ? q.daysRemaining : null,
      regularPrice: q.regularPrice / 100,
      nextBillingDate: iso(nextBilling),
    };
    return { invoice, preview };
  }

  async function prepareInvoice(userId: string, invoiceId: string) {
    const invoice = await invoiceStore.get(userId, invoiceId);
    const status = statusOf(invoice);
    if (status === "paid") throw billingErrors.invoiceAlreadyPaid();
    if (status !== "open" && status !== "failed" && status !== "overdue")
      throw billingErrors.invoiceStatusInvalid();
    if (await isStale(userId, invoice)) throw billingErrors.invoiceStatusInvalid();
    return { invoice, preview: basePreview("invoice", invoice) };
  }

  /**
   * A subscribe or upgrade attempt prices the account as it was: once the user holds a paid plan, or the
   * subscription, plan or period it priced has changed, paying it would charge for nothing (a second live
   * subscription) or for a stale price (an old prorated amount buying a whole new period). Such invoices
   * cannot be paid; fulfil.ts voids the failed ones when a plan payment succeeds.
   */
  async function isStale(userId: string, invoice: InvoiceRow): Promise<boolean> {
    if (invoice.kind !== "subscribe" && invoice.kind !== "upgrade") return false;
    const sub = await liveSubscription(db, userId);
    // Its own pending row (a checkout that was processing) is what paying it makes active.
    if (invoice.kind === "subscribe")
      return sub !== null && sub.amountMinor > 0 && sub.id !== invoice.subscriptionId;
    if (!sub || sub.id !== invoice.subscriptionId || sub.status !== "active") return true;
    const current = await products.find(rowPid(sub));
    const target = await products.find(invoice.productPid);
    if (!current || !target || planAction(current, target) !== "upgrade") return true;
    // A prorated upgrade priced the days left of one period: that period must still be the running one.
    if (invoice.periodEnd !== null && (invoice.periodEnd !== sub.periodEnd || invoice.periodEnd <= now()))
      return true;
    // Monthly to yearly credited the unused days of the period running when it was priced.
    if (invoice.periodEnd === null && sub.amountMinor > 0 && sub.periodStart > invoice.createdAt) return true;
    return false;
  }

  function prepare(userId: string, type: PaymentType, id: string) {
    if (type === "addon") return prepareAddon(userId, id);
    if (type === "upgrade") return prepareUpgrade(userId, id);
    return prepareInvoice(userId, id);
  }

  /**
   * The invoice's intent: the one already made while it can still be paid, else a new one. One that already
   * succeeded or is still processing at the provider stays the invoice's (its webhook finds the invoice by
   * it): replacing it would orphan a payment the customer made.
   */
  async function intentFor(userId: string, invoice: InvoiceRow): Promise<Intent> {
    const previous = invoice.providerPaymentId;
    if (previous) {
      const known = await provider.retrievePaymentIntent(previous);
      if (known.status !== "canceled" && known.amountMinor === invoice.amountMinor) return known;
    }
    const customerId = await customers.ensure(userId);
    // Derived from the invoice and the intent it replaces: requests making the intent at once get one intent.
    const intent = await provider.createPaymentIntent({
      customerId,
      amountMinor: invoice.amountMinor,
      currency: invoice.currency,
      description: invoice.description,
      metadata: { invoiceId: invoice.id, userId, kind: invoice.kind },
      idempotencyKey: `${invoice.id}-after-${previous ?? "none"}`,
    });
    const kept = await invoiceStore.setPayment(userId, invoice.id, previous, intent.id, now());
    if (kept === intent.id || kept === null) return intent;
    return provider.retrievePaymentIntent(kept);
  }

  /** payment/initiate: the order summary, the saved cards and a client secret for a new card. */
  async function initiate(userId: string, type: PaymentType, id: string) {
    const { invoice, preview } = await prepare(userId, type, id);
    const intent = invoice.amountMinor > 0 ? await intentFor(userId, invoice) : null;
    return {
      product: preview,
      paymentMethods: await paymentMethods.list(userId),
      stripePublicKey: provider.publicKey,
      clientSecret: intent?.clientSecret ?? null,
      paymentIntentId: intent?.id ?? null,
      /** The intent's state at the provider: succeeded or processing means this invoice is already paid for. */
      paymentStatus: intent?.status ?? null,
      isTest: provider.isTest,
      provider: provider.name,
    };
  }

  /** Cards paid with are kept for renewals; failing to save one never fails the payment. */
  async function keepCard(userId: string, intent: Intent) {
    if (!intent.paymentMethodId) return;
    try {
      await paymentMethods.attach(userId, intent.paymentMethodId);
    } catch (e) {
      log.warn("billing.card_not_saved", { userId, intentId: intent.id, ...errorFields(e) });
    }
  }

  /**
   * Turns the provider's answer into the ledger's: succeeded is honoured (fulfilled once, or refunded when it
   * cannot be), a decline marks it failed and answers the card's own message, 3-D Secure answers
   * requires_action for the client to finish. Whatever it answers, the attempt's charge claim ends.
   */
  async function settle(invoice: InvoiceRow, intent: Intent): Promise<PaymentOutcome> {
    if (intent.amountMinor !== invoice.amountMinor || intent.currency.toUpperCase() !== invoice.currency) {
      await releaseCharge(invoice);
      throw billingErrors.paymentNotSucceeded();
    }
    switch (intent.status) {
      case "succeeded": {
        const result = await honour(invoice, intent);
        if (result.kind === "refunded") throw billingErrors.paymentRefunded(invoice.kind, result.note);
        return { status: "succeeded", invoiceId: invoice.id };
      }
      case "requires_action":
        await releaseCharge(invoice);
        return {
          status: "requires_action",
          invoiceId: invoice.id,
          clientSecret: intent.clientSecret,
          paymentIntentId: intent.id,
        };
      case "processing":
        await releaseCharge(invoice);
        if (invoice.kind === "subscribe") await subscriptionState.markPending(invoice, now());
        return { status: "processing", invoiceId: invoice.id };
      default: {
        await releaseCharge(invoice);
        const status = statusOf(invoice);
        // Voided (another plan payment won) or refunded: this attempt is over, whatever the card does.
        if (status === "void" || status === "refunded") {
          if (invoice.kind === "subscribe") throw billingErrors.subscriptionExists();
          throw billingErrors.invoiceStatusInvalid();
        }
        if (!intent.lastError) throw billingErrors.paymentNotSucceeded();
        await fail(invoice, intent.lastError.message);
        throw billingErrors.paymentFailed(
          CARD_ERROR_TYPES.has(intent.lastError.type) ? intent.lastError.message : null,
        );
      }
    }
  }

  /** A failed payment: the invoice shows Failed (Pay Now) and a checkout's pending subscription ends. */
  async function fail(invoice: InvoiceRow, message: string) {
    await invoiceStore.markFailed(invoice.userId, invoice.id, message, now());
    if (invoice.kind === "subscribe") await subscriptionState.dropPending(invoice, now());
  }

  async function fulfilOrRefuse(invoice: InvoiceRow) {
    try {
      await fulfilment.fulfil(invoice);
    } catch (e) {
      // subscriptions_live_unique: a second paid checkout raced the first; nothing was charged (amount 0).
      if (e instanceof Error && /UNIQUE constraint failed/i.test(e.message))
        throw billingErrors.subscriptionExists();
      throw e;
    }
  }

  /**
   * A payment the provider took: fulfilled once; a replay of one already fulfilled by this very intent is
   * answered as it was; anything else (the attempt was voided because another plan payment won, a second
   * checkout, a stale upgrade, an invoice paid by another intent) is refunded (issue 11).
   */
  async function honour(
    invoice: InvoiceRow,
    intent: Intent,
  ): Promise<{ kind: "fulfilled" } | { kind: "replayed" } | { kind: "refunded"; note: string }> {
    const current = await invoiceStore.get(invoice.userId, invoice.id);
    if (current.status === "paid" && current.providerPaymentId === intent.id) {
      await releaseCharge(current);
      return { kind: "replayed" };
    }
    let applied = false;
    if (current.status !== "paid" && !(await isStale(current.userId, current))) {
      try {
        applied = await fulfilment.fulfil(current);
      } catch (e) {
        if (!(e instanceof AppError && e.code === "SUBSCRIPTION_EXISTS")) throw e;
      }
    }
    if (applied) {
      // The attempts it voided had their intents canceled by the fulfilment (voided.ts).
      await keepCard(current.userId, intent);
      return { kind: "fulfilled" };
    }
    const after = await invoiceStore.get(current.userId, current.id);
    if (after.status === "paid" && after.providerPaymentId === intent.id) return { kind: "replayed" };
    if (after.status !== "refunded")
      log.warn("billing.payment_refunded", {
        intentId: intent.id,
        invoiceId: after.id,
        kind: after.kind,
        status: after.status,
      });
    return { kind: "refunded", note: await refunds.refund(after, intent) };
  }

  /** A card saved by another user is refused like a missing one (issue 11). */
  async function chargeable(userId: string, paymentMethodId: string) {
    if (await paymentMethods.ownedByOther(userId, paymentMethodId))
      throw billingErrors.paymentMethodNotFound();
  }

  /** The idempotency key of the invoice's current attempt: a duplicate of it is answered, never charged. */
  function chargeKey(invoice: InvoiceRow): string {
    return `${invoice.id}-attempt-${invoice.chargeAttempt}`;
  }

  /**
   * Claims the attempt's charge with a conditional UPDATE (the rows it changed say who won): of concurrent
   * confirms of one invoice, one asks the provider to charge; never read-then-write.
   */
  async function claimCharge(invoice: InvoiceRow, submissionKey: string | null): Promise<boolean> {
    const t = now();
    // The submission that charges writes its key with the claim: that submission again finds this invoice.
    const res = await deps.d1
      .prepare(
        `UPDATE invoices SET charging_at = ?4, updated_at = ?4, submission_key = COALESCE(?6, submission_key)
         WHERE id = ?1 AND user_id = ?2 AND charge_attempt = ?3 AND status IN ('draft', 'open', 'failed', 'overdue')
           AND (charging_at IS NULL OR charging_at < ?5)`,
      )
      .bind(invoice.id, invoice.userId, invoice.chargeAttempt, t, t - CHARGE_CLAIM_MS, submissionKey)
      .run();
    return res.meta.changes === 1;
  }

  async function releaseCharge(invoice: InvoiceRow) {
    await deps.d1
      .prepare(
        "UPDATE invoices SET charging_at = NULL WHERE id = ?1 AND user_id = ?2 AND charging_at IS NOT NULL",
      )
      .bind(invoice.id, invoice.userId)
      .run();
  }

  /**
   * Another request holds this attempt's charge (a double click, a form posted twice, 8 confirms at once):
   * answer what is known now instead of charging again. Paid is the same success; a payment the provider
   * already took is settled here; otherwise it is still being charged (processing, as the spec's outcome).
   */
  async function whileCharging(invoice: InvoiceRow, intent: Intent): Promise<PaymentOutcome> {
    const current = await invoiceStore.get(invoice.userId, invoice.id);
    if (current.status === "paid") return { status: "succeeded", invoiceId: current.id };
    const status = statusOf(current);
    if (status === "void" || status === "refunded") {
      if (current.kind === "subscribe") throw billingErrors.subscriptionExists();
      throw billingErrors.invoiceStatusInvalid();
    }
    const latest = await provider.retrievePaymentIntent(intent.id);
    if (latest.status === "succeeded") return settle(current, latest);
    return { status: "processing", invoiceId: current.id };
  }

  /**
   * A confirm that names no intent (a saved card, the spec's {paymentMethodId}) carries no attempt of its own:
   * the purchase's draft is its attempt. When the same purchase was paid within the claim window, this is
   * that submission again (a double click, a form posted twice, the eighth of 8 confirms arriving after the
   * first was paid): it answers that payment instead of charging again. Checked after the draft is read, so
   * a payment that lands between the two is seen. A confirm naming the intent needs no window.
   */
  async function resubmitted(invoice: InvoiceRow): Promise<InvoiceRow | null> {
    const rows = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, invoice.userId),
          eq(invoices.kind, invoice.kind),
          eq(invoices.productPid, invoice.productPid),
          eq(invoices.status, "paid"),
          gt(invoices.paidAt, now() - CHARGE_CLAIM_MS),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * The purchase a submission key already paid (no time limit: the key names the submission, not a moment).
   * Only the same purchase counts: a key sent with another product or invoice is a new submission.
   */
  async function submitted(userId: string, type: PaymentType, id: string, key: string) {
    const rows = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.submissionKey, key), eq(invoices.status, "paid")))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const same = type === "invoice" ? row.id === id : row.kind === type && row.productPid === id;
    return same ? row : null;
  }

  /** payment/confirm: after the client confirmed the intent, or to charge a saved card now. */
  async function confirm(
    userId: string,
    type: PaymentType,
    id: string,
    data: PaymentData,
  ): Promise<PaymentOutcome> {
    let invoice: InvoiceRow;
    const key = "submissionKey" in data ? (data.submissionKey ?? null) : null;
    if ("paymentIntentId" in data) {
      const found = await invoiceStore.byPayment(userId, data.paymentIntentId);
      const matches =
        found && (type === "invoice" ? found.id === id : found.kind === type && found.productPid === id);
      if (!found || !matches) throw billingErrors.paymentNotFound();
      // The intent names the attempt: a repeated submission of a paid one is the same success.
      if (found.status === "paid") return { status: "succeeded", invoiceId: found.id };
      if (type === "addon") await plans.requireActive(userId);
      invoice = found;
    } else {
      // A keyed submission already paid: before prepare, which would refuse a paid invoice or upgrade.
      const paid = key ? await submitted(userId, type, id, key) : null;
      if (paid) return { status: "succeeded", invoiceId: paid.id };
      invoice = (await prepare(userId, type, id)).invoice;
      // Read again after the draft: a payment that landed between the two is seen. Without a key, an add-on
      // paid within the claim window is taken for this submission again (an invoice names itself: paid ones
      // answer INVOICE_ALREADY_PAID; an upgrade paid is no longer one).
      const repeat = key
        ? await submitted(userId, type, id, key)
        : type === "addon"
          ? await resubmitted(invoice)
          : null;
      if (repeat) return { status: "succeeded", invoiceId: repeat.id };
    }
    if (invoice.amountMinor === 0) {
      await fulfilOrRefuse(invoice);
      return { status: "succeeded", invoiceId: invoice.id };
    }
    // The intent the client confirmed is the one to read; otherwise the invoice's (made now if needed).
    let intent =
      "paymentIntentId" in data
        ? await provider.retrievePaymentIntent(data.paymentIntentId)
        : await intentFor(userId, invoice);
    const fresh = await invoiceStore.get(userId, invoice.id);
    if (data.paymentMethodId && PAYABLE.has(intent.status)) {
      await chargeable(userId, data.paymentMethodId);
      if (!(await claimCharge(fresh, key))) return whileCharging(fresh, intent);
      try {
        intent = await provider.confirmPaymentIntent(intent.id, data.paymentMethodId, chargeKey(fresh));
      } catch (e) {
        await releaseCharge(fresh);
        if (e instanceof PaymentMethodError) throw billingErrors.paymentMethodNotFound();
        if (e instanceof AppError) throw e;
        throw billingErrors.paymentFailed(null);
      }
    }
    return settle(fresh, intent);
  }

  /** subscribe/initiate: a plan without a charge starts now; a paid one goes to the checkout step. */
  async function subscribeInitiate(userId: string, pid: string, start: (product: Product) => Promise<void>) {
    const product = await products.find(pid);
    if (product?.kind !== "plan" || !product.active) throw billingErrors.productNotFound();
    if (product.priceMinor === 0) {
      await start(product);
      return { status: "success" as const, checkout: null };
    }
    await refuseExisting(userId);
    return {
      status: "checkout" as const,
      checkout: {
        pid: product.pid,
        name: product.name,
        credits: product.credits,
        creditsDays: product.creditsDays,
        price: product.priceMinor / 100,
        priceMinor: product.priceMinor,
        currency: product.currency,
        billingCycle: product.billingCycle,
        isTest: provider.isTest,
      },
    };
  }

  async function refuseExisting(userId: string) {
    const sub = await plans.requireActive(userId).catch((e: unknown) => {
      if (e instanceof AppError && e.code === "USER_HAS_NO_ACTIVE_SUBSCRIPTION") return null;
      throw e;
    });
    if (sub) throw billingErrors.subscriptionExists();
  }

  /** subscribe/checkout/initiate: the client secret the card form confirms. */
  async function checkoutInitiate(userId: string, pid: string) {
    const product = await products.find(pid);
    if (product?.kind !== "plan" || !product.active || product.priceMinor === 0) {
      throw billingErrors.productNotFound();
    }
    await refuseExisting(userId);
    const invoice = await draft(userId, {
      kind: "subscribe",
      product,
      amountMinor: product.priceMinor,
      description: `${product.name} plan (${product.billingCycle})`,
      subscriptionId: null,
      periodStart: null,
      periodEnd: null,
    });
    const intent = await intentFor(userId, invoice);
    return {
      clientSecret: intent.clientSecret,
      paymentId: intent.id,
      publicKey: provider.publicKey,
      isTest: provider.isTest,
      provider: provider.name,
    };
  }

  /** subscribe/checkout/confirm: the intent the client confirmed becomes the subscription. */
  async function checkoutConfirm(userId: string, paymentId: string): Promise<PaymentOutcome> {
    const invoice = await invoiceStore.byPayment(userId, paymentId);
    if (invoice?.kind !== "subscribe") throw billingErrors.paymentNotFound();
    if (invoice.status === "paid") return { status: "succeeded", invoiceId: invoice.id };
    return settle(invoice, await provider.retrievePaymentIntent(paymentId));
  }

  /**
   * Webhooks: the provider says an intent settled; the user is the invoice's, not a session's. A payment the
   * ledger cannot honour is refunded and acknowledged (a provider redelivers anything but 2xx for days).
   */
  async function settleFromProvider(
    intent: Intent,
  ): Promise<"fulfilled" | "failed" | "unknown" | "unchanged" | "refunded"> {
    const invoice = await invoiceStore.byPayment(null, intent.id);
    if (!invoice) return "unknown";
    if (intent.status === "succeeded") {
      if (intent.amountMinor !== invoice.amountMinor) return "unchanged";
      const result = await honour(invoice, intent);
      if (result.kind === "fulfilled") return "fulfilled";
      return result.kind === "refunded" ? "refunded" : "unchanged";
    }
    const status = statusOf(invoice);
    if (status === "paid" || status === "failed" || status === "void" || status === "refunded")
      return "unchanged";
    await fail(invoice, intent.lastError?.message ?? "Payment failed.");
    return "failed";
  }

  return { initiate, confirm, subscribeInitiate, checkoutInitiate, checkoutConfirm, settleFromProvider };
}

export type Payments = ReturnType<typeof createPayments>;
