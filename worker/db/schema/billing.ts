import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownerId } from "./accounts";

// DESIGN D2 and D8: our D1 ledger is the source of truth for plans, subscriptions, credits, invoices and
// usage; money is integer minor units with a currency; times are UTC epoch milliseconds. Every user-owned
// row carries user_id. Column names of `products` are PRODUCT_COLUMNS of worker/billing/product-row.ts.

/** The catalogue (plans and add-on packs), seeded from worker/billing/catalogue.ts by a migration. */
export const products = sqliteTable(
  "products",
  {
    pid: text("pid").primaryKey(),
    slug: text("slug").notNull(),
    /** plan | addon */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    tagline: text("tagline").notNull(),
    /** JSON array of strings. */
    features: text("features").notNull(),
    /** Per period (plans) or per pack (add-ons); -1 = unlimited. */
    credits: integer("credits").notNull(),
    creditsDays: integer("credits_days").notNull(),
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull(),
    /** monthly | yearly | onetime */
    billingCycle: text("billing_cycle").notNull(),
    maxStrategies: integer("max_strategies").notNull(),
    maxSaves: integer("max_saves").notNull(),
    maxCodeLines: integer("max_code_lines").notNull(),
    sortOrder: integer("sort_order").notNull(),
    active: integer("active").notNull().default(1),
  },
  (t) => [index("products_kind_idx").on(t.kind, t.currency, t.billingCycle)],
);

/**
 * A user's subscriptions. The foundation's columns stay as they were; the billing issue adds the
 * product, the period anchor and the scheduled change. One live row (status active or pending) per user.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    planSlug: text("plan_slug").notNull(),
    /** active | pending (payment processing) | canceled | expired */
    status: text("status").notNull(),
    /** Spec 3: state 2 = sponsor eligibility needs verification; 1 otherwise. */
    state: integer("state").notNull().default(1),
    billingCycle: text("billing_cycle").notNull(),
    currency: text("currency").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    sponsor: text("sponsor"),
    createdAt: integer("created_at").notNull(),
    /** The current credit (and billing) period: periodStart <= now < periodEnd. */
    periodStart: integer("period_start").notNull(),
    periodEnd: integer("period_end").notNull(),
    /** products.pid of the current plan (null only on rows written before the billing issue). */
    productPid: text("product_pid"),
    /** Periods are "anchor + n periods" (worker/billing/periods.ts); reset when the plan changes. */
    anchorAt: integer("anchor_at"),
    /** Set while a cancellation is scheduled for period end (spec 3: cancelationRequested). */
    cancelRequestedAt: integer("cancel_requested_at"),
    /** The plan that takes over at period end (scheduled downgrade or cancellation to Free). */
    targetPid: text("target_pid"),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.status),
    // At most one live subscription per user, even if two sign-up or checkout requests race.
    uniqueIndex("subscriptions_live_unique").on(t.userId).where(sql`${t.status} IN ('active', 'pending')`),
  ],
);

/**
 * Credit grants: one row per plan period (kind plan, expires at period end) and per add-on pack (kind addon,
 * its own expiry; NEVER_EXPIRES_AT = never). Usable while granted_at <= now < expires_at and status active
 * (worker/billing/credits.ts). `used` only grows, through the guarded UPDATE of the credits service.
 */
export const creditGrants = sqliteTable(
  "credit_grants",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    /** plan | addon */
    kind: text("kind").notNull(),
    subscriptionId: text("subscription_id"),
    productPid: text("product_pid").notNull(),
    name: text("name").notNull(),
    /** -1 = unlimited (plans only). */
    credits: integer("credits").notNull(),
    used: integer("used").notNull().default(0),
    grantedAt: integer("granted_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** active | canceled */
    status: text("status").notNull().default("active"),
    /** What the user paid for it (add-ons; plans carry 0: the invoice holds the charge). */
    amountMinor: integer("amount_minor").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    invoiceId: text("invoice_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("credit_grants_user_idx").on(t.userId, t.kind, t.expiresAt),
    check(
      "credit_grants_used_check",
      sql`${t.used} >= 0 AND (${t.credits} = -1 OR ${t.used} <= ${t.credits})`,
    ),
  ],
);

/**
 * Every consumption and grant, with its reason. `applied` is always 1: it is written as SQLite's changes()
 * of the guarded UPDATE just before it in the same batch, so a guard that matched no row fails this CHECK
 * and rolls the whole batch back (all-or-nothing consumption and exactly-once fulfilment).
 */
export const creditMovements = sqliteTable(
  "credit_movements",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    grantId: text("grant_id"),
    /** consume | grant */
    kind: text("kind").notNull(),
    /** Credits moved (grant: the pack or period size, -1 = unlimited). */
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    operationId: text("operation_id").notNull(),
    applied: integer("applied").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("credit_movements_user_idx").on(t.userId, t.createdAt),
    check("credit_movements_applied_check", sql`${t.applied} = 1`),
  ],
);

