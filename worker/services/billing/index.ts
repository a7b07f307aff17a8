import type { Db } from "../../db/client";
import type { Clocked } from "../clock";
import type { SponsorEligibility } from "../sponsor";
import { createAddons } from "./addons";
import { createCredits } from "./credits";
import { createCustomers } from "./customers";
import { createFulfilment } from "./fulfil";
import { createInvoices } from "./invoices";
import { createPaymentMethods } from "./payment-methods";
import { createPayments } from "./payments";
import { createPlans } from "./plans";
import { createProducts } from "./products";
import { createSandboxProvider, type Sandbox } from "./providers/sandbox";
import { createStripeProvider } from "./providers/stripe";
import type { PaymentProvider } from "./providers/types";
import { createRefunds } from "./refunds";
import { createRenewals } from "./renewals";
import { createVoided } from "./voided";
import { createWebhooks } from "./webhooks";

export interface BillingConfig {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: number;
  STRIPE_API_PROTOCOL?: "http" | "https";
}

export interface BillingDeps extends Clocked {
  db: Db;
  d1: D1Database;
  config: BillingConfig;
  sponsor: SponsorEligibility;
}

/** `stripe` when a secret key is configured, else the embedded `sandbox` (DESIGN D8). */
function chooseProvider(deps: BillingDeps): { provider: PaymentProvider; sandbox: Sandbox | null } {
  const c = deps.config;
  if (c.STRIPE_SECRET_KEY) {
    return {
      provider: createStripeProvider({
        secretKey: c.STRIPE_SECRET_KEY,
        publishableKey: c.STRIPE_PUBLISHABLE_KEY ?? "",
        webhookSecret: c.STRIPE_WEBHOOK_SECRET ?? null,
        host: c.STRIPE_API_HOST,
        port: c.STRIPE_API_PORT,
        protocol: c.STRIPE_API_PROTOCOL,
      }),
      sandbox: null,
    };
  }
  const sandbox = createSandboxProvider(deps.d1, deps.now);
  return { provider: sandbox.provider, sandbox };
}

/**
 * The billing services (DESIGN D8): plain async functions taking a userId, called by the Hono API and by
 * Remix loaders and actions alike.
 */
export function createBilling(deps: BillingDeps) {
  const { db, d1, now, newId, sponsor } = deps;
  const products = createProducts(d1);
  const credits = createCredits({ d1, products, now, newId });
  const { provider, sandbox } = chooseProvider(deps);
  const customers = createCustomers(db, provider, now);
  const invoices = createInvoices(db);
  const paymentMethods = createPaymentMethods(db, provider, customers, now);
  const refunds = createRefunds({ d1, provider, now, newId });
  const voided = createVoided({ provider, invoices, refunds });
  const fulfilment = createFulfilment({ d1, products, now, newId, onVoided: voided.cancel });
  const plans = createPlans({ db, d1, products, sponsor, now, newId });
  const payments = createPayments({
    db,
    d1,
    products,
    invoices,
    customers,
    provider,
    fulfilment,
    plans,
    paymentMethods,
    refunds,
    voided,
    now,
    newId,
  });
  const addons = createAddons(d1, products, plans, now);
  const webhooks = createWebhooks(d1, provider, payments, now);
  const renewals = createRenewals({ db, d1, products, provider, customers, paymentMethods, sponsor, newId });
  return {
    provider,
    sandbox,
    products,
    credits,
    customers,
    invoices,
    paymentMethods,
    plans,
    payments,
    refunds,
    addons,
    webhooks,
    renewals,
  };
}

export type Billing = ReturnType<typeof createBilling>;
