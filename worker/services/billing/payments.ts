import { and, desc, eq } from "drizzle-orm";
import { type Product, planAction, prorateUpgrade } from "../../billing";
import type { Db } from "../../db/client";
import { invoices } from "../../db/schema";
import { AppError } from "../../http/errors";
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
import type { Intent, PaymentProvider } from "./providers/types";
import { liveSubscription, rowPid } from "./subscription-row";

export type PaymentType = "addon" | "upgrade" | "invoice";

export type PaymentData = { paymentIntentId: string; paymentMethodId?: string } | { paymentMethodId: string };

export type PaymentOutcome =
  | { status: "succeeded"; invoiceId: string }
  | { status: "requires_action"; invoiceId: string; clientSecret: string; paymentIntentId: string }
  | { status: "processing"; invoiceId: string };

export interface PaymentDeps {
  db: Db;
  d1: D1Database;
  products: Products;
  invoices: Invoices;
  customers: Customers;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  plans: Plans;
  paymentMethods: PaymentMethods;
  now: () => number;
  newId: () => string;
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
    now,
    newId,
  } = deps;
  const subscriptionState = createPendingSubscriptions(deps.d1, products);

  /** An unpaid draft of the same purchase is reused, so reloading the payment page makes no new invoices. */
  async function reusableDraft(userId: string, kind: InvoiceKind, pid: string, amountMinor: number) {
    const rows = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.kind, kind),
          eq(invoices.productPid, pid),
          eq(invoices.status, "draft"),
          eq(invoices.amountMinor, amountMinor),
        ),
      )
      .orderBy(desc(invoices.createdAt))
      .limit(1);
    return rows[0] ?? null;
  }

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
    const reuse = await reusableDraft(userId, fields.kind, fields.product.pid, fields.amountMinor);
    // A subscribe draft carries the id its subscription will get, so only its period is compared.
    const sameTarget = fields.kind === "subscribe" || reuse?.subscriptionId === fields.subscriptionId;
    if (reuse && sameTarget && reuse.periodEnd === fields.periodEnd) return reuse;
    const t = now();
    return invoiceStore.create({
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
    });
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
    const nextBilling = q.isProrata ? sub.periodEnd : planPeriodAt(target, t, t).end;
    const invoice = await draft(userId, {
      kind: "upgrade",
      product: target,
      amountMinor: q.amountDue,
      description: `${target.name} plan (${target.billingCycle})${q.isProrata ? ", prorated" : ""}`,
      subscriptionId: sub.id,
      periodStart: q.isProrata ? sub.periodStart : null,
      periodEnd: q.isProrata ? sub.periodEnd : null,
    });
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
    if (invoice.kind === "subscribe") return sub !== null && sub.amountMinor > 0;
    if (!sub || sub.id !== invoice.subscriptionId || sub.status !== "active") return true;
    const current = await products.find(rowPid(sub));
    const target = await products.find(invoice.productPid);
    if (!current || !target || planAction(current, target) !== "upgrade") return true;
    // A prorated upgrade priced the days left of one period: that period must still be the running one.
    if (invoice.periodEnd !== null && (invoice.periodEnd !== sub.periodEnd || invoice.periodEnd <= now()))
      return true;
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
    if (invoice.providerPaymentId) {
      const known = await provider.retrievePaymentIntent(invoice.providerPaymentId);
      if (known.status !== "canceled" && known.amountMinor === invoice.amountMinor) return known;
    }
    const customerId = await customers.ensure(userId);
    const intent = await provider.createPaymentIntent({
      customerId,
      amountMinor: invoice.amountMinor,
      currency: invoice.currency,
      description: invoice.description,
      metadata: { invoiceId: invoice.id, userId, kind: invoice.kind },
      idempotencyKey: `${invoice.id}-${newId()}`,
    });
    await invoiceStore.setPayment(userId, invoice.id, intent.id, now());
    return intent;
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
      console.warn("could not save the card of a payment", e);
    }
  }

  /**
   * Turns the provider's answer into the ledger's: succeeded fulfils the invoice (once), a decline marks it
   * failed and answers the card's own message, 3-D Secure answers requires_action for the client to finish.
   */
  async function settle(invoice: InvoiceRow, intent: Intent): Promise<PaymentOutcome> {
    if (intent.amountMinor !== invoice.amountMinor || intent.currency.toUpperCase() !== invoice.currency) {
      throw billingErrors.paymentNotSucceeded();
    }
    switch (intent.status) {
      case "succeeded":
        await fulfilOrRefuse(invoice);
        await keepCard(invoice.userId, intent);
        return { status: "succeeded", invoiceId: invoice.id };
      case "requires_action":
        return {
          status: "requires_action",
          invoiceId: invoice.id,
          clientSecret: intent.clientSecret,
          paymentIntentId: intent.id,
        };
      case "processing":
        if (invoice.kind === "subscribe") await subscriptionState.markPending(invoice, now());
        return { status: "processing", invoiceId: invoice.id };
      default: {
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
      // subscriptions_live_unique: a second paid checkout raced the first; the payment is kept on the invoice.
      if (e instanceof Error && /UNIQUE constraint failed/i.test(e.message))
        throw billingErrors.subscriptionExists();
      throw e;
    }
  }

  async function chargeable(userId: string, paymentMethodId: string) {
    if (await paymentMethods.ownedByOther(userId, paymentMethodId))
      throw billingErrors.paymentMethodNotFound();
  }

  /** payment/confirm: after the client confirmed the intent, or to charge a saved card now. */
  async function confirm(
    userId: string,
    type: PaymentType,
    id: string,
    data: PaymentData,
  ): Promise<PaymentOutcome> {
    let invoice: InvoiceRow;
    if ("paymentIntentId" in data) {
      const found = await invoiceStore.byPayment(userId, data.paymentIntentId);
      const matches =
        found && (type === "invoice" ? found.id === id : found.kind === type && found.productPid === id);
      if (!found || !matches) throw billingErrors.paymentNotFound();
      if (found.status === "paid") return { status: "succeeded", invoiceId: found.id };
      if (type === "addon") await plans.requireActive(userId);
      invoice = found;
    } else {
      invoice = (await prepare(userId, type, id)).invoice;
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
    if (data.paymentMethodId && intent.status !== "succeeded" && intent.status !== "processing") {
      await chargeable(userId, data.paymentMethodId);
      try {
        intent = await provider.confirmPaymentIntent(intent.id, data.paymentMethodId);
      } catch (e) {
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

  /** Webhooks: the provider says an intent settled; the user is the invoice's, not a session's. */
  /**
   * A payment the provider took for an attempt the ledger can no longer honour: one cancelled because another
   * plan payment succeeded first, or a second checkout paid in another tab. Nothing is granted; the event is
   * acknowledged (a provider redelivers anything else for days) and logged for a refund.
   */
  function conflict(invoice: InvoiceRow, intent: Intent): "conflict" {
    console.error(
      `payment ${intent.id} succeeded for invoice ${invoice.id} (${invoice.kind}, ${invoice.status}) that cannot be fulfilled: refund it`,
    );
    return "conflict";
  }

  async function settleFromProvider(
    intent: Intent,
  ): Promise<"fulfilled" | "failed" | "unknown" | "unchanged" | "conflict"> {
    const invoice = await invoiceStore.byPayment(null, intent.id);
    if (!invoice) return "unknown";
    if (intent.status === "succeeded") {
      if (intent.amountMinor !== invoice.amountMinor) return "unchanged";
      if (statusOf(invoice) === "void") return conflict(invoice, intent);
      let applied: boolean;
      try {
        applied = await fulfilment.fulfil(invoice);
      } catch (e) {
        if (e instanceof AppError && e.code === "SUBSCRIPTION_EXISTS") return conflict(invoice, intent);
        throw e;
      }
      if (applied) await keepCard(invoice.userId, intent);
      return applied ? "fulfilled" : "unchanged";
    }
    if (invoice.status === "paid" || invoice.status === "failed") return "unchanged";
    await fail(invoice, intent.lastError?.message ?? "Payment failed.");
    return "failed";
  }

  return { initiate, confirm, subscribeInitiate, checkoutInitiate, checkoutConfirm, settleFromProvider };
}

export type Payments = ReturnType<typeof createPayments>;