/**
 * Invoices (spec 3: paid, open, draft, failed, void, overdue). A draft is a payment attempt prepared by
 * payment/initiate and not shown in the list until it is paid or fails. `kind` says what paying it does.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    number: text("number").notNull(),
    /** subscribe | upgrade | addon | renewal */
    kind: text("kind").notNull(),
    productPid: text("product_pid").notNull(),
    subscriptionId: text("subscription_id"),
    description: text("description").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    isSubscription: integer("is_subscription", { mode: "boolean" }).notNull(),
    /** The period this invoice pays for (subscribe, upgrade, renewal). */
    periodStart: integer("period_start"),
    periodEnd: integer("period_end"),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    failureMessage: text("failure_message"),
    /** What the user is told beside the status, e.g. "Refunded: ..." (issue 11). */
    note: text("note"),
    /**
     * The payment attempt number: a charge's idempotency key is derived from (invoice, attempt), and an
     * attempt that ended (declined) moves it on, so a retry is a new charge and a duplicate is not.
     */
    chargeAttempt: integer("charge_attempt").notNull().default(0),
    /** Set while one request holds the attempt's charge (claimed with a conditional UPDATE). */
    chargingAt: integer("charging_at"),
    /**
     * The client's key of the submission that charged it (a payment form's own key): the same submission
     * again, however late, answers this invoice instead of charging a second time (issue 11).
     */
    submissionKey: text("submission_key"),
    createdAt: integer("created_at").notNull(),
    dueAt: integer("due_at").notNull(),
    paidAt: integer("paid_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("invoices_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("invoices_number_unique").on(t.number),
    index("invoices_payment_idx").on(t.providerPaymentId),
    index("invoices_submission_idx").on(t.userId, t.submissionKey),
    // One renewal invoice per subscription period: the renewal job may run twice, it charges once.
    uniqueIndex("invoices_renewal_unique")
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.kind} = 'renewal'`),
    // One unpaid attempt per purchase: concurrent confirms of the same purchase share one draft (issue 11).
    uniqueIndex("invoices_one_draft").on(t.userId, t.kind, t.productPid).where(sql`${t.status} = 'draft'`),
  ],
);

/**
 * Money given back: one refund per invoice (the unique invoice_id is the claim that makes a refund happen
 * once), made through the provider with an idempotency key derived from the invoice.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    invoiceId: text("invoice_id").notNull(),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    providerRefundId: text("provider_refund_id"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    /** pending (claimed, provider not yet answered) | succeeded | failed */
    status: text("status").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("refunds_invoice_unique").on(t.invoiceId), index("refunds_user_idx").on(t.userId)],
);

/** The provider's customer of a user (Stripe customer id, or the sandbox's). */
export const billingCustomers = sqliteTable(
  "billing_customers",
  {
    userId: ownerId(),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** Saved cards (spec 3: id, brand, last4, exp_month, exp_year, is_default); id is the provider's id. */
export const paymentMethods = sqliteTable(
  "payment_methods",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    provider: text("provider").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("payment_methods_user_idx").on(t.userId)],
);

/** Webhook event ids already processed: a replayed event changes nothing (idempotency by event id). */
export const webhookEvents = sqliteTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  processedAt: integer("processed_at").notNull(),
});

/**
 * The embedded sandbox provider's own objects (payment intents, setup intents, cards), kept as JSON the way
 * a card processor would keep them on its side. Never read by the ledger directly.
 */
export const sandboxObjects = sqliteTable("sandbox_objects", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  customerId: text("customer_id"),
  data: text("data").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
